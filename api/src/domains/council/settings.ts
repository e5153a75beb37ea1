// A Council question's settings: which seats sit, who chairs, whether the seats review each other.
// One place decides them, for a new session's first question, a follow-up, and an estimate: a
// follow-up that names none asks as its session last did; what it names applies to it and becomes
// the session's settings (docs/DECISIONS.md). Ascended members (#28) sit here too: each in the seat
// its agent is bound to, in place of that seat's model; choosing a member seats its seat.
import { CHAIR_CHOICES, CHAIR_REFUSED, type ChairChoice, type ConsultInput } from "@nomina/shared/council";
import type { Consultation } from "../../../generated/prisma/client.ts";
import { badInput } from "../../errors.ts";
import { SEATS, type Seat } from "../../minds/identity.ts";

/** Which ascended member sits in which seat, by member id (#28). */
export type SeatedMembers = Partial<Record<Seat, string>>;

export type CouncilSettings = {
  /** The seats that sit, in seat order (two to four). */
  seats: Seat[];
  /** The ascended members sitting in some of those seats in place of their models. */
  members: SeatedMembers;
  /** What the asker chose for the chair: a seated seat, 'rotate', or null for the default. */
  chairChoice: ChairChoice | null;
  review: boolean;
};

/** Members kept in a JSON column ({seat: member id}), read back: only seats that sit, only string ids. */
export function seatedMembersOf(stored: unknown, seats: readonly Seat[] = SEATS): SeatedMembers {
  if (!stored || typeof stored !== "object") return {};
  const record = stored as Record<string, unknown>;
  return Object.fromEntries(seats.flatMap((seat) => (typeof record[seat] === "string" ? [[seat, record[seat]]] : [])));
}

/** What a session keeps, read back: no seats kept means all four; a choice no longer valid, the default. */
export function storedSettings(session: Pick<Consultation, "seats" | "chairChoice" | "review" | "members">): CouncilSettings {
  const seats = session.seats.length ? SEATS.filter((seat) => session.seats.includes(seat)) : [...SEATS];
  const choice = CHAIR_CHOICES.find((known) => known === session.chairChoice) ?? null;
  return {
    seats,
    members: seatedMembersOf(session.members, seats),
    chairChoice: choice === "rotate" || (choice && seats.includes(choice)) ? choice : null,
    review: session.review,
  };
}

/**
 * The settings a question is asked with: what the asker gave, the rest as the session has them
 * (or the defaults, for a new session). A chair named must sit; a kept chair that no longer sits
 * goes back to the default. `chair: null` given is the default chair, said explicitly.
 */
export function settingsFor(input: Pick<ConsultInput, "seats" | "chair" | "review">, stored: CouncilSettings | null, given?: SeatedMembers): CouncilSettings {
  const named = input.seats ? SEATS.filter((seat) => input.seats!.includes(seat)) : (stored?.seats ?? [...SEATS]);
  // Members given sit, and their seats with them; kept members stay only in seats that still sit.
  const members = given ?? seatedMembersOf(stored?.members, named);
  const seats = SEATS.filter((seat) => named.includes(seat) || members[seat]);
  let chairChoice: ChairChoice | null;
  if (input.chair !== undefined) {
    chairChoice = input.chair ?? null;
    if (chairChoice && chairChoice !== "rotate" && !seats.includes(chairChoice)) throw badInput(CHAIR_REFUSED, "chair");
  } else {
    const kept = stored?.chairChoice ?? null;
    chairChoice = kept === "rotate" || (kept && seats.includes(kept)) ? kept : null;
  }
  return { seats, members, chairChoice, review: input.review ?? stored?.review ?? false };
}

/** The default chair of these seats: the configured chair when it sits, else the first seat. */
export const defaultChair = (seats: readonly Seat[], configured: Seat): Seat => (seats.includes(configured) ? configured : seats[0]!);

/** Who chairs the question asked `index`-th (from 0) in its session: rotate passes the chair on. */
export function chairOf(settings: CouncilSettings, index: number, configured: Seat): Seat {
  const { seats, chairChoice } = settings;
  if (chairChoice === "rotate") return seats[index % seats.length]!;
  return chairChoice ?? defaultChair(seats, configured);
}
