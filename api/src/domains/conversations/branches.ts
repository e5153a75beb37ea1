// A thread is a tree, as chats keep them (#27): every message has a parent (an answer its
// question; a message of the asker the message it follows; null for the first, or a greeting),
// `chosen` marks the sibling its parent continues with, and `active` the messages on the current
// path, which is the thread shown (active messages ordered by createdAt, id: a child is always
// written after its parent). Edits and regenerations add siblings; the arrows choose among them;
// deleting a message removes what follows it. Every write here first takes the conversation's
// row lock, so two writes to one thread never hang off the same leaf or the same place.
import type { Actor } from "../../actor.ts";
import { isUuid } from "../../db/ids.ts";
import { conflict, notFound } from "../../errors.ts";
import type { Message, Prisma, PrismaClient } from "../../../generated/prisma/client.ts";
import { MESSAGE_NOT_FOUND, PATH_REACH } from "@nomina/shared/conversations";
import type { SeatIdentity } from "../../minds/identity.ts";
import type { DomainDeps } from "../deps.ts";
import { ownedBy } from "../ownership.ts";

type Tx = Prisma.TransactionClient;

export const OFF_PATH = "That message is not on the thread shown: choose its branch first";

/** Takes the conversation's row lock for the rest of the transaction. */
export async function lockConversation(tx: Tx, conversationId: string): Promise<void> {
  await tx.$queryRaw`SELECT "id" FROM "conversations" WHERE "id" = ${conversationId}::uuid FOR UPDATE`;
}

/** The thread's leaf: its last active message, which a new message follows (null for an empty thread). */
export function leafOf(tx: Tx, conversationId: string) {
  return tx.message.findFirst({ where: { conversationId, active: true }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: { id: true } });
}

/**
 * Makes room for a new child of `parentId` (null: a new root): the parent's replyCount (or the
 * conversation's rootCount) rises atomically and gives the newcomer its ordinal, and the siblings
 * stop being chosen (the newcomer, chosen by default, is what the parent continues with).
 */
export async function attach(tx: Tx, conversationId: string, parentId: string | null): Promise<number> {
  const ordinal = parentId
    ? (await tx.message.update({ where: { id: parentId }, data: { replyCount: { increment: 1 } }, select: { replyCount: true } })).replyCount
    : (await tx.conversation.update({ where: { id: conversationId }, data: { rootCount: { increment: 1 } }, select: { rootCount: true } })).rootCount;
  await tx.message.updateMany({ where: { conversationId, parentId, chosen: true }, data: { chosen: false } });
  return ordinal;
}

/**
 * An agent's answer as it begins, inside the transaction that places it: empty and streaming, the
 * child of `parentId`, spoken by `identity`'s seat (`agentId`: the speaker of a conclave).
 */
export function beginReply(
  tx: Tx,
  reply: { id: string; conversationId: string; parentId: string; ordinal?: number; agentId?: string | null },
  identity: SeatIdentity,
): Promise<Message> {
  return tx.message.create({ data: { ...reply, role: "agent", text: "", status: "streaming", ...identity } });
}

/** Leaves the path from `from` on: it and every active message after it (exactly its descendants on the path). */
async function leavePathFrom(tx: Tx, conversationId: string, from: Pick<Message, "createdAt" | "id">): Promise<void> {
  await tx.message.updateMany({
    where: { conversationId, active: true, OR: [{ createdAt: { gt: from.createdAt } }, { createdAt: from.createdAt, id: { gte: from.id } }] },
    data: { active: false },
  });
}

/** Puts `id` and its chosen descendants on the path. */
async function followChosen(tx: Tx, id: string): Promise<void> {
  await tx.$executeRaw`
    WITH RECURSIVE "down" AS (
      SELECT "id" FROM "messages" WHERE "id" = ${id}::uuid
      UNION ALL
      SELECT m."id" FROM "messages" AS m JOIN "down" AS d ON m."parent_id" = d."id" WHERE m."chosen"
    )
    UPDATE "messages" SET "active" = true WHERE "id" IN (SELECT "id" FROM "down")`;
}

/** The sibling on the path among the children of `parentId` (roots when null), if any. */
function activeChild(tx: Tx, conversationId: string, parentId: string | null) {
  return tx.message.findFirst({ where: { conversationId, parentId, active: true }, select: { id: true, createdAt: true } });
}

/** A message's siblings are on the path's reach: its parent is on the path, or it is a root. */
async function parentOnPath(tx: Tx, message: Pick<Message, "parentId">): Promise<boolean> {
  if (!message.parentId) return true;
  const parent = await tx.message.findUnique({ where: { id: message.parentId }, select: { active: true } });
  return parent?.active === true;
}

/**
 * Ends the current branch at `sibling`'s place: the active sibling and what follows it leave the
 * path, and a new sibling may take it. Refuses when the parent is off the path.
 */
export async function branchAt(tx: Tx, conversationId: string, sibling: Pick<Message, "parentId">): Promise<void> {
  if (!(await parentOnPath(tx, sibling))) throw conflict(OFF_PATH);
  const current = await activeChild(tx, conversationId, sibling.parentId);
  if (current) await leavePathFrom(tx, conversationId, current);
}

/** The ids on the path through a message: its ancestors and its chosen descendants, each at most PATH_REACH. */
export async function pathThrough(prisma: PrismaClient, conversationId: string, messageId: string): Promise<string[]> {
  const rows = await prisma.$queryRaw<{ id: string }[]>`
    WITH RECURSIVE "up" AS (
      SELECT "id", "parent_id", 0 AS "depth" FROM "messages" WHERE "id" = ${messageId}::uuid AND "conversation_id" = ${conversationId}::uuid
      UNION ALL
      SELECT m."id", m."parent_id", u."depth" + 1 FROM "messages" AS m JOIN "up" AS u ON m."id" = u."parent_id" WHERE u."depth" < ${PATH_REACH}
    ), "down" AS (
      SELECT "id", 0 AS "depth" FROM "messages" WHERE "id" = ${messageId}::uuid AND "conversation_id" = ${conversationId}::uuid
      UNION ALL
      SELECT m."id", d."depth" + 1 FROM "messages" AS m JOIN "down" AS d ON m."parent_id" = d."id" WHERE m."chosen" AND d."depth" < ${PATH_REACH}
    )
    SELECT "id"::text AS "id" FROM "up" UNION SELECT "id"::text AS "id" FROM "down"`;
  return rows.map((row) => row.id);
}

export function createBranches({ prisma }: Pick<DomainDeps, "prisma">) {
  async function ownMessage(ref: string, actor: Actor) {
    const key = ref.trim();
    const message = isUuid(key) ? await prisma.message.findFirst({ where: { id: key, conversation: ownedBy(actor) } }) : null;
    if (!message) throw notFound(MESSAGE_NOT_FOUND);
    return message;
  }

  return {
    ownMessage,

    /**
     * Writes an edit's rows: a new message of the asker beside `earlier` (under the same parent),
     * on the path and chosen, and its answer to be spoken; the old branch stays, off the path.
     */
    async writeEdit(earlier: Message, text: string, identity: SeatIdentity, ids: { question: string; reply: string }, speakerId: string | null = null) {
      return prisma.$transaction(async (tx) => {
        const conversation = await tx.conversation.update({
          where: { id: earlier.conversationId },
          data: { messageCount: { increment: 2 }, updatedAt: new Date() },
        });
        await branchAt(tx, conversation.id, earlier);
        const ordinal = await attach(tx, conversation.id, earlier.parentId);
        const question = await tx.message.create({
          data: { id: ids.question, conversationId: conversation.id, role: "user", text, parentId: earlier.parentId, ordinal, replyCount: 1 },
        });
        const reply = await beginReply(tx, { id: ids.reply, conversationId: conversation.id, parentId: question.id, agentId: speakerId }, identity);
        return { conversation: await tx.conversation.findUniqueOrThrow({ where: { id: conversation.id } }), question, reply, identity };
      });
    },

    /** Makes a message (its parent on the path, or a root) the one the thread shows, with the branch below it that was last chosen. */
    async select(ref: string, actor: Actor): Promise<Message> {
      const target = await ownMessage(ref, actor);
      return prisma.$transaction(async (tx) => {
        await lockConversation(tx, target.conversationId);
        const now = await tx.message.findUnique({ where: { id: target.id } });
        if (!now) throw notFound(MESSAGE_NOT_FOUND);
        if (now.active) return now;
        await branchAt(tx, now.conversationId, now);
        await tx.message.updateMany({ where: { conversationId: now.conversationId, parentId: now.parentId, chosen: true }, data: { chosen: false } });
        await tx.message.update({ where: { id: now.id }, data: { chosen: true } });
        await followChosen(tx, now.id);
        return tx.message.findUniqueOrThrow({ where: { id: now.id } });
      });
    },

    /**
     * Deletes a message and everything after it (its whole subtree, every branch below), with the
     * whispers kept from its answers. Counts and the siblings' places close up; when the deleted
     * one was chosen, its newest remaining sibling is chosen instead (and shown, when it was).
     */
    async remove(ref: string, actor: Actor): Promise<{ id: string; conversationId: string; removed: number }> {
      const found = await ownMessage(ref, actor);
      return prisma.$transaction(async (tx) => {
        await lockConversation(tx, found.conversationId);
        const message = await tx.message.findUnique({ where: { id: found.id } });
        if (!message) throw notFound(MESSAGE_NOT_FOUND);
        const subtree = await tx.$queryRaw<{ id: string; whisper_id: string | null }[]>`
          WITH RECURSIVE "down" AS (
            SELECT "id", "whisper_id" FROM "messages" WHERE "id" = ${message.id}::uuid
            UNION ALL
            SELECT m."id", m."whisper_id" FROM "messages" AS m JOIN "down" AS d ON m."parent_id" = d."id"
          )
          SELECT "id"::text AS "id", "whisper_id"::text AS "whisper_id" FROM "down"`;
        const whispers = subtree.flatMap((row) => (row.whisper_id ? [row.whisper_id] : []));
        await tx.message.delete({ where: { id: message.id } });
        await tx.whisper.deleteMany({ where: { id: { in: whispers } } });
        const { conversationId, parentId } = message;
        await tx.message.updateMany({ where: { conversationId, parentId, ordinal: { gt: message.ordinal } }, data: { ordinal: { decrement: 1 } } });
        if (parentId) await tx.message.update({ where: { id: parentId }, data: { replyCount: { decrement: 1 } } });
        await tx.conversation.update({
          where: { id: conversationId },
          data: { messageCount: { decrement: subtree.length }, ...(parentId ? {} : { rootCount: { decrement: 1 } }) },
        });
        if (message.chosen) {
          const heir = await tx.message.findFirst({
            where: { conversationId, parentId },
            orderBy: [{ createdAt: "desc" }, { id: "desc" }],
            select: { id: true },
          });
          if (heir) {
            await tx.message.update({ where: { id: heir.id }, data: { chosen: true } });
            if (message.active) await followChosen(tx, heir.id);
          }
        }
        return { id: message.id, conversationId, removed: subtree.length };
      });
    },
  };
}
