// Character cards read and written as other apps read and write them: the V3 card in a PNG's
// `ccv3` chunk and a V2 one in `chara`, JSON cards of either spec, and a clear refusal for every
// broken file.
import extractChunks from "png-chunks-extract";
import pngText from "png-chunk-text";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { CARD_FIELD_MAX, CARD_MAX_BYTES, CardError, cardOf, cardPicture, readCard, withCard, type CardAgent } from "./cards.ts";

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
  it("export an agent as a V3 card with its persona, samples, lineage and profile", () => {
    const card = cardOf(agent, PROFILE);
    expect(card).toMatchObject({ spec: "chara_card_v3", spec_version: "3.0" });
    expect(card.data).toMatchObject({
      name: "Lumen Archivist",
      description: agent.description,
      personality: agent.personality,
      first_mes: "A name, once spoken, is a small lamp lit.",
      alternate_greetings: ["I have kept yours since before you asked."],
      source: [PROFILE],
      tags: ["patient", "exact", "remembering"],
    });
    expect(card.data.extensions.nomina).toMatchObject({
      glyph: "✶",
      apiModel: "claude",
      profile: PROFILE,
      persona: agent.persona,
      lineage: { parentId: agent.parentAgentId, parentName: "The Archivist", originId: agent.originAgentId, remixType: "evolution", remixNote: "Softer, and with a lantern." },
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
    expect(imported).toMatchObject({ spec: "chara_card_v3", name: agent.name, description: agent.description, personality: agent.personality, outputs: agent.outputs });
    expect(imported.nomina).toMatchObject({ glyph: "✶", apiModel: "claude", persona: agent.persona, lineage: { parentId: agent.parentAgentId, remixType: "evolution" } });
  });

  it("import a V2 card from another app: its greeting and example replies become samples", () => {
    const imported = readCard(
      JSON.stringify({
        spec: "chara_card_v2",
        spec_version: "2.0",
        data: {
          name: "Captain Wren",
          description: "A sky-ship captain who collects storms.",
          personality: "Brave, curious, a little reckless.",
          scenario: "On the deck of the Cirrus.",
          first_mes: "*tips her hat* Storm's coming. Want to see it up close?",
          mes_example: "<START>\n{{user}}: Is it safe?\n{{char}}: Safe is for harbours.\n<START>\n{{char}}: Hold the rail.",
          creator_notes: "",
          system_prompt: "",
          post_history_instructions: "",
          alternate_greetings: [],
          tags: ["adventure"],
          creator: "someone",
          character_version: "1",
          extensions: {},
        },
      }),
    );
    expect(imported).toEqual({
      spec: "chara_card_v2",
      name: "Captain Wren",
      description: "A sky-ship captain who collects storms.",
      personality: "Brave, curious, a little reckless.",
      scenario: "On the deck of the Cirrus.",
      outputs: [
        { type: "text", content: "*tips her hat* Storm's coming. Want to see it up close?", quality: null },
        { type: "text", content: "Safe is for harbours.", quality: null },
        { type: "text", content: "Hold the rail.", quality: null },
      ],
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
