// Finding what was said: full-text search over the messages of the caller's conversations, the
// newest first (PostgreSQL text search; the vector and its GIN index are the migration
// 20261126231000_message_search). Only the messages a thread shows are found (its current path),
// so a result always opens where it can be seen. A page is keyset-paginated by (createdAt, id).
import { Prisma, type PrismaClient } from "../../../generated/prisma/client.ts";
import { SNIPPET_MARK_END, SNIPPET_MARK_START } from "@nomina/shared/conversations";
import type { Actor } from "../../actor.ts";

/** The characters of a message a snippet is drawn from (ts_headline reads all it is given). */
const SNIPPET_SOURCE = 5_000;

export type MessageHit = {
  messageId: string;
  conversationId: string;
  role: "user" | "agent";
  createdAt: Date;
  /** Words around the match, the matched ones between SNIPPET_MARK_START and SNIPPET_MARK_END. */
  snippet: string;
};

/** `after`: the id of the last message of the page before (its place in the order is read from it). */
export type SearchPage = { after?: string | null; take: number };

const HEADLINE_OPTIONS = `StartSel=${SNIPPET_MARK_START}, StopSel=${SNIPPET_MARK_END}, MaxWords=24, MinWords=10, MaxFragments=1, FragmentDelimiter=" … "`;

export function createMessageSearch(prisma: Pick<PrismaClient, "$queryRaw">) {
  return {
    /** The caller's messages matching `text`, newest first; a page of `take`, after the cursor. */
    async search(actor: Actor, text: string, page: SearchPage): Promise<MessageHit[]> {
      const owner = actor.userId
        ? Prisma.sql`c.user_id = ${actor.userId}::uuid`
        : actor.visitorId
          ? Prisma.sql`c.user_id IS NULL AND c.visitor_id = ${actor.visitorId}`
          : null;
      if (!owner) return [];
      const after = page.after ? Prisma.sql`AND (m.created_at, m.id) < (SELECT created_at, id FROM messages WHERE id = ${page.after}::uuid)` : Prisma.empty;
      // The page is chosen first; only its rows pay for a snippet.
      return prisma.$queryRaw<MessageHit[]>`
        WITH q AS (SELECT websearch_to_tsquery('english', ${text}) AS query),
        found AS (
          SELECT m.id, m.conversation_id, m.role, m.created_at, m.text
          FROM messages m JOIN conversations c ON c.id = m.conversation_id, q
          WHERE ${owner} AND m.active AND m.search @@ q.query ${after}
          ORDER BY m.created_at DESC, m.id DESC
          LIMIT ${page.take}
        )
        SELECT found.id AS "messageId", found.conversation_id AS "conversationId", found.role::text AS role, found.created_at AS "createdAt",
          ts_headline('english', translate(left(found.text, ${SNIPPET_SOURCE}), ${SNIPPET_MARK_START + SNIPPET_MARK_END}, ''), q.query, ${HEADLINE_OPTIONS}) AS snippet
        FROM found, q
        ORDER BY found.created_at DESC, found.id DESC`;
    },
  };
}
