// A finished question read back from the store, in the same shape as one followed live: so the
// session's earlier questions, a shared session and a question that just ended look alike.
import { graphql, readInlineData } from "react-relay";
import type { storedQuestion_invocation$key } from "../../__generated__/storedQuestion_invocation.graphql";
import {
  SEATS,
  silentVoice,
  type Mode,
  type QuestionState,
  type RankingRow,
  type ReviewState,
  type Seat,
  type Sitter,
  type Voice,
  type VoiceState,
} from "./councilStream";
import { speakerOf } from "./seats";

const fragment = graphql`
  fragment storedQuestion_invocation on CouncilInvocation @inline {
    seats
    review
    answers {
      ...councilRecords_answer @relay(mask: false)
      member {
        name
        glyph
        agentRawId
      }
    }
    reviews {
      ...councilRecords_review @relay(mask: false)
    }
    ranking {
      ...councilRecords_ranking @relay(mask: false)
    }
    synthesis {
      ...councilRecords_answer @relay(mask: false)
      fallbacks {
        seat
        error
      }
    }
  }
`;

type StoredAnswer = {
  readonly seat: string;
  readonly status: string;
  readonly member?: Sitter | null | undefined;
  readonly text: string;
  readonly error: string | null | undefined;
  readonly mode: string | null | undefined;
  readonly model: string | null | undefined;
  readonly oracleReason?: string | null | undefined;
  readonly costUsd: number | null | undefined;
};

type StoredSynthesis = StoredAnswer & { readonly fallbacks: readonly { readonly seat: string; readonly error: string }[] };

type StoredReview = {
  readonly seat: string;
  readonly status: string;
  readonly ranking: readonly string[];
  readonly reason: string | null | undefined;
  /** The reasons with each "Answer B" turned back into the seat it stood for. */
  readonly readableReason?: string | null | undefined;
  readonly error: string | null | undefined;
  readonly mode: string;
  readonly model: string;
  readonly costUsd: number | null | undefined;
};

export type StoredInvocation = {
  readonly seats: readonly string[];
  readonly review: boolean;
  readonly answers: readonly StoredAnswer[];
  readonly reviews: readonly StoredReview[];
  readonly ranking: readonly { readonly seat: string; readonly points: number; readonly firstPlaces: number; readonly reviewers: number }[] | null | undefined;
  readonly synthesis: StoredSynthesis | null | undefined;
};

const isSeat = (value: string): value is Seat => (SEATS as readonly string[]).includes(value);
const modeOf = (mode: string | null | undefined): Mode | null => (mode === "model" || mode === "oracle" ? mode : null);

function voiceOf(answer: StoredAnswer | null | undefined, unfinished: string): VoiceState {
  if (!answer) return silentVoice();
  const failed = answer.status === "failed";
  const answered = answer.status === "answered";
  const stopped = answer.status === "stopped";
  return {
    ...silentVoice(),
    // Stopped keeps its words; a voice the Council never finished (cut short) reads as failed.
    status: failed ? "failed" : answered ? "answered" : stopped ? "stopped" : answer.text ? "failed" : "waiting",
    text: answer.text,
    mode: modeOf(answer.mode),
    model: answer.model ?? null,
    oracleReason: answered ? (answer.oracleReason ?? null) : null,
    error: failed ? (answer.error ?? "The voice fell silent") : answered || stopped ? null : unfinished,
    costUsd: answer.costUsd ?? null,
  };
}

function reviewOf(review: StoredReview): ReviewState | null {
  if (!isSeat(review.seat)) return null;
  return {
    seat: review.seat,
    status: review.status === "reviewed" ? "reviewed" : review.status === "stopped" ? "stopped" : "failed",
    ranking: review.ranking.filter(isSeat),
    reason: review.readableReason ?? review.reason ?? null,
    error: review.error ?? null,
    mode: modeOf(review.mode),
    model: review.model,
    costUsd: review.costUsd ?? null,
  };
}

/** A stored question from its fragment. */
export function storedQuestion(invocation: storedQuestion_invocation$key): QuestionState {
  return fromStored(readInlineData(fragment, invocation));
}

/** `unfinished` says why a voice that never ended is silent (the question was stopped, or cut short). */
export function fromStored(invocation: StoredInvocation, unfinished = "The Council was stopped before this voice finished"): QuestionState {
  const seats = SEATS.filter((seat) => invocation.seats.includes(seat));
  const voices = Object.fromEntries([...SEATS, "synthesis"].map((voice) => [voice, silentVoice()])) as Record<Voice, VoiceState>;
  for (const answer of invocation.answers) if (isSeat(answer.seat)) voices[answer.seat] = voiceOf(answer, unfinished);
  const members = membersOf(invocation.answers);
  const synthesis = invocation.synthesis;
  if (synthesis) {
    const fallen = synthesis.fallbacks.at(-1);
    voices.synthesis = {
      ...voiceOf(synthesis, unfinished),
      chair: synthesis.seat,
      restartReason: fallen
        ? `${speakerOf(fallen.seat, members)} could not speak the synthesis (${fallen.error}); ${speakerOf(synthesis.seat, members)} took the chair`
        : null,
    };
  }
  const reviews: QuestionState["reviews"] = {};
  for (const review of invocation.reviews) {
    const read = reviewOf(review);
    if (read) reviews[read.seat] = read;
  }
  const ranking: RankingRow[] | null = invocation.ranking
    ? invocation.ranking.flatMap(({ seat, points, firstPlaces, reviewers }) => (isSeat(seat) ? [{ seat, points, firstPlaces, reviewers }] : []))
    : null;
  return { seats, members, review: invocation.review, live: false, voices, reviews, ranking };
}

/** The ascended members who sat, by seat, from a question's answers (each names its member from the start). */
function membersOf(answers: readonly StoredAnswer[]): QuestionState["members"] {
  return Object.fromEntries(
    answers.flatMap(({ seat, member }) => (isSeat(seat) && member ? [[seat, { name: member.name, glyph: member.glyph, agentRawId: member.agentRawId }]] : [])),
  );
}
