// Who answers for a seat and how an answer is marked: the seats and the Council's voices, the
// providers a seat speaks through, what an answer records, and how a seat says it could not answer.
import { SEATS, type Seat } from "@nomina/shared/enums";
import type { OracleReason } from "@nomina/shared/minds";

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
