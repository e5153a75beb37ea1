import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { truncate } from "./text.ts";

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** The definition: whole characters from the start while they fit in `max` units, then trimmed. */
function byWalking(text: string, max: number): string {
  let kept = "";
  for (const { segment } of segmenter.segment(text)) {
    if (kept.length + segment.length > max) break;
    kept += segment;
  }
  return kept.trimEnd();
}

describe("truncate", () => {
  it("keeps text within the limit whole, without its trailing spaces", () => {
    expect(truncate("Nebula Oracle", 13)).toBe("Nebula Oracle");
    expect(truncate("Nebula  ", 40)).toBe("Nebula");
  });

  it("never cuts inside a character a reader sees as one", () => {
    // A family emoji is five code points and eight UTF-16 units; a flag is two surrogate pairs.
    expect(truncate("ab👨‍👩‍👧", 5)).toBe("ab");
    expect(truncate("ab👨‍👩‍👧", 10)).toBe("ab👨‍👩‍👧");
    expect(truncate("🇫🇷🇩🇪", 6)).toBe("🇫🇷");
    expect(truncate("e\u0301x", 1)).toBe("");
    expect(truncate("word one", 5)).toBe("word");
  });

  it("cuts exactly where walking grapheme by grapheme would", () => {
    const pieces = fc.constantFrom("a", " ", "é", "e\u0301", "👍🏽", "👨‍👩‍👧", "🇫🇷", "字", "\u{1F600}", "\n", "ก\u0E31");
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 40 }), fc.nat(90), (parts, max) => {
        const text = parts.join("");
        expect(truncate(text, max)).toBe(byWalking(text, max));
      }),
      { numRuns: 2000 },
    );
  });
});
