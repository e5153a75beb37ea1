import { describe, expect, it } from "vitest";
import { agentMeta, councilSessionMeta, excerpt, whisperMeta } from "./meta.ts";

describe("page tags", () => {
  it("titles a whisper '{agent name} whispers' with the brand, described by its first 160 characters", () => {
    const response = "x".repeat(200);
    expect(whisperMeta({ agentName: "Echo Haiku", response })).toEqual({ title: "Echo Haiku whispers · Nomina", description: `${"x".repeat(160)}...` });
  });

  it("never cuts a character in two", () => {
    expect(excerpt("🜂".repeat(200))).toBe(`${"🜂".repeat(160)}...`);
  });

  it("never ends a description in four dots: a full stop or an ellipsis already there gives way to the ellipsis", () => {
    expect(whisperMeta({ agentName: "Echo", response: "The stars remember." }).description).toBe("The stars remember...");
    expect(excerpt("Silence answers…")).toBe("Silence answers...");
    expect(excerpt("And so it goes... ")).toBe("And so it goes...");
    expect(excerpt(`${"x".repeat(159)}. and more`)).toBe(`${"x".repeat(159)}...`);
    expect(excerpt("Why?")).toBe("Why?...");
  });

  it("describes an agent by its description, or its personality, cut to 160 characters", () => {
    expect(agentMeta({ name: "N", description: "Grants titles.", personality: "Ceremonial." })).toEqual({ title: "N · Nomina", description: "Grants titles." });
    expect(agentMeta({ name: "N", description: null, personality: "Ceremonial." }).description).toBe("Ceremonial.");
    expect(agentMeta({ name: "N", description: "y".repeat(161), personality: "" }).description).toBe(`${"y".repeat(160)}...`);
  });

  it("titles a Council session by its first question, described by the start of its synthesis", () => {
    expect(councilSessionMeta({ question: "Which silence is the loudest?", synthesis: "z".repeat(170) })).toEqual({
      title: "Which silence is the loudest? · The Council · Nomina",
      description: `${"z".repeat(160)}...`,
    });
    expect(councilSessionMeta({ question: "Which silence is the loudest?", synthesis: null }).description).toBe("A question put to the Council of Nomina.");
  });
});
