// The question being prepared at the Gate: its words, which seats sit (two to four), who chairs
// (a seated seat, 'rotate', or the default) and whether the seats review each other. It outlives
// a session's first question: the follow-ups are asked the same way unless the asker changes it.
// Ascended members (#28) may sit too, each in the seat its agent is bound to, in place of that
// seat's model: choosing one seats its seat, one member per seat.
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
  /** The ascended members who sit, each in its bound seat (one per seat). */
  members: readonly SeatedMember[];
};

/** An ascended member as the Gate offers it: its CouncilMember id, its agent's name, the seat it sits in. */
export type SeatedMember = { readonly id: string; readonly name: string; readonly seat: Seat };

export const FRESH_DRAFT: Draft = { prompt: "", seats: SEATS, chair: null, review: false, members: [] };

/** Seats a member in its seat (in place of another member bound there), or lets it leave; its seat stays. */
export function toggleMember(draft: Draft, member: SeatedMember): Draft {
  if (draft.members.some((one) => one.id === member.id)) return { ...draft, members: draft.members.filter((one) => one.id !== member.id) };
  const members = [...draft.members.filter((one) => one.seat !== member.seat), member];
  const seats = SEATS.filter((seat) => seat === member.seat || draft.seats.includes(seat));
  return { ...draft, members, seats };
}

/** Seats a seat, or unseats it while more than two sit; a chair that leaves the table goes back to the default. */
export function toggleSeat(draft: Draft, seat: Seat): Draft {
  const seated = draft.seats.includes(seat);
  if (seated && draft.seats.length <= MIN_SEATS) return draft;
  const seats = SEATS.filter((other) => (other === seat ? !seated : draft.seats.includes(other)));
  const chair = draft.chair && draft.chair !== "rotate" && !seats.includes(draft.chair) ? null : draft.chair;
  // A seat that leaves the table takes its member with it.
  return { ...draft, seats, chair, members: draft.members.filter((member) => seats.includes(member.seat)) };
}

export function useDraft() {
  const [draft, setDraft] = useState<Draft>(FRESH_DRAFT);
  const update = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));
  return {
    draft,
    update,
    toggleSeat: (seat: Seat) => setDraft((current) => toggleSeat(current, seat)),
    toggleMember: (member: SeatedMember) => setDraft((current) => toggleMember(current, member)),
  };
}

export type DraftControls = ReturnType<typeof useDraft>;
