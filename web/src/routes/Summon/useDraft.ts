// The question being prepared at the Gate: its words, which seats sit (two to four), who chairs
// (a seated seat, 'rotate', or the default) and whether the seats review each other. It outlives
// a session's first question: the follow-ups are asked the same way unless the asker changes it.
import type { ChairChoice } from "@nomina/shared/council";
import { useState } from "react";
import { SEATS, type Seat } from "./councilStream";

export const MIN_SEATS = 2;

export type Draft = {
  prompt: string;
  seats: readonly Seat[];
  /** null: the default chair. */
  chair: ChairChoice | null;
  review: boolean;
};

export const FRESH_DRAFT: Draft = { prompt: "", seats: SEATS, chair: null, review: false };

/** Seats a seat, or unseats it while more than two sit; a chair that leaves the table goes back to the default. */
export function toggleSeat(draft: Draft, seat: Seat): Draft {
  const seated = draft.seats.includes(seat);
  if (seated && draft.seats.length <= MIN_SEATS) return draft;
  const seats = SEATS.filter((other) => (other === seat ? !seated : draft.seats.includes(other)));
  const chair = draft.chair && draft.chair !== "rotate" && !seats.includes(draft.chair) ? null : draft.chair;
  return { ...draft, seats, chair };
}

export function useDraft() {
  const [draft, setDraft] = useState<Draft>(FRESH_DRAFT);
  const update = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));
  return {
    draft,
    update,
    toggleSeat: (seat: Seat) => setDraft((current) => toggleSeat(current, seat)),
  };
}

export type DraftControls = ReturnType<typeof useDraft>;
