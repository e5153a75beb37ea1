import { BEHAVIOR_MAX, LIMITATIONS_MAX, OUTPUT_MAX, OUTPUTS_MAX, SKILL_MAX, SKILLS_MAX, TONE_MAX, TRAIT_MAX, TRAITS_MAX } from "@nomina/shared/agents";
import { describe, expect, it } from "vitest";
import { parseCapabilities, parseOutputs, parsePersona, unwrap } from "./essence.ts";

describe("agent essence", () => {
  it("reads a persona stored as an object, as JSON text, or wrapped as {ok, value}", () => {
    const persona = { traits: ["calm", "exact"], tone: "solemn", behavior: "answers in riddles" };
    const expected = { traits: ["calm", "exact"], tone: "solemn", behavior: "answers in riddles" };
    expect(parsePersona(persona)).toEqual(expected);
    expect(parsePersona(JSON.stringify(persona))).toEqual(expected);
    expect(parsePersona({ ok: true, value: JSON.stringify(persona) })).toEqual(expected);
  });

  it("accepts traits written as comma-separated text and drops non-text traits", () => {
    expect(parsePersona({ traits: "calm, exact ,", tone: 3 })).toEqual({ traits: ["calm", "exact"], tone: null, behavior: null });
    expect(parsePersona({ traits: ["calm", 7, null, "  "] })?.traits).toEqual(["calm"]);
  });

  it("gives null for a persona or capabilities that cannot be read", () => {
    expect(parsePersona("{broken json")).toBeNull();
    expect(parsePersona({ ok: false, value: "{}" })).toBeNull();
    expect(parsePersona({})).toBeNull();
    expect(parseCapabilities(42)).toBeNull();
  });

  it("reads capabilities, joining listed limitations", () => {
    expect(parseCapabilities('{"skills":["recall"],"tools":"stacks, index","limitations":["no lies","no guesses"]}')).toEqual({
      skills: ["recall"],
      tools: ["stacks", "index"],
      limitations: "no lies; no guesses",
    });
  });

  it("keeps readable sample outputs and skips the rest", () => {
    const outputs = [
      { type: "poetry", content: "a haiku", quality: 5 },
      JSON.stringify({ type: "code", content: "x()", quality: 9 }),
      { ok: true, value: '{"type":"hologram","content":"odd type"}' },
      { type: "text" },
      "{not json",
      null,
    ];
    expect(parseOutputs(outputs)).toEqual([
      { type: "poetry", content: "a haiku", quality: 5 },
      { type: "code", content: "x()", quality: null },
      { type: "other", content: "odd type", quality: null },
    ]);
    expect(parseOutputs("not a list")).toEqual([]);
  });

  it("leaves plain text alone when unwrapping", () => {
    expect(unwrap("calm")).toBe("calm");
    expect(unwrap('"quoted"')).toBe("quoted");
  });

  it("holds what it reads to the essence's limits, whatever a row stored before they held", () => {
    const persona = parsePersona({
      traits: Array.from({ length: 100 }, () => "t".repeat(1000)),
      tone: "o".repeat(10_000),
      behavior: "b".repeat(3 * 1024 * 1024),
    })!;
    expect([persona.traits.length, Math.max(...persona.traits.map((t) => t.length)), persona.tone?.length, persona.behavior?.length]).toEqual([
      TRAITS_MAX,
      TRAIT_MAX,
      TONE_MAX,
      BEHAVIOR_MAX,
    ]);
    const capabilities = parseCapabilities({
      skills: "s, ".repeat(1000),
      tools: Array.from({ length: 50 }, () => "x".repeat(500)),
      limitations: Array.from({ length: 50 }, () => "l".repeat(500)),
    })!;
    expect([
      capabilities.skills.length,
      capabilities.tools.length,
      Math.max(...capabilities.tools.map((t) => t.length)),
      capabilities.limitations?.length,
    ]).toEqual([SKILLS_MAX, SKILLS_MAX, SKILL_MAX, LIMITATIONS_MAX]);
    const outputs = parseOutputs(Array.from({ length: 40 }, () => ({ type: "text", content: "c".repeat(100_000) })));
    expect([outputs.length, Math.max(...outputs.map((o) => o.content.length))]).toEqual([OUTPUTS_MAX, OUTPUT_MAX]);
  });
});
