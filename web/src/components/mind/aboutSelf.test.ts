import { describe, expect, it } from "vitest";
import { speaksOfSelf } from "./aboutSelf";

describe("speaksOfSelf", () => {
  it("is true of a message that tells the agent about its sender", () => {
    for (const message of [
      "My name is Orrin.",
      "call me Wren",
      "I am a cartographer",
      "I'm tired",
      "I live in Lyon",
      "I work as a baker",
      "I like lighthouses.",
      "i love storms",
    ]) {
      expect(speaksOfSelf(message), message).toBe(true);
    }
  });

  it("is false of one that does not", () => {
    for (const message of ["Where are the first ripples kept?", "Tell me about lighthouses", "What of the harbour?", ""]) {
      expect(speaksOfSelf(message), message).toBe(false);
    }
  });
});
