// Notifications in the graph (#30 item 5): the caller's list (`notifications`, newest first), its
// unread count (`unreadNotificationCount`, as kept) and the kinds it muted; markNotificationsRead
// and setNotificationPreferences; and `notificationAdded`, the caller's own live notifications
// with the count after each. The caller is a signed-in user, or a visitor's key (its browser's).
import {
  NOTIFICATION_KINDS,
  NOTIFICATIONS_PAGE,
  NOTIFICATIONS_PAGE_MAX,
  markNotificationsReadSchema,
  notificationPreferencesSchema,
} from "@nomina/shared/notifications";
import type { Notification } from "../../../generated/prisma/client.ts";
import { builder } from "../../graphql/builder.ts";
import { listMaximum } from "../../graphql/cost.ts";
import { connectionArgs } from "../../graphql/cursors.ts";
import { rawId } from "../../graphql/ids.ts";
import type { NotificationEvent } from "../events.ts";
import { notificationPath } from "./service.ts";

export const NotificationKindEnum = builder.enumType("NotificationKind", { values: NOTIFICATION_KINDS });

export const NotificationNode = builder.prismaNode("Notification", {
  nullable: true,
  id: { field: "id" },
  description:
    "Something that happened to what the caller owns: an agent (remixed, nominated, ascended, embedded on a new site, a number of conversations reached), or a thread or Council session it shared (opened by someone else).",
  fields: (t) => ({
    kind: t.expose("kind", { type: NotificationKindEnum }),
    agent: t.relation("agent", { nullable: true, description: "The agent it is about (a shared thread's agent); null for a Council session." }),
    agentName: t.exposeString("agentName", { nullable: true, description: "The agent's name when it was written." }),
    subjectId: t.exposeString("subjectId", { nullable: true, description: "The (latest) remix's agent id, or the thread's or Council session's id." }),
    subjectTitle: t.exposeString("subjectTitle", {
      nullable: true,
      description:
        "The (latest) remix's name, the thread's or session's title, or the (latest) embedding site's host; a name as the agent-name rules allow, else null.",
    }),
    actorLabel: t.exposeString("actorLabel", {
      nullable: true,
      description: "Who acted ('anonymous' or a user's name, if it passes the agent-name rules; else null); the latest when it happened more than once.",
    }),
    count: t.exposeInt("count", {
      description:
        "How many times it happened while unread, counted on one notice (remixed, embedded on new sites, nominated, opened); the conversations reached (conversations); else 1.",
    }),
    path: t.string({
      nullable: true,
      description: "Where it leads in the app: the remix, the thread, the session, else the agent.",
      resolve: (notice) => notificationPath(notice),
    }),
    read: t.boolean({ resolve: (notice) => notice.readAt !== null }),
    readAt: t.expose("readAt", { type: "DateTime", nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime", description: "When it last happened: the list is newest first by it." }),
  }),
});

const MarkNotificationsReadInput = builder
  .inputType("MarkNotificationsReadInput", {
    fields: (t) => ({
      ids: t.idList({ description: "The notifications to mark read (another's, or an unknown id, is passed over)." }),
      all: t.boolean({ description: "Mark every notification of the caller's read." }),
    }),
  })
  .validate(markNotificationsReadSchema.transform((input) => ({ ...input, ids: input.ids?.map((id) => rawId("Notification", id)) })));

const NotificationPreferencesInput = builder
  .inputType("NotificationPreferencesInput", {
    fields: (t) => ({ muted: t.field({ type: [NotificationKindEnum], required: true, description: "The kinds not wanted; every other kind is." }) }),
  })
  .validate(notificationPreferencesSchema);

type ReadResult = { notifications: Notification[]; unreadCount: number };

const MarkNotificationsReadPayload = builder.objectRef<ReadResult>("MarkNotificationsReadPayload").implement({
  fields: (t) => ({
    notifications: t.field({
      type: [NotificationNode],
      description: "The notifications this call turned read.",
      extensions: listMaximum(NOTIFICATIONS_PAGE_MAX * 2),
      resolve: (result) => result.notifications,
    }),
    unreadCount: t.exposeInt("unreadCount"),
  }),
});

const NotificationPreferences = builder.objectRef<{ muted: readonly string[] }>("NotificationPreferences").implement({
  fields: (t) => ({
    muted: t.field({
      type: [NotificationKindEnum],
      description: "The kinds not written for the caller.",
      extensions: listMaximum(NOTIFICATION_KINDS.length),
      resolve: (prefs) => prefs.muted as (typeof NOTIFICATION_KINDS)[number][],
    }),
  }),
});

const NotificationEventRef = builder.objectRef<NotificationEvent>("NotificationEvent").implement({
  description:
    "A notification written (or, repeated while unread, counted again), with the unread count after it; or, after a read elsewhere, the count alone.",
  fields: (t) => ({
    notification: t.field({ type: NotificationNode, nullable: true, resolve: (event) => event.notification as unknown as Notification | null }),
    unreadCount: t.exposeInt("unreadCount"),
  }),
});

builder.queryFields((t) => ({
  notifications: t.prismaConnection(
    {
      type: "Notification",
      cursor: "id",
      validate: connectionArgs,
      defaultSize: NOTIFICATIONS_PAGE,
      maxSize: NOTIFICATIONS_PAGE_MAX,
      extensions: listMaximum(NOTIFICATIONS_PAGE_MAX, { defaultItems: NOTIFICATIONS_PAGE }),
      description: "The caller's notifications (a signed-in user's, or this browser's visitor key's), most recent first.",
      resolve: (query, _root, _args, ctx) => ctx.services.notifications.list(ctx.actor, query),
    },
    { name: "NotificationConnection" },
    { name: "NotificationEdge" },
  ),
  unreadNotificationCount: t.int({
    description: "How many of the caller's notifications are unread (kept as they are written and read, never counted).",
    resolve: (_root, _args, ctx) => ctx.services.notifications.unreadCount(ctx.actor),
  }),
  notificationPreferences: t.field({
    type: NotificationPreferences,
    resolve: async (_root, _args, ctx) => ({ muted: await ctx.services.notifications.preferences(ctx.actor) }),
  }),
}));

builder.mutationFields((t) => ({
  markNotificationsRead: t.field({
    type: MarkNotificationsReadPayload,
    description: "Marks the caller's notifications read: those named, or all.",
    args: { input: t.arg({ type: MarkNotificationsReadInput, required: true }) },
    resolve: (_root, { input }, ctx) => ctx.services.notifications.markRead(ctx.actor, { ids: input.ids?.map(String), all: input.all }),
  }),
  setNotificationPreferences: t.field({
    type: NotificationPreferences,
    description: "Sets the kinds the caller does not want: from now on they are not written.",
    args: { input: t.arg({ type: NotificationPreferencesInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ muted: await ctx.services.notifications.setPreferences(ctx.actor, input.muted) }),
  }),
}));

builder.subscriptionField("notificationAdded", (t) =>
  t.field({
    type: NotificationEventRef,
    description: "The caller's own notifications as they are written, and its unread count whenever it changes.",
    subscribe: (_root, _args, ctx) => ctx.services.notifications.subscribe(ctx.actor),
    resolve: (event) => event,
  }),
);
