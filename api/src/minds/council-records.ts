// The Council's questions and records: who sits, what each voice and review keeps, the ranking,
// and what the Council says while it deliberates.
import type { Seat } from "@nomina/shared/enums";
import type { OracleReason } from "@nomina/shared/minds";
import type { AgentCharacter } from "./character.ts";
import type { CouncilVoice, MindMode, MindProvider, SeatIdentity, TokenUsage } from "./identity.ts";

export type CouncilCallOptions = { onEvent?: (event: CouncilEvent) => void; pace?: boolean; signal?: AbortSignal };

/**
 * An ascended Council member sitting at the Gate (#28): it takes the seat its agent is bound to,
 * in place of that seat's bare model, and speaks there in its own persona.
 */
export type CouncilSitter = { memberId: string; agentId: string; glyph: string; character: AgentCharacter };

/** Who sat in a seat, as records keep it: the member, its agent, its name and glyph when it sat. */
export type MemberTag = { memberId: string; agentId: string; name: string; glyph: string };

export const memberTag = (sitter: CouncilSitter): MemberTag => ({
  memberId: sitter.memberId,
  agentId: sitter.agentId,
  name: sitter.character.name,
  glyph: sitter.glyph,
});

/** One voice of a Council invocation, as it is stored and shown. */
export type VoiceRecord = SeatIdentity & {
  /** stopped: the asker stopped the Council while this voice spoke; `text` holds its words so far. */
  status: "speaking" | "answered" | "failed" | "stopped";
  text: string;
  error: string | null;
  latencyMs: number | null;
  firstTokenMs: number | null;
  usage: TokenUsage | null;
  costUsd: number | null;
  attempts: number;
  /** Why the oracle answered in place of the seat's model; absent when it did not (or in records from before). */
  oracleReason?: OracleReason;
  /** The ascended member who spoke in this seat (#28); absent when the seat's model did. */
  member?: MemberTag;
};

/** The synthesis also keeps the chairmen that failed before one spoke. */
export type SynthesisRecord = VoiceRecord & { fallbacks: { seat: Seat; error: string }[] };

/** One earlier question of a Council session, and what the Council concluded. */
export type CouncilTurn = { question: string; synthesis: string | null };

/** A question to the Council, and how it sits. */
export type CouncilRequest = {
  prompt: string;
  /** The seats that sit (two to four); all four when not chosen. */
  seats?: readonly Seat[];
  /** Who chairs first (the next seat that answered takes over when it fails); the configured chair when not chosen. */
  chair?: Seat;
  /** Whether the seats review each other's answers before the synthesis. */
  review?: boolean;
  /** The session so far, oldest first: every seat and the chair read it. */
  history?: readonly CouncilTurn[];
  /** Ascended members sitting in their bound seats in place of the seats' models (#28). */
  members?: Partial<Record<Seat, CouncilSitter>>;
};

export type CouncilOutcome = {
  /** The seated seats' answers. */
  seats: Partial<Record<Seat, VoiceRecord>>;
  /** Each reviewer's ranking, when the question asked for a review. */
  reviews: Partial<Record<Seat, ReviewRecord>>;
  /** The review's totals by Borda count, best first; null without a review. */
  ranking: RankingRow[] | null;
  synthesis: SynthesisRecord;
};

/** What the Council says while it deliberates, voice by voice, and its reviews as they come back. */
export type CouncilEvent =
  | { voice: CouncilVoice; type: "start"; identity: SeatIdentity; restartReason?: string }
  | { voice: CouncilVoice; type: "delta"; text: string }
  | { voice: CouncilVoice; type: "end"; record: VoiceRecord }
  | { voice: Seat; type: "review-start"; identity: SeatIdentity }
  | { voice: Seat; type: "review"; record: ReviewRecord }
  | { voice: "synthesis"; type: "ranking"; ranking: RankingRow[] };

/** One seat's anonymous review of the others' answers (minds/review.ts makes it). */
export type ReviewRecord = {
  status: "reviewed" | "failed" | "stopped";
  seat: Seat;
  mode: MindMode;
  model: string;
  provider?: MindProvider;
  /** The answers' seats as this reviewer ranked them, best first. */
  order: Seat[];
  reason: string | null;
  error: string | null;
  latencyMs: number | null;
  usage: TokenUsage | null;
  costUsd: number | null;
  /** Why the oracle reviewed in place of the seat's model. */
  oracleReason?: OracleReason;
  /** Which seat each letter the reviewer read stood for ({A: "claude", ...}); absent in reviews from before it was kept. */
  labels?: Partial<Record<string, Seat>>;
  /** The ascended member who reviewed from this seat (#28). */
  member?: MemberTag;
  /** The members' names, by seat, among the answers this reviewer read: readers see them in place of letters. */
  names?: Partial<Record<Seat, string>>;
};

export type RankingRow = { seat: Seat; points: number; firstPlaces: number; reviewers: number };
