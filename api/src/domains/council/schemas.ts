import { z } from "zod";
import { idOf } from "../../graphql/ids.ts";

export const COUNCIL_WHISPER_MAX = 500;

export const nominateSchema = z.object({
  agentId: idOf("Agent", "Agent not found"),
  /** Accepted for the contract's payload shape; the server records the agent's own name. */
  agentName: z.string().nullish(),
  nominatedBy: z.string({ error: "nominatedBy must be text" }).trim().max(100, "nominatedBy is too long").nullish(),
  reason: z.string({ error: "reason must be text" }).trim().max(500, "The nomination reason is too long").nullish(),
});
export type NominateInput = z.output<typeof nominateSchema>;

export const councilWhisperSchema = z.object({
  content: z
    .string({ error: "A whisper needs words" })
    .trim()
    .min(1, "A whisper needs words")
    .max(COUNCIL_WHISPER_MAX, `A whisper holds at most ${COUNCIL_WHISPER_MAX} characters`),
  /** Accepted for the contract's payload shape ('anonymous'); the server decides who spoke. */
  userId: z.string().nullish(),
});
export type CouncilWhisperInput = z.output<typeof councilWhisperSchema>;

export const consultSchema = z.object({
  prompt: z
    .string({ error: "Speak a question to the Council" })
    .trim()
    .min(1, "Speak a question to the Council")
    .max(4000, "The question is too long for the Council"),
});
