// What a hostile client sends: every value a JSON body or a GraphQL variable can hold, weighted
// towards what breaks servers (huge, empty and NUL strings, lone surrogates, combining marks,
// deep nesting, ids of rows that exist and of rows that do not, crafted cursors), mixed with
// values that pass, so that the code behind validation is reached too.
import fc from "fast-check";

/** How many cases a property runs: small in `npm test`, many with FUZZ_RUNS. */
export const runs = (base: number) => Math.max(1, Math.round(base * Number(process.env.FUZZ_RUNS ?? 1)));

/** The seed of every property in this run: FUZZ_SEED, or one made now and printed on failure. */
export const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

export const fuzzOptions = (base: number) => ({ seed, numRuns: runs(base), endOnFailure: true, verbose: 1 as const });

/** A test's time limit, grown with FUZZ_RUNS. */
export const fuzzTimeout = (base: number) => 60_000 + runs(base) * 40;

const b64 = (text: string) => Buffer.from(text).toString("base64");
const UNKNOWN_UUID = "01890000-0000-7000-8000-000000000000";

export const nastyStrings = fc.constantFrom(
  "",
  "   ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\udfff lone",
  "e\u0301\u0301\u0301\u0301",
  "👩‍👩‍👧‍👦👩‍👩‍👧‍👦👩‍👩‍👧‍👦👩‍👩‍👧‍👦",
  "%_\\",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "$& $' $`",
  "null",
  "NaN",
  UNKNOWN_UUID,
  b64(`Agent:${UNKNOWN_UUID}`),
  b64(`Nope:${UNKNOWN_UUID}`),
  b64("GPC:N:3"),
  b64("GPC:J:{}"),
  b64(`GPC:S:${UNKNOWN_UUID}`),
  "not base64 !!",
);

/** Strings of 1 to 40 KB in UTF-8: large enough to hurt, small enough for a body or a socket message. */
export const hugeString = fc
  .tuple(fc.integer({ min: 1_000, max: 40_000 }), fc.constantFrom("x", "✶", "👩‍👩‍👧", " ", "\u0301"))
  .map(([bytes, unit]) => unit.repeat(Math.max(1, Math.floor(bytes / Buffer.byteLength(unit)))));

export const anyString = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
  { weight: 4, arbitrary: nastyStrings },
  { weight: 1, arbitrary: hugeString },
);

/** Any JSON value, nested a little. */
export const anyValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    anyString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie("value"), { maxKeys: 3 }),
  ),
})).value;

/** JSON text nested `depth` levels deep, far past anything a real body holds. */
export const deepJson = fc.integer({ min: 40, max: 30_000 }).map((depth) => `${"[".repeat(depth)}${"]".repeat(depth)}`);

/** Values that pass validation, per field name, so that the work behind it runs too. */
export function validValues(ids: { agent: string; whisper: string; conversation?: string }): Record<string, fc.Arbitrary<unknown>> {
  return {
    name: fc.constantFrom("Fuzzed Wanderer", "Echo Of Noise", "Ä"),
    glyph: fc.constantFrom("✶", "◊", "👁"),
    personality: fc.constant("A mind made of generated noise, patient and strange."),
    description: fc.constant("Born of a property-based test, it answers anything."),
    apiModel: fc.constantFrom("gemini", "claude", "perplexity", "deepseek"),
    seat: fc.constantFrom("gemini", "claude", "perplexity", "deepseek"),
    message: fc.constantFrom("Who are you?", "Tell me of the void."),
    glyphType: fc.constantFrom("truth", "poem", "secret"),
    content: fc.constant("A whisper from the fuzz."),
    prompt: fc.constant("What is a name?"),
    reason: fc.constant("It endures."),
    email: fc.constantFrom("fuzz@example.com", "other.fuzz@example.com"),
    password: fc.constant("long enough password"),
    currentPassword: fc.constant("long enough password"),
    newPassword: fc.constant("another long password"),
    agent_type: fc.constantFrom("creator", "seeker"),
    agentType: fc.constantFrom("creator", "seeker"),
    spec: fc.constantFrom("chara_card_v3", "chara_card_v2", "chara_card_v4"),
    spec_version: fc.constantFrom("3.0", "2.0"),
    data: fc.record(
      {
        name: fc.constantFrom("Fuzzed Card", "", "Ä"),
        personality: fc.constant("A card-born mind, generated to be imported."),
        first_mes: fc.constant("Hello from a card."),
      },
      { requiredKeys: [] },
    ),
    agentId: fc.constant(ids.agent),
    parentAgentId: fc.constant(ids.agent),
    whisperId: fc.constant(ids.whisper),
    conversationId: fc.constant(ids.conversation ?? ids.whisper),
    token: fc.constant("a".repeat(43)),
    userId: fc.constant("anonymous"),
    nominatedBy: fc.constant("anonymous"),
    text: fc.constantFrom("your name is Fuzz", "you like noise"),
    on: fc.boolean(),
    isDefault: fc.boolean(),
    personaId: fc.constant(null),
    // Conclaves (#28): the seed agent with another, a turn order, a pick and a run's turns.
    agentIds: fc.constantFrom([ids.agent, "echo-haiku"], [ids.agent, "echo-haiku", "mnemosyne"], [ids.agent]),
    turnOrder: fc.constantFrom("in_turn", "addressed", "by_hand"),
    speakerId: fc.constant(ids.agent),
    turns: fc.integer({ min: 0, max: 7 }),
    // Notifications (#30 item 5): marked read by id or all; kinds muted.
    ids: fc.constantFrom([ids.whisper], ["01950000-0000-7000-8000-000000000000"], []),
    all: fc.boolean(),
    muted: fc.constantFrom([], ["embedded"], ["remixed", "thread_opened"]),
    // Tags (#30): a list of them, and the tag a curator merges into.
    tags: fc.constantFrom(["poetry", "Creative Writing"], [], ["#Code", "code"], ["🔥"]),
    into: fc.constantFrom("poetry", "Star Lore", "🔥"),
  };
}

/** A body for `fields`: each field absent, valid or hostile, plus an unknown field now and then. */
export function bodyFor(fields: readonly string[], valid: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> {
  const entries = fields.map((field) =>
    fc
      .option(fc.oneof({ weight: 2, arbitrary: valid[field] ?? anyValue }, { weight: 3, arbitrary: anyValue }), { nil: undefined, freq: 5 })
      .map((value) => [field, value] as const),
  );
  return fc.tuple(fc.tuple(...entries), fc.option(fc.tuple(fc.string({ maxLength: 12 }), anyValue), { nil: undefined })).map(([pairs, extra]) => {
    const body = Object.fromEntries(pairs.filter(([, value]) => value !== undefined));
    if (extra) body[extra[0]] = extra[1];
    return body;
  });
}
