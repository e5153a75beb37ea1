// A visitor who signs in or registers keeps their threads and Council sessions: what the browser's key owned moves
// to the account, in the sign-in's own transaction (accounts/service.ts calls each adopter).
import type { Prisma } from "../../generated/prisma/client.ts";

export async function adoptConversations(tx: Prisma.TransactionClient, visitorId: string, userId: string): Promise<void> {
  await tx.conversation.updateMany({ where: { visitorId, userId: null }, data: { userId, visitorId: null } });
}

/** The same for the visitor's Council sessions, and the questions asked in them. */
export async function adoptCouncilSessions(tx: Prisma.TransactionClient, visitorId: string, userId: string): Promise<void> {
  await tx.councilInvocation.updateMany({ where: { session: { visitorId, userId: null } }, data: { userId } });
  await tx.consultation.updateMany({ where: { visitorId, userId: null }, data: { userId, visitorId: null } });
}
