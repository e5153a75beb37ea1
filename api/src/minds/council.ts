// The Council: the seated seats (two to four) answer in parallel; when asked, each then reviews
// the others' answers, anonymised, in parallel too; then a chairman reads the answers (and the
// review's totals), anonymised, and speaks the synthesis. In a session, every seat and the chair
// also read the earlier questions and syntheses, as much as fits the budget. A seat that fails is
// recorded as failed with its reason and the others go on; a review that fails is shown failed
// and the others stand; a chairman that fails hands the chair to the next seat that answered.
// A stop is not a failure: a voice the asker stopped is kept as stopped with its words so far,
// and nothing more is asked after it (no review, no other chairman).
import type { Logger } from "../logger.ts";
import { fitContext } from "./context.ts";
import { oracleAgentAnswer, oracleReview, oracleSeatAnswer, oracleSynthesis } from "./oracle.ts";
import { chairPrompt, chairSystemPrompt, councilSeatSystemPrompt, memberChairSystemPrompt, memberSeatSystemPrompt } from "./prompts.ts";
import {
  bordaCount,
  labelFor,
  labelsOf,
  rankedSeats,
  REVIEW_SYSTEM_PROMPT,
  reviewPrompt,
  reviewSchema,
  type RankingRow,
  type ReviewOutput,
  type ReviewRecord,
} from "./review.ts";
import type { SpeakRequest, Voice } from "./seats/voice.ts";
import { type Turn } from "./character.ts";
import { memberTag, type CouncilEvent, type CouncilOutcome, type CouncilRequest, type SynthesisRecord, type VoiceRecord } from "./council-records.ts";
import { SEATS, SeatFailure, type CouncilVoice, type MindAnswer, type Seat, type SeatIdentity } from "./identity.ts";

type Emit = (event: CouncilEvent) => void;

export type CouncilOptions = { onEvent?: Emit; pace?: boolean; signal?: AbortSignal };

/** What the Council's voices share: the seats' voices, the preferred chair, the context budget. */
export type CouncilSetting = { voices: Record<Seat, Voice>; chair: Seat; contextTokens: number; log: Logger };

/**
 * Who may chair, best first: seats with a model before the oracle's, the preferred chair
 * first within each; only among `candidates` (the seats that answered).
 */
export function chairOrder(preferred: Seat, candidates: readonly Seat[], voices: Record<Seat, Voice>): Seat[] {
  const rank = (seat: Seat) => (voices[seat].identity.mode === "model" ? 0 : 2) + (seat === preferred ? 0 : 1);
  return [...candidates].sort((a, b) => rank(a) - rank(b) || SEATS.indexOf(a) - SEATS.indexOf(b));
}

export function answeredRecord(answer: MindAnswer): VoiceRecord {
  const { text, latencyMs, firstTokenMs, usage, costUsd, attempts, seat, mode, model, provider, oracleReason } = answer;
  return {
    status: "answered",
    seat,
    mode,
    model,
    ...(provider ? { provider } : {}),
    text,
    error: null,
    latencyMs,
    firstTokenMs,
    usage,
    costUsd,
    attempts,
    ...(oracleReason ? { oracleReason } : {}),
  };
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

/** A voice the asker stopped: its words so far, no error. */
export function stoppedRecord(identity: SeatIdentity, text: string, error?: unknown): VoiceRecord {
  const failure = error instanceof SeatFailure ? error : undefined;
  return {
    status: "stopped",
    ...identity,
    text,
    error: null,
    latencyMs: failure?.latencyMs ?? null,
    firstTokenMs: null,
    usage: null,
    costUsd: null,
    attempts: failure?.attempts ?? 1,
  };
}

/** True when the call ended because the asker stopped the Council. */
const wasStopped = (error: unknown, options: CouncilOptions) =>
  options.signal?.aborted === true || (error instanceof SeatFailure && error.kind === "cancelled");

/** The seats that sit, in seat order (all four unless chosen). */
export const seatedOf = (request: CouncilRequest): Seat[] => SEATS.filter((seat) => !request.seats || request.seats.includes(seat));

/** The ascended member sitting in `seat` for this question, if one does (#28). */
const sitterIn = (request: CouncilRequest, seat: Seat) => request.members?.[seat];

/** The names readers see for the seats where members sat: their own. */
const memberNames = (request: CouncilRequest): Partial<Record<Seat, string>> =>
  Object.fromEntries(Object.entries(request.members ?? {}).flatMap(([seat, sitter]) => (sitter ? [[seat, sitter.character.name]] : [])));

/** A record of `seat` marked with the member who spoke there, when one did. */
function withMember<R extends { member?: VoiceRecord["member"] }>(request: CouncilRequest, seat: Seat, record: R): R {
  const sitter = sitterIn(request, seat);
  return sitter ? { ...record, member: memberTag(sitter) } : record;
}

/** The session so far as turns a seat reads: each question, then the Council's synthesis of it. */
function sessionTurns(request: CouncilRequest, budget: number): { history: Turn[]; note: string | null } {
  const turns = (request.history ?? []).flatMap((turn): Turn[] => [
    { role: "user", text: turn.question },
    ...(turn.synthesis ? [{ role: "agent" as const, text: turn.synthesis }] : []),
  ]);
  const fitted = fitContext(turns, budget);
  return { history: fitted.turns, note: fitted.summary };
}

export function createCouncil({ voices, chair: preferredChair, contextTokens, log }: CouncilSetting) {
  /** One voice speaking: its events as it goes, and its record at the end (answered or failed). */
  async function speakAs(
    emit: Emit,
    voice: CouncilVoice,
    seatVoice: Voice,
    request: SpeakRequest,
    options: CouncilOptions,
    restartReason?: string,
  ): Promise<VoiceRecord> {
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
      if (wasStopped(error, options)) return stoppedRecord(seatVoice.identity, text, error);
      if (!(error instanceof SeatFailure)) log.error({ err: error, voice }, "a council voice failed unexpectedly");
      return failedRecord(seatVoice.identity, text, error);
    }
  }

  /**
   * One seat's answer to the question, with the session so far: the seat's model in its own
   * manner, or the ascended member sitting there in its persona (through the same seat).
   */
  async function answer(seat: Seat, request: CouncilRequest, options: CouncilOptions): Promise<VoiceRecord> {
    const emit = options.onEvent ?? (() => {});
    const member = sitterIn(request, seat);
    const seated = seatedOf(request).length;
    const system = member ? memberSeatSystemPrompt(member.character, seated) : councilSeatSystemPrompt(seat, seated);
    const { history, note } = sessionTurns(request, contextTokens);
    const oracle = member
      ? () => oracleAgentAnswer(member.character, request.prompt, undefined, history)
      : () => oracleSeatAnswer(seat, request.prompt, request.history);
    const spoken = await speakAs(emit, seat, voices[seat], { system: note ? `${system}\n${note}` : system, prompt: request.prompt, history, oracle }, options);
    const record = withMember(request, seat, spoken);
    emit({ voice: seat, type: "end", record });
    return record;
  }

  /** One seat ranks the others' answers; a ranking that does not name each once counts as failed. */
  async function review(
    reviewer: Seat,
    request: CouncilRequest,
    answers: readonly { seat: Seat; text: string }[],
    options: CouncilOptions,
  ): Promise<ReviewRecord> {
    const emit = options.onEvent ?? (() => {});
    const voice = voices[reviewer];
    const labelled = labelFor(reviewer, answers, request.prompt);
    // Which seat each letter stood for, kept so that readers see seats where the reviewer saw letters.
    const labels = labelsOf(labelled);
    // The members among the answers, so that readers see their names where the reviewer saw letters.
    const names = Object.fromEntries(Object.entries(memberNames(request)).filter(([seat]) => answers.some((one) => one.seat === seat)));
    const sitter = sitterIn(request, reviewer);
    const marks = { ...(sitter ? { member: memberTag(sitter) } : {}), ...(Object.keys(names).length ? { names } : {}) };
    emit({ voice: reviewer, type: "review-start", identity: voice.identity });
    const { mode, model, provider } = voice.identity;
    let base: Pick<ReviewRecord, "seat" | "mode" | "model" | "provider" | "oracleReason"> = { seat: reviewer, mode, model, ...(provider ? { provider } : {}) };
    let record: ReviewRecord;
    try {
      const spoken = await voice.speak(
        {
          system: REVIEW_SYSTEM_PROMPT,
          prompt: reviewPrompt(request.prompt, labelled),
          schema: reviewSchema,
          oracle: () => JSON.stringify(oracleReview(reviewer, request.prompt, labelled)),
        },
        { ...(options.signal ? { signal: options.signal } : {}) },
      );
      // Who reviewed: the seat's model, or the oracle in its place.
      base = { seat: reviewer, mode: spoken.mode, model: spoken.model, ...(spoken.oracleReason ? { oracleReason: spoken.oracleReason } : {}) };
      const output = spoken.output as ReviewOutput;
      const order = rankedSeats(output, labelled);
      const measured = { model: spoken.model, latencyMs: spoken.latencyMs, usage: spoken.usage, costUsd: spoken.costUsd };
      record = order
        ? { ...base, ...measured, status: "reviewed", order, reason: output.reason.trim(), error: null, labels, ...marks }
        : { ...base, ...measured, status: "failed", order: [], reason: null, error: `${reviewer}'s ranking did not name each answer once`, labels, ...marks };
    } catch (error) {
      const failure = error instanceof SeatFailure ? error : null;
      // A stop keeps the review as stopped, with no error: it did not fail.
      const stopped = wasStopped(error, options);
      if (!stopped && !failure) log.error({ err: error, reviewer }, "a council review failed unexpectedly");
      record = {
        ...base,
        status: stopped ? "stopped" : "failed",
        order: [],
        reason: null,
        error: stopped ? null : (failure?.message ?? "The review failed unexpectedly"),
        latencyMs: failure?.latencyMs ?? null,
        usage: null,
        costUsd: null,
        labels,
        ...marks,
      };
    }
    emit({ voice: reviewer, type: "review", record });
    return record;
  }

  /** Every answering seat reviews the others, all at once; the totals by Borda count. */
  async function reviews(request: CouncilRequest, seats: Partial<Record<Seat, VoiceRecord>>, options: CouncilOptions) {
    const answered = SEATS.filter((seat) => seats[seat]?.status === "answered").map((seat) => ({ seat, text: seats[seat]!.text }));
    if (answered.length < 2) return { reviews: {}, ranking: null };
    const records = await Promise.all(answered.map(({ seat }) => review(seat, request, answered, options)));
    const ranking = bordaCount(records);
    options.onEvent?.({ voice: "synthesis", type: "ranking", ranking });
    return { reviews: Object.fromEntries(records.map((record) => [record.seat, record])) as Partial<Record<Seat, ReviewRecord>>, ranking };
  }

  /** The chairman's synthesis of the answers (and the review's totals); the next seat takes over a failed chair. */
  async function synthesise(
    request: CouncilRequest,
    seats: Partial<Record<Seat, VoiceRecord>>,
    ranking: RankingRow[] | null,
    options: CouncilOptions,
  ): Promise<SynthesisRecord> {
    const emit = options.onEvent ?? (() => {});
    const answered = SEATS.filter((seat) => seats[seat]?.status === "answered");
    const answers = answered.map((seat) => ({ seat, text: seats[seat]!.text }));
    const { history, note } = sessionTurns(request, contextTokens);
    const prompt = chairPrompt(request.prompt, answers, ranking);
    const oracle = () => oracleSynthesis(request.prompt, Object.fromEntries(answers.map((a) => [a.seat, a.text])), request.history, memberNames(request));
    // A member in the chair speaks the synthesis in its own persona, through its seat.
    const requestFor = (chair: Seat): SpeakRequest => {
      const member = sitterIn(request, chair);
      const system = member ? memberChairSystemPrompt(member.character, answered.length) : chairSystemPrompt(answered.length);
      return { system: note ? `${system}\n${note}` : system, prompt, history, oracle };
    };
    const fallbacks: SynthesisRecord["fallbacks"] = [];
    const stopped = (record: VoiceRecord): SynthesisRecord => {
      const synthesis = { ...record, fallbacks };
      emit({ voice: "synthesis", type: "end", record: synthesis });
      return synthesis;
    };
    for (const seat of chairOrder(request.chair ?? preferredChair, answered, voices)) {
      // Stopped: no chair speaks, nor takes over from one that was stopped.
      if (options.signal?.aborted) break;
      const previous = fallbacks.at(-1);
      const restartReason = previous && `${previous.seat} could not speak the synthesis (${previous.error}); ${seat} takes the chair`;
      const record = withMember(request, seat, await speakAs(emit, "synthesis", voices[seat], requestFor(seat), options, restartReason));
      if (record.status === "answered") {
        const synthesis = { ...record, fallbacks };
        emit({ voice: "synthesis", type: "end", record: synthesis });
        return synthesis;
      }
      if (record.status === "stopped") return stopped(record);
      fallbacks.push({ seat, error: record.error ?? "failed" });
      log.warn({ chair: seat, reason: record.error }, "the chairman failed; the next seat takes the chair");
    }
    if (options.signal?.aborted) return stopped(stoppedRecord(voices[request.chair ?? preferredChair].identity, ""));
    const error =
      answered.length === 0
        ? "No seat answered, so the Council has nothing to weigh"
        : `Every chairman failed: ${fallbacks.map((f) => `${f.seat} (${f.error})`).join("; ")}`;
    const synthesis = { ...failedRecord(voices[request.chair ?? preferredChair].identity, "", undefined), error, fallbacks };
    emit({ voice: "synthesis", type: "end", record: synthesis });
    return synthesis;
  }

  return {
    answer,
    reviews,
    synthesise,

    /** The whole deliberation: the seats, the review when asked, the synthesis. */
    async consult(request: CouncilRequest, options: CouncilOptions = {}): Promise<CouncilOutcome> {
      const records = await Promise.all(seatedOf(request).map(async (seat) => [seat, await answer(seat, request, options)] as const));
      const seats = Object.fromEntries(records) as Partial<Record<Seat, VoiceRecord>>;
      const reviewed = request.review && !options.signal?.aborted ? await reviews(request, seats, options) : { reviews: {}, ranking: null };
      const synthesis = await synthesise(request, seats, reviewed.ranking, options);
      return { seats, ...reviewed, synthesis };
    },
  };
}

export type Council = ReturnType<typeof createCouncil>;
