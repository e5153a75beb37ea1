// How the minds are configured: each seat's key, address, model and binding, and the limits of a call.
import type { Seat } from "@nomina/shared/enums";
import type { Secret } from "./secret.ts";
import type { SeatBinding } from "./identity.ts";

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
