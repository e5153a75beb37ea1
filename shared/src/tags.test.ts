// Tags as every form and API reads them: one normal form, the same messages, linear in the input.
import { describe, expect, it } from "vitest";
import {
  cardTags,
  normaliseTag,
  tagProblem,
  tagSchema,
  tagsSchema,
  TAG_CHARACTERS,
  TAG_EMPTY,
  TAG_TOO_LONG,
  TAGS_MAX,
  TOO_MANY_TAGS,
  CURATED_TAGS,
} from "./tags.ts";

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? null : result.error!.issues[0]!.message);

describe("tags", () => {
  it("normalise to lower case words joined by single hyphens", () => {
    expect(normaliseTag("  Creative   Writing ")).toBe("creative-writing");
    expect(normaliseTag("#Night_Owl")).toBe("night-owl");
    expect(normaliseTag("--sea -- shanties--")).toBe("sea-shanties");
    expect(normaliseTag("ＣＯＤＥ")).toBe("code");
    expect(normaliseTag("Ünïcode")).toBe("ünïcode");
  });

  it("refuse what is no tag with the exact messages", () => {
    expect(tagProblem("")).toBe(TAG_EMPTY);
    expect(tagProblem("x".repeat(33))).toBe(TAG_TOO_LONG);
    expect(tagProblem("x".repeat(32))).toBeNull();
    expect(tagProblem("🔥")).toBe(TAG_CHARACTERS);
    expect(tagProblem("semi;colon")).toBe(TAG_CHARACTERS);
    expect(tagProblem("zero\u200bwidth")).toBe(TAG_CHARACTERS);
    expect(messageOf(tagSchema.safeParse("   "))).toBe(TAG_EMPTY);
    expect(messageOf(tagSchema.safeParse(42))).toBe("A tag must be text");
  });

  it("keep an agent's tags once each, in order, at most eight", () => {
    expect(tagsSchema.parse(["Poetry", "poetry", "#POETRY", "code"])).toEqual(["poetry", "code"]);
    expect(messageOf(tagsSchema.safeParse(Array.from({ length: TAGS_MAX + 1 }, (_, i) => `t${i}`)))).toBe(TOO_MANY_TAGS);
    // Nine given, eight once normalised: accepted.
    expect(tagsSchema.parse([...Array.from({ length: TAGS_MAX }, (_, i) => `t${i}`), "T0"])).toHaveLength(TAGS_MAX);
  });

  it("read huge input in linear time, refusing it before it is walked", () => {
    const started = performance.now();
    expect(messageOf(tagSchema.safeParse(" ".repeat(1_000_000) + "a"))).toBe(TAG_TOO_LONG);
    expect(messageOf(tagsSchema.safeParse(Array.from({ length: 100_000 }, () => "a")))).toBe(TOO_MANY_TAGS);
    expect(tagProblem(`a${"\u0301".repeat(100_000)}`)).toBe(TAG_TOO_LONG);
    expect(normaliseTag(`${"-_ ".repeat(100_000)}x`)).toBe("x");
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("keep what a card's tags hold of tags, leaving the rest out", () => {
    expect(cardTags(["Adventure", "🔥", 42, "Sky Pirates", "adventure", "x".repeat(500)])).toEqual(["adventure", "sky-pirates"]);
    expect(cardTags("not a list")).toEqual([]);
    expect(cardTags(Array.from({ length: 50 }, (_, i) => `tag ${i}`))).toHaveLength(TAGS_MAX);
  });

  it("offer a curated set that are tags themselves", () => {
    for (const tag of CURATED_TAGS) expect(tagProblem(normaliseTag(tag)), tag).toBeNull();
  });
});
