// A new thread opens with the agent's greeting: its own, or one of its alternates the visitor
// swiped to before answering. The greeting is the thread's root, the agent's first turn (marked
// mode "greeting": written by its creator or its awakening, never asked of a seat), and the
// visitor's first message answers it.
import { GREETING_INDEX_INVALID } from "@nomina/shared/whispers";
import type { Agent, Prisma } from "../../../generated/prisma/client.ts";
import { badInput } from "../../errors.ts";
import { attach } from "./branches.ts";

/** What a greeting's message records as its mode, so that a thread shows it as the agent's opening. */
export const GREETING_MODE = "greeting";

/** The agent's greetings in order: its greeting, then its alternates. */
export const greetingsOf = (agent: Pick<Agent, "greeting" | "alternateGreetings">): string[] =>
  [agent.greeting, ...agent.alternateGreetings].filter((text): text is string => Boolean(text?.trim()));

/** The greeting a new thread opens with (`index` of greetingsOf), none when no index is given; one the agent does not have is the client's mistake. */
export function greetingOf(agent: Pick<Agent, "greeting" | "alternateGreetings">, index: number | null | undefined): string | null {
  if (index === null || index === undefined) return null;
  const greeting = greetingsOf(agent)[index];
  if (greeting === undefined) throw badInput(GREETING_INDEX_INVALID, "greetingIndex");
  return greeting;
}

/** Writes the greeting as the thread's root (before its first question, which then follows it). */
export async function openWithGreeting(tx: Prisma.TransactionClient, conversationId: string, text: string, id: string) {
  const ordinal = await attach(tx, conversationId, null);
  return tx.message.create({ data: { id, conversationId, role: "agent", text, status: "complete", mode: GREETING_MODE, parentId: null, ordinal } });
}
