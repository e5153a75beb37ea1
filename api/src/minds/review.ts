// The Council's peer review: after the seats answer, each seat reads the others' answers under
// letters (Answer A, B...), in an order shuffled for that reviewer, and ranks them, best first,
// with one line of reasons. The rankings come back as structured output (validated by a zod
// schema through the AI SDK), never parsed from free text, and are summed by Borda count: in a
// ranking of m answers, the first gets m-1 points, the last 0. The totals, best first, are shown
// under the answers and given to the chair.
import { createHash } from "node:crypto";
import { z } from "zod";
import { type RankingRow, type ReviewRecord } from "./council-records.ts";
import { SEATS, type Seat } from "./identity.ts";

export type { RankingRow, ReviewRecord } from "./council-records.ts";

export const reviewSchema = z.object({
  ranking: z.array(z.string()).min(1).max(SEATS.length).describe("The answers' letters, best first, each once"),
  reason: z.string().min(1).max(400).describe("One line on why the first is best"),
});
export type ReviewOutput = z.output<typeof reviewSchema>;

export const REVIEW_SYSTEM_PROMPT = [
  "You are one of the minds seated on a Council. Other members have answered the same question; you read their answers without knowing who wrote which.",
  "Rank them from best to worst: most truthful and most helpful to the seeker first. Give each letter exactly once, and one line saying why the first is best.",
].join("\n");

export type Labelled = { label: string; seat: Seat; text: string };

/** A generator that depends only on its seed: every reviewer sees its own, repeatable order. */
export function seededRandom(seed: string): () => number {
  let state = createHash("sha256").update(seed).digest().readUInt32BE(0);
  return () => {
    state = (Math.imul(state ^ (state >>> 15), 2246822507) + 0x6d2b79f5) >>> 0;
    return state / 2 ** 32;
  };
}

/** The others' answers under letters, shuffled for this reviewer. */
export function labelFor(reviewer: Seat, answers: readonly { seat: Seat; text: string }[], seed: string): Labelled[] {
  const others = answers.filter((answer) => answer.seat !== reviewer);
  const random = seededRandom(`${seed}\u0000${reviewer}`);
  for (let i = others.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [others[i], others[j]] = [others[j]!, others[i]!];
  }
  return others.map((answer, i) => ({ label: String.fromCharCode(65 + i), seat: answer.seat, text: answer.text }));
}

/** Which seat each letter stood for, as kept with the review. */
export const labelsOf = (labelled: readonly Labelled[]): Record<string, Seat> => Object.fromEntries(labelled.map(({ label, seat }) => [label, seat]));

/**
 * A reviewer's reasons as a reader reads them: each "Answer B" (or "Response B") the reviewer
 * wrote, turned back into the name of the seat it stood for, as llm-council shows its rankings.
 * Letters the labels do not know are left as written.
 */
export function readableReason(reason: string, labels: Partial<Record<string, Seat>> | undefined, nameOf: (seat: Seat) => string): string {
  if (!labels) return reason;
  return reason.replace(/\b(?:[Aa]nswer|ANSWER|[Rr]esponse|RESPONSE)\s+([A-D])\b/g, (said, letter: string) => {
    const seat = labels[letter.toUpperCase()];
    return seat ? nameOf(seat) : said;
  });
}

export function reviewPrompt(question: string, labelled: readonly Labelled[]): string {
  const answers = labelled.map(({ label, text }) => `Answer ${label}:\n${text.trim()}`);
  return [`The seeker's question:\n${question}`, ...answers, `Rank the answers ${labelled.map((answer) => answer.label).join(", ")}, best first.`].join("\n\n");
}

/** The seats a reviewer ranked, best first; null unless the ranking names every letter exactly once. */
export function rankedSeats(output: ReviewOutput, labelled: readonly Labelled[]): Seat[] | null {
  const letters = output.ranking.map((entry) =>
    entry
      .trim()
      .replace(/^answer\s+/i, "")
      .toUpperCase(),
  );
  const seats = letters.map((letter) => labelled.find((answer) => answer.label === letter)?.seat);
  if (seats.some((seat) => seat === undefined) || new Set(seats).size !== labelled.length || seats.length !== labelled.length) return null;
  return seats as Seat[];
}

/** Borda count over the reviews that came back: points, then first places, then seat order. */
export function bordaCount(reviews: readonly Pick<ReviewRecord, "status" | "order">[]): RankingRow[] {
  const rows = new Map<Seat, RankingRow>();
  for (const review of reviews) {
    if (review.status !== "reviewed") continue;
    review.order.forEach((seat, place) => {
      const row = rows.get(seat) ?? { seat, points: 0, firstPlaces: 0, reviewers: 0 };
      row.points += review.order.length - 1 - place;
      row.firstPlaces += place === 0 ? 1 : 0;
      row.reviewers += 1;
      rows.set(seat, row);
    });
  }
  return [...rows.values()].sort((a, b) => b.points - a.points || b.firstPlaces - a.firstPlaces || SEATS.indexOf(a.seat) - SEATS.indexOf(b.seat));
}
