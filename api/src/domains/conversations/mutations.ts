// The acts on a conversation, as Relay mutations with an input and a payload: invokeAgent (a
// message to an agent, in a new thread or one named), sendMessage (the next message of a
// thread), regenerateMessage, stopMessage, selectReply, startConversation, renameConversation,
// shareConversation and deleteConversation. Streamed answers: stream.graphql.ts.
import { conversationId, editMessageSchema, messageId, renameConversationSchema, shareConversationSchema } from "@nomina/shared/conversations";
import { entityId } from "@nomina/shared/text";
import { EMPTY_INVOCATION, invokeAgentFields } from "@nomina/shared/whispers";
import { encodeGlobalID } from "@pothos/plugin-relay";
import { z } from "zod";
import type { Conversation, Message } from "../../../generated/prisma/client.ts";
import { builder } from "../../graphql/builder.ts";
import { globalIdOf } from "../../graphql/ids.ts";
import { providerOf } from "../../minds/identity.ts";
import { InvokeAgentInput, WhisperNode } from "../whispers/graphql.ts";
import { GlyphTypeEnum, MindModeEnum, MindProviderEnum, OracleReasonEnum } from "../../graphql/minds.ts";
import { ConversationNode, ConversationVisibilityEnum, MessageNode } from "./graphql.ts";
import type { Exchange } from "./service.ts";

const conversationRef = globalIdOf("Conversation", conversationId);
const messageRef = globalIdOf("Message", messageId);

/** One exchange: the thread, the asker's message, the agent's answer and the whisper it was kept as. */
const ExchangePayload = builder.objectRef<Exchange>("ExchangePayload").implement({
  description: "An exchange with an agent. The answer is complete, or stopped (its words so far, and no whisper).",
  fields: (t) => ({
    conversation: t.field({ type: ConversationNode, resolve: (payload) => payload.conversation }),
    question: t.field({ type: MessageNode, description: "The asker's message.", resolve: (payload) => payload.question }),
    message: t.field({ type: MessageNode, description: "The agent's answer.", resolve: (payload) => payload.reply }),
    whisper: t.field({
      type: WhisperNode,
      nullable: true,
      description: "The answer kept as a whisper, to share at /whisper/{id}; null when stopped.",
      resolve: (payload) => payload.whisper,
    }),
    response: t.string({ description: "The answer's text.", resolve: (payload) => payload.reply.text }),
    // As the answer was given (the oracle may have stood in for the seat's model), else as it was asked.
    mode: t.field({ type: MindModeEnum, resolve: (payload) => payload.answer?.mode ?? payload.identity.mode }),
    provider: t.field({
      type: MindProviderEnum,
      resolve: (payload) => providerOf(payload.answer?.mode ?? payload.identity.mode, payload.identity.seat, payload.identity.provider)!,
    }),
    oracleReason: t.field({
      type: OracleReasonEnum,
      nullable: true,
      description: "Why the oracle answered in place of the seat's model.",
      resolve: (payload) => payload.answer?.oracleReason ?? null,
    }),
  }),
});

const SendMessageInput = builder
  .inputType("SendMessageInput", {
    fields: (t) => ({
      conversationId: t.id({ required: true }),
      message: t.string({ description: "Empty for a glyph ritual, which sends its own prompt." }),
      glyphType: t.field({ type: GlyphTypeEnum }),
    }),
  })
  .validate(
    z
      .object({ ...invokeAgentFields, conversationId: conversationRef })
      .refine((input) => input.message !== "" || input.glyphType, { message: EMPTY_INVOCATION, path: ["message"] }),
  );

const MessageInput = (name: string, description: string) =>
  builder.inputType(name, { description, fields: (t) => ({ messageId: t.id({ required: true }) }) }).validate(z.object({ messageId: messageRef }));

export const RegenerateMessageInput = MessageInput("RegenerateMessageInput", "An agent's answer to ask for again.");
const StopMessageInput = MessageInput("StopMessageInput", "An answer being spoken.");
const SelectReplyInput = MessageInput("SelectReplyInput", "The message (an answer or the asker's) the thread should show and continue from.");
const DeleteMessageInput = MessageInput("DeleteMessageInput", "A message to delete, with everything after it.");
export const ContinueMessageInput = MessageInput("ContinueMessageInput", "The thread's last answer, complete or stopped, to go on with.");

export const EditMessageInput = builder
  .inputType("EditMessageInput", {
    description: "One of the asker's messages and its new words: a new branch beside it.",
    fields: (t) => ({ messageId: t.id({ required: true }), message: t.string({ required: true }) }),
  })
  .validate(editMessageSchema.extend({ messageId: messageRef }));

const ConversationInput = builder
  .inputType("ConversationInput", { fields: (t) => ({ conversationId: t.id({ required: true }) }) })
  .validate(z.object({ conversationId: conversationRef }));

const StartConversationInput = builder
  .inputType("StartConversationInput", { fields: (t) => ({ agentId: t.id({ required: true }) }) })
  .validate(z.object({ agentId: globalIdOf("Agent", entityId("Agent not found")) }));

const RenameConversationInput = builder
  .inputType("RenameConversationInput", { fields: (t) => ({ conversationId: t.id({ required: true }), title: t.string({ required: true }) }) })
  .validate(renameConversationSchema.extend({ conversationId: conversationRef }));

const ShareConversationInput = builder
  .inputType("ShareConversationInput", {
    fields: (t) => ({
      conversationId: t.id({ required: true }),
      visibility: t.field({ type: ConversationVisibilityEnum, required: true }),
      throughMessageId: t.id({ required: false, description: "Share up to this message (public only); the thread as it is now when absent." }),
    }),
  })
  .validate(shareConversationSchema.extend({ conversationId: conversationRef, throughMessageId: messageRef.nullish() }));

const ConversationPayload = builder.objectRef<{ conversation: Conversation }>("ConversationPayload").implement({
  fields: (t) => ({ conversation: t.field({ type: ConversationNode, resolve: (payload) => payload.conversation }) }),
});

const MessagePayload = builder.objectRef<{ message: Message }>("ConversationMessagePayload").implement({
  fields: (t) => ({ message: t.field({ type: MessageNode, resolve: (payload) => payload.message }) }),
});

const DeleteMessagePayload = builder.objectRef<{ id: string; conversationId: string; removed: number }>("DeleteMessagePayload").implement({
  fields: (t) => ({
    deletedMessageId: t.id({ description: "The deleted message's global id.", resolve: (payload) => encodeGlobalID("Message", payload.id) }),
    removedCount: t.int({
      description: "How many messages went: the message and everything after it, on every branch.",
      resolve: (payload) => payload.removed,
    }),
    conversation: t.field({
      type: ConversationNode,
      nullable: true,
      resolve: (payload, _args, ctx) => ctx.services.conversations.find(payload.conversationId, ctx.actor),
    }),
  }),
});

const DeleteConversationPayload = builder.objectRef<{ id: string }>("DeleteConversationPayload").implement({
  fields: (t) => ({
    deletedConversationId: t.id({ description: "The deleted conversation's global id.", resolve: (payload) => encodeGlobalID("Conversation", payload.id) }),
  }),
});

builder.mutationFields((t) => ({
  invokeAgent: t.field({
    type: ExchangePayload,
    description: "A message to an agent: in the conversation named, or a new one. Answers once the agent has spoken.",
    args: { input: t.arg({ type: InvokeAgentInput, required: true }) },
    resolve: (_root, { input }, ctx) => ctx.services.conversations.send(input.agentId, input, ctx.actor),
  }),
  sendMessage: t.field({
    type: ExchangePayload,
    description: "The next message of one of the caller's conversations.",
    args: { input: t.arg({ type: SendMessageInput, required: true }) },
    resolve: (_root, { input }, ctx) => ctx.services.conversations.sendIn(input.conversationId, input, ctx.actor),
  }),
  regenerateMessage: t.field({
    type: ExchangePayload,
    description: "Asks again for an answer; the earlier one stays as a sibling.",
    args: { input: t.arg({ type: RegenerateMessageInput, required: true }) },
    resolve: (_root, { input }, ctx) => ctx.services.conversations.regenerate(input.messageId, ctx.actor),
  }),
  stopMessage: t.field({
    type: MessagePayload,
    description: "Stops an answer being spoken: the words so far are kept, marked stopped.",
    args: { input: t.arg({ type: StopMessageInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ message: await ctx.services.conversations.stop(input.messageId, ctx.actor) }),
  }),
  editMessage: t.field({
    type: ExchangePayload,
    description: "Sends new words in place of one of the asker's messages: a new branch; the old one stays, for the arrows.",
    args: { input: t.arg({ type: EditMessageInput, required: true }) },
    resolve: (_root, { input }, ctx) => ctx.services.conversations.edit(input.messageId, input.message, ctx.actor),
  }),
  continueMessage: t.field({
    type: ExchangePayload,
    description: "The thread's last answer goes on from where it ended: the new words are appended to it (and to its whisper).",
    args: { input: t.arg({ type: ContinueMessageInput, required: true }) },
    resolve: (_root, { input }, ctx) => ctx.services.conversations.continueAnswer(input.messageId, ctx.actor),
  }),
  deleteMessage: t.field({
    type: DeleteMessagePayload,
    description: "Deletes a message and everything after it (every branch below it), and the whispers kept from those answers.",
    args: { input: t.arg({ type: DeleteMessageInput, required: true }) },
    resolve: (_root, { input }, ctx) => ctx.services.conversations.deleteMessage(input.messageId, ctx.actor),
  }),
  selectReply: t.field({
    type: MessagePayload,
    description: "Shows a sibling (an answer, or an edit of the asker's): its branch becomes the thread's path; kept.",
    args: { input: t.arg({ type: SelectReplyInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ message: await ctx.services.conversations.select(input.messageId, ctx.actor) }),
  }),
  startConversation: t.field({
    type: ConversationPayload,
    args: { input: t.arg({ type: StartConversationInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ conversation: await ctx.services.conversations.start(input.agentId, ctx.actor) }),
  }),
  renameConversation: t.field({
    type: ConversationPayload,
    args: { input: t.arg({ type: RenameConversationInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ conversation: await ctx.services.conversations.rename(input.conversationId, input.title, ctx.actor) }),
  }),
  shareConversation: t.field({
    type: ConversationPayload,
    description: "public: anyone with its address may read it as it is now (or up to throughMessageId); private: its owner alone.",
    args: { input: t.arg({ type: ShareConversationInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({
      conversation: await ctx.services.conversations.share(input.conversationId, input.visibility, ctx.actor, input.throughMessageId),
    }),
  }),
  deleteConversation: t.field({
    type: DeleteConversationPayload,
    description: "Deletes a conversation and its messages (the whispers kept from it stay shareable).",
    args: { input: t.arg({ type: ConversationInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ id: await ctx.services.conversations.remove(input.conversationId, ctx.actor) }),
  }),
}));
