// Council Terminal inputs: nominations, whispers (the terminal counts to COUNCIL_WHISPER_MAX),
// and the Summoning Gate's question.
import { z } from "zod";
import { SEATS } from "./enums.ts";
import { clientText, entityId, trimmedText } from "./text.ts";

export const COUNCIL_WHISPER_MAX = 500;

export const nominateSchema = z.object({
  agentId: entityId("Agent not found"),
  /** Accepted for the contract's payload shape; the server records the agent's own name. */
  agentName: clientText(200, "agentName is too long").nullish(),
  /** Accepted for the contract's payload shape; the server records who nominated. */
  nominatedBy: clientText(100, "nominatedBy is too long", "nominatedBy must be text").trim().max(100, "nominatedBy is too long").nullish(),
  reason: clientText(500, "The nomination reason is too long", "reason must be text").trim().max(500, "The nomination reason is too long").nullish(),
});
export type NominateInput = z.output<typeof nominateSchema>;

export const councilWhisperSchema = z.object({
  content: trimmedText(1, "A whisper needs words", COUNCIL_WHISPER_MAX, `A whisper holds at most ${COUNCIL_WHISPER_MAX} characters`),
  /** Accepted for the contract's payload shape ('anonymous'); the server decides who spoke. */
  userId: clientText(200, "userId is too long").nullish(),
});
export type CouncilWhisperInput = z.output<typeof councilWhisperSchema>;

/** The chair of a question: one of the seated seats, or `rotate` (the next seat each question). */
export const CHAIR_CHOICES = [...SEATS, "rotate"] as const;
export type ChairChoice = (typeof CHAIR_CHOICES)[number];

export const SESSION_NOT_FOUND = "Session not found";
export const SEATS_REFUSED = "Choose two to four seats, each once";
export const CHAIR_REFUSED = "The chair must be one of the seated seats, or rotate";
/** The Council of the Ascended (#28): members sit at the Gate, each in the seat its agent is bound to. */
export const MEMBERS_REFUSED = "Choose at most four ascended members, each once";
export const MEMBER_NOT_SEATED = "That member does not sit on the Council";
export const membersShareSeat = (seat: string) => `One seat holds one voice: two of the members chosen are bound to the ${seat} seat`;

/** A question to the Council: in a new session or one named, with the seats and chair chosen. */
export const consultSchema = z
  .object({
    prompt: trimmedText(1, "Speak a question to the Council", 4000, "The question is too long for the Council"),
    sessionId: entityId(SESSION_NOT_FOUND).nullish(),
    seats: z
      .array(z.enum(SEATS, { error: SEATS_REFUSED }), { error: SEATS_REFUSED })
      .min(2, SEATS_REFUSED)
      .max(SEATS.length, SEATS_REFUSED)
      .refine((seats) => new Set(seats).size === seats.length, SEATS_REFUSED)
      .nullish(),
    chair: z.enum(CHAIR_CHOICES, { error: CHAIR_REFUSED }).nullish(),
    review: z.boolean({ error: "review must be true or false" }).nullish(),
    members: z
      .array(entityId(MEMBER_NOT_SEATED), { error: MEMBERS_REFUSED })
      .max(SEATS.length, MEMBERS_REFUSED)
      .refine((members) => new Set(members).size === members.length, MEMBERS_REFUSED)
      .nullish(),
  })
  // With members chosen, their seats sit too: the server, which knows their seats, checks the chair then.
  .refine((input) => !input.seats || !input.chair || input.chair === "rotate" || input.seats.includes(input.chair) || Boolean(input.members?.length), {
    message: CHAIR_REFUSED,
    path: ["chair"],
  });
export type ConsultInput = z.output<typeof consultSchema>;

export const RETRY_SEAT_REFUSED = "Name one of the four seats to ask again";

/** Asking one seat of a finished question again (REST's body; GraphQL's RetryCouncilSeatInput). */
export const retrySeatSchema = z.object({ seat: z.enum(SEATS, { error: RETRY_SEAT_REFUSED }) });
