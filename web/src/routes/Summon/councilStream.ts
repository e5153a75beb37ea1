// One question of a session as the Council answers it (spec section 4: invoking, results). Each
// seated voice starts empty, grows by its deltas and ends answered or failed; when a peer review
// was asked, each seat's review of the others comes back, then the totals; the synthesis starts
// over on a restart (a new chairman) and its last event ends the question.

import { SEATS, type Seat } from "@nomina/shared/enums";

// The seats are the shared list (spec 9), re-exported for the Council's screens.
export { SEATS, type Seat };
export type Voice = Seat | "synthesis";
export type Mode = "model" | "oracle";

export type VoiceState = {
  /** stopped: the asker stopped the Council while it spoke; `text` keeps its words so far. */
  status: "waiting" | "speaking" | "answered" | "failed" | "stopped";
  text: string;
  mode: Mode | null;
  model: string | null;
  /** Why the oracle answered in place of the seat's model (the day's budget), once the voice has ended. */
  oracleReason: string | null;
  /** Why the voice failed. */
  error: string | null;
  /** The seat speaking the synthesis. */
  chair: string | null;
  /** Why an earlier chairman gave up the synthesis, when one did. */
  restartReason: string | null;
  /** What the voice cost, once it is known (stored with the finished question). */
  costUsd: number | null;
};

export type ReviewState = {
  seat: Seat;
  status: "reviewing" | "reviewed" | "failed" | "stopped";
  /** The others' seats as this reviewer ranked them, best first. */
  ranking: readonly Seat[];
  reason: string | null;
  error: string | null;
  mode: Mode | null;
  model: string | null;
  costUsd: number | null;
};

export type RankingRow = { seat: Seat; points: number; firstPlaces: number; reviewers: number };

/** An ascended member sitting in a seat in place of its model (#28), as the cards name it. */
export type Sitter = { readonly name: string; readonly glyph: string; readonly agentRawId: string };

export type QuestionState = {
  /** The seats that sit, in seat order. */
  seats: readonly Seat[];
  /** The ascended members sitting in some of those seats. */
  members: Partial<Record<Seat, Sitter>>;
  /** Whether the seats review each other's answers. */
  review: boolean;
  /** True until the synthesis's last event. */
  live: boolean;
  voices: Record<Voice, VoiceState>;
  reviews: Partial<Record<Seat, ReviewState>>;
  ranking: readonly RankingRow[] | null;
};

type ReviewRecord = Omit<ReviewState, "status" | "mode"> & { status: "reviewed" | "failed" | "stopped"; mode: Mode };

/** One event of councilInvocation, as far as the screen needs it. */
export type CouncilEvent = {
  phase: "answer" | "review" | "ranking" | "synthesis";
  seat: Voice;
  delta: string;
  done: boolean;
  failed: boolean;
  /** The voice ended because the asker stopped the Council (not a failure). */
  stopped?: boolean;
  error?: string | null;
  mode?: Mode | null;
  model?: string | null;
  oracleReason?: string | null;
  chair?: string | null;
  restart: boolean;
  text?: string | null;
  last: boolean;
  review?: ReviewRecord | null;
  ranking?: readonly RankingRow[] | null;
};

export const silentVoice = (): VoiceState => ({
  status: "waiting",
  text: "",
  mode: null,
  model: null,
  oracleReason: null,
  error: null,
  chair: null,
  restartReason: null,
  costUsd: null,
});

function emptyVoices(): Record<Voice, VoiceState> {
  return { gemini: silentVoice(), claude: silentVoice(), perplexity: silentVoice(), deepseek: silentVoice(), synthesis: silentVoice() };
}

/** A question just asked: every seated voice waits. */
export function startQuestion(seats: readonly Seat[], review: boolean, members: Partial<Record<Seat, Sitter>> = {}): QuestionState {
  return { seats: SEATS.filter((seat) => seats.includes(seat)), members, review, live: true, voices: emptyVoices(), reviews: {}, ranking: null };
}

export function applyEvent(voice: VoiceState, event: CouncilEvent): VoiceState {
  const base = event.restart ? { ...silentVoice(), restartReason: event.error ?? null } : voice;
  const next: VoiceState = {
    ...base,
    text: base.text + event.delta,
    mode: event.mode ?? base.mode,
    model: event.model ?? base.model,
    chair: event.chair ?? base.chair,
    status: event.done ? (event.stopped ? "stopped" : event.failed ? "failed" : "answered") : "speaking",
  };
  if (event.done) {
    // The last event carries the whole text: it settles anything a reconnect may have doubled.
    if (event.text != null && !event.failed) next.text = event.text;
    next.error = event.failed ? (event.error ?? "The voice fell silent") : null;
    next.oracleReason = event.failed || event.stopped ? null : (event.oracleReason ?? null);
  }
  return next;
}

function applyReview(state: QuestionState, event: CouncilEvent): QuestionState {
  const seat = event.seat as Seat;
  const review: ReviewState = event.review
    ? { ...event.review, seat }
    : event.done
      ? {
          seat,
          status: "failed",
          ranking: [],
          reason: null,
          error: event.error ?? "The review fell silent",
          mode: event.mode ?? null,
          model: event.model ?? null,
          costUsd: null,
        }
      : { seat, status: "reviewing", ranking: [], reason: null, error: null, mode: event.mode ?? null, model: event.model ?? null, costUsd: null };
  return { ...state, reviews: { ...state.reviews, [seat]: review } };
}

export function questionReducer(state: QuestionState, event: CouncilEvent): QuestionState {
  if (!state.live) return state;
  switch (event.phase) {
    case "review":
      return applyReview(state, event);
    case "ranking":
      return { ...state, ranking: event.ranking ?? [] };
    case "answer":
    case "synthesis": {
      const voices = { ...state.voices, [event.seat]: applyEvent(state.voices[event.seat], event) };
      return { ...state, voices, live: !event.last };
    }
  }
}

/** The seated seats that have not answered (failed or stopped), once the question has ended. */
export function silentSeats(state: Pick<QuestionState, "seats" | "voices">): Seat[] {
  return state.seats.filter((seat) => state.voices[seat].status !== "answered");
}

/** The reviews as the table lists them: in seat order, the seats that sat. */
export function reviewsInOrder(state: Pick<QuestionState, "seats" | "reviews">): ReviewState[] {
  return state.seats.flatMap((seat) => state.reviews[seat] ?? []);
}
