// What only curators may do: archive or restore an agent, ascend or retire a council member by
// hand, remove a council whisper, merge a tag into another or remove it. Every act writes a ritual log entry in the same transaction
// and publishes it once committed, as the Council's own acts do. Each act refuses anyone but a
// curator itself, whoever calls it (REST and GraphQL refuse earlier, at the transport, too).
import type { Actor } from "../../actor.ts";
import type { Clock } from "../../clock.ts";
import type { Agent, CouncilMember, Prisma, PrismaClient, RitualLog, Tag } from "../../../generated/prisma/client.ts";
import { badInput, conflict, notFound } from "../../errors.ts";
import type { EventBus } from "../events.ts";
import { isUuid } from "../../db/ids.ts";
import type { NotificationService } from "../notifications/service.ts";
import { requireCurator } from "../accounts/access.ts";

export type AgentAct = { agent: Agent; member: CouncilMember | null; log: RitualLog };
export type WhisperRemoval = { whisperId: string; log: RitualLog };
/** A tag merged into another: the tag it became (its count as it now is), how many agents changed. */
export type TagMerge = { removed: string; tag: Tag; agents: number; log: RitualLog };
export type TagRemoval = { removed: string; agents: number; log: RitualLog };

export const TAG_NOT_FOUND = "Tag not found";
export const TAG_INTO_ITSELF = "A tag cannot be merged into itself";
/** Agents a tag's merge or removal changes in one transaction. */
const TAG_BATCH = 500;

type Tx = Prisma.TransactionClient;

export function createCurationService({
  prisma,
  bus,
  clock,
  notifications,
}: {
  prisma: PrismaClient;
  bus: EventBus;
  clock: Clock;
  notifications?: Pick<NotificationService, "ascended">;
}) {
  async function agentOf(agentId: string): Promise<Agent & { councilMember: CouncilMember | null }> {
    const agent = isUuid(agentId) ? await prisma.agent.findUnique({ where: { id: agentId }, include: { councilMember: true } }) : null;
    if (!agent) throw notFound("Agent not found");
    return agent;
  }

  /**
   * For this transaction, the tag counts are the act's to write, once, instead of the trigger's
   * row by row (migration 20261129100000_agent_tags: a merge of thousands of agents would
   * rewrite one tag row thousands of times). The removed tag's row is deleted; no other changes.
   */
  const tagNamed = async (name: string) => {
    const found = await prisma.tag.findUnique({ where: { name }, select: { name: true } });
    if (!found) throw notFound(TAG_NOT_FOUND);
  };

  const countsByHand = (tx: Tx) => tx.$executeRaw`SELECT set_config('nomina.tag_counts', 'off', true)`;

  const logEntry = (tx: Tx, actor: Actor, data: Omit<Prisma.RitualLogUncheckedCreateInput, "performedBy">) =>
    tx.ritualLog.create({ data: { ...data, performedBy: actor.label } });

  async function setArchived(agentId: string, archived: boolean, actor: Actor): Promise<AgentAct> {
    requireCurator(actor);
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
      requireCurator(actor);
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
      requireCurator(actor);
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
      requireCurator(actor);
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

    /**
     * Every agent carrying `from` carries `into` instead (once, in `from`'s place, or where it
     * already had `into`), and `from` is gone; `into` may be a new tag (a rename). Tags arrive
     * normalised (shared/src/tags.ts). The agents move in batches, each its own transaction with
     * its counts, so a tag on a hundred thousand agents never holds them all locked (an author
     * saving one of them waits for a batch, not for the whole merge); `from` goes last, and a
     * merge cut short is finished by asking again.
     */
    async mergeTag(from: string, into: string, actor: Actor): Promise<TagMerge> {
      requireCurator(actor);
      if (from === into) throw badInput(TAG_INTO_ITSELF, "into");
      await tagNamed(from);
      let agents = 0;
      for (;;) {
        const batch = await prisma.$transaction(async (tx) => {
          await countsByHand(tx);
          // Each agent's row is locked as it is read, then changed; `had` says whether it carried `into` already.
          const [moved] = await tx.$queryRaw<{ agents: number; counted: number; gained: number }[]>`
            WITH old AS (SELECT id, tags @> ARRAY[${into}]::text[] AS had FROM agents WHERE tags @> ARRAY[${from}]::text[] LIMIT ${TAG_BATCH} FOR UPDATE),
            moved AS (
              UPDATE agents a SET tags = CASE WHEN old.had THEN array_remove(a.tags, ${from}) ELSE array_replace(a.tags, ${from}, ${into}) END
              FROM old WHERE a.id = old.id
              RETURNING a.archived, old.had
            )
            SELECT count(*)::int AS agents, (count(*) FILTER (WHERE NOT archived))::int AS counted,
                   (count(*) FILTER (WHERE NOT archived AND NOT had))::int AS gained FROM moved`;
          const { agents, counted, gained } = moved!;
          await tx.tag.updateMany({ where: { name: from }, data: { agentCount: { decrement: counted } } });
          await tx.tag.upsert({ where: { name: into }, create: { name: into, agentCount: gained }, update: { agentCount: { increment: gained } } });
          return agents;
        });
        agents += batch;
        if (batch < TAG_BATCH) break;
      }
      const result = await prisma.$transaction(async (tx) => {
        await tx.tag.deleteMany({ where: { name: from } });
        const tag = await tx.tag.findUniqueOrThrow({ where: { name: into } });
        const log = await logEntry(tx, actor, {
          type: "curation",
          description: `The tag "${from}" was merged into "${into}"`,
          metadata: { action: "merge-tag", tag: from, into, agents },
        });
        return { removed: from, tag, agents, log };
      });
      bus.publish("ritualLogAdded", result.log);
      return result;
    },

    /** No agent carries `tag` any more, and it is gone from the tags: in batches, as a merge. */
    async removeTag(tag: string, actor: Actor): Promise<TagRemoval> {
      requireCurator(actor);
      await tagNamed(tag);
      let agents = 0;
      for (;;) {
        const batch = await prisma.$transaction(async (tx) => {
          await countsByHand(tx);
          const [gone] = await tx.$queryRaw<{ agents: number; counted: number }[]>`
            WITH gone AS (
              UPDATE agents SET tags = array_remove(tags, ${tag})
              WHERE id IN (SELECT id FROM agents WHERE tags @> ARRAY[${tag}]::text[] LIMIT ${TAG_BATCH} FOR UPDATE)
              RETURNING archived
            )
            SELECT count(*)::int AS agents, (count(*) FILTER (WHERE NOT archived))::int AS counted FROM gone`;
          await tx.tag.updateMany({ where: { name: tag }, data: { agentCount: { decrement: gone!.counted } } });
          return gone!.agents;
        });
        agents += batch;
        if (batch < TAG_BATCH) break;
      }
      const result = await prisma.$transaction(async (tx) => {
        await tx.tag.deleteMany({ where: { name: tag } });
        const log = await logEntry(tx, actor, {
          type: "curation",
          description: `The tag "${tag}" was removed`,
          metadata: { action: "remove-tag", tag, agents },
        });
        return { removed: tag, agents, log };
      });
      bus.publish("ritualLogAdded", result.log);
      return result;
    },
  };
}

export type CurationService = ReturnType<typeof createCurationService>;
