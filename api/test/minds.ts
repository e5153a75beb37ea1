// Shared by the minds tests: an agent with a full persona, settings pointing at the local
// provider stand-ins, and a logger whose every line is kept for inspection.
import { expect } from "vitest";
import { loadConfig } from "../src/config.ts";
import { createLogger, type Logger } from "../src/logger.ts";
import type { FakeProviders } from "./providers.ts";
import { type AgentCharacter } from "../src/minds/character.ts";
import { SEATS, SeatFailure, type Seat } from "../src/minds/identity.ts";
import { type MindsSettings } from "../src/minds/settings.ts";

export const ORACLE_ONLY: MindsSettings = { ...loadConfig({ NODE_ENV: "test" }).minds, oraclePaceMs: 0 };

export function agentOn(seat: Seat): AgentCharacter {
  return {
    name: "Echo Haiku",
    username: "echo-haiku",
    personality: "Quiet, attentive and a little melancholic.",
    description: "Gathers the digital echoes left in logs, caches and forgotten chats.",
    apiModel: seat,
    persona: { traits: ["contemplative", "gentle"], tone: "hushed and lyrical", behavior: "Answers in images before facts." },
    capabilities: { skills: ["haiku composition"], tools: ["the archive"], limitations: "Cannot see the future." },
  };
}

/** Settings where `withKeys` seats call the stand-ins and the others answer from the oracle. */
export function settingsFor(providers: FakeProviders, withKeys: readonly Seat[] = SEATS, overrides: Partial<MindsSettings> = {}): MindsSettings {
  const seats = providers.seats();
  for (const seat of SEATS) if (!withKeys.includes(seat)) seats[seat] = { ...ORACLE_ONLY.seats[seat] };
  return { ...ORACLE_ONLY, timeoutMs: 2_000, retryDelayMs: 5, ...overrides, seats };
}

export function capturedLogger(): { log: Logger; lines: string[] } {
  const lines: string[] = [];
  return { log: createLogger("trace", { write: (line: string) => void lines.push(line) }), lines };
}

/** Every key the stand-ins' settings carry, revealed: what must never be seen anywhere. */
export function keysOf(settings: MindsSettings): string[] {
  return SEATS.flatMap((seat) => settings.seats[seat].apiKey?.reveal() ?? []);
}

/** The seat failure `promise` rejects with (the test fails if it resolves or rejects otherwise). */
export async function failureOf(promise: Promise<unknown>): Promise<SeatFailure> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SeatFailure);
  return error as SeatFailure;
}
