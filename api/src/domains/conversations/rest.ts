// /api/conversations/{id}: one thread as JSON, for its owner or, once shared, for anyone. The
// newest 200 turns come oldest first; `?before={messageId}` reads the turns before those, and
// `?through={messageId}` shows the branch through a message (a reader's arrows). /api/messages/{id}:
// the acts on one message, as GraphQL's mutations (regenerate, stop, select, edit, delete).
import { CONVERSATION_NOT_FOUND, editMessageSchema } from "@nomina/shared/conversations";
import { Hono } from "hono";
import type { Conversation, Message } from "../../../generated/prisma/client.ts";
import { isUuid } from "../../db/ids.ts";
import { badInput, notFound } from "../../errors.ts";
import { actorOf } from "../../http/actor.ts";
import { readJson } from "../../http/body.ts";
import { whisperJson } from "../whispers/rest.ts";
import type { Exchange } from "./service.ts";
import type { Services } from "../../services.ts";
import { isOwner } from "../ownership.ts";

/** The turns one answer carries at most; older ones are a page away. */
export const THREAD_PAGE = 200;

export function conversationJson(conversation: Conversation & { agent: { id: string; name: string; username: string; glyph: string } }, mine: boolean) {
  const { userId: _user, visitorId: _visitor, agent, ...fields } = conversation;
  return { ...fields, agent, isMine: mine };
}

export function messageJson(message: Message & { parent: { replyCount: number } | null }, status: string, rootCount = 1) {
  const { conversationId: _thread, parent, ordinal, active: _active, ...fields } = message;
  return { ...fields, status, siblingIndex: ordinal, siblingCount: Math.max(1, parent?.replyCount ?? rootCount) };
}

/** An exchange as REST answers it: the two messages, the answer's words, the whisper it was kept as. */
function exchangeJson(exchange: Exchange, statusOf: (message: Message) => string) {
  const { conversation, question, reply, whisper } = exchange;
  const bare = (message: Message) => ({ id: message.id, role: message.role, text: message.text, status: statusOf(message), parentId: message.parentId, siblingIndex: message.ordinal });
  return { conversation: { id: conversation.id, messageCount: conversation.messageCount }, question: bare(question), message: bare(reply), response: reply.text, whisper: whisper && whisperJson(whisper) };
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
    const before = c.req.query("before");
    if (before !== undefined && !isUuid(before)) throw badInput("Invalid cursor", "before");
    const through = c.req.query("through");
    if (through !== undefined && !isUuid(through)) throw badInput("Unknown message", "through");
    // One more than a page, read back from the newest, tells whether earlier turns exist.
    const rows = await services.conversations.thread(conversation.id, {
      take: -(THREAD_PAGE + 1),
      include: { parent: { select: { replyCount: true } } },
      ...(before ? { cursor: { id: before } } : {}),
    }, through);
    const page = rows.slice(-THREAD_PAGE) as (Message & { parent: { replyCount: number } | null })[];
    const roots = conversation.rootCount;
    return c.json({
      conversation: conversationJson(conversation, isOwner(actor, conversation)),
      messages: page.map((message) => messageJson(message, services.conversations.statusOf(message), roots)),
      hasEarlier: rows.length > THREAD_PAGE,
    });
  });
}
