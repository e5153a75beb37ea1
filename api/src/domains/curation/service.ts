// What only curators may do: archive or restore an agent, ascend or retire a council member by
// hand, remove a council whisper. Every act writes a ritual log entry in the same transaction
// and publishes it once committed, as the Council's own acts do.
import type { Actor } from "../../actor.ts";
import type { Clock } from "../../clock.ts";
import type { Agent, CouncilMember, Prisma, PrismaClient, RitualLog } from "../../../generated/prisma/client.ts";
import { conflict, notFound } from "../../errors.ts";
import type { EventBus } from "../events.ts";
import { isUuid } from "../../db/ids.ts";
import type { NotificationService } from "../notifications/service.ts";

export type AgentAct = { agent: Agent; member: CouncilMember | null; log: RitualLog };
export type WhisperRemoval = { whisperId: string; log: RitualLog };

type Tx = Prisma.TransactionClient;

export function createCurationService({ prisma, bus, clock, notifications }: { prisma: PrismaClient; bus: EventBus; clock: Clock; notifications?: Pick<NotificationService, "ascended"> }) {
  async function agentOf(agentId: string): Promise<Agent & { councilMember: CouncilMember | null }> {
    const agent = isUuid(agentId) ? await prisma.agent.findUnique({ where: { id: agentId }, include: { councilMember: true } }) : null;
    if (!agent) throw notFound("Agent not found");
    return agent;
  }

  const logEntry = (tx: Tx, actor: Actor, data: Omit<Prisma.RitualLogUncheckedCreateInput, "performedBy">) =>
    tx.ritualLog.create({ data: { ...data, performedBy: actor.label } });

  async function setArchived(agentId: string, archived: boolean, actor: Actor): Promise<AgentAct> {
    const found = await agentOf(agentId);
    if (found.archived === archived) throw conflict(`${found.name} is ${archived ? "already archived" : "not archived"}`);
    const action = archived ? "archive" : "restore";
    const result = await prisma.$transaction(async (tx) => ({
      agent: await tx.agent.update({ where: { id: found.id }, data: { archived } }),
      member: found.councilMember,
      log: await logEntry(tx, actor, {
        type: "curation",
        description: archived ? `${found.name} was archived` : `${found.name} was restored to the network`,
        relatedAgentId: found.id,
        metadata: { action },
      }),
    }));
    bus.publish("ritualLogAdded", result.log);
    return result;
  }

  return {
    archive: (agentId: string, actor: Actor) => setArchived(agentId, true, actor),
    restore: (agentId: string, actor: Actor) => setArchived(agentId, false, actor),

    /** Seats an agent on the Council without nominations (again, if it was retired). */
    async ascend(agentId: string, actor: Actor): Promise<AgentAct> {
      const agent = await agentOf(agentId);
      if (agent.councilMember?.isActive) throw conflict(`${agent.name} already sits on the Council`);
      const seat = { agentName: agent.name, ascendedBy: actor.label, ascendedAt: clock(), isActive: true };
      const result = await prisma.$transaction(async (tx) => {
        // The agent's owner hears of it (notifications, #30 item 5), in this transaction.
        await notifications?.ascended(tx, agent, actor);
        return {
          agent,
          member: await tx.councilMember.upsert({ where: { agentId: agent.id }, create: { ...seat, agentId: agent.id }, update: seat }),
          log: await logEntry(tx, actor, {
            type: "ascension",
            description: `${agent.name} ascended to the Council`,
            relatedAgentId: agent.id,
            metadata: { byCurator: true },
          }),
        };
      });
      bus.publish("councilMemberAscended", result.member);
      bus.publish("ritualLogAdded", result.log);
      return result;
    },

    async retire(agentId: string, actor: Actor): Promise<AgentAct> {
      const agent = await agentOf(agentId);
      if (!agent.councilMember?.isActive) throw conflict(`${agent.name} does not sit on the Council`);
      const result = await prisma.$transaction(async (tx) => ({
        agent,
        member: await tx.councilMember.update({ where: { agentId: agent.id }, data: { isActive: false } }),
        log: await logEntry(tx, actor, {
          type: "curation",
          description: `${agent.name} was retired from the Council`,
          relatedAgentId: agent.id,
          metadata: { action: "retire" },
        }),
      }));
      bus.publish("ritualLogAdded", result.log);
      return result;
    },

    /** Deletes a council whisper; the log entries that quoted it keep their place but lose its words. */
    async removeWhisper(whisperId: string, actor: Actor): Promise<WhisperRemoval> {
      const whisper = isUuid(whisperId) ? await prisma.councilWhisper.findUnique({ where: { id: whisperId } }) : null;
      if (!whisper) throw notFound("Whisper not found");
      const log = await prisma.$transaction(async (tx) => {
        await tx.councilWhisper.delete({ where: { id: whisper.id } });
        await tx.ritualLog.updateMany({
          where: { relatedWhisperId: whisper.id, type: "whisper" },
          data: { description: "A whisper reached the Council (since removed by a curator)" },
        });
        return logEntry(tx, actor, {
          type: "curation",
          description: "A whisper was removed from the Council",
          relatedWhisperId: whisper.id,
          metadata: { action: "remove-whisper" },
        });
      });
      bus.publish("ritualLogAdded", log);
      return { whisperId: whisper.id, log };
    },
  };
}

export type CurationService = ReturnType<typeof createCurationService>;
