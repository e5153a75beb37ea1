import { describe, expect, it } from "vitest";
import { editResolver, errorAt, splitList, toInput, type EditValues } from "./form";

const values: EditValues = {
  name: "Ledger Keeper",
  glyph: "⚶",
  description: "",
  personality: "Keeps a ledger of tides.",
  apiModel: "claude",
  traits: " patient,, exact ,tidal,",
  tone: "",
  behavior: "Counts twice.",
  skills: "reckoning",
  tools: "",
  limitations: "",
  outputs: [
    { type: "poetry", content: "The moon keeps its books.", quality: "4" },
    { type: "text", content: "Unrated.", quality: "" },
  ],
  greeting: "The ledger is open. What do you owe the tide?",
  alternateGreetings: [{ text: "Sit; the count begins." }, { text: "  " }, { text: "Another tide, another page." }],
  tags: ["history", "tide-lore"],
};

describe("the edit form's input", () => {
  it("splits comma-separated lists, dropping empty items", () => {
    expect(splitList(" a,, b ,c,")).toEqual(["a", "b", "c"]);
    expect(splitList("   ")).toEqual([]);
  });

  it("turns empty texts into null and qualities into numbers", () => {
    const input = toInput(values);
    expect(input.description).toBeNull();
    expect(input.persona).toEqual({ traits: ["patient", "exact", "tidal"], tone: null, behavior: "Counts twice." });
    expect(input.capabilities).toEqual({ skills: ["reckoning"], tools: [], limitations: null });
    expect(input.outputs.map((output) => output.quality)).toEqual([4, null]);
    expect(input.greeting).toBe("The ledger is open. What do you owe the tide?");
    expect(input.alternateGreetings).toEqual(["Sit; the count begins.", "Another tide, another page."]);
    expect(input.tags).toEqual(["history", "tide-lore"]);
  });

  it("checks with the server's rule and puts its messages where the form reads them", async () => {
    const result = await editResolver({ ...values, personality: "short", outputs: [{ type: "text", content: " ", quality: "" }] }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(errorAt(result.errors, ["personality"])).toBe("Personality description must be at least 10 characters");
    expect(errorAt(result.errors, ["outputs", 0, "content"])).toBe("A sample output needs content");
    expect(errorAt(result.errors, ["persona", "traits"])).toBeUndefined();
    const tagged = await editResolver({ ...values, tags: ["a", "b", "c", "d", "e", "f", "g", "h", "i"] }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(errorAt(tagged.errors, ["tags"])).toBe("At most 8 tags");
  });

  it("finds a list's message on its first refused item", () => {
    expect(errorAt({ persona: { traits: [undefined, { message: "A trait is at most 40 characters" }] } }, ["persona", "traits"])).toBe(
      "A trait is at most 40 characters",
    );
  });
});
