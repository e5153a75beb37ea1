// The Summoning Gate's REST answer (contract: {success, gemini, claude, perplexity, deepseek,
// synthesis}, plus session:{id} and, when asked for, reviews), with each voice's mode (and why the
// oracle stood in, when it did) and, for voices that failed, why. A failed voice, or a seat that
// did not sit, has no answer key: the contract makes each answer optional. When no seat could
// answer at all, the Gate fails with the reasons.
import { seatFailed } from "../../errors.ts";
import type { RankingRow, ReviewRecord } from "../../minds/review.ts";
import type { CouncilVoice, Seat, VoiceRecord } from "../../minds/types.ts";
import { seatedSeats } from "./invocation-events.ts";
import type { Finished } from "./invocations.ts";

const reviewJson = (review: ReviewRecord) => ({
  status: review.status,
  ranking: review.order,
  reason: review.reason,
  error: review.error,
  mode: review.mode,
  oracleReason: review.oracleReason ?? null,
  costUsd: review.costUsd,
});

export function summoningJson({ row, outcome }: Finished, sessionId: string | null) {
  const seated = seatedSeats(row);
  const voices = { ...outcome.seats, synthesis: outcome.synthesis } as Partial<Record<CouncilVoice, VoiceRecord>>;
  const spoken: CouncilVoice[] = [...seated, "synthesis"];
  const failed = spoken.filter((voice) => voices[voice]?.status !== "answered");
  if (seated.every((seat) => failed.includes(seat))) {
    throw seatFailed(`The Council is silent: ${seated.map((seat) => voices[seat]?.error ?? "no answer").join("; ")}`, false);
  }
  const answered = spoken.filter((voice) => !failed.includes(voice));
  const reasons = spoken.flatMap((voice) => (voices[voice]?.oracleReason ? [[voice, voices[voice].oracleReason] as const] : []));
  return {
    success: true,
    ...Object.fromEntries(answered.map((voice) => [voice, voices[voice]!.text])),
    modes: Object.fromEntries(spoken.map((voice) => [voice, voices[voice]?.mode ?? null])),
    // Why the oracle stood in for a seat's model ('budget', 'ledger'), for the voices where it did.
    ...(reasons.length ? { oracleReasons: Object.fromEntries(reasons) } : {}),
    ...(failed.length ? { errors: Object.fromEntries(failed.map((voice) => [voice, voices[voice]?.error ?? "no answer"])) } : {}),
    invocationId: row.id,
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
