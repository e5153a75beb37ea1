// The caller's notifications over REST (#30 item 5), as the graph has them:
//   GET  /api/notifications               newest first, 20 a page (`cursor`: nextCursor), with unreadCount
//   POST /api/notifications/read          {ids: [...]} or {all: true}: marked read; the count after
//   GET  /api/notifications/preferences   {muted: [kinds]}
//   PUT  /api/notifications/preferences   {muted: [kinds]}: those kinds are no longer written
// The caller is a signed-in user, or the visitor key the browser sends (X-Nomina-Visitor).
import { NOTIFICATIONS_PAGE, markNotificationsReadSchema, notificationPreferencesSchema } from "@nomina/shared/notifications";
import { Hono } from "hono";
import { z } from "zod";
import type { Notification } from "../../../generated/prisma/client.ts";
import { actorOf } from "../../http/actor.ts";
import { readJson, readQuery } from "../../http/body.ts";
import type { Services } from "../../services.ts";
import { notificationPath } from "./service.ts";

const pageQuery = z.object({ cursor: z.uuid({ error: "Invalid cursor" }).optional() });

export function notificationJson(notice: Notification) {
  return {
    id: notice.id,
    kind: notice.kind,
    agentId: notice.agentId,
    agentName: notice.agentName,
    subjectId: notice.subjectId,
    subjectTitle: notice.subjectTitle,
    actorLabel: notice.actorLabel,
    count: notice.count,
    path: notificationPath(notice),
    read: notice.readAt !== null,
    readAt: notice.readAt,
    createdAt: notice.createdAt,
    updatedAt: notice.updatedAt,
  };
}

export function notificationRoutes(services: Services) {
  const { notifications } = services;
  return new Hono()
    .get("/notifications", async (c) => {
      const { cursor } = readQuery(c, pageQuery);
      const actor = actorOf(c);
      const [rows, unreadCount] = await Promise.all([
        notifications.list(actor, { take: NOTIFICATIONS_PAGE + 1, ...(cursor ? { cursor: { id: cursor } } : {}) }),
        notifications.unreadCount(actor),
      ]);
      const page = rows.slice(0, NOTIFICATIONS_PAGE);
      return c.json({
        notifications: page.map(notificationJson),
        unreadCount,
        nextCursor: rows.length > NOTIFICATIONS_PAGE ? (page.at(-1)?.id ?? null) : null,
      });
    })
    .post("/notifications/read", async (c) => {
      const input = await readJson(c, markNotificationsReadSchema);
      const result = await notifications.markRead(actorOf(c), input);
      return c.json({ notifications: result.notifications.map(notificationJson), unreadCount: result.unreadCount });
    })
    .get("/notifications/preferences", async (c) => c.json({ muted: await notifications.preferences(actorOf(c)) }))
    .put("/notifications/preferences", async (c) => {
      const { muted } = await readJson(c, notificationPreferencesSchema);
      return c.json({ muted: await notifications.setPreferences(actorOf(c), muted) });
    });
}
