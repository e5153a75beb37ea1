// A Council whisper: words, at most COUNCIL_WHISPER_MAX of them once trimmed (the terminal's
// counter and its disabled button follow the same rule).
import { describe, expect, it } from "vitest";
import { fieldErrors } from "../test/field-errors.ts";
import { COUNCIL_WHISPER_MAX, councilWhisperSchema } from "./council.ts";

describe("a Council whisper", () => {
  it("needs words", () => {
    expect(fieldErrors(councilWhisperSchema, { content: "   " })).toEqual({ content: "A whisper needs words" });
  });

  it("holds at most 500 characters", () => {
    expect(COUNCIL_WHISPER_MAX).toBe(500);
    expect(fieldErrors(councilWhisperSchema, { content: "x".repeat(500) })).toEqual({});
    expect(fieldErrors(councilWhisperSchema, { content: "x".repeat(501) })).toEqual({ content: "A whisper holds at most 500 characters" });
  });
});
