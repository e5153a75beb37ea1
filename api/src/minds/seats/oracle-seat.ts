// A seat without a key: the offline oracle's text, streamed in word-sized chunks so that the
// client streams it exactly as it streams a model. Pacing is only for streaming clients.
import { setTimeout as sleep } from "node:timers/promises";
import { ORACLE_MODEL } from "../oracle.ts";
import { SeatFailure, type Seat, type SeatIdentity } from "../identity.ts";
import type { Voice } from "./voice.ts";

/** Word-sized chunks that join back into `text` exactly. */
export function chunksOf(text: string): string[] {
  return text.match(/\s*\S+\s*/g) ?? [text];
}

/** A structured draft (JSON, as an awakening writes it) streams a few words at a time: it is read, not heard. */
const STRUCTURED_WORDS_PER_CHUNK = 4;

function structuredChunksOf(text: string): string[] {
  const words = chunksOf(text);
  const chunks: string[] = [];
  for (let index = 0; index < words.length; index += STRUCTURED_WORDS_PER_CHUNK) chunks.push(words.slice(index, index + STRUCTURED_WORDS_PER_CHUNK).join(""));
  return chunks;
}

export function oracleVoice(seat: Seat, paceMs: number): Voice {
  const identity: SeatIdentity = { seat, mode: "oracle", model: ORACLE_MODEL, provider: "oracle" };
  return {
    identity,
    async speak(request, { onDelta, pace, signal } = {}) {
      const started = performance.now();
      const text = request.oracle();
      let firstTokenMs: number | null = null;
      try {
        for (const [index, chunk] of (request.schema ? structuredChunksOf(text) : chunksOf(text)).entries()) {
          if (index > 0 && pace && paceMs > 0) await sleep(paceMs, undefined, { signal });
          if (signal?.aborted) throw signal.reason;
          firstTokenMs ??= Math.round(performance.now() - started);
          onDelta?.(chunk);
        }
      } catch {
        throw new SeatFailure(identity, "cancelled", "The invocation was cancelled", { latencyMs: Math.round(performance.now() - started), attempts: 1 });
      }
      return {
        ...identity,
        text,
        ...(request.schema ? { output: request.schema.parse(JSON.parse(text)) } : {}),
        latencyMs: Math.round(performance.now() - started),
        firstTokenMs,
        usage: { inputTokens: 0, outputTokens: 0 },
        costUsd: 0,
        attempts: 1,
      };
    },
  };
}
