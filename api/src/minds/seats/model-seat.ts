// A seat with a model (a key, or a keyless OpenAI-compatible server): its provider's model,
// streamed through the AI SDK. An answer records the model the provider says answered (a local
// server's full tag, OpenRouter's upstream model), which may differ from the one asked for. Each call waits for a
// free slot (bounded concurrency per seat), each attempt has a timeout, and a transient failure
// (a 5xx or a network fault) before any text has streamed is retried once; after text has
// reached the client a retry would repeat it, so the seat fails instead.
import { setTimeout as sleep } from "node:timers/promises";
import { APICallError, NoObjectGeneratedError, NoOutputGeneratedError, Output, RetryError, streamText, type ModelMessage, type ProviderMetadata } from "ai";
import type { ZodType } from "zod";
import pLimit, { type LimitFunction } from "p-limit";
import type { Logger } from "../../logger.ts";
import { callCost } from "../pricing.ts";
import { redact, type Secret } from "../secret.ts";
import { type Turn } from "../character.ts";
import { SeatFailure, type FailureKind, type MindAnswer, type Seat, type SeatIdentity, type TokenUsage } from "../identity.ts";
import { type SeatSettings } from "../settings.ts";
import { languageModel, providerOfSeat } from "./providers.ts";
import type { Voice } from "./voice.ts";

export type SeatLimits = { timeoutMs: number; retryDelayMs: number; concurrency: number; maxOutputTokens: number };

type Attempt = { kind: FailureKind; reason: string; transient: boolean; status?: number };

/** A call that finished: its usage, the model that answered, what it reportedly cost, its structured output. */
type Spoken = { usage: TokenUsage; model: string; reportedCostUsd: number | undefined; output?: unknown };

export function modelVoice(seat: Seat, settings: SeatSettings, limits: SeatLimits, log: Logger, secrets: Secret[]): Voice {
  const provider = providerOfSeat(seat, settings);
  const identity: SeatIdentity = { seat, mode: "model", model: settings.model, provider };
  const model = languageModel(seat, settings);
  const slots = pLimit(limits.concurrency);
  const clean = (text: string) => redact(text, secrets).slice(0, 240);

  return {
    identity,
    async speak({ system, prompt, history = [], schema }, { onDelta, signal } = {}) {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      let attempts = 0;
      let firstTokenMs: number | null = null;
      const failure = (kind: FailureKind, reason: string) => new SeatFailure(identity, kind, clean(reason), { latencyMs: elapsed(), attempts });

      const waiting = AbortSignal.any([AbortSignal.timeout(limits.timeoutMs), ...(signal ? [signal] : [])]);
      try {
        return await inTurn(slots, waiting, converse);
      } catch (error) {
        if (!waiting.aborted || error !== waiting.reason) throw error; // not a wait given up
        if (signal?.aborted) throw failure("cancelled", "The invocation was cancelled");
        throw failure("busy", `${seat} had no free slot within ${limits.timeoutMs} ms`);
      }

      async function converse(): Promise<MindAnswer> {
        for (;;) {
          attempts++;
          let text = "";
          const outcome = await attempt(system, conversation(history, prompt), schema, signal, (delta) => {
            text += delta;
            firstTokenMs ??= elapsed();
            onDelta?.(delta);
          });
          if ("usage" in outcome) {
            if (!text.trim()) throw failure("empty", `${seat} answered with no text`);
            const answer: MindAnswer = {
              ...identity,
              model: outcome.model,
              text,
              latencyMs: elapsed(),
              firstTokenMs,
              usage: outcome.usage,
              costUsd: callCost(provider, { configured: settings.model, answered: outcome.model }, outcome.usage, outcome.reportedCostUsd),
              attempts,
              ...(schema ? { output: outcome.output } : {}),
            };
            log.debug({ seat, provider, model: answer.model, latencyMs: answer.latencyMs, usage: answer.usage, attempts }, "seat answered");
            return answer;
          }
          log.warn(
            { seat, provider, model: settings.model, kind: outcome.kind, status: outcome.status, attempt: attempts, reason: outcome.reason },
            "seat call failed",
          );
          const retry = attempts === 1 && outcome.transient && text === "" && !signal?.aborted;
          if (!retry) throw failure(outcome.kind, outcome.reason);
          try {
            await sleep(limits.retryDelayMs, undefined, { signal });
          } catch {
            throw failure("cancelled", "The invocation was cancelled");
          }
        }
      }
    },
  };

  /** One streamed call: its usage, or why it failed (already cleaned of secrets). */
  async function attempt(
    system: string,
    messages: ModelMessage[],
    schema: ZodType | undefined,
    signal: AbortSignal | undefined,
    onText: (text: string) => void,
  ): Promise<Spoken | Attempt> {
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
        messages,
        abortSignal,
        maxRetries: 0,
        maxOutputTokens: limits.maxOutputTokens,
        // Structured output as the provider's own JSON mode (for Anthropic its output format,
        // rather than a forced tool call), checked against the schema by the SDK.
        ...(schema ? { output: Output.object({ schema }), providerOptions: { anthropic: { structuredOutputMode: "outputFormat" } } } : {}),
        // The SDK prints errors to the console by default; they are classified below instead.
        onError: () => {},
      });
      let usage = { inputTokens: 0, outputTokens: 0 };
      // The model the provider says answered, and the cost it reported (OpenRouter does).
      let answeredBy = settings.model;
      let reportedCostUsd: number | undefined;
      for await (const part of result.fullStream) {
        if (part.type === "text-delta" && part.text) onText(part.text);
        else if (part.type === "error") return abortSignal.aborted ? aborted() : classify(part.error);
        else if (part.type === "abort") return aborted();
        else if (part.type === "finish-step") {
          answeredBy = part.response.modelId.trim() || answeredBy;
          reportedCostUsd = reportedCost(part.providerMetadata);
        } else if (part.type === "finish") usage = { inputTokens: part.totalUsage.inputTokens ?? 0, outputTokens: part.totalUsage.outputTokens ?? 0 };
      }
      if (abortSignal.aborted) return aborted();
      const spoken: Spoken = { usage, model: answeredBy, reportedCostUsd };
      if (!schema) return spoken;
      try {
        return { ...spoken, output: await result.output };
      } catch (error) {
        if (NoObjectGeneratedError.isInstance(error) || NoOutputGeneratedError.isInstance(error)) {
          return { kind: "malformed", reason: `${seat} answered in a form that could not be read`, transient: false } satisfies Attempt;
        }
        throw error;
      }
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

/** The cost a provider reported for the call, in US dollars: OpenRouter's `usage.cost`. */
function reportedCost(metadata: ProviderMetadata | undefined): number | undefined {
  const cost = (metadata?.openrouter?.usage as { cost?: unknown } | undefined)?.cost;
  return typeof cost === "number" ? cost : undefined;
}

/**
 * Runs `work` in one of `slots` once one is free. A caller whose `signal` aborts while it waits
 * (it timed out, or its client left) fails at once with the signal's reason; its turn, when it
 * comes, passes on unused.
 */
function inTurn<T>(slots: LimitFunction, signal: AbortSignal, work: () => Promise<T>): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const leave = () => reject(signal.reason as Error);
    signal.addEventListener("abort", leave, { once: true });
    void slots(() => {
      signal.removeEventListener("abort", leave);
      if (signal.aborted) return;
      return work().then(resolve, reject);
    });
  });
}

/** The turns as the AI SDK sends them: the conversation so far, then the new message. */
function conversation(history: readonly Turn[], prompt: string): ModelMessage[] {
  return [
    ...history.map((turn): ModelMessage => (turn.role === "user" ? { role: "user", content: turn.text } : { role: "assistant", content: turn.text })),
    { role: "user", content: prompt },
  ];
}
