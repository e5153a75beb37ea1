// Conversations: a thread with an agent, its title and who may read it. The messages themselves
// are sent through the invocation (whispers.ts), with the conversation's id.
import { z } from "zod";
import { clientText, entityId, trimmedText } from "./text.ts";

export const CONVERSATION_NOT_FOUND = "Conversation not found";
export const MESSAGE_NOT_FOUND = "Message not found";
export const CONVERSATION_TITLE_MAX = 120;
export const VISIBILITIES = ["private", "public"] as const;
export type Visibility = (typeof VISIBILITIES)[number];
export const MESSAGE_STATUSES = ["streaming", "complete", "stopped", "failed"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** A title the app gives a thread before its first exchange names it. */
export const UNTITLED_CONVERSATION = "A new conversation";

export const conversationId = entityId(CONVERSATION_NOT_FOUND);
export const messageId = entityId(MESSAGE_NOT_FOUND);

export const renameConversationSchema = z.object({
  conversationId,
  title: trimmedText(1, "A title needs words", CONVERSATION_TITLE_MAX, `A title holds at most ${CONVERSATION_TITLE_MAX} characters`),
});
export type RenameConversationInput = z.output<typeof renameConversationSchema>;

export const shareConversationSchema = z.object({
  conversationId,
  visibility: z.enum(VISIBILITIES, { error: "Visibility must be private or public" }),
  /** Share up to this message: the thread as it is now when absent. */
  throughMessageId: messageId.nullish(),
});

/** What the history can be searched by: words of a title. */
export const conversationSearch = clientText(100, "Search is too long").trim().max(100, "Search is too long");

/** A thread's title from its first exchange: the message's first words, never cut inside a word. */
export function titleFrom(text: string, max = 60): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  let title = "";
  for (const word of words) {
    const next = title ? `${title} ${word}` : word;
    if (next.length > max) return title ? `${title}…` : `${word.slice(0, max - 1)}…`;
    title = next;
  }
  return title || UNTITLED_CONVERSATION;
}

/** An edit of one of the asker's messages: which one, and the new words, sent as a new branch of the thread (#27). */
export const editMessageSchema = z.object({
  messageId,
  message: trimmedText(1, "Your message needs words", 2000, "Your message is too long"),
});
export type EditMessageInput = z.output<typeof editMessageSchema>;

/** How far a reader's path through a message reaches each way (`through`): ancestors, and chosen descendants. */
export const PATH_REACH = 200;

export const MESSAGE_SEARCH_MAX = 200;

/** What a search in messages reads: words, as one types them into a search box ("quoted phrases", -not). */
export const messageSearchText = clientText(MESSAGE_SEARCH_MAX, "Search is too long")
  .trim()
  .min(1, "Search needs words")
  .max(MESSAGE_SEARCH_MAX, "Search is too long");

/** Marks around the matched words in a search result's snippet (private-use characters: never typed). */
export const SNIPPET_MARK_START = "\uE000";
export const SNIPPET_MARK_END = "\uE001";
