// The Summoning Gate's REST answer (contract: {success, gemini, claude, perplexity, deepseek,
// synthesis}, plus session:{id} and, when asked for, reviews), with each voice's mode (and why the
// oracle stood in, when it did) and, for voices that failed, why. A failed voice, or a seat that
// did not sit, has no answer key: the contract makes each answer optional. When no seat could
// answer at all, the Gate fails with the reasons.
import { seatFailed } from "../../errors.ts";
import { SEAT_NAMES } from "@nomina/shared/enums";
import type { CouncilInvocation } from "../../../generated/prisma/client.ts";
import { readableReason, type RankingRow, type ReviewRecord } from "../../minds/review.ts";
import { type SynthesisRecord, type VoiceRecord } from "../../minds/council-records.ts";
import { SEATS, type CouncilVoice, type Seat } from "../../minds/identity.ts";
import { seatedSeats } from "./invocation-events.ts";
import type { Finished } from "./invocations.ts";
import { storedTags } from "./sitters.ts";

const reviewJson = (review: ReviewRecord) => ({
  status: review.status,
  ranking: review.order,
  reason: review.reason,
  /** The reasons with each "Answer B" turned back into the seat it stood for. */
  readableReason: review.reason && readableReason(review.reason, review.labels, (seat) => review.names?.[seat] ?? SEAT_NAMES[seat]),
  labels: review.labels ?? {},
  error: review.error,
  mode: review.mode,
  oracleReason: review.oracleReason ?? null,
  costUsd: review.costUsd,
  member: review.member ?? null,
});

/** One voice of a stored invocation, for REST (GraphQL's CouncilAnswer). */
const answerJson = (record: VoiceRecord) => ({
  seat: record.seat,
  status: record.status,
  text: record.text,
  error: record.error,
  mode: record.mode,
  model: record.model,
  oracleReason: record.oracleReason ?? null,
  costUsd: record.costUsd,
  /** The ascended member who spoke in this seat (#28), or null for the seat's model. */
  member: record.member ?? null,
});

/** A stored invocation (GET /api/council/invocations/{id}, and the stop and retry routes): every seat's answer as it stands, stopped ones with their words so far. */
export function invocationJson(row: CouncilInvocation) {
  const answers = row.answers as Partial<Record<Seat, VoiceRecord>>;
  const reviews = row.reviews as Partial<Record<Seat, ReviewRecord>>;
  const synthesis = row.synthesisMeta as SynthesisRecord | null;
  const members = storedTags(row.members);
  return {
    id: row.id,
    sessionId: row.sessionId,
    prompt: row.prompt,
    status: row.status,
    seats: seatedSeats(row),
    chair: row.chair,
    chairChoice: row.chairChoice,
    review: row.review,
    answers: seatedSeats(row).map((seat) =>
      answers[seat]
        ? answerJson(answers[seat])
        : { seat, status: "speaking", text: "", error: null, mode: null, model: null, oracleReason: null, costUsd: null, member: members[seat] ?? null },
    ),
    members,
    reviews: SEATS.flatMap((seat) => (reviews[seat] ? [{ seat, ...reviewJson(reviews[seat]) }] : [])),
    ranking: row.ranking as RankingRow[] | null,
    synthesis: synthesis && { ...answerJson(synthesis), fallbacks: synthesis.fallbacks },
    costUsd: row.costUsd,
    estimateUsd: row.estimateUsd,
    createdAt: row.createdAt,
    completedAt: row.completedAt,
  };
}

export function summoningJson({ row, outcome }: Finished, sessionId: string | null) {
  const seated = seatedSeats(row);
  const voices = { ...outcome.seats, synthesis: outcome.synthesis } as Partial<Record<CouncilVoice, VoiceRecord>>;
  const spoken: CouncilVoice[] = [...seated, "synthesis"];
  const stopped = spoken.filter((voice) => voices[voice]?.status === "stopped");
  const failed = spoken.filter((voice) => voices[voice]?.status !== "answered" && !stopped.includes(voice));
  if (seated.every((seat) => failed.includes(seat))) {
    throw seatFailed(`The Council is silent: ${seated.map((seat) => voices[seat]?.error ?? "no answer").join("; ")}`, false);
  }
  const answered = spoken.filter((voice) => voices[voice]?.status === "answered");
  const reasons = spoken.flatMap((voice) => (voices[voice]?.oracleReason ? [[voice, voices[voice].oracleReason] as const] : []));
  return {
    success: true,
    ...Object.fromEntries(answered.map((voice) => [voice, voices[voice]!.text])),
    modes: Object.fromEntries(spoken.map((voice) => [voice, voices[voice]?.mode ?? null])),
    // Why the oracle stood in for a seat's model ('budget', 'ledger'), for the voices where it did.
    ...(reasons.length ? { oracleReasons: Object.fromEntries(reasons) } : {}),
    // A voice the asker stopped (POST /api/council/invocations/{id}/stop): its words so far.
    ...(stopped.length ? { stopped: Object.fromEntries(stopped.map((voice) => [voice, voices[voice]!.text])) } : {}),
    ...(failed.length ? { errors: Object.fromEntries(failed.map((voice) => [voice, voices[voice]?.error ?? "no answer"])) } : {}),
    invocationId: row.id,
    // The ascended members who sat, by seat (#28): their answers stand under their seats' keys.
    ...(Object.keys(storedTags(row.members)).length ? { members: storedTags(row.members) } : {}),
    ...(sessionId ? { session: { id: sessionId } } : {}),
    ...(row.review
      ? {
          reviews: Object.fromEntries((Object.entries(outcome.reviews) as [Seat, ReviewRecord][]).map(([seat, review]) => [seat, reviewJson(review)])),
          ranking: (outcome.ranking ?? []) satisfies RankingRow[],
        }
      : {}),
    costUsd: row.costUsd,
    estimateUsd: row.estimateUsd,
  };
}
