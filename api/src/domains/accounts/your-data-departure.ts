// What deleting an account does to what it made (#30 item 8, #42 item 1), in the deletion's
// transaction: it takes nothing from anyone else, makes nothing public that was not, and erases
// the rest.
//
// Of its agents, those others built on (an agent of another's descends from them, however deep)
// or that sit on the Council stay whole, credited to "anonymous": the network keeps its lineages.
// Those another's thread speaks with (a thread of another visitor's, of no one's, or a conclave
// seat) depart: the row stays with its name and glyph, which the other visitor's thread shows,
// and all else it was is erased; it is archived and silent, so no one can speak with it again
// (conversations refuse an inactive agent), and it is credited to no one. Every other agent goes.
//
// Of what it said: its threads go with their messages, and their whispers with them (a trigger
// deletes a message's whisper: migration 20261202100000_departed_agents), its Council sessions,
// its questions, the whispers it sent the Council and what the ritual log quoted of them.
import { Prisma } from "../../../generated/prisma/client.ts";
import { questionEntry } from "../council/question-log.ts";

export const DELETED_CREDIT = "anonymous";
/** A ritual-log entry of a whisper to the Council whose sender has since left. */
export const REMOVED_COUNCIL_WHISPER = "A whisper reached the Council (since removed)";

type Tx = Prisma.TransactionClient;

/** My agents that stay when I go: others' agents descend from them, or they sit on the Council. */
export async function keptAgents(tx: Tx, userId: string): Promise<string[]> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    WITH RECURSIVE up (id) AS (
      SELECT c."parent_agent_id" FROM "agents" c JOIN "agents" m ON c."parent_agent_id" = m."id"
      WHERE m."creator_id" = ${userId}::uuid AND c."creator_id" IS DISTINCT FROM ${userId}::uuid
      UNION
      SELECT p."parent_agent_id" FROM "agents" p JOIN up ON p."id" = up."id" WHERE p."parent_agent_id" IS NOT NULL
    )
    SELECT a."id"::text AS "id" FROM "agents" a
    WHERE a."creator_id" = ${userId}::uuid
      AND (a."id" IN (SELECT "id" FROM up) OR EXISTS (SELECT 1 FROM "council_members" cm WHERE cm."agent_id" = a."id"))`;
  return rows.map((row) => row.id);
}

/**
 * My agents, of those that do not stay, that someone else's thread speaks with: as its agent, or
 * in a conclave's seat. Each test reads the agent's own index, past my own threads at most.
 */
export async function departingAgents(tx: Tx, userId: string, kept: readonly string[]): Promise<string[]> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT a."id"::text AS "id" FROM "agents" a
    WHERE a."creator_id" = ${userId}::uuid
      AND (
        EXISTS (SELECT 1 FROM "conversations" c WHERE c."agent_id" = a."id" AND c."user_id" IS DISTINCT FROM ${userId}::uuid)
        OR EXISTS (
          SELECT 1 FROM "conversation_participants" p JOIN "conversations" c ON c."id" = p."conversation_id"
          WHERE p."agent_id" = a."id" AND c."user_id" IS DISTINCT FROM ${userId}::uuid
        )
      )`;
  return rows.map((row) => row.id).filter((id) => !kept.includes(id));
}

/** Who made it, forgotten: for the agents that stay whole. */
export async function creditKept(tx: Tx, userId: string, kept: readonly string[]): Promise<void> {
  await tx.agent.updateMany({ where: { id: { in: [...kept] } }, data: { creatorId: null, visitorId: null, createdBy: DELETED_CREDIT, apiKeyHash: null } });
  // Their history named who saved each version.
  await tx.agentVersion.updateMany({ where: { agentId: { in: [...kept] }, editorId: userId }, data: { editorId: null, editedBy: DELETED_CREDIT } });
}

/**
 * The departing agents, emptied: a name and a glyph in others' threads, nothing more. Out of every
 * list (archived), silent (inactive), out of every lineage (no parent, no origin, no remixes: any
 * remix of one was mine, or it would stay whole), credited to no one; its history and pictures go.
 */
export async function depart(tx: Tx, departed: readonly string[]): Promise<void> {
  if (departed.length === 0) return;
  const ids = [...departed];
  await tx.agent.updateMany({
    where: { id: { in: ids } },
    data: {
      personality: "",
      description: null,
      category: null,
      persona: Prisma.DbNull,
      capabilities: Prisma.DbNull,
      outputs: Prisma.DbNull,
      greeting: null,
      alternateGreetings: [],
      tags: [],
      avatar: null,
      avatarUrl: null,
      apiKeyHash: null,
      creationRitual: null,
      createdBy: DELETED_CREDIT,
      creatorId: null,
      visitorId: null,
      remixerId: null,
      remixOf: null,
      remixType: null,
      remixNote: null,
      parentAgentId: null,
      originAgentId: null,
      parentVersion: null,
      remixCount: 0,
      lineageActiveAt: null,
      archived: true,
      isActive: false,
    },
  });
  await tx.agentVersion.deleteMany({ where: { agentId: { in: ids } } });
  await tx.agentAvatar.deleteMany({ where: { agentId: { in: ids } } });
  await tx.agentOutput.deleteMany({ where: { agentId: { in: ids } } });
  await tx.agentEmbedSite.deleteMany({ where: { agentId: { in: ids } } });
}

/**
 * What the account said, erased: its threads (their messages and whispers with them), then the
 * whispers it sent the Council, whose ritual-log entries keep their place without its words, as a
 * curator's removal leaves them; its sessions' entries say only that a question was asked.
 */
export async function eraseWords(tx: Tx, userId: string): Promise<void> {
  // Named, though the trigger would: the write is announced (db/client.ts onWrite).
  await tx.whisper.deleteMany({ where: { message: { conversation: { userId } } } });
  await tx.conversation.deleteMany({ where: { userId } });
  const sent = await tx.councilWhisper.findMany({ where: { userId }, select: { id: true } });
  await tx.ritualLog.updateMany({
    where: { type: "whisper", relatedWhisperId: { in: sent.map((whisper) => whisper.id) } },
    data: { description: REMOVED_COUNCIL_WHISPER, performedBy: DELETED_CREDIT, relatedWhisperId: null },
  });
  await tx.councilWhisper.deleteMany({ where: { userId } });
  const hidden = questionEntry({ prompt: "", seats: [] }, "private", { userId: null, label: "" });
  await tx.$executeRaw`
    UPDATE "ritual_logs" l
    SET "description" = ${hidden.description}, "performed_by" = ${hidden.performedBy}, "metadata" = ${JSON.stringify(hidden.metadata)}::jsonb, "related_session_id" = NULL
    FROM "consultations" s
    WHERE l."type" = 'council' AND l."related_session_id" = s."id" AND s."user_id" = ${userId}::uuid`;
}
