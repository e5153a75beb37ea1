// GET /api/shared/conversations and GET /api/shared/council-sessions: what the caller has shared
// (Settings → Shared), most recently active first, 20 a page; `cursor` the last id of the page
// before (nextCursor). Unsharing is POST /api/conversations/{id}/share {visibility:"private"} and
// GraphQL's shareCouncilSession.
import { Hono } from "hono";
import { z } from "zod";
import { actorOf } from "../../http/actor.ts";
import { readQuery } from "../../http/body.ts";
import type { Conversation } from "../../../generated/prisma/client.ts";
import type { Services } from "../../services.ts";

type WithAgent = Conversation & { agent: { id: string; name: string; username: string; glyph: string } };

/** Rows a page of either list holds. */
export const SHARED_PAGE = 20;

const pageQuery = z.object({ cursor: z.uuid({ error: "Invalid cursor" }).optional() });

/** One more than a page after the cursor, to learn whether another page follows. */
const pageAfter = (cursor: string | undefined) => ({ take: SHARED_PAGE + 1, ...(cursor ? { cursor: { id: cursor } } : {}) });

function paged<T extends { id: string }>(rows: T[]) {
  const page = rows.slice(0, SHARED_PAGE);
  return { page, nextCursor: rows.length > SHARED_PAGE ? (page.at(-1)?.id ?? null) : null };
}

export function sharingRoutes(services: Services) {
  return new Hono()
    .get("/shared/conversations", async (c) => {
      const { cursor } = readQuery(c, pageQuery);
      const rows = await services.sharing.conversations(actorOf(c), {
        ...pageAfter(cursor),
        include: { agent: { select: { id: true, name: true, username: true, glyph: true } } },
      });
      // The include above puts the agent on every row.
      const { page, nextCursor } = paged(rows as WithAgent[]);
      return c.json({
        conversations: page.map((thread) => ({
          id: thread.id,
          title: thread.title,
          visibility: thread.visibility,
          sharedAt: thread.sharedAt,
          sharedUntil: thread.sharedUntil,
          messageCount: thread.messageCount,
          createdAt: thread.createdAt,
          updatedAt: thread.updatedAt,
          agent: thread.agent,
        })),
        nextCursor,
      });
    })
    .get("/shared/council-sessions", async (c) => {
      const { cursor } = readQuery(c, pageQuery);
      const { page, nextCursor } = paged(await services.sharing.councilSessions(actorOf(c), pageAfter(cursor)));
      return c.json({
        sessions: page.map((session) => ({
          id: session.id,
          title: session.title,
          visibility: session.visibility,
          sharedAt: session.sharedAt,
          questionCount: session.questionCount,
          createdAt: session.createdAt,
          updatedAt: session.updatedAt,
        })),
        nextCursor,
      });
    });
}
