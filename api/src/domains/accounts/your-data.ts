// Your data (#30 item 8): everything a person made and said, as one archive they can take away,
// and the deletion of their account, which says first what happens to the agents others built on.
//
// The archive is a ZIP streamed as it is written (fflate): the agents as Character Cards (JSON,
// importable again), every thread with all its messages, every Council session with its
// questions, the personas and what agents remember of them. It is read a page at a time in the
// order of the owner's own indexes, so it costs memory for one page and time linear in what the
// person owns; five an hour per account, visitor key or address.
//
// Deleting an account keeps the network whole: an agent of theirs that another's agent descends
// from (however deep), or that sits on the Council, stays, credited to "anonymous"; every other
// agent of theirs is deleted, with their threads, sessions, personas and memories. Counts others
// see (a parent's remixes, its creator's remixes received) lose what was deleted.
import { DELETE_EMAIL_WRONG, DELETE_PASSWORD_WRONG, type DeleteAccountInput } from "@nomina/shared/accounts";
import { pathTo, paths } from "@nomina/shared/paths";
import { Zip, ZipDeflate, strToU8 } from "fflate";
import { actorKey, type Actor } from "../../actor.ts";
import type { Prisma, PrismaClient } from "../../../generated/prisma/client.ts";
import { badInput, forbidden, rateLimited } from "../../errors.ts";
import { cardOf } from "../agents/cards.ts";
import { madeBy } from "../agents/creators.ts";
import { ownedBy } from "../ownership.ts";
import { recipientOf } from "../notifications/service.ts";
import type { CounterStore } from "../usage/counters.ts";
import { requireUser } from "./access.ts";
import type { SignInGuard } from "./attempts.ts";
import { verifyPassword } from "./passwords.ts";

/** Rows read at a time while the archive is written. */
const PAGE = 100;
export const EXPORTS_PER_HOUR = 5;
export const NOTHING_TO_EXPORT = "Only an account or a visitor key owns anything to export";
export const DELETED_CREDIT = "anonymous";

export type DeletionSummary = {
  /** Agents the account made. */
  agents: number;
  /** Of those, the ones that stay (others' agents descend from them, or they sit on the Council). */
  kept: number;
  threads: number;
  councilSessions: number;
};

type YourDataDeps = { prisma: PrismaClient; counters: CounterStore; guard: SignInGuard; publicUrl: string; clock: () => Date };

type Entry = { path: string; text: string };

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** A file name part: letters, digits and dashes only. */
const safe = (text: string) => text.replace(/[^\p{L}\p{N}-]+/gu, "-").slice(0, 60) || "untitled";

/**
 * Every page of a list in its index's order: `read(after)` returns the page after the row whose id
 * is `after` (the first page when undefined).
 */
async function* pages<T extends { id: string }>(read: (after: string | undefined) => Promise<T[]>): AsyncGenerator<T[]> {
  let after: string | undefined;
  for (;;) {
    const page = await read(after);
    if (page.length > 0) yield page;
    if (page.length < PAGE) return;
    after = page.at(-1)!.id;
  }
}

const after = (id: string | undefined): { cursor?: { id: string }; skip?: number } => (id ? { cursor: { id }, skip: 1 } : {});

const README = (generatedAt: Date) => `Nomina: your data, as of ${generatedAt.toISOString()}

agents/      each agent you forged or remixed, as a Character Card (V3 JSON; import it again on
             Nomina's My agents or in any app that reads cards)
threads/     each of your threads with every message, answers and edits included (branches keep
             their parentId), in the order they were written
council/     each of your Council sessions with its questions, answers, reviews and syntheses;
             council/questions.json holds questions asked outside a session
personas.json   the personas you speak as
memories.json   what agents remember of you
account.json    your account (signed-in archives only)
`;

export function createYourData({ prisma, counters, guard, publicUrl, clock }: YourDataDeps) {
  const exports = counters.counter("exports", { points: EXPORTS_PER_HOUR, seconds: 3600 });

  async function* entries(actor: Actor): AsyncGenerator<Entry> {
    yield { path: "README.txt", text: README(clock()) };
    if (actor.userId) {
      const user = await prisma.user.findUniqueOrThrow({
        where: { id: actor.userId },
        select: {
          id: true,
          name: true,
          email: true,
          verified: true,
          createdAt: true,
          agentsCreated: true,
          lineagesStarted: true,
          remixesReceived: true,
          synthRuns: true,
          summonRituals: true,
        },
      });
      yield { path: "account.json", text: json(user) };
    }
    const agentOrder: Prisma.AgentOrderByWithRelationInput[] = [{ createdAt: "desc" }, { id: "desc" }];
    for await (const page of pages((id) => prisma.agent.findMany({ where: madeBy(actor), orderBy: agentOrder, take: PAGE, ...after(id) }))) {
      for (const agent of page) {
        const card = cardOf(agent, `${publicUrl}${pathTo(paths.agentByUsername, { username: agent.username })}`);
        yield { path: `agents/${safe(agent.username)}.card.json`, text: json(card) };
      }
    }
    const owned = ownedBy(actor);
    const recent = [{ updatedAt: "desc" as const }, { id: "desc" as const }];
    for await (const page of pages((id) =>
      prisma.conversation.findMany({ where: owned, orderBy: recent, take: PAGE, ...after(id), include: { agent: { select: { name: true, username: true } } } }),
    )) {
      for (const thread of page) {
        const messages = await prisma.message.findMany({
          where: { conversationId: thread.id },
          orderBy: [{ createdAt: "asc" }, { id: "asc" }],
          select: {
            id: true,
            parentId: true,
            role: true,
            text: true,
            status: true,
            agentId: true,
            model: true,
            mode: true,
            costUsd: true,
            active: true,
            createdAt: true,
          },
        });
        const { agent, ...fields } = thread;
        yield {
          path: `threads/${thread.createdAt.toISOString().slice(0, 10)}-${safe(thread.title)}-${thread.id.slice(-8)}.json`,
          text: json({ ...fields, agent, messages }),
        };
      }
    }
    for await (const page of pages((id) => prisma.consultation.findMany({ where: owned, orderBy: recent, take: PAGE, ...after(id) }))) {
      for (const session of page) {
        const questions = await prisma.councilInvocation.findMany({ where: { sessionId: session.id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
        yield {
          path: `council/${session.createdAt.toISOString().slice(0, 10)}-${safe(session.title)}-${session.id.slice(-8)}.json`,
          text: json({ ...session, questions }),
        };
      }
    }
    if (actor.userId) {
      const loose = [];
      for await (const page of pages((id) =>
        prisma.councilInvocation.findMany({
          where: { userId: actor.userId, sessionId: null },
          orderBy: [{ createdAt: "desc" }, { id: "desc" }],
          take: PAGE,
          ...after(id),
        }),
      ))
        loose.push(...page);
      if (loose.length) yield { path: "council/questions.json", text: json(loose) };
    }
    const personas = [];
    for await (const page of pages((id) => prisma.persona.findMany({ where: owned, orderBy: [{ createdAt: "asc" }, { id: "asc" }], take: PAGE, ...after(id) })))
      personas.push(...page);
    yield { path: "personas.json", text: json(personas.map(({ userId: _user, visitorId: _key, ...persona }) => persona)) };
    const memories = [];
    for await (const page of pages((id) =>
      prisma.agentMemory.findMany({
        where: owned,
        orderBy: [{ updatedAt: "asc" }, { id: "asc" }],
        take: PAGE,
        ...after(id),
        include: { agent: { select: { name: true, username: true } } },
      }),
    ))
      memories.push(...page.map(({ userId: _user, visitorId: _key, ...memory }) => memory));
    yield { path: "memories.json", text: json(memories) };
  }

  /** My agents that stay when I go: others' agents descend from them, or they sit on the Council. */
  async function keptAgents(tx: Prisma.TransactionClient, userId: string): Promise<string[]> {
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

  /** What the account holds: its agents, threads and sessions (linear in its own rows, on its own indexes). */
  async function counts(tx: Prisma.TransactionClient, userId: string) {
    return {
      agents: await tx.agent.count({ where: { creatorId: userId } }),
      threads: await tx.conversation.count({ where: { userId } }),
      councilSessions: await tx.consultation.count({ where: { userId } }),
    };
  }

  return {
    /**
     * The archive of what `actor` made and said: a ZIP written as it is read. Refused for a client
     * that owns nothing (no account, no visitor key), and past five an hour.
     */
    async archive(actor: Actor): Promise<{ filename: string; body: ReadableStream<Uint8Array> }> {
      if (!actor.userId && !actor.visitorId) throw forbidden(NOTHING_TO_EXPORT);
      const wait = await exports.take(actorKey(actor));
      if (wait !== null) throw rateLimited(`Too many exports. Try again in ${wait} seconds.`, wait);
      const files = entries(actor);
      // The first files are read before anything is sent: a database that does not answer is a
      // 503 the client can retry, not an archive cut short.
      const first = [await files.next(), await files.next()];
      let zip: Zip;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          zip = new Zip((error, chunk, final) => {
            if (error) return controller.error(error);
            controller.enqueue(chunk);
            if (final) controller.close();
          });
        },
        // One file per pull: the client's reading paces the database's.
        async pull() {
          const next = first.shift() ?? (await files.next());
          if (next.done) return zip.end();
          const file = new ZipDeflate(next.value.path, { level: 6 });
          zip.add(file);
          file.push(strToU8(next.value.text), true);
        },
        async cancel() {
          await files.return(undefined);
        },
      });
      return { filename: `nomina-${clock().toISOString().slice(0, 10)}.zip`, body };
    },

    /** What deleting the signed-in account would do: its agents, those that stay, its threads and sessions. */
    async deletionSummary(actor: Actor): Promise<DeletionSummary> {
      const { userId } = requireUser(actor);
      return prisma.$transaction(async (tx) => ({ ...(await counts(tx, userId)), kept: (await keptAgents(tx, userId)).length }));
    },

    /**
     * Deletes the signed-in account once its password (or, without one, its email) is given again:
     * what stays of its agents is credited to "anonymous", the rest goes with the account.
     */
    async deleteAccount(input: DeleteAccountInput, actor: Actor): Promise<DeletionSummary> {
      const { userId } = requireUser(actor);
      const user = await prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, passwordHash: true } });
      if (user.passwordHash) {
        // As a password change: a stolen session must not make guessing the password cheap.
        await guard.attempt(user.email, actor.address);
        if (!input.password || !(await verifyPassword(user.passwordHash, input.password))) throw badInput(DELETE_PASSWORD_WRONG, "password");
        await guard.succeeded(user.email, actor.address);
      } else if (input.email?.trim().toLowerCase() !== user.email) {
        throw badInput(DELETE_EMAIL_WRONG, "email");
      }
      return prisma.$transaction(async (tx) => {
        const before = await counts(tx, userId);
        const kept = await keptAgents(tx, userId);
        await tx.agent.updateMany({ where: { id: { in: kept } }, data: { creatorId: null, visitorId: null, createdBy: DELETED_CREDIT } });
        // What remains of the account's agents goes: first, the counts others see lose it.
        await tx.$executeRaw`
          UPDATE "agents" p SET "remix_count" = p."remix_count" - c."n"
          FROM (SELECT "parent_agent_id", count(*)::int AS "n" FROM "agents" WHERE "creator_id" = ${userId}::uuid AND "parent_agent_id" IS NOT NULL GROUP BY "parent_agent_id") c
          WHERE p."id" = c."parent_agent_id" AND p."creator_id" IS DISTINCT FROM ${userId}::uuid`;
        await tx.$executeRaw`
          UPDATE "users" u SET "remixes_received" = GREATEST(u."remixes_received" - c."n", 0)
          FROM (
            SELECT p."creator_id", count(*)::int AS "n" FROM "agents" r JOIN "agents" p ON r."parent_agent_id" = p."id"
            WHERE r."creator_id" = ${userId}::uuid AND p."creator_id" IS NOT NULL AND p."creator_id" <> ${userId}::uuid
            GROUP BY p."creator_id"
          ) c
          WHERE u."id" = c."creator_id"`;
        await tx.agent.deleteMany({ where: { creatorId: userId } });
        // Questions asked outside a session name the account only loosely (SetNull): they go too.
        await tx.councilInvocation.deleteMany({ where: { userId } });
        // Its notifications name it by a key, not a foreign key: they go by that key.
        const recipient = recipientOf({ userId, visitorId: null })!;
        await tx.notification.deleteMany({ where: { recipient } });
        await tx.notificationInbox.deleteMany({ where: { recipient } });
        await tx.user.delete({ where: { id: userId } });
        return { ...before, kept: kept.length };
      });
    },
  };
}

export type YourData = ReturnType<typeof createYourData>;
