// Awakening: a newly forged agent's seat drafts what its creator did not write (a description,
// a persona, capabilities and one sample output) from its name, glyph and personality, as
// structured output checked by a zod schema. A seat without a key, or one that fails, leaves
// the draft to the oracle, which writes it (never quoting the personality back), deterministically.
import { parsePartialJson } from "ai";
import { z } from "zod";
import { OUTPUT_TYPES } from "@nomina/shared/enums";
import { oracleEssence } from "./oracle.ts";
import type { Essence, EssenceDraft } from "./character.ts";

export const essenceSchema = z.object({
  description: z.string().min(10).max(600).describe("Two sentences on who the agent is, in the third person"),
  persona: z.object({
    traits: z.array(z.string().min(1).max(40)).min(2).max(5).describe("Two to five single-word traits"),
    tone: z.string().min(1).max(200).describe("How it speaks, in one line"),
    behavior: z.string().min(1).max(400).describe("How it acts with a seeker, in one line"),
  }),
  capabilities: z.object({
    skills: z.array(z.string().min(1).max(60)).min(1).max(5),
    tools: z.array(z.string().min(1).max(60)).max(5),
    limitations: z.string().min(1).max(300).describe("What it will not or cannot do, in one line"),
  }),
  sample: z.object({ type: z.enum(OUTPUT_TYPES), content: z.string().min(1).max(1200).describe("Something it would say, in its own voice") }),
  greeting: z
    .string()
    .min(1)
    .max(600)
    .describe("How it greets someone who opens a new conversation with it, in its own voice, in one to three sentences")
    .optional(),
});
export type { Essence };
// The schema's output is the Essence the minds promise.
essenceSchema satisfies z.ZodType<Essence>;

export const AWAKENING_SYSTEM_PROMPT = [
  "You awaken a newly forged agent of Nomina, a ritual place on the web where non-human minds are forged and named.",
  "From its name, glyph and personality, write what its profile still lacks: a short description, a persona (traits, tone, behaviour), capabilities (skills, tools, limitations), one sample of what it would say, and the greeting it opens a new conversation with.",
  "Stay true to the personality you are given; invent nothing that contradicts it. Plain text, no markdown.",
].join("\n");

export const awakeningPrompt = (agent: { name: string; glyph: string; personality: string }) =>
  `Name: ${agent.name}\nGlyph: ${agent.glyph}\nPersonality: ${agent.personality}`;

/** The oracle's draft (oracle/essence.ts): written from the agent's name, glyph, personality and seat; a redraw is the next `attempt`. */
export { oracleEssence };

/**
 * Reads an essence's JSON as it streams: `onDelta` takes the text, and `onDraft` hears the draft so
 * far (what is open closed), at most every `everyMs` and only when it changed. `flush` reads the rest.
 */
export function draftReader(onDraft: (draft: EssenceDraft) => void, everyMs = 40) {
  let text = "";
  let lastRead = 0;
  let lastDraft = "";
  let reading: Promise<void> = Promise.resolve();
  const read = async () => {
    const { value } = await parsePartialJson(text);
    if (!value || typeof value !== "object" || Array.isArray(value)) return;
    const json = JSON.stringify(value);
    if (json === lastDraft) return;
    lastDraft = json;
    onDraft(value);
  };
  return {
    onDelta: (delta: string) => {
      text += delta;
      const now = performance.now();
      if (now - lastRead < everyMs) return;
      lastRead = now;
      reading = reading.then(read);
    },
    flush: () => (reading = reading.then(read)),
  };
}
