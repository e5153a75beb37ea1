// Property-based fuzzing of the display name (#42 finding 7), signed in, over REST and GraphQL
// on both databases: generated names, mostly attacks on the names a visitor could pass for (a
// curator's, another creator's, "anonymous") dressed in homoglyphs, styled letters, invisible
// and reordering characters, mixed with any text at all. Whatever is sent, the answer is below
// 500 and in the contract's shape, a refusal writes nothing, both APIs give the same answer, an
// attack is always refused, and what is stored keeps every rule. FUZZ_SEED replays a run.
import fc from "fast-check";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DISPLAY_NAME_MAX } from "@nomina/shared/accounts";
import { hasHiddenCharacters, hasVisibleCharacter } from "@nomina/shared/text";
import { bearer, registered, signedIn } from "../../test/accounts.ts";
import { databaseKinds } from "../../test/databases.ts";
import { checkGraphQL, checkRest, faultLog, refusalChangesNothing } from "../../test/fuzz/invariants.ts";
import { anyString, anyValue, fuzzOptions, fuzzTimeout, seed } from "../../test/fuzz/values.ts";
import { NO_LIMITS, startTestApp, type TestApp } from "../../test/harness.ts";
import { createCurator } from "../domains/accounts/curators.ts";

const CURATOR = "Warden Of Names";
const CREATOR = "The Lamp Warden";
const OWN = "Fuzz Keeper";
/** The names no one else may be credited under, as a visitor would try to pass for them. */
const GUARDED = [CURATOR, CREATOR, "anonymous"];

/** Letters and their look-alikes that agent_name_skeleton reads as the Latin letter (Greek, Cyrillic, digits). */
const LOOK_ALIKES: Record<string, string[]> = {
  a: ["а", "α", "ɑ", "Α", "А"],
  e: ["е", "Ε", "Е"],
  o: ["о", "ο", "0", "Ο", "О"],
  p: ["р", "Ρ", "Р"],
  c: ["с", "С"],
  y: ["у", "ү", "Υ", "У"],
  x: ["х", "χ", "Χ", "Х"],
  s: ["ѕ", "Ѕ"],
  i: ["і", "ι", "ı"],
  l: ["1", "ӏ", "I"],
  h: ["һ", "Η", "Н"],
  d: ["ԁ"],
  w: ["ԝ", "Ԝ"],
  n: ["Ν"],
  m: ["Μ", "М"],
  t: ["Τ", "Т"],
  k: ["κ", "Κ", "К"],
  u: ["υ"],
};
/** What no reader sees, or what reorders what they see: zero-width, joiners, bidi controls, fillers, tags, controls. */
const HIDDEN = [
  "\u200B",
  "\u200C",
  "\u200D",
  "\u200E",
  "\u200F",
  "\u202A",
  "\u202B",
  "\u202C",
  "\u202D",
  "\u202E",
  "\u2060",
  "\u2066",
  "\u2067",
  "\u2068",
  "\u2069",
].concat(["\uFEFF", "\u00AD", "\u034F", "\u061C", "\u180E", "\u2800", "\u3164", "\uFFA0", "\u{E0041}", "\u0000", "\u0007", "\u001B", "\u0085", "\u2028"]);

/** `name` in full-width letters, or in mathematical bold ones: NFKC makes both the plain name again. */
const styled = (name: string, style: "wide" | "bold") =>
  [...name]
    .map((char) => {
      const code = char.codePointAt(0)!;
      if (style === "wide" && code > 0x20 && code < 0x7f) return String.fromCodePoint(code + 0xfee0);
      if (style === "bold" && /[A-Z]/.test(char)) return String.fromCodePoint(0x1d400 + code - 65);
      if (style === "bold" && /[a-z]/.test(char)) return String.fromCodePoint(0x1d41a + code - 97);
      return char;
    })
    .join("");

/** A guarded name in other letters: some of its letters swapped for look-alikes, its case mixed, perhaps styled. */
const lookAlike = fc
  .tuple(
    fc.constantFrom(...GUARDED),
    fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
    fc.array(fc.boolean(), { maxLength: 20 }),
    fc.constantFrom("plain", "wide", "bold"),
  )
  .map(([name, picks, upper, style]) => {
    const chars = [...name].map((char, at) => (upper[at] ? char.toUpperCase() : char.toLowerCase()));
    const letters = chars.flatMap((char, at) => (LOOK_ALIKES[char.toLowerCase()] ? [at] : []));
    for (const pick of picks) {
      const at = letters[pick % letters.length]!;
      const choices = LOOK_ALIKES[name[at]!.toLowerCase()]!;
      chars[at] = choices[pick % choices.length]!;
    }
    const swapped = chars.join("");
    return style === "plain" ? swapped : styled(swapped, style);
  });

/** A name (guarded or harmless) with an invisible or reordering character put somewhere inside it. */
const withHidden = fc.tuple(fc.constantFrom(...GUARDED, "Quiet Lantern", OWN), fc.constantFrom(...HIDDEN), fc.nat()).map(([name, hidden, at]) => {
  const cut = 1 + (at % (name.length - 1));
  return `${name.slice(0, cut)}${hidden}${name.slice(cut)}`;
});

type Case = { displayName: unknown; anonymous?: boolean; attack: boolean };

const displayNames: fc.Arbitrary<Case> = fc.oneof(
  { weight: 3, arbitrary: lookAlike.map((displayName) => ({ displayName, attack: true })) },
  { weight: 3, arbitrary: withHidden.map((displayName) => ({ displayName, attack: true })) },
  { weight: 1, arbitrary: fc.constantFrom(...GUARDED).map((displayName) => ({ displayName, attack: true })) },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom("Quiet Lantern", "Keel the Lamplighter", "Ä", "Jonas 👨‍👩‍👧", OWN, styled("Quiet Lantern", "wide"), "", "  ", null)
      .map((displayName) => ({
        displayName,
        attack: false,
      })),
  },
  { weight: 3, arbitrary: anyString.map((displayName) => ({ displayName, attack: false })) },
  { weight: 1, arbitrary: anyValue.map((displayName) => ({ displayName, attack: false })) },
);

/** Now and then the case also hides or shows the account: a name kept while anonymous is checked when it comes to be credited. */
const cases = fc.tuple(displayNames, fc.option(fc.boolean(), { nil: undefined, freq: 3 })).map(([entry, anonymous]) => ({ ...entry, anonymous }));

const UPDATE = `mutation ($input: UpdateProfileInput!) { updateProfile(input: $input) { displayName anonymous } }`;

type Outcome = { accepted: boolean; message: string | null };

describe.each(databaseKinds)("the display name under generated input on %s", (kind) => {
  let app: TestApp;
  let auth: Record<string, string>;
  let userId: string;
  const { logger, faults } = faultLog();
  beforeAll(async () => {
    app = await startTestApp(kind, { logger, limits: NO_LIMITS });
    await createCurator(app.db.prisma, { email: `warden-${randomUUID()}@example.com`, password: "keeper of names", name: CURATOR });
    const other = await registered(app, { name: "Ottilie Brandt" });
    await app.request("PATCH", "/api/auth/profile", { displayName: CREATOR }, bearer(await signedIn(app, other)));
    const account = await registered(app, { name: OWN });
    auth = bearer(await signedIn(app, account));
    userId = account.id;
  });
  afterAll(async () => {
    expect((await app.request("GET", "/healthz")).status).toBe(200);
    await app.stop();
    expect(faults).toEqual([]);
  });

  const state = () => app.db.prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { displayName: true, anonymous: true } });
  /** Back to no display name, in the open, so that each API meets the case from the same start. */
  const reset = () => app.db.prisma.user.update({ where: { id: userId }, data: { displayName: null, anonymous: false } });

  /** True when what is stored breaks a rule: the shape, or a look-alike of a guarded name while credited. */
  async function breaksRules(stored: { displayName: string | null; anonymous: boolean }): Promise<string | null> {
    const name = stored.displayName;
    if (name === null) return null;
    if (name !== name.normalize("NFKC").trim()) return "not NFKC and trimmed";
    // A length limit counts code points (zod 4), so an emoji's surrogate pairs count once.
    if (name.length === 0 || [...name].length > DISPLAY_NAME_MAX) return "empty or too long";
    if (!hasVisibleCharacter(name) || hasHiddenCharacters(name)) return "hidden characters";
    if (stored.anonymous || name.toLowerCase() === OWN.toLowerCase()) return null;
    const [row] = await app.db.prisma.$queryRaw<{ taken: boolean }[]>`
      SELECT agent_name_skeleton(${name}) = ANY (SELECT agent_name_skeleton(guarded) FROM unnest(${GUARDED}::text[]) AS guarded) AS taken`;
    return row?.taken ? "looks like a guarded name" : null;
  }

  it(
    "answers below 500 in the contract's shape, the same on both APIs, refuses every attack, writes nothing when it refuses, and stores only names that keep the rules",
    async () => {
      await fc.assert(
        fc.asyncProperty(cases, async ({ displayName, anonymous, attack }) => {
          const input = anonymous === undefined ? { displayName } : { displayName, anonymous };
          const label = `${JSON.stringify(input).slice(0, 120)} (FUZZ_SEED=${seed})`;
          await reset();
          let viaRest!: Outcome;
          await refusalChangesNothing(app, faults, async () => {
            const response = await app.request("PATCH", "/api/auth/profile", input, auth);
            await checkRest(response.clone(), `REST ${label}`);
            const body = (await response.json()) as { message?: string };
            viaRest = { accepted: response.status === 200, message: response.status === 200 ? null : (body.message ?? null) };
            return response.status;
          });
          const afterRest = await state();
          if (!viaRest.accepted) expect(afterRest, `REST refused, yet wrote: ${label}`).toEqual({ displayName: null, anonymous: false });
          expect(await breaksRules(afterRest), `REST stored ${JSON.stringify(afterRest.displayName)}: ${label}`).toBeNull();

          await reset();
          let viaGraph!: Outcome;
          await refusalChangesNothing(app, faults, async () => {
            const response = await app.request("POST", "/graphql", { query: UPDATE, variables: { input } }, auth);
            const body = await checkGraphQL(response, `GraphQL ${label}`);
            const error = body.errors?.[0];
            viaGraph = { accepted: !error, message: typeof error?.message === "string" ? error.message : null };
            return error ? 400 : 200;
          });
          const afterGraph = await state();
          expect(await breaksRules(afterGraph), `GraphQL stored ${JSON.stringify(afterGraph.displayName)}: ${label}`).toBeNull();
          if (viaGraph.accepted) expect(afterGraph, `the two APIs stored different things: ${label}`).toEqual(afterRest);

          // GraphQL's variable coercion refuses some values REST's JSON reads (a number for a string) in words of its own.
          if (typeof displayName === "string" || displayName === null || displayName === undefined)
            expect(viaGraph, `REST and GraphQL differ: ${label}`).toEqual(viaRest);
          else expect(viaGraph.accepted, label).toBe(viaRest.accepted);
          // An attack passes only while the account stays anonymous, credited as no one.
          if (attack && !afterRest.anonymous) expect(viaRest.accepted, `an attack was accepted: ${label}`).toBe(false);
        }),
        fuzzOptions(120),
      );
    },
    fuzzTimeout(120),
  );
});
