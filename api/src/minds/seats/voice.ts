// A seat's voice: a provider's model when the seat has a key, the oracle when it has none.
// Both stream the same way, so a client cannot tell them apart except by their mode.
import type { ZodType } from "zod";
import type { SpeakOptions, Turn } from "../character.ts";
import type { MindAnswer, SeatIdentity } from "../identity.ts";

export type SpeakRequest = {
  system: string;
  prompt: string;
  /** The conversation before `prompt`, oldest first (already fitted to the seat's budget). */
  history?: readonly Turn[];
  /**
   * Asks for structured output: the answer's `output` is the model's JSON, checked against this
   * schema through the AI SDK (never read out of free text). The oracle's text is that JSON.
   */
  schema?: ZodType;
  /** What the oracle says in the model's place. */
  oracle: () => string;
};

export type Voice = {
  identity: SeatIdentity;
  /** Resolves with the whole answer; rejects with a SeatFailure. */
  speak(request: SpeakRequest, options?: SpeakOptions): Promise<MindAnswer>;
};
