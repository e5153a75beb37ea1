// Conversations in the graph: threads and their messages, the caller's history, and the acts on
// a thread. A private thread is visible to its owner alone: to anyone else it does not exist
// (null, by `conversation` and by node/nodes: graphql/nodes.ts), curators included. The streamed
// answer itself is stream.graphql.ts.
import { MESSAGE_STATUSES, PATH_REACH, VISIBILITIES, conversationSearch, messageSearchText } from "@nomina/shared/conversations";
import { formatPrismaCursor, parsePrismaCursor } from "@pothos/plugin-prisma";
import { encodeGlobalID } from "@pothos/plugin-relay";
import type { Conversation } from "../../../generated/prisma/client.ts";
import { badInput } from "../../errors.ts";
import { builder } from "../../graphql/builder.ts";
import type { GraphQLContext } from "../../graphql/context.ts";
import { listMaximum } from "../../graphql/cost.ts";
import { connectionArgs } from "../../graphql/cursors.ts";
import { rawId } from "../../graphql/ids.ts";
import { providerOf } from "../../minds/identity.ts";
import { ModelSeatEnum } from "../agents/graphql.ts";
import { GlyphTypeEnum, MindModeEnum, MindProviderEnum, OracleReasonEnum, oracleReasonOf } from "../../graphql/minds.ts";
import { isOwner } from "../ownership.ts";
import { GREETING_MODE } from "./greetings.ts";
import type { MessageHit } from "./search.ts";
import { MAX_SIBLINGS } from "./service.ts";

/** Results a page of a message search holds by default, and at most. */
const SEARCH_PAGE_DEFAULT = 20;
const SEARCH_PAGE_MAX = 50;

export const ConversationVisibilityEnum = builder.enumType("ConversationVisibility", {
  description: "private: its owner alone may read it; public: anyone with its address.",
  values: VISIBILITIES,
});
const MessageRoleEnum = builder.enumType("MessageRole", { values: ["user", "agent"] as const });
const MessageStatusEnum = builder.enumType("MessageStatus", {
  description: "streaming while the agent speaks; complete; stopped by the asker (the words so far kept); failed.",
  values: MESSAGE_STATUSES,
});

/**
 * What a message's fields read to know where the caller's view of its thread ends: a reader of a
 * shared thread sees the messages written by the shared moment, its owner all of them (readersCut).
 */
const READERS_CUT = { conversation: { select: { userId: true, visitorId: true, sharedUntil: true } } } as const;
type InThread = { conversation: Pick<Conversation, "userId" | "visitorId" | "sharedUntil"> };
const cutFor = (message: InThread, ctx: GraphQLContext) => ctx.services.conversations.readersCut(message.conversation, ctx.actor);

export const MessageNode = builder.prismaNode("Message", {
  nullable: true,
  id: { field: "id" },
  fields: (t) => ({
    rawId: t.exposeString("id"),
    role: t.expose("role", { type: MessageRoleEnum }),
    text: t.exposeString("text", { description: "The words; for an answer still being spoken, those stored so far (empty)." }),
    glyphType: t.field({
      type: GlyphTypeEnum,
      nullable: true,
      select: { glyphType: true },
      resolve: (message) => (message.glyphType === "truth" || message.glyphType === "poem" || message.glyphType === "secret" ? message.glyphType : null),
    }),
    status: t.field({
      type: MessageStatusEnum,
      select: { status: true, createdAt: true },
      resolve: (message, _args, ctx) => ctx.services.conversations.statusOf(message),
    }),
    error: t.exposeString("error", { nullable: true, description: "Why the seat could not answer." }),
    seat: t.expose("seat", { type: ModelSeatEnum, nullable: true }),
    isGreeting: t.boolean({
      description: "The agent's greeting the thread opened with (no seat was asked).",
      select: { mode: true },
      resolve: (message) => message.mode === GREETING_MODE,
    }),
    mode: t.field({
      type: MindModeEnum,
      nullable: true,
      select: { mode: true },
      resolve: (message) => (message.mode === "model" || message.mode === "oracle" ? message.mode : null),
    }),
    provider: t.field({
      type: MindProviderEnum,
      nullable: true,
      select: { mode: true, seat: true, provider: true },
      resolve: (message) => providerOf(message.mode, message.seat, message.provider),
    }),
    oracleReason: t.field({
      type: OracleReasonEnum,
      nullable: true,
      description: "Why the oracle answered in place of the seat's model; null when it did not.",
      select: { oracleReason: true },
      resolve: (message) => oracleReasonOf(message.oracleReason),
    }),
    model: t.exposeString("model", { nullable: true }),
    latencyMs: t.exposeInt("latencyMs", { nullable: true }),
    inputTokens: t.exposeInt("inputTokens", { nullable: true }),
    outputTokens: t.exposeInt("outputTokens", { nullable: true }),
    costUsd: t.exposeFloat("costUsd", { nullable: true, description: "Estimated from list prices, in US dollars." }),
    siblingIndex: t.exposeInt("ordinal", {
      description: "Its place among its siblings (the messages with the same parent, or the thread's first messages), 1 for the first.",
    }),
    siblingCount: t.int({
      description:
        "How many siblings it has, itself included: answers to the same message, or the asker's edits of one message (1 for neither). A reader of a shared thread counts those written by the time it was shared.",
      select: {
        conversationId: true,
        parentId: true,
        ordinal: true,
        parent: { select: { replyCount: true } },
        conversation: { select: { rootCount: true, ...READERS_CUT.conversation.select } },
      },
      resolve: (message, _args, ctx) =>
        ctx.services.conversations.siblingCount(message, message.parent?.replyCount ?? message.conversation.rootCount, cutFor(message, ctx)),
    }),
    previousSiblingId: t.id({
      nullable: true,
      description: "The sibling before it (what the left arrow shows), or null for the first.",
      select: { conversationId: true, parentId: true, ordinal: true, ...READERS_CUT },
      resolve: (message, _args, ctx) =>
        ctx.services.conversations.siblingId(message, -1, cutFor(message, ctx)).then((id) => id && encodeGlobalID("Message", id)),
    }),
    nextSiblingId: t.id({
      nullable: true,
      description:
        "The sibling after it (what the right arrow shows), or null for the last; a reader of a shared thread is shown none written after it was shared.",
      select: { conversationId: true, parentId: true, ordinal: true, ...READERS_CUT },
      resolve: (message, _args, ctx) =>
        ctx.services.conversations.siblingId(message, 1, cutFor(message, ctx)).then((id) => id && encodeGlobalID("Message", id)),
    }),
    active: t.exposeBoolean("active", { description: "On the thread's current path: what the thread shows and continues from." }),
    chosen: t.exposeBoolean("chosen", { description: "The sibling its parent continues with." }),
    parent: t.relation("parent", {
      nullable: true,
      description: "The message it follows: an answer's question, the answer a message of the asker replies to; null for the first.",
    }),
    whisper: t.relation("whisper", { nullable: true, description: "The whisper this answer was kept as, to share it at /whisper/{id}." }),
    conversation: t.relation("conversation"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

// Defined beside the node, not in it: its type is the node itself.
builder.prismaObjectFields("Message", (t) => ({
  replies: t.field({
    type: [MessageNode],
    description: `For a message of the asker: its answers, in the order given (at most ${MAX_SIBLINGS}); for a reader of a shared thread, those given by the time it was shared.`,
    // Read with the message, as a relation is (a Message row is read whole: its createdAt says whether a reader may see it).
    select: (_args, _ctx, nestedSelection) => ({
      ...READERS_CUT,
      replies: nestedSelection({ orderBy: [{ ordinal: "asc" }, { id: "asc" }], take: MAX_SIBLINGS }),
    }),
    extensions: listMaximum(MAX_SIBLINGS),
    resolve: (message, _args, ctx) => ctx.services.conversations.seenBy(message.replies, cutFor(message, ctx)),
  }),
}));

export const ConversationNode = builder.prismaNode("Conversation", {
  nullable: true,
  id: { field: "id" },
  fields: (t) => ({
    rawId: t.exposeString("id", { description: "The id used in /conversations/{id}." }),
    title: t.exposeString("title"),
    visibility: t.expose("visibility", { type: ConversationVisibilityEnum }),
    sharedUntil: t.expose("sharedUntil", {
      type: "DateTime",
      nullable: true,
      description: "While shared: readers see the messages written up to this moment; later ones stay private until shared again.",
    }),
    sharedAt: t.expose("sharedAt", { type: "DateTime", nullable: true, description: "When it was last shared (Share, or Update link); null while private." }),
    agent: t.relation("agent"),
    messageCount: t.exposeInt("messageCount", { description: "Every message of the thread, regenerated answers and edited branches included." }),
    isMine: t.boolean({ select: { userId: true, visitorId: true }, resolve: (conversation, _args, ctx) => isOwner(ctx.actor, conversation) }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime", description: "The thread's last activity." }),
    messages: t.prismaConnection(
      {
        type: "Message",
        cursor: "id",
        validate: connectionArgs,
        defaultSize: 50,
        extensions: listMaximum(100, { defaultItems: 50 }),
        description: `The thread, oldest first: the messages on its current path (last: n for the newest page; at most 100 a page). With \`through\`, the path through that message instead: its ancestors and the descendants last chosen below it, at most ${PATH_REACH} each way (a reader's arrows). A reader of a shared thread sees what was written until it was shared.`,
        args: { through: t.arg.id({ required: false, description: "A message of the thread: show the branch through it." }) },
        resolve: (query, conversation, args, ctx) =>
          ctx.services.conversations.thread(conversation.id, query, {
            through: args.through ? rawId("Message", String(args.through)) : null,
            until: ctx.services.conversations.readersCut(conversation, ctx.actor),
          }),
      },
      { name: "ConversationMessageConnection" },
      { name: "ConversationMessageEdge" },
    ),
  }),
});

builder.queryFields((t) => ({
  conversation: t.prismaField({
    type: "Conversation",
    nullable: true,
    description: "A conversation the caller may read: its own, or a public one.",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (query, _root, args, ctx) => {
      const id = rawId("Conversation", String(args.id)).trim();
      const found = await ctx.services.conversations.find(id, ctx.actor, query);
      // Someone else opening a shared thread: its owner hears (notifications, #30 item 5).
      if (found) await ctx.services.notifications.opened("thread", id, ctx.actor);
      return found;
    },
  }),
  conversations: t.prismaConnection(
    {
      type: "Conversation",
      cursor: "id",
      validate: connectionArgs,
      description: "The caller's conversations (a signed-in user's, or this browser's visitor key's), newest activity first.",
      args: {
        search: t.arg.string({ required: false, description: "Words of the title.", validate: conversationSearch }),
        agentId: t.arg.id({ required: false, description: "Only the threads with this agent." }),
      },
      resolve: (query, _root, args, ctx) =>
        ctx.services.conversations.list(ctx.actor, { search: args.search, agentId: args.agentId ? rawId("Agent", String(args.agentId)) : null }, query),
    },
    { name: "ConversationConnection" },
    { name: "ConversationEdge" },
  ),
}));

/** One message found by a search: where it is, and the words around the match. */
const MessageSearchHitRef = builder.objectRef<MessageHit & { conversation: Conversation }>("MessageSearchHit").implement({
  description: "A message of the caller's that matches a search, with the thread it is in.",
  fields: (t) => ({
    messageId: t.id({
      description: "The message's plain id: /conversations/{conversation}?message={messageId} opens the thread at it.",
      resolve: (hit) => hit.messageId,
    }),
    role: t.field({ type: MessageRoleEnum, resolve: (hit) => hit.role }),
    snippet: t.exposeString("snippet", { description: `The words around the match; the matched ones between U+E000 and U+E001.` }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    conversation: t.field({ type: ConversationNode, resolve: (hit) => hit.conversation }),
  }),
});

builder.queryField("messageSearch", (t) =>
  t.connection(
    {
      type: MessageSearchHitRef,
      description:
        'The caller\'s messages that match the words, newest first (full-text: English stemming, "quoted phrases", -excluded words). Pages go forward only.',
      args: { query: t.arg.string({ required: true, validate: messageSearchText }) },
      validate: connectionArgs,
      extensions: listMaximum(SEARCH_PAGE_MAX, { defaultItems: SEARCH_PAGE_DEFAULT }),
      resolve: async (_root, args, ctx) => {
        if (args.last != null || args.before != null) throw badInput("Search pages go forward: ask with first and after", "last");
        const take = Math.min(args.first ?? SEARCH_PAGE_DEFAULT, SEARCH_PAGE_MAX);
        const after = args.after ? String(parsePrismaCursor(args.after)) : null;
        const hits = await ctx.services.conversations.searchMessages(ctx.actor, args.query, { after, take: take + 1 });
        const page = hits.slice(0, take);
        // Cursors as every connection of this graph writes them (a message id), so connectionArgs reads them.
        const cursorOf = (hit: MessageHit) => formatPrismaCursor({ id: hit.messageId }, "id");
        return {
          edges: page.map((hit) => ({ cursor: cursorOf(hit), node: hit })),
          pageInfo: {
            hasNextPage: hits.length > take,
            hasPreviousPage: after !== null,
            startCursor: page[0] ? cursorOf(page[0]) : null,
            endCursor: page.length > 0 ? cursorOf(page[page.length - 1]!) : null,
          },
        };
      },
    },
    { name: "MessageSearchConnection" },
    { name: "MessageSearchEdge" },
  ),
);
