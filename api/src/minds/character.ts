// What a mind is given to speak as an agent: its character, the conversation so far, how the
// call is carried out, and what an awakening drafts.
import type { OutputType, Seat } from "@nomina/shared/enums";
import type { Capabilities, Persona } from "@nomina/shared/agents";
import type { MemoryNote, PersonaContext } from "./person.ts";

/** One earlier turn of a conversation, as a mind reads it. */
export type Turn = { role: "user" | "agent"; text: string };

/** How a call is carried out: tokens as they come, oracle pacing, cancellation. */
export type SpeakOptions = {
  onDelta?: (text: string) => void;
  /** Pace the oracle's chunks like a model's tokens: only streaming clients need it. */
  pace?: boolean;
  signal?: AbortSignal;
  /** Who the agent talks with in this thread (#27): told to every seat, addressed by the oracle. */
  persona?: PersonaContext | null;
  /** What the agent remembers about that person (#27); absent or empty when memory is off. */
  memories?: readonly MemoryNote[];
  /** Whether what the person says of themselves is kept (memory on in this thread): the oracle says so only then. */
  remembering?: boolean;
  /** In a conclave (#28): the other agents in the thread, whose words reach this one as "[Name]: ...". */
  company?: readonly string[];
};

/** What an awakening drafts (minds/awakening.ts checks it with its zod schema). */
export type Essence = {
  description: string;
  persona: { traits: string[]; tone: string; behavior: string };
  capabilities: { skills: string[]; tools: string[]; limitations: string };
  sample: { type: OutputType; content: string };
  /** How it opens a new thread, in its own voice (a model may leave it out). */
  greeting?: string;
};

/** An essence as drafted so far: any part may still be missing, and the last one cut short. */
export type EssenceDraft = {
  description?: string;
  persona?: Partial<Essence["persona"]>;
  capabilities?: Partial<Essence["capabilities"]>;
  sample?: Partial<Essence["sample"]>;
};

/** How an awakening is carried out: its draft as it is written, pacing, cancellation. */
export type AwakeningOptions = Omit<SpeakOptions, "onDelta"> & {
  onDraft?: (draft: EssenceDraft) => void;
  /** Which draft this is (1 when forged; a redraw asks for the next): the oracle's draft is seeded by it. */
  attempt?: number;
};

export type AwakeningAgent = { name: string; username: string; glyph: string; personality: string; apiModel: Seat };

/** The parts of an agent a mind needs to speak in its character. */
export type AgentCharacter = {
  name: string;
  username: string;
  personality: string;
  description: string | null;
  apiModel: Seat;
  persona: Persona | null;
  capabilities: Capabilities | null;
  /** One of the six genesis agents: the oracle speaks it in its genesis voice; any other agent in one of its own. */
  genesis?: boolean;
};
