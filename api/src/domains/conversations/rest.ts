// /api/conversations/{id}: one thread as JSON, for its owner or, once shared, for anyone (as it
// was when shared). The newest 200 turns come oldest first; `?before={messageId}` reads the turns
// before those. POST /api/conversations/{id}/share shares it, or takes the link back.
import { CONVERSATION_NOT_FOUND, messageSearchText, shareConversationSchema } from "@nomina/shared/conversations";
import { z } from "zod";
import { Hono } from "hono";
import type { Conversation, Message } from "../../../generated/prisma/client.ts";
import { isUuid } from "../../db/ids.ts";
import { badInput, notFound } from "../../errors.ts";
import { actorOf } from "../../http/actor.ts";
import { readJsonBody, readQuery, validate } from "../../http/body.ts";
import type { Services } from "../../services.ts";
import { isOwner } from "../ownership.ts";

/** Results a page of GET /api/messages/search holds. */
const SEARCH_PAGE = 20;

const searchQuery = z.object({ q: messageSearchText, cursor: z.uuid({ error: "Invalid cursor" }).optional() });

/** The turns one answer carries at most; older ones are a page away. */
export const THREAD_PAGE = 200;

export function conversationJson(conversation: Conversation & { agent: { id: string; name: string; username: string; glyph: string } }, mine: boolean) {
  const { userId: _user, visitorId: _visitor, agent, ...fields } = conversation;
  return { ...fields, agent, isMine: mine };
}

export function messageJson(message: Message & { parent: { replyCount: number } | null }, status: string) {
  const { conversationId: _thread, parent, ordinal, active: _active, ...fields } = message;
  return { ...fields, status, siblingIndex: ordinal, siblingCount: parent?.replyCount ?? 1 };
}

export function conversationRoutes(services: Services) {
  return new Hono().get("/conversations/:id", async (c) => {
    const actor = actorOf(c);
    const conversation = await services.conversations.findWithAgent(c.req.param("id"), actor);
    if (!conversation) throw notFound(CONVERSATION_NOT_FOUND);
    const before = c.req.query("before");
    if (before !== undefined && !isUuid(before)) throw badInput("Invalid cursor", "before");
    // One more than a page, read back from the newest, tells whether earlier turns exist.
    const rows = await services.conversations.thread(
      conversation.id,
      { take: -(THREAD_PAGE + 1), include: { parent: { select: { replyCount: true } } }, ...(before ? { cursor: { id: before } } : {}) },
      services.conversations.readersCut(conversation, actor),
    );
    const page = rows.slice(-THREAD_PAGE) as (Message & { parent: { replyCount: number } | null })[];
    return c.json({
      conversation: conversationJson(conversation, isOwner(actor, conversation)),
      messages: page.map((message) => messageJson(message, services.conversations.statusOf(message))),
      hasEarlier: rows.length > THREAD_PAGE,
    });
  }).get("/messages/search", async (c) => {
    // The caller's messages matching q, newest first: a page of 20, `cursor` the last message id of the page before.
    const { q, cursor } = readQuery(c, searchQuery);
    const hits = await services.conversations.searchMessages(actorOf(c), q, { after: cursor ?? null, take: SEARCH_PAGE + 1 });
    const page = hits.slice(0, SEARCH_PAGE);
    return c.json({
      results: page.map((hit) => ({
        messageId: hit.messageId,
        role: hit.role,
        snippet: hit.snippet,
        createdAt: hit.createdAt,
        conversation: { id: hit.conversation.id, title: hit.conversation.title, agentId: hit.conversation.agentId },
      })),
      nextCursor: hits.length > SEARCH_PAGE ? (page.at(-1)?.messageId ?? null) : null,
    });
  }).post("/conversations/:id/share", async (c) => {
    // public: the thread as it is now (or up to throughMessageId) for anyone with its address; private: its owner's again.
    const input = validate(shareConversationSchema.omit({ conversationId: true }), await readJsonBody(c));
    const conversation = await services.conversations.share(c.req.param("id"), input.visibility, actorOf(c), input.throughMessageId);
    return c.json({ conversation: { id: conversation.id, visibility: conversation.visibility, sharedUntil: conversation.sharedUntil } });
  });
}
