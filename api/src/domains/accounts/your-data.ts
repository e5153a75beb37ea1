// Your data (#30 item 8): everything a person made and said, as one archive they can take away,
// and the deletion of their account, which says first what happens to the agents others built on.
//
// The archive is a ZIP streamed as it is written (your-data-archive.ts): the agents as Character
// Cards (JSON, importable again), every thread with all its messages, every Council session with
// its questions, the personas and what agents remember of them. Every list is read a page at a
// time along the owner's own indexes, and every file written a page at a time, so it costs memory
// for one page and time linear in what the person owns, however long a thread (#42 item 3); five
// an hour per account, visitor key or address.
//
// Deleting an account keeps the network whole and takes nothing from anyone else
// (your-data-departure.ts): an agent of theirs that another's agent descends from, or that sits
// on the Council, stays, credited to "anonymous"; one that another visitor's thread speaks with
// departs (its name and glyph stay in that thread, the rest is erased); every other agent of
// theirs is deleted. Their threads and the whispers kept from them, sessions, questions, personas,
// memories, notifications and sign-in sessions go. Counts others see (a parent's remixes, its
// creator's remixes received) lose what was deleted.
import { DELETE_EMAIL_WRONG, DELETE_PASSWORD_WRONG, type DeleteAccountInput } from "@nomina/shared/accounts";
import { pathTo, paths } from "@nomina/shared/paths";
import { actorKey, type Actor } from "../../actor.ts";
import type { Prisma, PrismaClient } from "../../../generated/prisma/client.ts";
import type { KeysetOrder } from "../../db/keyset.ts";
import { badInput, forbidden, rateLimited } from "../../errors.ts";
import { cardOf } from "../agents/cards.ts";
import { madeBy } from "../agents/creators.ts";
import { ownedBy } from "../ownership.ts";
import { recipientOf } from "../notifications/service.ts";
import type { CounterStore } from "../usage/counters.ts";
import { requireUser } from "./access.ts";
import type { SignInGuard } from "./attempts.ts";
import { verifyPassword } from "./passwords.ts";
import { alongIndex, jsonArray, jsonWithList, keysetPages, zipStream, type ArchiveFile } from "./your-data-archive.ts";
import { creditKept, DELETED_CREDIT, depart, departingAgents, eraseWords, keptAgents } from "./your-data-departure.ts";

export { DELETED_CREDIT };
export const EXPORTS_PER_HOUR = 5;
export const NOTHING_TO_EXPORT = "Only an account or a visitor key owns anything to export";

export type DeletionSummary = {
  /** Agents the account made. */
  agents: number;
  /** Of those, the ones that stay (others' agents descend from them, or they sit on the Council). */
  kept: number;
  /** Of those, the ones that depart: others' threads speak with them, and keep their name and glyph. */
  departed: number;
  threads: number;
  councilSessions: number;
};

type YourDataDeps = { prisma: PrismaClient; counters: CounterStore; guard: SignInGuard; publicUrl: string; clock: () => Date };

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** A file name part: letters, digits and dashes only. */
const safe = (text: string) => text.replace(/[^\p{L}\p{N}-]+/gu, "-").slice(0, 60) || "untitled";

const NEWEST_FIRST: KeysetOrder = [
  ["createdAt", "desc"],
  ["id", "desc"],
];
const OLDEST_FIRST: KeysetOrder = [
  ["createdAt", "asc"],
  ["id", "asc"],
];
const RECENT_FIRST: KeysetOrder = [
  ["updatedAt", "desc"],
  ["id", "desc"],
];
const LEAST_RECENT_FIRST: KeysetOrder = [
  ["updatedAt", "asc"],
  ["id", "asc"],
];

const MESSAGE_FIELDS = {
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
} satisfies Prisma.MessageSelect;

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
  /** Every page of the archive is read along its index (your-data-archive.ts alongIndex). */
  const read = <T>(page: Prisma.PrismaPromise<T>) => alongIndex(prisma, page);

  const threadMessages = (conversationId: string) =>
    keysetPages(OLDEST_FIRST, { conversationId }, (args) => read(prisma.message.findMany({ ...(args as Prisma.MessageFindManyArgs), select: MESSAGE_FIELDS })));
  const sessionQuestions = (sessionId: string) =>
    keysetPages(OLDEST_FIRST, { sessionId }, (args) => read(prisma.councilInvocation.findMany(args as Prisma.CouncilInvocationFindManyArgs)));

  async function* entries(actor: Actor): AsyncGenerator<ArchiveFile> {
    yield { path: "README.txt", pieces: [README(clock())] };
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
      yield { path: "account.json", pieces: [json(user)] };
    }
    for await (const page of keysetPages(NEWEST_FIRST, madeBy(actor), (args) => read(prisma.agent.findMany(args as Prisma.AgentFindManyArgs)))) {
      for (const agent of page) {
        const card = cardOf(agent, `${publicUrl}${pathTo(paths.agentByUsername, { username: agent.username })}`);
        yield { path: `agents/${safe(agent.username)}.card.json`, pieces: [json(card)] };
      }
    }
    const owned = ownedBy(actor);
    const threads = keysetPages(RECENT_FIRST, owned, (args) =>
      read(prisma.conversation.findMany({ ...(args as Prisma.ConversationFindManyArgs), include: { agent: { select: { name: true, username: true } } } })),
    );
    for await (const page of threads) {
      for (const { agent, ...thread } of page) {
        yield {
          path: `threads/${thread.createdAt.toISOString().slice(0, 10)}-${safe(thread.title)}-${thread.id.slice(-8)}.json`,
          pieces: jsonWithList({ ...thread, agent }, "messages", threadMessages(thread.id)),
        };
      }
    }
    for await (const page of keysetPages(RECENT_FIRST, owned, (args) => read(prisma.consultation.findMany(args as Prisma.ConsultationFindManyArgs)))) {
      for (const session of page) {
        yield {
          path: `council/${session.createdAt.toISOString().slice(0, 10)}-${safe(session.title)}-${session.id.slice(-8)}.json`,
          pieces: jsonWithList(session, "questions", sessionQuestions(session.id)),
        };
      }
    }
    if (actor.userId) {
      const loose = keysetPages(NEWEST_FIRST, { userId: actor.userId, sessionId: null }, (args) =>
        read(prisma.councilInvocation.findMany(args as Prisma.CouncilInvocationFindManyArgs)),
      );
      // Written only when there is one: its first page is read before the file is begun.
      const first = await loose.next();
      if (!first.done) yield { path: "council/questions.json", pieces: jsonArray(resumed([first.value], loose)) };
    }
    const personas = keysetPages(OLDEST_FIRST, owned, (args) => read(prisma.persona.findMany(args as Prisma.PersonaFindManyArgs)));
    yield { path: "personas.json", pieces: jsonArray(personas, ({ userId: _user, visitorId: _key, ...persona }) => persona) };
    const memories = keysetPages(LEAST_RECENT_FIRST, owned, (args) =>
      read(prisma.agentMemory.findMany({ ...(args as Prisma.AgentMemoryFindManyArgs), include: { agent: { select: { name: true, username: true } } } })),
    );
    yield { path: "memories.json", pieces: jsonArray(memories, ({ userId: _user, visitorId: _key, ...memory }) => memory) };
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
      const first = [await files.next(), await files.next()].flatMap((next) => (next.done ? [] : [next.value]));
      return { filename: `nomina-${clock().toISOString().slice(0, 10)}.zip`, body: zipStream(resumed(first, files)) };
    },

    /** What deleting the signed-in account would do: its agents, those that stay or depart, its threads and sessions. */
    async deletionSummary(actor: Actor): Promise<DeletionSummary> {
      const { userId } = requireUser(actor);
      return prisma.$transaction(async (tx) => {
        const kept = await keptAgents(tx, userId);
        return { ...(await counts(tx, userId)), kept: kept.length, departed: (await departingAgents(tx, userId, kept)).length };
      });
    },

    /**
     * Deletes the signed-in account once its password (or, without one, its email) is given again:
     * what stays of its agents is credited to "anonymous", those others' threads speak with depart,
     * the rest goes with the account.
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
        // Its agents held still: a thread begun with one meanwhile waits, then finds it departed or gone.
        await tx.$queryRaw`SELECT 1 FROM "agents" WHERE "creator_id" = ${userId}::uuid FOR UPDATE`;
        const before = await counts(tx, userId);
        const kept = await keptAgents(tx, userId);
        const departed = await departingAgents(tx, userId, kept);
        await creditKept(tx, userId, kept);
        // What remains of the account's agents leaves the network: first, the counts others see lose it.
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
        await depart(tx, departed);
        // Its threads first: an agent a thread speaks with cannot be deleted (RESTRICT).
        await eraseWords(tx, userId);
        await tx.agent.deleteMany({ where: { creatorId: userId } });
        // Questions asked outside a session name the account only loosely (SetNull): they go too.
        await tx.councilInvocation.deleteMany({ where: { userId } });
        // Its notifications name it by a key, not a foreign key: they go by that key.
        const recipient = recipientOf({ userId, visitorId: null })!;
        await tx.notification.deleteMany({ where: { recipient } });
        await tx.notificationInbox.deleteMany({ where: { recipient } });
        // With the account: its sessions, verification tokens, personas, memories and Council sessions (Cascade).
        await tx.user.delete({ where: { id: userId } });
        return { ...before, kept: kept.length, departed: departed.length };
      });
    },
  };
}

/** What `read` holds (taken from `rest` already), then the rest of `rest`; left early, `rest` is left too. */
async function* resumed<T>(read: T[], rest: AsyncIterator<T>): AsyncGenerator<T> {
  try {
    yield* read;
    for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
  } finally {
    await rest.return?.();
  }
}

export type YourData = ReturnType<typeof createYourData>;
