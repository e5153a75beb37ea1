// A visitor who signs in or registers keeps their threads, Council sessions and agents: what the browser's key owned moves
// to the account, in the sign-in's own transaction (accounts/service.ts calls each adopter).
import type { Prisma } from "../../generated/prisma/client.ts";
import { creditOf } from "@nomina/shared/accounts";

export async function adoptConversations(tx: Prisma.TransactionClient, visitorId: string, userId: string): Promise<void> {
  await tx.conversation.updateMany({ where: { visitorId, userId: null }, data: { userId, visitorId: null } });
}

/** The same for the visitor's Council sessions, and the questions asked in them. */
export async function adoptCouncilSessions(tx: Prisma.TransactionClient, visitorId: string, userId: string): Promise<void> {
  await tx.councilInvocation.updateMany({ where: { session: { visitorId, userId: null } }, data: { userId } });
  await tx.consultation.updateMany({ where: { visitorId, userId: null }, data: { userId, visitorId: null } });
}

/**
 * The same for the agents the visitor forged or remixed: theirs to edit from the account, shown as
 * "Created by" the account's name where they said "anonymous", and counted in the account's
 * "Agents Created" (#30): what the visitor made is theirs everywhere.
 */
export async function adoptAgents(tx: Prisma.TransactionClient, visitorId: string, userId: string): Promise<void> {
  const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { name: true, displayName: true, anonymous: true } });
  await tx.agent.updateMany({ where: { visitorId, creatorId: null, type: "remix", remixerId: null }, data: { remixerId: userId } });
  // What the creator page counts: the lineages its forged agents started, and the remixes others made of them meanwhile.
  const forged = await tx.agent.aggregate({ where: { visitorId, creatorId: null, type: "forged" }, _count: { _all: true } });
  const remixed = await tx.agent.aggregate({ where: { visitorId, creatorId: null }, _sum: { remixCount: true } });
  const adopted = await tx.agent.updateMany({ where: { visitorId, creatorId: null }, data: { creatorId: userId, visitorId: null, createdBy: creditOf(user) } });
  if (adopted.count) {
    await tx.user.update({
      where: { id: userId },
      data: {
        agentsCreated: { increment: adopted.count },
        lineagesStarted: { increment: forged._count._all },
        remixesReceived: { increment: remixed._sum.remixCount ?? 0 },
      },
    });
  }
}

/** The same for the visitor's personas and what agents remember about them (#27). */
export async function adoptPersonasAndMemories(tx: Prisma.TransactionClient, visitorId: string, userId: string): Promise<void> {
  // The account's default stays the default: an adopted default persona becomes one among the others.
  const hasDefault = await tx.persona.count({ where: { userId, isDefault: true } });
  if (hasDefault) await tx.persona.updateMany({ where: { visitorId, userId: null }, data: { isDefault: false } });
  await tx.persona.updateMany({ where: { visitorId, userId: null }, data: { userId, visitorId: null } });
  await tx.agentMemory.updateMany({ where: { visitorId, userId: null }, data: { userId, visitorId: null } });
}
