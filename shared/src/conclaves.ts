// Conclaves (#28): a thread with two to six agents, who speak in a turn order the visitor chose.
// The schemas both transports (GraphQL, REST) and the web app check a conclave's acts with.
import { z } from "zod";
import { clientText, entityId } from "./text.ts";
import { conversationId } from "./conversations.ts";

export const CONCLAVE_MIN_AGENTS = 2;
export const CONCLAVE_MAX_AGENTS = 6;
/** The most agent turns one run may take without the visitor ("let them talk"); docs/SECURITY.md. */
export const CONCLAVE_MAX_TURNS = 6;

export const TURN_ORDERS = ["in_turn", "addressed", "by_hand"] as const;
export type TurnOrder = (typeof TURN_ORDERS)[number];

export const TURN_ORDER_LABELS: Record<TurnOrder, string> = {
  in_turn: "In turn",
  addressed: "The one addressed",
  by_hand: "Picked by hand",
};

export const NOT_IN_CONCLAVE = "That agent has no seat in this conclave";
export const PICK_A_SPEAKER = "Pick who answers: this conclave's turns are picked by hand";
export const CONCLAVE_AGENTS_INVALID = `A conclave gathers ${CONCLAVE_MIN_AGENTS} to ${CONCLAVE_MAX_AGENTS} different agents`;
export const CONCLAVE_TURNS_INVALID = `A conclave speaks 1 to ${CONCLAVE_MAX_TURNS} turns at a time`;

const agentId = entityId("Agent not found");

export const turnOrderSchema = z.enum(TURN_ORDERS, { error: "turnOrder must be in_turn, addressed or by_hand" });

export const startConclaveSchema = z.object({
  agentIds: z
    .array(agentId, { error: CONCLAVE_AGENTS_INVALID })
    .min(CONCLAVE_MIN_AGENTS, CONCLAVE_AGENTS_INVALID)
    .max(CONCLAVE_MAX_AGENTS, CONCLAVE_AGENTS_INVALID)
    .refine((ids) => new Set(ids).size === ids.length, CONCLAVE_AGENTS_INVALID),
  turnOrder: turnOrderSchema,
});
export type StartConclaveInput = z.output<typeof startConclaveSchema>;

/**
 * One run of a conclave: the visitor's message (absent: the agents go on without the visitor,
 * "let them talk"), who answers it (by hand; else the turn order decides) and how many agent
 * turns the run takes (1 by default: the answer alone).
 */
export const conclaveTurnsSchema = z.object({
  conversationId,
  message: clientText(2000, "Your message is too long", "Your message needs words")
    .trim()
    .min(1, "Your message needs words")
    .max(2000, "Your message is too long")
    .nullish(),
  speakerId: agentId.nullish(),
  turns: z
    .number({ error: CONCLAVE_TURNS_INVALID })
    .int(CONCLAVE_TURNS_INVALID)
    .min(1, CONCLAVE_TURNS_INVALID)
    .max(CONCLAVE_MAX_TURNS, CONCLAVE_TURNS_INVALID)
    .nullish(),
});
export type ConclaveTurnsInput = z.output<typeof conclaveTurnsSchema>;

export const setTurnOrderSchema = z.object({ conversationId, turnOrder: turnOrderSchema });
