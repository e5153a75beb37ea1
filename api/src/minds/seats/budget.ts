// A model seat's spending, counted. Before each call the seat reserves the call's worst case
// (its input as estimated from the request's text, and every output token it may write, at list
// prices) from the day's budget, which all seats of every process share through the ledger; when
// the budget cannot spare it, the oracle answers in the model's place and the answer says why.
// After the call the reservation is settled to what the call cost, and the call is counted for
// the seat's day (latency, failure, spend) so that curators can see how each seat is faring.
import { callCost } from "../pricing.ts";
import { SEAT_PROVIDER, SeatFailure, type OracleReason, type Seat, type SeatIdentity } from "../identity.ts";
import type { SpeakRequest, Voice } from "./voice.ts";

/** Micro-dollars taken from one UTC day's budget, given back when the call ends. */
export type Reservation = { day: string; micros: number };

/** The ledger's answer before a call: go ahead (holding the reservation, if one was needed), or why not. */
export type Grant = { granted: true; reservation: Reservation | null } | { granted: false; reason: OracleReason };

/** How a model call ended, as the seat's day counts it. */
export type CallOutcome = {
  seat: Seat;
  model: string;
  /** What the call cost in micro-dollars; null when its model has no list price. */
  costMicros: number | null;
  latencyMs: number;
  /** Why it failed (safe to show: the seat never puts a key in it), or null when it answered. */
  error: string | null;
  /** The asker stopped it: its cost counts, but it is neither a call nor a failure of the seat's. */
  cancelled: boolean;
};

/** Where the minds' spending is kept: shared by every process (domains/usage/spend.ts). */
export interface SpendLedger {
  /** Today, the UTC day by the app's clock, as YYYY-MM-DD. */
  today(): string;
  /**
   * Reserves `micros` (a call's worst case; null when its model has no list price) from today's
   * budget, atomically. Never rejects: a ledger that cannot be reached refuses with `ledger`.
   */
  reserve(identity: Pick<SeatIdentity, "seat" | "model">, micros: number | null): Promise<Grant>;
  /** After a granted call: gives its reservation back, counts its cost and the call. Never rejects. */
  settle(reservation: Reservation | null, outcome: CallOutcome): Promise<void>;
}

/** About four characters a token for English text; three leaves room for text that tokenises worse. */
const CHARS_PER_TOKEN = 3;
/** What each turn adds beyond its text (roles, separators), and a response schema's own tokens. */
const TURN_TOKENS = 8;
const SCHEMA_TOKENS = 800;

/** The request's input tokens, estimated on the generous side. */
export function inputTokensOf(request: SpeakRequest): number {
  const turns = [request.system, request.prompt, ...(request.history ?? []).map((turn) => turn.text)];
  const text = turns.reduce((sum, part) => sum + Math.ceil(part.length / CHARS_PER_TOKEN) + TURN_TOKENS, 0);
  return text + (request.schema ? SCHEMA_TOKENS : 0);
}

/** Dollars as whole micro-dollars (the precision pricing.ts estimates to). */
export const toMicros = (usd: number | null): number | null => (usd === null ? null : Math.round(usd * 1e6));

/**
 * `model` (a seat with a key) with its spending counted by `ledger`; `oracle` answers for the
 * seat when the ledger refuses. The voice is shown as the oracle (its identity) once this process
 * has found today's budget spent, until the day turns or the budget has room again.
 */
export function budgetedVoice(model: Voice, oracle: Voice, ledger: SpendLedger, maxOutputTokens: number): Voice {
  const { seat, model: modelName, provider = SEAT_PROVIDER[seat] } = model.identity;
  /** At list price; nothing for an unlisted model on an OpenAI-compatible (local) server; null when unknown. */
  const priced = (usage: { inputTokens: number; outputTokens: number }) => callCost(provider, { configured: modelName }, usage);
  let spentOn: string | null = null;

  return {
    get identity() {
      return spentOn === ledger.today() ? oracle.identity : model.identity;
    },

    async speak(request, options = {}) {
      const inputTokens = inputTokensOf(request);
      const grant = await ledger.reserve(model.identity, toMicros(priced({ inputTokens, outputTokens: maxOutputTokens })));
      if (!grant.granted) {
        if (grant.reason === "budget") spentOn = ledger.today();
        return { ...(await oracle.speak(request, options)), oracleReason: grant.reason };
      }
      spentOn = null;
      const started = performance.now();
      let streamed = 0;
      try {
        const answer = await model.speak(request, {
          ...options,
          onDelta: (delta) => {
            streamed += delta.length;
            options.onDelta?.(delta);
          },
        });
        await ledger.settle(grant.reservation, {
          seat,
          model: modelName,
          costMicros: toMicros(answer.costUsd),
          latencyMs: answer.latencyMs,
          error: null,
          cancelled: false,
        });
        return answer;
      } catch (error) {
        const failure = error instanceof SeatFailure ? error : null;
        // The provider reports no usage for a call that broke off; what it had already written is
        // estimated from its text (nothing is charged for a call that failed before its first word).
        const costMicros = streamed > 0 ? toMicros(priced({ inputTokens, outputTokens: Math.ceil(streamed / CHARS_PER_TOKEN) })) : 0;
        await ledger.settle(grant.reservation, {
          seat,
          model: modelName,
          costMicros,
          latencyMs: failure?.latencyMs ?? Math.round(performance.now() - started),
          error: failure?.message ?? "The seat failed unexpectedly",
          cancelled: failure?.kind === "cancelled",
        });
        throw error;
      }
    },
  };
}
