// What the caller has shared, in the graph (Settings → Shared, #27): `sharedConversations` and
// `sharedCouncilSessions`, for any caller that owns rows (a signed-in user, or a visitor's key).
// Unsharing is shareConversation / shareCouncilSession with private.
import { builder } from "../../graphql/builder.ts";
import { listMaximum } from "../../graphql/cost.ts";
import { connectionArgs } from "../../graphql/cursors.ts";

/** A page of either list by default, and at most. */
const PAGE_DEFAULT = 20;
const PAGE_MAX = 50;

builder.queryFields((t) => ({
  sharedConversations: t.prismaConnection(
    {
      type: "Conversation",
      cursor: "id",
      validate: connectionArgs,
      defaultSize: PAGE_DEFAULT,
      maxSize: PAGE_MAX,
      extensions: listMaximum(PAGE_MAX, { defaultItems: PAGE_DEFAULT }),
      description:
        "The caller's shared (public) threads (a signed-in user's, or this browser's visitor key's), most recently active first. The answers of a thread, at their /whisper links, are public exactly as far as it is shared.",
      resolve: (query, _root, _args, ctx) => ctx.services.sharing.conversations(ctx.actor, query),
    },
    { name: "SharedConversationConnection" },
    { name: "SharedConversationEdge" },
  ),
  sharedCouncilSessions: t.prismaConnection(
    {
      type: "Consultation",
      cursor: "id",
      validate: connectionArgs,
      defaultSize: PAGE_DEFAULT,
      maxSize: PAGE_MAX,
      extensions: listMaximum(PAGE_MAX, { defaultItems: PAGE_DEFAULT }),
      description: "The caller's shared (public) Council sessions, most recently active first.",
      resolve: (query, _root, _args, ctx) => ctx.services.sharing.councilSessions(ctx.actor, query),
    },
    { name: "SharedCouncilSessionConnection" },
    { name: "SharedCouncilSessionEdge" },
  ),
}));
