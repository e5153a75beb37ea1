// Notifications (#30 item 5): what the owner of an agent hears (it was remixed, nominated,
// ascended, embedded on a site not seen before, or reached 1, 10, 100... conversations) and what
// the owner of a shared thread or Council session hears (someone else opened it). An owner is a
// signed-in user or a visitor's key (ownership.ts), so a recipient is one key, `user:<id>` or
// `visitor:<hashed key>`; a visitor's notifications move to the account with the rest (adoption.ts).
//
// Each is written by one statement (write()): the notice, unless the recipient is the one who
// acted or has muted its kind, and the recipient's unread count beside it (notification_inboxes,
// kept by every write, never counted). Repeats of one kind on one subject coalesce while unread
// (#42 item 6): remixes and new sites of an agent, nominations, openings of a thread or session
// are one row per `open_key`, its count bumped and its latest remix, site and actor written in
// place by the same statement (INSERT ... ON CONFLICT on the (recipient, open_key) key: constant
// cost, exact under concurrent events). So forty remixes are one unread "40 remixes of ...".
// A notice carries no text the actor chose but names that pass the agent-name rules (a remix's
// name, a display name that would pass them, a site's host): anything else is left out.
// Producers inside an act's transaction write there, and announce (notificationAdded, keyed by
// recipient) once it has committed.
import { FORGE_NAME_MAX } from "@nomina/shared/agents";
import { NOTIFICATION_KINDS, NOTIFICATIONS_NEED_OWNER, isConversationMilestone, type NotificationKind } from "@nomina/shared/notifications";
import { pathTo, paths } from "@nomina/shared/paths";
import { nameText } from "@nomina/shared/text";
import type { Actor } from "../../actor.ts";
import type { Clock } from "../../clock.ts";
import { afterCommit } from "../../db/client.ts";
import { isUuid } from "../../db/ids.ts";
import { keysetFind, type ConnectionQuery, type KeysetOrder } from "../../db/keyset.ts";
import { uuidv7 } from "../../db/uuid.ts";
import { unauthenticated } from "../../errors.ts";
import type { Logger } from "../../logger.ts";
import { Prisma, type Agent, type Notification, type PrismaClient } from "../../../generated/prisma/client.ts";
import type { EventBus, NotificationEvent } from "../events.ts";

export type NotificationQuery = ConnectionQuery & Pick<Prisma.NotificationFindManyArgs, "include" | "select" | "take">;

/** How many sites an agent's embed is recorded on at most: past it, a new host is neither kept nor told. */
export const EMBED_SITES_MAX = 100;
/** The longest host kept (a DNS name is at most 253 characters, and a port follows). */
const HOST_MAX = 260;

const NEWEST_FIRST: KeysetOrder = [
  ["updatedAt", "desc"],
  ["id", "desc"],
];

type Db = PrismaClient | Prisma.TransactionClient;
type Owned = { creatorId: string | null; visitorId: string | null };

/** The agent-name rules (shared/agents.ts: visible, nothing hidden, at most FORGE_NAME_MAX): what an actor's words in a notice must pass. */
const SHOWN_NAME = nameText(1, "", FORGE_NAME_MAX, "", "");

/** `text` as a notice may show it: normalised as a name, if it passes the agent-name rules; else null (the notice names no one). */
export function shownName(text: string | null | undefined): string | null {
  if (!text) return null;
  const checked = SHOWN_NAME.safeParse(text);
  return checked.success ? checked.data : null;
}

/** The recipient key of whoever `actor` is: its account, else its browser's key, else no one. */
export function recipientOf(actor: Pick<Actor, "userId" | "visitorId">): string | null {
  if (actor.userId) return `user:${actor.userId}`;
  return actor.visitorId ? `visitor:${actor.visitorId}` : null;
}

/** The recipient key of an agent's owner: its creator's account, else the visitor key that forged it. */
export const ownerOfAgent = (agent: Owned) => recipientOf({ userId: agent.creatorId, visitorId: agent.visitorId });

/** Where a notification leads: the remix, the thread, the session, else the agent. */
export function notificationPath(notice: Pick<Notification, "kind" | "agentId" | "subjectId">): string | null {
  if (notice.kind === "remixed" && notice.subjectId) return pathTo(paths.agentProfile, { agentId: notice.subjectId });
  if (notice.kind === "thread_opened" && notice.subjectId) return pathTo(paths.conversation, { id: notice.subjectId });
  if (notice.kind === "session_opened" && notice.subjectId) return pathTo(paths.summonSession, { id: notice.subjectId });
  return notice.agentId ? pathTo(paths.agentProfile, { agentId: notice.agentId }) : null;
}

/** The host of the page that framed an embed, from its Referer: null for none, another scheme, or our own. */
export function embeddingHost(referer: string | undefined, ownHosts: readonly string[]): string | null {
  if (!referer) return null;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  const host = url.host.toLowerCase();
  if (!host || host.length > HOST_MAX || ownHosts.some((own) => own.toLowerCase() === host)) return null;
  return host;
}

type Written = Notification & { unread: number };

export function createNotificationService({
  prisma,
  bus,
  clock,
  log,
}: {
  prisma: PrismaClient;
  bus: Pick<EventBus, "publish" | "subscribe">;
  clock: Clock;
  log: Pick<Logger, "warn">;
}) {
  /** A notice to write: its recipient and what it says, as columns of one row. */
  type Notice = {
    recipient: string | null;
    kind: NotificationKind;
    agentId: string | null;
    agentName: string | null;
    subjectId?: string | null;
    subjectTitle?: string | null;
    count?: number;
    openKey?: string | null;
  };

  /** The notice as one row's columns; its subject's title only as a name (shownName). */
  const row = (
    notice: Notice,
  ) => Prisma.sql`SELECT ${notice.recipient}::text AS recipient, ${notice.kind}::"NotificationKind" AS kind, ${notice.agentId}::uuid AS agent_id,
    ${notice.agentName}::text AS agent_name, ${notice.subjectId ?? null}::uuid AS subject_id, ${shownName(notice.subjectTitle)}::text AS subject_title,
    ${notice.count ?? 1}::int AS count, ${notice.openKey ?? null}::text AS open_key`;

  /**
   * Writes the notice `source` selects (at most one row), unless its recipient is none, is the
   * actor, or has muted its kind; a repeat of an unread notice with the same open_key bumps its
   * count and takes the repeat's subject, title and actor (the latest). The recipient's unread
   * count rises with a new row only, in the same statement. The actor is shown by a name that
   * passes the agent-name rules, else not at all.
   */
  function write(db: Db, source: Prisma.Sql, actor: Pick<Actor, "userId" | "visitorId" | "label"> | null) {
    const now = clock();
    return db.$queryRaw<Written[]>`
      WITH source AS (${source}),
      written AS (
        INSERT INTO notifications (id, recipient, kind, agent_id, agent_name, subject_id, subject_title, actor_label, count, open_key, created_at, updated_at)
        SELECT ${uuidv7()}::uuid, s.recipient, s.kind, s.agent_id, s.agent_name, s.subject_id, s.subject_title, ${shownName(actor?.label)}::text, s.count, s.open_key, ${now}, ${now}
        FROM source s
        WHERE s.recipient IS NOT NULL AND s.recipient IS DISTINCT FROM ${actor ? recipientOf(actor) : null}::text
          AND NOT EXISTS (SELECT 1 FROM notification_inboxes i WHERE i.recipient = s.recipient AND s.kind = ANY (i.muted))
        ON CONFLICT (recipient, open_key) DO UPDATE SET count = notifications.count + 1, updated_at = EXCLUDED.updated_at,
          actor_label = EXCLUDED.actor_label, agent_name = EXCLUDED.agent_name, subject_id = EXCLUDED.subject_id, subject_title = EXCLUDED.subject_title
        RETURNING notifications.*, (notifications.xmax = 0) AS inserted
      ),
      counted AS (
        INSERT INTO notification_inboxes (recipient, unread, updated_at) SELECT recipient, 1, ${now} FROM written WHERE inserted
        ON CONFLICT (recipient) DO UPDATE SET unread = notification_inboxes.unread + 1, updated_at = EXCLUDED.updated_at
        RETURNING unread
      )
      SELECT w.id, w.recipient, w.kind::text AS kind, w.agent_id AS "agentId", w.agent_name AS "agentName", w.subject_id AS "subjectId", w.subject_title AS "subjectTitle",
        w.actor_label AS "actorLabel", w.count, w.open_key AS "openKey", w.created_at AS "createdAt", w.updated_at AS "updatedAt", w.read_at AS "readAt",
        COALESCE((SELECT unread FROM counted), (SELECT unread FROM notification_inboxes i WHERE i.recipient = w.recipient), 0) AS unread
      FROM written w`;
  }

  function announce(written: readonly Written[]) {
    for (const { unread, ...notification } of written)
      bus.publish("notificationAdded", { notification, unreadCount: Number(unread) } satisfies Record<string, unknown>, notification.recipient);
  }

  /** Writes inside the act's transaction; announced once it commits. */
  async function inAct(tx: Db, source: Prisma.Sql, actor: Parameters<typeof write>[2]) {
    const written = await write(tx, source, actor);
    if (written.length) afterCommit(() => announce(written));
  }

  /** Writes after the act has committed: a failure is logged, never the act's. */
  async function afterAct(what: string, source: Prisma.Sql, actor: Parameters<typeof write>[2]) {
    try {
      announce(await write(prisma, source, actor));
    } catch (error) {
      log.warn({ err: error, notification: what }, "a notification could not be written");
    }
  }

  async function unreadCount(recipient: string, db: Db = prisma): Promise<number> {
    const inbox = await db.notificationInbox.findUnique({ where: { recipient }, select: { unread: true } });
    return inbox?.unread ?? 0;
  }

  const ownerOnly = (actor: Actor) => {
    const recipient = recipientOf(actor);
    if (!recipient) throw unauthenticated(NOTIFICATIONS_NEED_OWNER);
    return recipient;
  };

  return {
    /**
     * A remix of `parent` was made (after its commit: the remix's own transaction is a batch).
     * Remixes while unread are one notice: "N remixes of {parent}", the latest remix and remixer.
     */
    remixed(parent: Pick<Agent, "id" | "name"> & Owned, remix: Pick<Agent, "id" | "name">, actor: Actor): Promise<void> {
      const notice: Notice = {
        recipient: ownerOfAgent(parent),
        kind: "remixed",
        agentId: parent.id,
        agentName: parent.name,
        subjectId: remix.id,
        subjectTitle: remix.name,
        openKey: `remixed:${parent.id}`,
      };
      return afterAct("remixed", row(notice), actor);
    },

    /** `agent` was nominated, in the nomination's transaction; repeats while unread are counted on one. */
    nominated(tx: Db, agent: Pick<Agent, "id" | "name"> & Owned, actor: Actor): Promise<void> {
      const notice: Notice = { recipient: ownerOfAgent(agent), kind: "nominated", agentId: agent.id, agentName: agent.name, openKey: `nominated:${agent.id}` };
      return inAct(tx, row(notice), actor);
    },

    /** `agent` ascended to the Council, in the ascension's transaction; `actor` null when the Council's nominations raised it. */
    ascended(tx: Db, agent: Pick<Agent, "id" | "name"> & Owned, actor: Actor | null): Promise<void> {
      return inAct(tx, row({ recipient: ownerOfAgent(agent), kind: "ascended", agentId: agent.id, agentName: agent.name }), actor);
    },

    /**
     * A thread began with `agentIds` (a conclave's every agent), in its transaction: each agent's
     * conversation count rises (agents.conversation_count), and its owner hears when it reaches
     * 1, 10, 100... unless they began it. Raw SQL, so the agents' updated_at is not touched.
     */
    async threadBegun(tx: Db, agentIds: readonly string[], actor: Actor): Promise<void> {
      const counted = await tx.$queryRaw<(Owned & { id: string; name: string; conversationCount: number })[]>`
        UPDATE agents SET conversation_count = conversation_count + 1 WHERE id IN (${Prisma.join(agentIds.map((id) => Prisma.sql`${id}::uuid`))})
        RETURNING id, name, conversation_count AS "conversationCount", creator_id AS "creatorId", visitor_id AS "visitorId"`;
      for (const agent of counted) {
        if (!isConversationMilestone(agent.conversationCount)) continue;
        await inAct(
          tx,
          row({ recipient: ownerOfAgent(agent), kind: "conversations", agentId: agent.id, agentName: agent.name, count: agent.conversationCount }),
          actor,
        );
      }
    },

    /**
     * Someone opened a shared thread or Council session (its page's read, by GraphQL or REST): its
     * owner hears, once while unread, then "opened N times". The owner's own reads write nothing.
     */
    opened(kind: "thread" | "session", id: string, actor: Actor): Promise<void> {
      if (!isUuid(id)) return Promise.resolve();
      const owner = (table: Prisma.Sql) =>
        Prisma.sql`CASE WHEN ${table}.user_id IS NOT NULL THEN 'user:' || ${table}.user_id::text ELSE 'visitor:' || ${table}.visitor_id END`;
      const source =
        kind === "thread"
          ? Prisma.sql`SELECT ${owner(Prisma.raw("c"))} AS recipient, 'thread_opened'::"NotificationKind" AS kind, c.agent_id, a.name AS agent_name, c.id AS subject_id,
              c.title AS subject_title, 1 AS count, 'opened:' || c.id::text AS open_key
            FROM conversations c JOIN agents a ON a.id = c.agent_id WHERE c.id = ${id}::uuid AND c.shared_at IS NOT NULL`
          : Prisma.sql`SELECT ${owner(Prisma.raw("s"))} AS recipient, 'session_opened'::"NotificationKind" AS kind, NULL::uuid AS agent_id, NULL::text AS agent_name, s.id AS subject_id,
              s.title AS subject_title, 1 AS count, 'opened:' || s.id::text AS open_key
            FROM consultations s WHERE s.id = ${id}::uuid AND s.shared_at IS NOT NULL`;
      return afterAct(`${kind}_opened`, source, actor);
    },

    /**
     * An embed of `agentId` was loaded in a page of `host` (the framing page's, from the Referer):
     * the first time from that host it is recorded, and the agent's owner hears of the new site
     * (new sites while unread are one notice, counted, the latest named). A host seen before
     * costs one read; past EMBED_SITES_MAX sites, new ones are not recorded.
     */
    async embedSeen(agentId: string, host: string): Promise<void> {
      try {
        const seen = await prisma.agentEmbedSite.findUnique({ where: { agentId_host: { agentId, host } }, select: { host: true } });
        if (seen) return;
        if ((await prisma.agentEmbedSite.count({ where: { agentId }, take: EMBED_SITES_MAX })) >= EMBED_SITES_MAX) return;
        await prisma.$transaction(async (tx) => {
          const added = await tx.agentEmbedSite.createMany({ data: [{ agentId, host, firstSeenAt: clock() }], skipDuplicates: true });
          if (!added.count) return;
          const agent = await tx.agent.findUniqueOrThrow({ where: { id: agentId }, select: { id: true, name: true, creatorId: true, visitorId: true } });
          const notice: Notice = {
            recipient: ownerOfAgent(agent),
            kind: "embedded",
            agentId: agent.id,
            agentName: agent.name,
            subjectTitle: host,
            openKey: `embedded:${agent.id}`,
          };
          await inAct(tx, row(notice), null);
        });
      } catch (error) {
        log.warn({ err: error, notification: "embedded" }, "a notification could not be written");
      }
    },

    /** The caller's notifications, most recent first (a coalesced one by its latest repeat). */
    list(actor: Actor, query: NotificationQuery = {}) {
      // Taken first: a caller with no notifications still uses the selection it was given (graphql/developer-checks.ts).
      const selection = { ...query };
      const recipient = recipientOf(actor);
      if (!recipient) return Promise.resolve([]);
      return keysetFind(
        selection,
        NEWEST_FIRST,
        { recipient },
        (id, select) => (isUuid(id) ? prisma.notification.findFirst({ where: { id, recipient }, select }) : Promise.resolve(null)),
        (args) => prisma.notification.findMany(args as Prisma.NotificationFindManyArgs),
      );
    },

    /** True when the notification `id` names is the caller's (to anyone else it names nothing). */
    async readable(id: string, actor: Actor): Promise<boolean> {
      const recipient = recipientOf(actor);
      return recipient !== null && isUuid(id) && (await prisma.notification.findFirst({ where: { id, recipient }, select: { id: true } })) !== null;
    },

    /** The caller's unread count, as kept (0 for a caller who owns nothing). */
    unreadCount(actor: Actor): Promise<number> {
      const recipient = recipientOf(actor);
      return recipient ? unreadCount(recipient) : Promise.resolve(0);
    },

    /**
     * Marks the caller's notifications read: those named (others' ids and unknown ones are passed
     * over), or all. The unread count falls by exactly the rows this call turned read. Returns the
     * rows it turned, and the count after.
     */
    async markRead(
      actor: Actor,
      which: { ids?: readonly string[] | null; all?: boolean | null },
    ): Promise<{ notifications: Notification[]; unreadCount: number }> {
      const recipient = recipientOf(actor);
      if (!recipient) return { notifications: [], unreadCount: 0 };
      const ids = which.all ? null : (which.ids ?? []).filter(isUuid);
      if (ids && !ids.length) return { notifications: [], unreadCount: await unreadCount(recipient) };
      const now = clock();
      const result = await prisma.$transaction(async (tx) => {
        const turned = await tx.notification.updateManyAndReturn({
          where: { recipient, readAt: null, ...(ids ? { id: { in: ids } } : {}) },
          data: { readAt: now, openKey: null },
        });
        if (!turned.length) return { notifications: turned, unreadCount: await unreadCount(recipient, tx) };
        const inbox = await tx.notificationInbox.update({
          where: { recipient },
          data: { unread: { decrement: turned.length }, updatedAt: now },
          select: { unread: true },
        });
        return { notifications: turned, unreadCount: inbox.unread };
      });
      if (result.notifications.length)
        bus.publish("notificationAdded", { notification: null, unreadCount: result.unreadCount } satisfies NotificationEvent, recipient);
      return result;
    },

    /** The kinds the caller does not want (none by default). */
    async preferences(actor: Actor): Promise<NotificationKind[]> {
      const recipient = recipientOf(actor);
      if (!recipient) return [];
      const inbox = await prisma.notificationInbox.findUnique({ where: { recipient }, select: { muted: true } });
      return inbox?.muted ?? [];
    },

    /** Sets the kinds not wanted: from now on they are not written (what was written stays). */
    async setPreferences(actor: Actor, muted: readonly NotificationKind[]): Promise<NotificationKind[]> {
      const recipient = ownerOnly(actor);
      const kinds = NOTIFICATION_KINDS.filter((kind) => muted.includes(kind));
      const inbox = await prisma.notificationInbox.upsert({
        where: { recipient },
        create: { recipient, muted: kinds, updatedAt: clock() },
        update: { muted: kinds, updatedAt: clock() },
        select: { muted: true },
      });
      return inbox.muted;
    },

    /** The caller's live notifications: its own recipient key's, nobody else's. */
    subscribe(actor: Actor): AsyncIterable<NotificationEvent> {
      return bus.subscribe("notificationAdded", ownerOnly(actor));
    },

    /** Moves a visitor key's notifications, unread count and settings to the account it signs in to (in the sign-in's transaction). */
    async adopt(tx: Prisma.TransactionClient, visitorId: string, userId: string): Promise<void> {
      const from = recipientOf({ userId: null, visitorId })!;
      const to = recipientOf({ userId, visitorId: null })!;
      // An unread notice the account holds under the same key stays apart, not merged.
      await tx.$executeRaw`UPDATE notifications SET open_key = NULL WHERE recipient = ${from} AND open_key IN (SELECT open_key FROM notifications WHERE recipient = ${to} AND open_key IS NOT NULL)`;
      await tx.notification.updateMany({ where: { recipient: from }, data: { recipient: to } });
      const inbox = await tx.notificationInbox.findUnique({ where: { recipient: from } });
      if (!inbox) return;
      // The account's own settings stay; an account without any takes the visitor's.
      await tx.notificationInbox.upsert({
        where: { recipient: to },
        create: { recipient: to, unread: inbox.unread, muted: inbox.muted, updatedAt: clock() },
        update: { unread: { increment: inbox.unread }, updatedAt: clock() },
      });
      await tx.notificationInbox.delete({ where: { recipient: from } });
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
