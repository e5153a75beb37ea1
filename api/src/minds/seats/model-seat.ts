// A seat with a key: its provider's model, streamed through the AI SDK. Each call waits for a
// free slot (bounded concurrency per seat), each attempt has a timeout, and a transient failure
// (a 5xx or a network fault) before any text has streamed is retried once; after text has
// reached the client a retry would repeat it, so the seat fails instead.
import { APICallError, RetryError, streamText } from "ai";
import type { Logger } from "../../logger.ts";
import { estimateCost } from "../pricing.ts";
import { redact, type Secret } from "../secret.ts";
import { SeatFailure, type FailureKind, type MindAnswer, type Seat, type SeatIdentity, type SeatSettings } from "../types.ts";
import { languageModel } from "./providers.ts";
import { Semaphore } from "./semaphore.ts";
import { pause, type Voice } from "./voice.ts";

export type SeatLimits = { timeoutMs: number; retryDelayMs: number; concurrency: number; maxOutputTokens: number };

type Attempt = { kind: FailureKind; reason: string; transient: boolean; status?: number };

export function modelVoice(seat: Seat, settings: SeatSettings & { apiKey: Secret }, limits: SeatLimits, log: Logger, secrets: Secret[]): Voice {
  const identity: SeatIdentity = { seat, mode: "model", model: settings.model };
  const model = languageModel(seat, settings);
  const slots = new Semaphore(limits.concurrency);
  const clean = (text: string) => redact(text, secrets).slice(0, 240);

  return {
    identity,
    async speak({ system, prompt }, { onDelta, signal } = {}) {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      let attempts = 0;
      let firstTokenMs: number | null = null;
      const failure = (kind: FailureKind, reason: string) => new SeatFailure(identity, kind, clean(reason), { latencyMs: elapsed(), attempts });

      const waiting = AbortSignal.any([AbortSignal.timeout(limits.timeoutMs), ...(signal ? [signal] : [])]);
      let release;
      try {
        release = await slots.acquire(waiting);
      } catch {
        if (signal?.aborted) throw failure("cancelled", "The invocation was cancelled");
        throw failure("busy", `${seat} had no free slot within ${limits.timeoutMs} ms`);
      }
      try {
        for (;;) {
          attempts++;
          let text = "";
          const outcome = await attempt(system, prompt, signal, (delta) => {
            text += delta;
            firstTokenMs ??= elapsed();
            onDelta?.(delta);
          });
          if ("usage" in outcome) {
            if (!text.trim()) throw failure("empty", `${seat} answered with no text`);
            const answer: MindAnswer = {
              ...identity,
              text,
              latencyMs: elapsed(),
              firstTokenMs,
              usage: outcome.usage,
              costUsd: estimateCost(settings.model, outcome.usage),
              attempts,
            };
            log.debug({ seat, model: settings.model, latencyMs: answer.latencyMs, usage: answer.usage, attempts }, "seat answered");
            return answer;
          }
          log.warn({ seat, model: settings.model, kind: outcome.kind, status: outcome.status, attempt: attempts, reason: outcome.reason }, "seat call failed");
          const retry = attempts === 1 && outcome.transient && text === "" && !signal?.aborted;
          if (!retry) throw failure(outcome.kind, outcome.reason);
          try {
            await pause(limits.retryDelayMs, signal);
          } catch {
            throw failure("cancelled", "The invocation was cancelled");
          }
        }
      } finally {
        release();
      }
    },
  };

  /** One streamed call: its usage, or why it failed (already cleaned of secrets). */
  async function attempt(system: string, prompt: string, signal: AbortSignal | undefined, onText: (text: string) => void) {
    const timeout = AbortSignal.timeout(limits.timeoutMs);
    const abortSignal = AbortSignal.any([timeout, ...(signal ? [signal] : [])]);
    const aborted = (): Attempt =>
      timeout.aborted
        ? { kind: "timeout", reason: `${seat} did not finish within ${limits.timeoutMs} ms`, transient: false }
        : { kind: "cancelled", reason: "The invocation was cancelled", transient: false };
    try {
      const result = streamText({
        model,
        system,
        prompt,
        abortSignal,
        maxRetries: 0,
        maxOutputTokens: limits.maxOutputTokens,
        // The SDK prints errors to the console by default; they are classified below instead.
        onError: () => {},
      });
      let usage = { inputTokens: 0, outputTokens: 0 };
      for await (const part of result.fullStream) {
        if (part.type === "text-delta" && part.text) onText(part.text);
        else if (part.type === "error") return abortSignal.aborted ? aborted() : classify(part.error);
        else if (part.type === "abort") return aborted();
        else if (part.type === "finish") usage = { inputTokens: part.totalUsage.inputTokens ?? 0, outputTokens: part.totalUsage.outputTokens ?? 0 };
      }
      return abortSignal.aborted ? aborted() : { usage };
    } catch (error) {
      return abortSignal.aborted ? aborted() : classify(error);
    }
  }

  function classify(error: unknown): Attempt {
    const cause = RetryError.isInstance(error) ? error.lastError : error;
    if (APICallError.isInstance(cause)) {
      const detail = clean(cause.message);
      if (cause.statusCode !== undefined) {
        return { kind: "provider", status: cause.statusCode, reason: `${seat} answered ${cause.statusCode}: ${detail}`, transient: cause.statusCode >= 500 };
      }
      return { kind: "network", reason: `${seat} could not be reached: ${detail}`, transient: cause.isRetryable };
    }
    const message = cause instanceof Error ? cause.message : String(cause);
    return { kind: "provider", reason: `${seat} sent an answer that could not be read: ${clean(message)}`, transient: false };
  }
}
