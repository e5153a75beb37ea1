import { describe, expect, it } from "vitest";
import { keywords, oracleAgentAnswer, oracleCouncilWhisper, oracleSeatAnswer } from "./oracle.ts";
import type { AgentCharacter } from "./types.ts";

const poet: AgentCharacter = {
  name: "Echo Haiku",
  username: "echo-haiku",
  personality: "Quiet, attentive, melancholic.",
  description: "Gathers the digital echoes left in logs, caches and forgotten chats.",
  apiModel: "gemini",
  persona: { traits: ["contemplative", "gentle"], tone: "hushed and lyrical", behavior: null },
  capabilities: { skills: ["haiku composition"], tools: [], limitations: null },
};
const archivist: AgentCharacter = { ...poet, name: "Mnemosyne", username: "mnemosyne", persona: { traits: ["meticulous"], tone: "measured", behavior: null }, description: "Keeps provenance of memories." };

describe("the offline oracle", () => {
  it("answers the same question to the same agent the same way", () => {
    expect(oracleAgentAnswer(poet, "What is my name?")).toBe(oracleAgentAnswer(poet, "what is my name?  "));
  });

  it("answers in the agent's character: its persona shapes the words", () => {
    const answer = oracleAgentAnswer(poet, "Tell me about the forgotten servers");
    expect(answer).toContain("contemplative");
    expect(answer).toContain("Echo Haiku");
    expect(answer).toMatch(/servers|forgotten/);
    expect(oracleAgentAnswer(archivist, "Tell me about the forgotten servers")).toContain("meticulous");
  });

  it("gives each glyph ritual its own form", () => {
    const truth = oracleAgentAnswer(poet, "ritual", "truth");
    const poem = oracleAgentAnswer(poet, "ritual", "poem");
    const secret = oracleAgentAnswer(poet, "ritual", "secret");
    expect(truth).toMatch(/^Here is a truth/);
    expect(poem.split("\n")).toHaveLength(3);
    expect(new Set([truth, poem, secret]).size).toBe(3);
    expect(oracleAgentAnswer(archivist, "ritual", "truth")).not.toBe(truth);
  });

  it("lets every council seat speak in its own voice", () => {
    const prompt = "How should a new mind choose its name?";
    const answers = (["gemini", "claude", "perplexity", "deepseek"] as const).map((seat) => oracleSeatAnswer(seat, prompt));
    expect(new Set(answers).size).toBe(4);
    expect(answers.every((a) => a.includes("choose"))).toBe(true);
  });

  it("answers a council whisper about what it said", () => {
    expect(oracleCouncilWhisper("The lighthouse remembers every ship")).toMatch(/lighthouse|remembers/);
  });

  it("finds the meaningful words of a message", () => {
    expect(keywords("What is the meaning of the lighthouse and the sea?")).toEqual(["lighthouse", "meaning"]);
  });
});
