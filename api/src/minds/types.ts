// What the rest of the product knows about the minds: who answers, and how it is marked.
import type { Capabilities, Persona } from "../domains/agents/essence.ts";

export const SEATS = ["gemini", "claude", "perplexity", "deepseek"] as const;
export type Seat = (typeof SEATS)[number];

export const GLYPH_TYPES = ["truth", "poem", "secret"] as const;
export type GlyphType = (typeof GLYPH_TYPES)[number];

/** 'model' when a provider answered, 'oracle' when the offline oracle did. */
export type MindMode = "model" | "oracle";

export type MindAnswer = {
  text: string;
  mode: MindMode;
  seat: Seat;
  model: string;
};

/** The parts of an agent a mind needs to speak in its character. */
export type AgentCharacter = {
  name: string;
  username: string;
  personality: string;
  description: string | null;
  apiModel: Seat;
  persona: Persona | null;
  capabilities: Capabilities | null;
};

export type CouncilAnswers = Record<Seat, MindAnswer> & { synthesis: MindAnswer };

export interface Minds {
  /** An agent answers a message (or a glyph ritual) in character, through its bound seat. */
  answerAsAgent(agent: AgentCharacter, message: string, glyphType?: GlyphType): Promise<MindAnswer>;
  /** The Council answers a whisper from the terminal. */
  answerCouncilWhisper(content: string): Promise<MindAnswer>;
  /** The four seats answer one prompt, then a synthesis is spoken (the Summoning Gate). */
  consultCouncil(prompt: string): Promise<CouncilAnswers>;
}
