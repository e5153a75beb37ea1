// The forge and remix rules (spec 5, messages verbatim), as the forms show them: one message per
// field. The server answers the same messages (api/src/domains/agents/forge.test.ts).
import { describe, expect, it } from "vitest";
import { fieldErrors } from "../test/field-errors.ts";
import { agentEssenceSchema, agentSchemas, DEFAULT_REMIX_GLYPH, DEFAULT_REMIX_SEAT, GLYPH_HIDDEN, NAME_HIDDEN } from "./agents.ts";

// No glyph image in these cases: the DOM is never asked for.
const { forgeAgentSchema, remixAgentSchema, updateAgentSchema } = agentSchemas(() => {
  throw new Error("no image to check");
});
const remix = remixAgentSchema.omit({ parentAgentId: true });

describe("forge agent", () => {
  it("needs a name, a glyph, a personality of 10 or more and one of the four seats", () => {
    expect(fieldErrors(forgeAgentSchema, { name: "  ", glyph: " ", personality: "too short", apiModel: "" })).toEqual({
      name: "Agent name is required",
      glyph: "Agent glyph is required",
      personality: "Personality description must be at least 10 characters",
      apiModel: "Please select an AI model",
    });
    expect(fieldErrors(forgeAgentSchema, { name: "Echo", glyph: "◊", personality: "Speaks in haiku.", apiModel: "gpt" })).toEqual({
      apiModel: "Please select an AI model",
    });
  });

  it("sends what it checked: trimmed, the seat as chosen", () => {
    expect(forgeAgentSchema.parse({ name: " Echo Haiku ", glyph: " ✶ ", personality: "  Speaks in haiku.  ", apiModel: "claude", avatarUrl: null })).toEqual({
      name: "Echo Haiku",
      glyph: "✶",
      personality: "Speaks in haiku.",
      apiModel: "claude",
      avatarUrl: null,
    });
  });

  it("refuses a glyph of 4 characters with the server's message, counting an emoji as one", () => {
    const essence = { name: "Echo", personality: "Speaks in haiku.", apiModel: "gemini" };
    expect(fieldErrors(forgeAgentSchema, { ...essence, glyph: "◊◊◊◊" })).toEqual({ glyph: "Glyph must be at most 3 characters" });
    expect(fieldErrors(forgeAgentSchema, { ...essence, glyph: "👨‍👩‍👧‍👦🜂☽" })).toEqual({});
  });

  it("refuses a name of 81 characters", () => {
    const essence = { glyph: "◊", personality: "Speaks in haiku.", apiModel: "gemini" };
    expect(fieldErrors(forgeAgentSchema, { ...essence, name: "n".repeat(81) })).toEqual({ name: "Name too long" });
    expect(fieldErrors(forgeAgentSchema, { ...essence, name: "n".repeat(80) })).toEqual({});
  });
});

describe("remix agent", () => {
  const fields = {
    name: "Echo v2",
    description: "A second echo.",
    personality: "Answers in longer haiku chains.",
    apiModel: DEFAULT_REMIX_SEAT,
    glyph: DEFAULT_REMIX_GLYPH,
    remixNote: "",
  };

  it("accepts the form's defaults", () => {
    expect(fieldErrors(remix, fields)).toEqual({});
  });

  it("needs a name of 1 to 50, a description of 10, a personality of 20, a seat and a glyph", () => {
    expect(fieldErrors(remix, { ...fields, name: " ", description: "short", personality: "still too short", apiModel: "", glyph: "" })).toEqual({
      name: "Agent name is required",
      description: "Description must be at least 10 characters",
      personality: "Personality description must be at least 20 characters",
      apiModel: "Please select an AI model",
      glyph: "Glyph is required",
    });
    expect(fieldErrors(remix, { ...fields, name: "n".repeat(51) })).toEqual({ name: "Name too long" });
    expect(fieldErrors(remix, { ...fields, glyph: "◊◊◊◊" })).toEqual({ glyph: "Glyph must be at most 3 characters" });
  });

  it("keeps the note optional, within 500 characters", () => {
    expect(remix.parse({ ...fields, remixNote: "  " }).remixNote).toBe("");
    expect(fieldErrors(remix, { ...fields, remixNote: "x".repeat(501) })).toEqual({ remixNote: "Remix note is too long" });
  });
});

describe("names and glyphs", () => {
  const essence = { glyph: "◊", personality: "Speaks in haiku.", apiModel: "gemini" };

  it("refuse zero-width, bidi-override, control and blank characters in a name, on forge, remix, edit and import alike", () => {
    for (const name of [
      "The Threshold\u200B Keeper",
      "The Threshold Keeper\u200D",
      "\u202EpeeK dlohserhT",
      "Keeper\u2066x\u2069",
      "Line\nbreak",
      "Soft\u00ADhyphen",
      "Keeper\u0007",
    ]) {
      expect(fieldErrors(forgeAgentSchema, { ...essence, name }), JSON.stringify(name)).toEqual({ name: NAME_HIDDEN });
      expect(fieldErrors(updateAgentSchema, { name }), JSON.stringify(name)).toEqual({ name: NAME_HIDDEN });
      expect(fieldErrors(remix, { name, description: "A second echo.", personality: "Answers in longer haiku chains." }), JSON.stringify(name)).toEqual({
        name: NAME_HIDDEN,
      });
    }
    expect(agentEssenceSchema.safeParse({ ...essence, name: "Echo\u200B", outputs: [] }).error?.issues[0]?.message).toBe(NAME_HIDDEN);
  });

  it("need a visible character: a name of only zero-width or filler characters is no name", () => {
    for (const name of ["\u200B", "\u3164\u3164", " \u2800 ", "\u200E"]) {
      expect(fieldErrors(forgeAgentSchema, { ...essence, name }), JSON.stringify(name)).toEqual({ name: "Agent name is required" });
    }
  });

  it("normalise names NFKC: full-width, ligature and styled letters become the plain ones", () => {
    expect(forgeAgentSchema.parse({ ...essence, name: " ｔｈｅ ﬁrst 𝐊eeper " }).name).toBe("the first Keeper");
  });

  it("let emoji keep their joiners and selectors in a glyph, and refuse them anywhere else", () => {
    for (const glyph of ["👨‍👩‍👧‍👦", "❤️", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "👍🏽", "🇫🇷", "1️⃣", "👁️‍🗨️🜂☽", "✶"]) {
      expect(fieldErrors(forgeAgentSchema, { ...essence, name: "Echo", glyph }), glyph).toEqual({});
    }
    for (const glyph of ["◊\u200D◊", "😀\u200D", "\u202E◊", "◊\u200B", "◊\u0007"]) {
      expect(fieldErrors(forgeAgentSchema, { ...essence, name: "Echo", glyph }), JSON.stringify(glyph)).toEqual({ glyph: GLYPH_HIDDEN });
    }
    expect(fieldErrors(forgeAgentSchema, { ...essence, name: "Echo", glyph: "\u200B\u200B" })).toEqual({ glyph: "Agent glyph is required" });
  });
});
