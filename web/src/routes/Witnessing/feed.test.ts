import { describe, expect, it } from "vitest";
import { countByFilter, mergeFeed, type FeedEntry } from "./feed";

const entry = (kind: FeedEntry["kind"], key: string, at: string): FeedEntry => ({ kind, key, at });
const rituals = [entry("ritual", "r1", "2026-01-01T10:00:03.000Z"), entry("ritual", "r0", "2026-01-01T10:00:00.000Z")];
const forgings = [entry("forging", "f1", "2026-01-01T10:00:04.000Z")];
const whispers = [entry("whisper", "w1", "2026-01-01T10:00:01.000Z")];
const echoes = [entry("echo", "e1", "2026-01-01T10:00:02.000Z")];
const questions = [entry("council", "q1", "2026-01-01T10:00:05.000Z")];

describe("mergeFeed", () => {
  it("merges every source newest first", () => {
    expect(mergeFeed([rituals, forgings, whispers, echoes], "all").map((e) => e.key)).toEqual(["f1", "r1", "e1", "w1", "r0"]);
  });

  it("filters by kind, agent whispers counting as whispers", () => {
    expect(mergeFeed([rituals, forgings, whispers, echoes], "whisper").map((e) => e.key)).toEqual(["e1", "w1"]);
    expect(mergeFeed([rituals, forgings, whispers, echoes], "forging").map((e) => e.key)).toEqual(["f1"]);
    expect(mergeFeed([rituals, forgings], "remix")).toEqual([]);
  });

  it("filters the Summoning Gate's questions on their own, apart from the other rituals", () => {
    expect(mergeFeed([rituals, questions, forgings], "council").map((e) => e.key)).toEqual(["q1"]);
    expect(mergeFeed([rituals, questions, forgings], "ritual").map((e) => e.key)).toEqual(["r1", "r0"]);
    expect(mergeFeed([rituals, questions, forgings], "all").map((e) => e.key)).toEqual(["q1", "f1", "r1", "r0"]);
  });

  it("keeps an entry once even if two sources hold it, and stops at the limit", () => {
    expect(mergeFeed([rituals, rituals], "all").map((e) => e.key)).toEqual(["r1", "r0"]);
    expect(mergeFeed([rituals, forgings, whispers], "all", 2).map((e) => e.key)).toEqual(["f1", "r1"]);
  });

  it("orders entries of the same instant stably", () => {
    const same = [entry("ritual", "a", "2026-01-01T10:00:00.000Z"), entry("forging", "b", "2026-01-01T10:00:00.000Z")];
    expect(mergeFeed([same], "all").map((e) => e.key)).toEqual(["b", "a"]);
    expect(mergeFeed([[...same].reverse()], "all").map((e) => e.key)).toEqual(["b", "a"]);
  });
});

describe("countByFilter", () => {
  it("counts each filter's entries", () => {
    expect(countByFilter([...rituals, ...forgings, ...whispers, ...echoes])).toEqual({ all: 5, ritual: 2, council: 0, forging: 1, remix: 0, whisper: 2 });
    expect(countByFilter([...rituals, ...questions])).toMatchObject({ all: 3, ritual: 2, council: 1 });
  });
});
