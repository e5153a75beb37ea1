// The Council: the four seats answer in parallel; then a chairman reads their answers,
// anonymised, and speaks the synthesis. A seat that fails is recorded as failed with its reason
// and the others go on; a chairman that fails hands the chair to the next seat that answered.
import type { Logger } from "../logger.ts";
import { oracleSeatAnswer, oracleSynthesis } from "./oracle.ts";
import { chairPrompt, CHAIR_SYSTEM_PROMPT, councilSeatSystemPrompt } from "./prompts.ts";
import type { SpeakRequest, Voice } from "./seats/voice.ts";
import {
  SEATS,
  SeatFailure,
  type CouncilEvent,
  type CouncilOutcome,
  type CouncilVoice,
  type MindAnswer,
  type Seat,
  type SeatIdentity,
  type SynthesisRecord,
  type VoiceRecord,
} from "./types.ts";

type Emit = (event: CouncilEvent) => void;

export type CouncilOptions = { onEvent?: Emit; pace?: boolean; signal?: AbortSignal };

/**
 * Who may chair, best first: seats with a model before the oracle's, the preferred chair
 * first within each; only among `candidates` (the seats that answered).
 */
export function chairOrder(preferred: Seat, candidates: readonly Seat[], voices: Record<Seat, Voice>): Seat[] {
  const rank = (seat: Seat) => (voices[seat].identity.mode === "model" ? 0 : 2) + (seat === preferred ? 0 : 1);
  return [...candidates].sort((a, b) => rank(a) - rank(b) || SEATS.indexOf(a) - SEATS.indexOf(b));
}

export function answeredRecord(answer: MindAnswer): VoiceRecord {
  const { text, latencyMs, firstTokenMs, usage, costUsd, attempts, seat, mode, model } = answer;
  return { status: "answered", seat, mode, model, text, error: null, latencyMs, firstTokenMs, usage, costUsd, attempts };
}

export function failedRecord(identity: SeatIdentity, text: string, error: unknown): VoiceRecord {
  const failure = error instanceof SeatFailure ? error : undefined;
  return {
    status: "failed",
    ...identity,
    text,
    // Anything that is not a SeatFailure is our own fault: logged by the caller, not shown.
    error: failure?.message ?? "The seat failed unexpectedly",
    latencyMs: failure?.latencyMs ?? null,
    firstTokenMs: null,
    usage: null,
    costUsd: null,
    attempts: failure?.attempts ?? 1,
  };
}

export async function runCouncil(
  voices: Record<Seat, Voice>,
  preferredChair: Seat,
  prompt: string,
  options: CouncilOptions,
  log: Logger,
): Promise<CouncilOutcome> {
  const emit: Emit = options.onEvent ?? (() => {});
  const speakAs = async (voice: CouncilVoice, seatVoice: Voice, request: SpeakRequest, restartReason?: string): Promise<VoiceRecord> => {
    emit({ voice, type: "start", identity: seatVoice.identity, ...(restartReason ? { restartReason } : {}) });
    let text = "";
    try {
      const answer = await seatVoice.speak(request, {
        pace: options.pace ?? false,
        ...(options.signal ? { signal: options.signal } : {}),
        onDelta: (delta) => {
          text += delta;
          emit({ voice, type: "delta", text: delta });
        },
      });
      return answeredRecord(answer);
    } catch (error) {
      if (!(error instanceof SeatFailure)) log.error({ err: error, voice }, "a council voice failed unexpectedly");
      return failedRecord(seatVoice.identity, text, error);
    }
  };

  const records = await Promise.all(
    SEATS.map(async (seat) => {
      const record = await speakAs(seat, voices[seat], {
        system: councilSeatSystemPrompt(seat),
        prompt,
        oracle: () => oracleSeatAnswer(seat, prompt),
      });
      emit({ voice: seat, type: "end", record });
      return [seat, record] as const;
    }),
  );
  const seats = Object.fromEntries(records) as Record<Seat, VoiceRecord>;
  const synthesis = await synthesise(voices, preferredChair, prompt, seats, speakAs, log);
  emit({ voice: "synthesis", type: "end", record: synthesis });
  return { seats, synthesis };
}

async function synthesise(
  voices: Record<Seat, Voice>,
  preferredChair: Seat,
  prompt: string,
  seats: Record<Seat, VoiceRecord>,
  speakAs: (voice: CouncilVoice, seatVoice: Voice, request: SpeakRequest, restartReason?: string) => Promise<VoiceRecord>,
  log: Logger,
): Promise<SynthesisRecord> {
  const answered = SEATS.filter((seat) => seats[seat].status === "answered");
  const fallbacks: SynthesisRecord["fallbacks"] = [];
  const request: SpeakRequest = {
    system: CHAIR_SYSTEM_PROMPT,
    prompt: chairPrompt(prompt, answered.map((seat) => seats[seat].text)),
    oracle: () => oracleSynthesis(prompt, Object.fromEntries(answered.map((seat) => [seat, seats[seat].text]))),
  };
  for (const seat of chairOrder(preferredChair, answered, voices)) {
    const previous = fallbacks.at(-1);
    const restartReason = previous && `${previous.seat} could not speak the synthesis (${previous.error}); ${seat} takes the chair`;
    const record = await speakAs("synthesis", voices[seat], request, restartReason);
    if (record.status === "answered") return { ...record, fallbacks };
    fallbacks.push({ seat, error: record.error ?? "failed" });
    log.warn({ chair: seat, reason: record.error }, "the chairman failed; the next seat takes the chair");
  }
  const chair = voices[preferredChair].identity;
  const error =
    answered.length === 0
      ? "No seat answered, so the Council has nothing to weigh"
      : `Every chairman failed: ${fallbacks.map((f) => `${f.seat} (${f.error})`).join("; ")}`;
  return { ...failedRecord(chair, "", undefined), error, fallbacks };
}
