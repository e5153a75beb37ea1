// What the rest of the product knows about the minds: who answers, how it is marked, what an
// answer records, and how a seat reports that it could not answer.
import { SEATS, type GlyphType, type OutputType, type Seat } from "@nomina/shared/enums";
import type { Capabilities, Persona } from "@nomina/shared/agents";
import type { OracleReason } from "@nomina/shared/minds";
import type { Secret } from "./secret.ts";
import type { MemoryNote, PersonaContext } from "./person.ts";

export { GLYPH_TYPES, SEATS, type GlyphType, type Seat } from "@nomina/shared/enums";

/** The Council's voices: the four seats, then the chairman's synthesis. */
export const COUNCIL_VOICES = [...SEATS, "synthesis"] as const;
export type CouncilVoice = (typeof COUNCIL_VOICES)[number];

/** True for one of the four seats' names. */
export const isSeat = (value: unknown): value is Seat => (SEATS as readonly unknown[]).includes(value);

/** 'model' when a provider answered, 'oracle' when the offline oracle did. */
export type MindMode = "model" | "oracle";

/**
 * Whose answer it was (the contract's `provider`): the seat's own provider, the OpenAI-compatible
 * server or OpenRouter it is bound to instead, or the offline oracle.
 */
export const MIND_PROVIDERS = ["google", "anthropic", "perplexity", "deepseek", "openai_compatible", "openrouter", "oracle"] as const;
export type MindProvider = (typeof MIND_PROVIDERS)[number];
/** Each seat's own provider: what it speaks through unless bound elsewhere. */
export const SEAT_PROVIDER = { gemini: "google", claude: "anthropic", perplexity: "perplexity", deepseek: "deepseek" } as const satisfies Record<
  Seat,
  MindProvider
>;

export { ORACLE_REASONS, type OracleReason } from "@nomina/shared/minds";

/** Where a seat may be bound instead of its own provider (the seat keeps its name). */
export const SEAT_BINDINGS = ["openai_compatible", "openrouter"] as const;
export type SeatBinding = (typeof SEAT_BINDINGS)[number];

/**
 * The provider behind an answer; null while it is not known (a seat that has not answered yet).
 * `mode`, `seat` and `provider` as stored (text columns, JSON), so any string may come; an answer
 * recorded before seats could be bound elsewhere has no provider and was its seat's own.
 */
export function providerOf(mode: string | null | undefined, seat: string | null | undefined, provider?: string | null): MindProvider | null {
  if (mode === "oracle") return "oracle";
  if (mode !== "model") return null;
  const recorded = MIND_PROVIDERS.find((known) => known === provider && known !== "oracle");
  return recorded ?? (isSeat(seat) ? SEAT_PROVIDER[seat] : null);
}

export type TokenUsage = { inputTokens: number; outputTokens: number };

/**
 * Who answers for a seat: a provider's model, or the oracle when the seat has no key. Before an
 * answer `model` is the configured one; an answer's is the one the provider says answered.
 * `provider` is absent on records from before seats could be bound elsewhere (see providerOf).
 */
export type SeatIdentity = { seat: Seat; mode: MindMode; model: string; provider?: MindProvider };

export type MindAnswer = SeatIdentity & {
  text: string;
  /** From the call's start (waiting for a free slot included) to its last token. */
  latencyMs: number;
  /** From the call's start to the first token; null when no text came. */
  firstTokenMs: number | null;
  usage: TokenUsage;
  /** Estimated by pricing.ts (OpenRouter's own figure when it reports one); null when unknown. */
  costUsd: number | null;
  /** 1, or 2 after a retry. */
  attempts: number;
  /** For a request with a schema: the structured output, valid against it. */
  output?: unknown;
  /** Set when the oracle answered in place of the seat's model (seats/budget.ts). */
  oracleReason?: OracleReason;
};

export type FailureKind = "timeout" | "busy" | "provider" | "network" | "empty" | "cancelled" | "malformed";

/** A seat could not answer. `reason` is safe to show: it never carries a key. */
export class SeatFailure extends Error {
  readonly identity: SeatIdentity;
  readonly kind: FailureKind;
  readonly latencyMs: number;
  readonly attempts: number;

  constructor(identity: SeatIdentity, kind: FailureKind, reason: string, timing: { latencyMs: number; attempts: number }) {
    super(reason);
    this.name = "SeatFailure";
    this.identity = identity;
    this.kind = kind;
    this.latencyMs = timing.latencyMs;
    this.attempts = timing.attempts;
  }
}

export type CouncilCallOptions = { onEvent?: (event: CouncilEvent) => void; pace?: boolean; signal?: AbortSignal };

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
  /** In a conclave (#28): the other agents in the thread, whose words reach this one as "[Name]: ...". */
  company?: readonly string[];
};

/** The parts of an agent a mind needs to speak in its character. */
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

export type AgentCharacter = {
  name: string;
  username: string;
  personality: string;
  description: string | null;
  apiModel: Seat;
  persona: Persona | null;
  capabilities: Capabilities | null;
};

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

export type SeatSettings = {
  apiKey: Secret | undefined;
  baseURL: string | undefined;
  model: string;
  /** Where the seat is bound instead of its own provider; absent: its own (SEAT_PROVIDER). */
  binding?: SeatBinding;
};

export type MindsSettings = {
  seats: Record<Seat, SeatSettings>;
  /** Each attempt of a seat call, and the wait for a free slot, ends after this long. */
  timeoutMs: number;
  /** Pause before the one retry of a transient failure. */
  retryDelayMs: number;
  /** Calls in flight per seat; more wait for a slot. */
  concurrency: number;
  maxOutputTokens: number;
  /** How much of a conversation a seat is given (estimated tokens): the newest turns that fit. */
  contextTokens: number;
  /** Pause between the oracle's chunks when a client streams them. */
  oraclePaceMs: number;
  /** The seat that chairs the Council when it can. */
  chair: Seat;
};

export interface Minds {
  identity(seat: Seat): SeatIdentity;
  /**
   * An agent answers a message (or a glyph ritual) in character, through its bound seat, with the
   * conversation so far (oldest first): as many of the newest turns as fit its context budget.
   * `attempt`: which answer to the message this is (a regeneration is the next); the oracle is seeded by it.
   */
  answerAsAgent(
    agent: AgentCharacter,
    message: string,
    glyphType?: GlyphType,
    options?: SpeakOptions & { history?: readonly Turn[]; attempt?: number },
  ): Promise<MindAnswer>;
  /**
   * An agent goes on with its last answer (`said`, to `question`) from where it stopped: only the
   * new words are spoken, to be appended. `history`: the thread before the question, and the question.
   */
  continueAsAgent(agent: AgentCharacter, question: string, said: string, options?: SpeakOptions & { history?: readonly Turn[] }): Promise<MindAnswer>;

  /**
   * What the agent learns about the person from one exchange (#27): notes by the seat's model with
   * structured output (metered like every call), by the oracle's patterns when the seat has no key.
   */
  notesFrom(agent: AgentCharacter, message: string, answer: string, memories: readonly MemoryNote[]): Promise<MemoryNote[]>;
  /** The Council answers a whisper from the terminal: the chairman, or the next seat that can. */
  answerCouncilWhisper(content: string): Promise<MindAnswer>;
  /**
   * A newly forged agent's seat drafts its description, persona, capabilities and one sample
   * (minds/awakening.ts); the oracle drafts instead when the seat has no key or fails. Never rejects
   * for a seat's failure: `answer` says which mode wrote the draft. `onDraft` hears the draft as it
   * is written, and last the whole essence kept.
   */
  awaken(agent: AwakeningAgent, options?: AwakeningOptions): Promise<{ essence: Essence; answer: MindAnswer | null; failure: SeatFailure | null }>;
  /** The seated seats answer in parallel, review each other when asked, then a chairman speaks the synthesis. */
  consultCouncil(request: CouncilRequest, options?: CouncilCallOptions): Promise<CouncilOutcome>;
  /** The parts of a deliberation, for asking one seat again and speaking the synthesis anew. */
  council: {
    answer(seat: Seat, request: CouncilRequest, options?: CouncilCallOptions): Promise<VoiceRecord>;
    reviews(
      request: CouncilRequest,
      seats: Partial<Record<Seat, VoiceRecord>>,
      options?: CouncilCallOptions,
    ): Promise<Pick<CouncilOutcome, "reviews" | "ranking">>;
    synthesise(
      request: CouncilRequest,
      seats: Partial<Record<Seat, VoiceRecord>>,
      ranking: RankingRow[] | null,
      options?: CouncilCallOptions,
    ): Promise<SynthesisRecord>;
  };
}

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
