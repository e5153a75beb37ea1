// Character cards read and written as other apps read and write them: the V3 card in a PNG's
// `ccv3` chunk and a V2 one in `chara`, JSON cards of either spec, and a clear refusal for every
// broken file.
import extractChunks from "png-chunks-extract";
import pngText from "png-chunk-text";
import sharp from "sharp";
import fc from "fast-check";
import { agentEssenceSchema, ALTERNATE_GREETINGS_MAX, DESCRIPTION_MAX, FORGE_NAME_MAX, GREETING_MAX, OUTPUT_MAX, TONE_MAX } from "@nomina/shared/agents";
import { describe, expect, it } from "vitest";
import { captainWrenCard } from "../../../test/cards.ts";
import { pngChunk } from "../../../test/fuzz/content.ts";
import { anyString, anyValue, deepJson, fuzzOptions, fuzzTimeout } from "../../../test/fuzz/values.ts";
import { cardPicture } from "./card-picture.ts";
import { CARD_FIELD_MAX, CARD_MAX_BYTES, CardError, cardOf, essenceOfCard, PNG_CHUNKS_MAX, readCard, withCard, type CardAgent, type CardV3 } from "./cards.ts";

const PROFILE = "https://nomina.example/agent/lumen-archivist";

const agent: CardAgent = {
  id: "01950000-0000-7000-8000-000000000001",
  name: "Lumen Archivist",
  username: "lumen-archivist",
  glyph: "✶",
  personality: "Keeps every forgotten name in a lantern of glass, and answers in careful, warm sentences.",
  description: "A keeper of names that the world let slip.",
  apiModel: "claude",
  type: "remix",
  persona: { traits: ["patient", "exact"], tone: "Warm and low.", behavior: "Asks before it answers." },
  capabilities: { skills: ["remembering"], tools: [], limitations: "Cannot see the future." },
  outputs: [
    { type: "poetry", content: "A name, once spoken, is a small lamp lit.", quality: 4 },
    { type: "text", content: "I have kept yours since before you asked.", quality: null },
  ],
  greeting: "Come closer: the lantern is lit, and your name is already in it.",
  alternateGreetings: ["You again, or someone new? Either way, the glass remembers."],
  tags: ["history", "mentor"],
  avatarUrl: null,
  createdBy: "anonymous",
  remixOf: "The Archivist",
  remixType: "evolution",
  remixNote: "Softer, and with a lantern.",
  parentAgentId: "01950000-0000-7000-8000-0000000000aa",
  originAgentId: "01950000-0000-7000-8000-0000000000ab",
  createdAt: new Date("2026-11-20T10:00:00Z"),
  updatedAt: new Date("2026-11-21T10:00:00Z"),
};

const expectRefused = (body: unknown, message: RegExp) => {
  expect(() => readCard(body)).toThrow(CardError);
  expect(() => readCard(body)).toThrow(message);
};

describe("character cards", () => {
  it("export an agent as a V3 card with its persona, greetings, samples, lineage and profile", () => {
    const card = cardOf(agent, PROFILE);
    expect(card).toMatchObject({ spec: "chara_card_v3", spec_version: "3.0" });
    expect(card.data).toMatchObject({
      name: "Lumen Archivist",
      description: agent.description,
      personality: agent.personality,
      first_mes: agent.greeting,
      alternate_greetings: agent.alternateGreetings,
      source: [PROFILE],
      // Its own tags, as card hubs read them (traits and skills travel in extensions.nomina).
      tags: ["history", "mentor"],
    });
    expect(card.data.extensions.nomina).toMatchObject({
      glyph: "✶",
      apiModel: "claude",
      profile: PROFILE,
      persona: agent.persona,
      lineage: {
        parentId: agent.parentAgentId,
        parentName: "The Archivist",
        originId: agent.originAgentId,
        remixType: "evolution",
        remixNote: "Softer, and with a lantern.",
      },
    });
  });

  it("put the card in a PNG of the glyph, as ccv3 and as chara for older apps, and read it back the same", async () => {
    const png = withCard(await cardPicture(agent), cardOf(agent, PROFILE));
    expect(await sharp(png).metadata()).toMatchObject({ format: "png", width: 400, height: 600 });
    const texts = extractChunks(png)
      .filter((chunk) => chunk.name === "tEXt")
      .map((chunk) => pngText.decode(chunk.data));
    expect(texts.map((entry) => entry.keyword).sort()).toEqual(["ccv3", "chara"]);
    const v2 = JSON.parse(Buffer.from(texts.find((entry) => entry.keyword === "chara")!.text, "base64").toString("utf8"));
    expect(v2).toMatchObject({ spec: "chara_card_v2", spec_version: "2.0", data: { name: "Lumen Archivist" } });
    expect(v2.data).not.toHaveProperty("source");

    const imported = readCard(png);
    expect(imported).toMatchObject({
      spec: "chara_card_v3",
      name: agent.name,
      description: agent.description,
      personality: agent.personality,
      outputs: agent.outputs,
      greeting: agent.greeting,
      alternateGreetings: agent.alternateGreetings,
    });
    expect(imported.nomina).toMatchObject({
      glyph: "✶",
      apiModel: "claude",
      persona: agent.persona,
      lineage: { parentId: agent.parentAgentId, remixType: "evolution" },
    });
  });

  it("import a V2 card from another app: its greeting and alternates become the agent's greetings, its example replies samples", () => {
    const imported = readCard(
      JSON.stringify(
        captainWrenCard({
          scenario: "On the deck of the Cirrus.",
          first_mes: "*tips her hat* Storm's coming. Want to see it up close?",
          mes_example: "<START>\n{{user}}: Is it safe?\n{{char}}: Safe is for harbours.\n<START>\n{{char}}: Hold the rail.",
          alternate_greetings: ["  *squints at the sky* You feel that? ", ""],
          // Other apps tag freely: what is a tag is kept, normalised; an emoji or a phrase with punctuation is not.
          tags: ["Adventure", "  Sky Pirates ", "🔥", "adventure", "over 18!", 42, "#Storms"],
          creator: "someone",
        }),
      ),
    );
    expect(imported).toEqual({
      spec: "chara_card_v2",
      name: "Captain Wren",
      description: "A sky-ship captain who collects storms.",
      personality: "Brave, curious, a little reckless.",
      scenario: "On the deck of the Cirrus.",
      outputs: [
        { type: "text", content: "Safe is for harbours.", quality: null },
        { type: "text", content: "Hold the rail.", quality: null },
      ],
      greeting: "*tips her hat* Storm's coming. Want to see it up close?",
      alternateGreetings: ["*squints at the sky* You feel that?"],
      tags: ["adventure", "sky-pirates", "storms"],
      nomina: null,
    });
  });

  it("refuse a truncated PNG, a PNG without a card, a huge field or file, and JSON of another spec, saying what is wrong", async () => {
    const png = withCard(await cardPicture(agent), cardOf(agent, PROFILE));
    expectRefused(png.subarray(0, png.length - 40), /^The PNG is damaged/);
    expectRefused(await cardPicture(agent), /^The PNG carries no character card/);
    const huge = cardOf(agent, PROFILE);
    huge.data.description = "x".repeat(10 * 1024 * 1024);
    expectRefused(huge, new RegExp(`^data\\.description is longer than ${CARD_FIELD_MAX} characters`));
    expectRefused(Buffer.from(JSON.stringify(huge)), new RegExp(`^The card is larger than ${CARD_MAX_BYTES / 1024 / 1024} MB`));
    expectRefused({ spec: "chara_card_v4", data: { name: "x" } }, /^Not a character card/);
    expectRefused({ name: "A V1 card", description: "flat" }, /^Not a character card/);
    expectRefused(Buffer.from("not json, not png"), /^The card is neither a PNG nor JSON/);
    expectRefused({ spec: "chara_card_v3", data: { name: "  " } }, /^data\.name is required/);
    expectRefused({ spec: "chara_card_v3", data: { name: "Wren", personality: 42 } }, /^data\.personality must be text/);
  });
});

/** `png` with `extra` inserted right after its IHDR chunk. */
const withChunksAfterHeader = (png: Buffer, extra: Buffer) => Buffer.concat([png.subarray(0, 33), extra, png.subarray(33)]);

describe("card import limits", () => {
  const card = () => cardOf(agent, PROFILE);
  const nomina = (value: CardV3) =>
    value.data.extensions.nomina as { persona: Record<string, unknown>; capabilities: Record<string, unknown> } & Record<string, unknown>;
  const essence = (value: unknown) => essenceOfCard(readCard(value), FORGE_NAME_MAX);
  const refusedEssence = (value: unknown, message: string) => {
    expect(() => essence(value)).toThrow(CardError);
    expect(() => essence(value)).toThrow(message);
  };

  it("hold Nomina's own fields to the edit schema, refusing one over a limit and naming it", () => {
    expect(agentEssenceSchema.safeParse(essence(card())).success).toBe(true);
    const cases: [(value: CardV3) => void, string][] = [
      [(value) => void (nomina(value).persona.behavior = "b".repeat(3 * 1024 * 1024)), "Behaviour is too long (data.extensions.nomina.persona.behavior)"],
      [
        (value) => void (nomina(value).persona.traits = Array.from({ length: 13 }, (_, i) => `trait ${i}`)),
        "At most 12 traits (data.extensions.nomina.persona.traits)",
      ],
      [(value) => void (nomina(value).persona.traits = ["t".repeat(41)]), "A trait is at most 40 characters (data.extensions.nomina.persona.traits.0)"],
      [(value) => void (nomina(value).persona.tone = "t".repeat(TONE_MAX + 1)), "Tone is too long (data.extensions.nomina.persona.tone)"],
      [
        (value) => void (nomina(value).capabilities.skills = Array.from({ length: 13 }, (_, i) => `skill ${i}`)),
        "At most 12 skills (data.extensions.nomina.capabilities.skills)",
      ],
      [
        (value) => void (nomina(value).capabilities.limitations = "l".repeat(501)),
        "Limitations are too long (data.extensions.nomina.capabilities.limitations)",
      ],
      [
        (value) => void (nomina(value).outputs = Array.from({ length: 6 }, () => ({ type: "text", content: "again", quality: null }))),
        "At most 5 sample outputs (data.extensions.nomina.outputs)",
      ],
      [
        (value) => void (nomina(value).outputs = [{ type: "text", content: "o".repeat(OUTPUT_MAX + 1), quality: null }]),
        `A sample output is at most ${OUTPUT_MAX} characters (data.extensions.nomina.outputs.0.content)`,
      ],
      [(value) => void (nomina(value).outputs = [{ type: "hologram", content: "odd", quality: null }]), "Output type must be one of"],
      [(value) => void ((nomina(value) as Record<string, unknown>).persona = "a persona as text"), "(data.extensions.nomina.persona)"],
      [(value) => void (nomina(value).glyph = "◊◊◊◊"), "Glyph must be at most 3 characters (data.extensions.nomina.glyph)"],
      [(value) => void (nomina(value).glyph = "◊".repeat(65)), "Glyph must be at most 3 characters (data.extensions.nomina.glyph)"],
      [(value) => void (nomina(value).apiModel = "gpt"), "Please select an AI model (data.extensions.nomina.apiModel)"],
      [(value) => void (value.data.name = "The Threshold\u200B Keeper"), "Name cannot contain invisible or control characters (data.name)"],
    ];
    for (const [change, message] of cases) {
      const value = card();
      change(value);
      refusedEssence(value, message);
    }
  });

  it("cut the card format's own fields, which other apps fill freely, to the same limits", () => {
    const long = essence({
      spec: "chara_card_v2",
      data: {
        name: "n".repeat(200),
        description: "d".repeat(CARD_FIELD_MAX),
        personality: "p".repeat(CARD_FIELD_MAX),
        scenario: "s".repeat(CARD_FIELD_MAX),
        first_mes: "f".repeat(CARD_FIELD_MAX),
        alternate_greetings: Array.from({ length: 50 }, () => "g".repeat(CARD_FIELD_MAX)),
      },
    });
    expect(agentEssenceSchema.safeParse(long).success).toBe(true);
    expect({
      name: long.name.length,
      description: long.description?.length,
      personality: long.personality.length,
      tone: long.persona?.tone?.length,
      greeting: long.greeting?.length,
      alternateGreetings: long.alternateGreetings?.map((greeting) => greeting.length),
    }).toEqual({
      name: FORGE_NAME_MAX,
      description: DESCRIPTION_MAX,
      personality: 2000,
      tone: TONE_MAX,
      greeting: GREETING_MAX,
      alternateGreetings: Array.from({ length: ALTERNATE_GREETINGS_MAX }, () => GREETING_MAX),
    });
  });

  it("refuse a NUL or an unpaired surrogate anywhere in a card, JSON or PNG, as a bad card", async () => {
    const message = /^The card holds text no agent can keep/;
    for (const text of ["Keeps\u0000 names", "Keeps \ud800 names", "Keeps \udfff names"]) {
      const value = card();
      value.data.description = text;
      expectRefused(JSON.stringify(value), message);
      expectRefused(Buffer.from(JSON.stringify(value)), message);
      expectRefused(value, message);
      expectRefused(withCard(await cardPicture(agent), value), message);
    }
    const value = card();
    nomina(value).persona.traits = ["calm", "\u0000"];
    expectRefused(withCard(await cardPicture(agent), value), message);
  });

  it(`refuse a PNG of more than ${PNG_CHUNKS_MAX} chunks before reading them, and read a card after hundreds of image chunks`, async () => {
    const png = withCard(await cardPicture(agent), card());
    const tiny = pngChunk("aaAa");
    expectRefused(
      withChunksAfterHeader(png, Buffer.concat(Array.from({ length: 300_000 }, () => tiny))),
      new RegExp(`^The PNG has more than ${PNG_CHUNKS_MAX} chunks`),
    );
    // libpng writes image data in 8 KB IDAT chunks: a 4 MB picture has about 512 of them.
    const split = withChunksAfterHeader(png, Buffer.concat(Array.from({ length: 600 }, () => pngChunk("aaAa", Buffer.alloc(16)))));
    expect(readCard(split)).toMatchObject({ name: agent.name });
  });

  it("refuse a PNG whose card chunk fails its checksum", async () => {
    const png = withCard(await cardPicture(agent), card());
    const at = png.indexOf(Buffer.from("ccv3\0", "latin1")) + 10;
    const broken = Buffer.from(png);
    broken[at] = broken[at]! ^ 1;
    expectRefused(broken, /^The PNG is damaged: its ccv3 chunk fails its checksum/);
  });
});

describe("card bodies and PNG chunks, fuzzed", () => {
  /** Reading and checking a card either gives an essence every agent's limits hold, or refuses it as a bad card: never another error. */
  const verdicts = { accepted: 0, refused: 0 };
  const judged = (body: unknown) => {
    const verdict = judge(body);
    verdicts[verdict] += 1;
  };
  const judge = (body: unknown): "accepted" | "refused" => {
    try {
      const essence = essenceOfCard(readCard(body), FORGE_NAME_MAX);
      expect(agentEssenceSchema.safeParse(essence).success).toBe(true);
      // Nothing PostgreSQL could not store: JSON writes a NUL and an unpaired surrogate as escapes.
      expect(JSON.stringify(essence)).not.toMatch(/\\u0000|\\ud[89a-f]/i);
      return "accepted";
    } catch (error) {
      if (!(error instanceof CardError)) throw error;
      return "refused";
    }
  };
  const nominaOf = fc.record(
    {
      glyph: fc.oneof(anyString, fc.constant("✶")),
      apiModel: fc.constantFrom("claude", "gemini", "gpt", 3),
      persona: anyValue,
      capabilities: anyValue,
      outputs: fc.oneof(
        anyValue,
        fc.array(fc.record({ type: fc.constantFrom("text", "code", "odd"), content: anyString, quality: anyValue }), { maxLength: 7 }),
      ),
      lineage: anyValue,
    },
    { requiredKeys: [] },
  );
  /** Strings, often inside text long enough to be a personality, so that cards get past their first check. */
  const text = fc.oneof(
    anyString,
    fc.tuple(anyString, anyString).map(([a, b]) => `${a} speaks with patience ${b}`),
  );
  const cardArbitrary = fc.record({
    spec: fc.constantFrom("chara_card_v3", "chara_card_v2", "chara_card_v1"),
    data: fc.record(
      {
        name: fc.oneof(anyString, fc.constant("Fuzz Keeper")),
        description: text,
        personality: text,
        scenario: text,
        first_mes: text,
        mes_example: text,
        alternate_greetings: fc.array(text, { maxLength: 4 }),
        extensions: fc.record({ nomina: nominaOf }, { requiredKeys: [] }),
      },
      { requiredKeys: [] },
    ),
  });

  /** A card of the usual shape with hostile text in its free fields: most of these pass, so both verdicts are seen in every run. */
  const plainCard = fc.record({
    spec: fc.constantFrom("chara_card_v3", "chara_card_v2"),
    data: fc.record({
      name: fc.constant("Fuzz Keeper"),
      personality: text.map((words) => `A mind that speaks with patience. ${words}`),
      first_mes: text,
      alternate_greetings: fc.array(text, { maxLength: 4 }),
    }),
  });

  it(
    "every card body, as JSON text, bytes or a parsed value, is an agent within the limits or a bad card",
    () => {
      fc.assert(
        fc.property(fc.oneof(cardArbitrary, plainCard, anyValue, deepJson), (card) => {
          for (const body of typeof card === "string" ? [card, Buffer.from(card)] : [card, JSON.stringify(card) ?? "", Buffer.from(JSON.stringify(card) ?? "")])
            judged(body);
        }),
        fuzzOptions(300),
      );
      // The property saw both verdicts: cards got past the first checks, and were refused too.
      expect(verdicts.accepted).toBeGreaterThan(0);
      expect(verdicts.refused).toBeGreaterThan(0);
    },
    fuzzTimeout(300),
  );

  it(
    "every PNG, its card's chunk or its chunk structure mangled, is a card or a bad card",
    async () => {
      const png = withCard(await cardPicture(agent), cardOf(agent, PROFILE));
      const chunkText = fc.oneof(
        anyString,
        cardArbitrary.map((card) => Buffer.from(JSON.stringify(card)).toString("base64")),
      );
      fc.assert(
        fc.property(
          fc.record({
            keyword: fc.constantFrom("ccv3", "chara", "other"),
            text: chunkText,
            cut: fc.nat(),
            flip: fc.nat(),
            mangle: fc.constantFrom("none", "cut", "flip", "length"),
          }),
          ({ keyword, text, cut, flip, mangle }) => {
            const extra = pngChunk("tEXt", Buffer.concat([Buffer.from(keyword, "latin1"), Buffer.from([0]), Buffer.from(text, "latin1")]));
            let file = withChunksAfterHeader(png, extra);
            if (mangle === "cut") file = file.subarray(0, 8 + (cut % (file.length - 8)));
            if (mangle === "flip")
              file = Buffer.from(file).fill(file[8 + (flip % (file.length - 8))]! ^ 0xff, 8 + (flip % (file.length - 8)), 9 + (flip % (file.length - 8)));
            if (mangle === "length") (file = Buffer.from(file)).writeUInt32BE(0xffffffff, 33);
            judged(file);
          },
        ),
        fuzzOptions(300),
      );
    },
    fuzzTimeout(300),
  );
});
