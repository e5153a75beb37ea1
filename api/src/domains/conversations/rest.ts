// /api/conversations/{id}: one thread as JSON, for its owner or, once shared, for anyone (as it
// was when shared: the turns and the siblings counted are those written by then). The newest 200
// turns come oldest first; `?before={messageId}` reads the turns before those, and
// `?through={messageId}` shows the branch through a message (a reader's arrows). Its answer
// depends on who asks, so no shared cache keeps it.
// POST /api/conversations/{id}/share shares it, or takes the link back. /api/messages/{id}: the
// acts on one message, as GraphQL's mutations (regenerate, stop, select, edit, delete), and
// /api/messages/search finds what was said.
import { CONVERSATION_NOT_FOUND, editMessageSchema, messageSearchText, shareConversationSchema } from "@nomina/shared/conversations";
import { z } from "zod";
import { Hono } from "hono";
import type { Conversation, Message } from "../../../generated/prisma/client.ts";
import { isUuid } from "../../db/ids.ts";
import { badInput, notFound } from "../../errors.ts";
import { actorOf } from "../../http/actor.ts";
import { readJson, readJsonBody, readQuery, validate } from "../../http/body.ts";
import { whisperJson } from "../whispers/rest.ts";
import type { Exchange } from "./service.ts";
import type { Services } from "../../services.ts";
import { isOwner } from "../ownership.ts";

/** Results a page of GET /api/messages/search holds. */
const SEARCH_PAGE = 20;

const searchQuery = z.object({ q: messageSearchText, cursor: z.uuid({ error: "Invalid cursor" }).optional() });

/** The turns one answer carries at most; older ones are a page away. */
export const THREAD_PAGE = 200;

export function conversationJson(conversation: Conversation & { agent: { id: string; name: string; username: string; glyph: string } }, mine: boolean) {
  // Who the owner speaks as and whether the agent remembers are the owner's alone (#27).
  const { userId: _user, visitorId: _visitor, personaId, memoryOff, agent, ...fields } = conversation;
  return { ...fields, agent, isMine: mine, ...(mine ? { personaId, memoryOn: !memoryOff } : {}) };
}

/** A turn of a thread as its JSON shows it; `siblingCount` as the reader may count them (ConversationService.siblingCount). */
export function messageJson(message: Message & { parent?: unknown }, status: string, siblingCount: number) {
  const { conversationId: _thread, parent: _parent, ordinal, active: _active, ...fields } = message;
  return { ...fields, status, siblingIndex: ordinal, siblingCount };
}

/** A message as an act answers it (an exchange, a conclave turn): its words and where it stands in the tree. */
export const placedMessageJson = (message: Message, statusOf: (message: Message) => string) => ({
  id: message.id,
  role: message.role,
  text: message.text,
  status: statusOf(message),
  parentId: message.parentId,
  siblingIndex: message.ordinal,
});

/** An exchange as REST answers it: the two messages, the answer's words, the whisper it was kept as. */
function exchangeJson(exchange: Exchange, statusOf: (message: Message) => string) {
  const { conversation, question, reply, whisper } = exchange;
  const bare = (message: Message) => placedMessageJson(message, statusOf);
  return {
    conversation: { id: conversation.id, messageCount: conversation.messageCount },
    question: bare(question),
    message: bare(reply),
    response: reply.text,
    whisper: whisper && whisperJson(whisper),
  };
}

export function conversationRoutes(services: Services) {
  const statusOf = (message: Message) => services.conversations.statusOf(message);
  return new Hono()
    .post("/messages/:id/regenerate", async (c) => c.json(exchangeJson(await services.conversations.regenerate(c.req.param("id"), actorOf(c)), statusOf)))
    .post("/messages/:id/edit", async (c) => {
      // The message is named by the path; the body carries the words.
      const input = await readJson(c, editMessageSchema.omit({ messageId: true }));
      return c.json(exchangeJson(await services.conversations.edit(c.req.param("id"), input.message, actorOf(c)), statusOf));
    })
    .post("/messages/:id/continue", async (c) => c.json(exchangeJson(await services.conversations.continueAnswer(c.req.param("id"), actorOf(c)), statusOf)))
    .post("/messages/:id/stop", async (c) => {
      const message = await services.conversations.stop(c.req.param("id"), actorOf(c));
      return c.json({ message: { id: message.id, text: message.text, status: statusOf(message) } });
    })
    .post("/messages/:id/select", async (c) => {
      const message = await services.conversations.select(c.req.param("id"), actorOf(c));
      return c.json({ message: { id: message.id, active: message.active, siblingIndex: message.ordinal } });
    })
    .delete("/messages/:id", async (c) => {
      const removed = await services.conversations.deleteMessage(c.req.param("id"), actorOf(c));
      return c.json({ deletedMessageId: removed.id, removedCount: removed.removed, conversation: { id: removed.conversationId } });
    })
    .get("/conversations/:id", async (c) => {
      const actor = actorOf(c);
      const conversation = await services.conversations.findWithAgent(c.req.param("id"), actor);
      if (!conversation) throw notFound(CONVERSATION_NOT_FOUND);
      await services.notifications.opened("thread", conversation.id, actor);
      const cut = services.conversations.readersCut(conversation, actor);
      const before = c.req.query("before");
      if (before !== undefined && !isUuid(before)) throw badInput("Invalid cursor", "before");
      const through = c.req.query("through");
      if (through !== undefined && !isUuid(through)) throw badInput("Unknown message", "through");
      // One more than a page, read back from the newest, tells whether earlier turns exist.
      const rows = await services.conversations.thread(
        conversation.id,
        { take: -(THREAD_PAGE + 1), include: { parent: { select: { replyCount: true } } }, ...(before ? { cursor: { id: before } } : {}) },
        { through, until: cut },
      );
      const page = rows.slice(-THREAD_PAGE) as (Message & { parent: { replyCount: number } | null })[];
      const siblings = await Promise.all(
        page.map((message) => services.conversations.siblingCount(message, message.parent?.replyCount ?? conversation.rootCount, cut)),
      );
      // A conclave's agents, in seat order, with what each said and cost (#28).
      const participants = conversation.turnOrder ? await services.conversations.conclaves.standing(conversation.id, cut) : [];
      c.header("Cache-Control", "private, no-store");
      return c.json({
        conversation: {
          ...conversationJson(conversation, isOwner(actor, conversation)),
          participants: participants.map(({ agent, ...standing }) => ({
            ...standing,
            agent: { id: agent.id, name: agent.name, username: agent.username, glyph: agent.glyph },
          })),
        },
        messages: page.map((message, index) => messageJson(message, services.conversations.statusOf(message), siblings[index]!)),
        hasEarlier: rows.length > THREAD_PAGE,
      });
    })
    .get("/messages/search", async (c) => {
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
    })
    .post("/conversations/:id/share", async (c) => {
      // public: the thread as it is now (or up to throughMessageId) for anyone with its address; private: its owner's again.
      const input = validate(shareConversationSchema.omit({ conversationId: true }), await readJsonBody(c));
      const conversation = await services.conversations.share(c.req.param("id"), input.visibility, actorOf(c), input.throughMessageId);
      return c.json({ conversation: { id: conversation.id, visibility: conversation.visibility, sharedUntil: conversation.sharedUntil } });
    });
}
