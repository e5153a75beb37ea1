// A seat's voice: a provider's model when the seat has a key, the oracle when it has none.
// Both stream the same way, so a client cannot tell them apart except by their mode.
import type { MindAnswer, SeatIdentity, SpeakOptions } from "../types.ts";

export type SpeakRequest = {
  system: string;
  prompt: string;
  /** What the oracle says in the model's place. */
  oracle: () => string;
};

export type Voice = {
  identity: SeatIdentity;
  /** Resolves with the whole answer; rejects with a SeatFailure. */
  speak(request: SpeakRequest, options?: SpeakOptions): Promise<MindAnswer>;
};

/** Resolves after `ms`, or rejects when `signal` aborts first. */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
