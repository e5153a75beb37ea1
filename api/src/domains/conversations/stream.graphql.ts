// Streamed answers: agentInvocation(input) sends a message like invokeAgent, agentRegeneration
// asks again for an answer like regenerateMessage, and both deliver the agent's words as the
// seat produces them. The first event names the conversation and the two messages (so the asker
// can stop the answer before its first word); the last carries the whole answer and its whisper,
// or says it was stopped, or why the seat failed. A refusal (unknown agent or thread, empty
// message, quota) is a GraphQL error before any event. The client leaving stops the seat.
import { FixedBuffer, Repeater } from "graphql-yoga";
import type { Conversation, Message, Whisper } from "../../../generated/prisma/client.ts";
import { ClientError } from "../../errors.ts";
import { builder } from "../../graphql/builder.ts";
import { startedStream } from "../../graphql/streams.ts";
import type { GraphQLContext } from "../../graphql/context.ts";
import { providerOf, type SeatIdentity } from "../../minds/identity.ts";
import { ModelSeatEnum } from "../agents/graphql.ts";
import { InvokeAgentInput, WhisperNode } from "../whispers/graphql.ts";
import { MindModeEnum, MindProviderEnum } from "../../graphql/minds.ts";
import { ConversationNode, MessageNode } from "./graphql.ts";
import { ContinueMessageInput, EditMessageInput, RegenerateMessageInput } from "./mutations.ts";
import type { Exchange, TalkOptions } from "./service.ts";

type AgentEvent = SeatIdentity & {
  delta: string;
  done: boolean;
  stopped: boolean;
  text: string | null;
  error: string | null;
  errorCode: string | null;
  whisper: Whisper | null;
  conversation: Conversation | null;
  question: Message | null;
  reply: Message | null;
  /** A fault of ours: thrown when the event resolves, so Yoga logs it and masks it. */
  fault?: Error;
};

const AgentInvocationEvent = builder.objectRef<AgentEvent>("AgentInvocationEvent").implement({
  description: "One step of a streamed agent answer: its start, text as it is generated, then the end with the stored whisper (or why it ended).",
  fields: (t) => ({
    delta: t.exposeString("delta", { description: "New text; empty on the first and the last event." }),
    done: t.exposeBoolean("done", { description: "The last event of the stream." }),
    stopped: t.exposeBoolean("stopped", { description: "On the last event: the asker stopped the answer; its words so far are kept." }),
    seat: t.field({ type: ModelSeatEnum, resolve: (event) => event.seat }),
    mode: t.field({ type: MindModeEnum, resolve: (event) => event.mode }),
    provider: t.field({ type: MindProviderEnum, resolve: (event) => providerOf(event.mode, event.seat, event.provider)! }),
    model: t.exposeString("model", { description: "The model asked for; on the last event of an answer, the one that answered (as its provider named it)." }),
    response: t.exposeString("text", { nullable: true, description: "The whole answer (or its words so far, when stopped), on the last event." }),
    error: t.exposeString("error", { nullable: true, description: "Why the seat could not answer; no whisper was stored." }),
    errorCode: t.exposeString("errorCode", { nullable: true, description: "SEAT_FAILED or SEAT_TIMEOUT, as extensions.code would be." }),
    whisper: t.field({
      type: WhisperNode,
      nullable: true,
      description: "The stored whisper, on the last event of a complete answer.",
      resolve: (event) => event.whisper,
    }),
    conversation: t.field({
      type: ConversationNode,
      nullable: true,
      description: "The thread, on the first and the last event.",
      resolve: (event) => event.conversation,
    }),
    question: t.field({
      type: MessageNode,
      nullable: true,
      description: "The asker's message, on the first and the last event.",
      resolve: (event) => event.question,
    }),
    message: t.field({
      type: MessageNode,
      nullable: true,
      description: "The agent's answer as stored, on the first and the last event.",
      resolve: (event) => event.reply,
    }),
  }),
});

const NOTHING = {
  delta: "",
  done: false,
  stopped: false,
  text: null,
  error: null,
  errorCode: null,
  whisper: null,
  conversation: null,
  question: null,
  reply: null,
};

/** Runs one exchange (`talk`) and streams it; see the module's comment. */
async function streamExchange(talk: (options: TalkOptions) => Promise<Exchange>): Promise<AsyncIterable<AgentEvent>> {
  let started!: () => void;
  const start = new Promise<void>((resolve) => (started = resolve));
  const events = new Repeater<AgentEvent>(async (push, stop) => {
    // Once the stream stops (the client left, or the answer ended) the seat stops too: no one
    // pays for an answer no one reads. What was said is kept, marked stopped.
    const cancel = new AbortController();
    void stop.then(() => cancel.abort());
    let identity: SeatIdentity | undefined;
    const send = (event: Partial<AgentEvent>) => void push({ ...identity!, ...NOTHING, ...event });
    try {
      const exchange = await talk({
        pace: true,
        signal: cancel.signal,
        onTurn: (turn) => {
          identity = turn.identity;
          started();
          send({ conversation: turn.conversation, question: turn.question, reply: turn.reply });
        },
        onDelta: (delta) => send({ delta }),
      });
      const ended = { conversation: exchange.conversation, question: exchange.question, reply: exchange.reply };
      // The answer says which model really spoke (a local server's full tag, OpenRouter's upstream model).
      const spoke = exchange.answer
        ? { mode: exchange.answer.mode, model: exchange.answer.model, ...(exchange.answer.provider ? { provider: exchange.answer.provider } : {}) }
        : {};
      send({ ...ended, ...spoke, done: true, stopped: exchange.answer === null, text: exchange.reply.text, whisper: exchange.whisper });
    } catch (error) {
      // A refusal happens before the seat is called: the subscription fails as a whole.
      if (!identity) throw error;
      const known = error instanceof ClientError;
      send(
        known ? { done: true, error: error.message, errorCode: error.code } : { done: true, fault: error instanceof Error ? error : new Error(String(error)) },
      );
    }
    stop();
  }, new FixedBuffer(Infinity));
  return startedStream(events, start);
}

const resolveEvent = (event: AgentEvent) => {
  if (event.fault) throw event.fault;
  return event;
};

builder.subscriptionFields((t) => ({
  agentInvocation: t.field({
    type: AgentInvocationEvent,
    description: "A message to an agent, like invokeAgent, with its answer streamed as it is spoken.",
    args: { input: t.arg({ type: InvokeAgentInput, required: true }) },
    subscribe: (_root, { input }, ctx: GraphQLContext) =>
      streamExchange((options) => ctx.services.conversations.send(input.agentId, input, ctx.actor, options)),
    resolve: resolveEvent,
  }),
  agentRegeneration: t.field({
    type: AgentInvocationEvent,
    description: "Asks again for an answer, like regenerateMessage, with the new answer streamed as it is spoken.",
    args: { input: t.arg({ type: RegenerateMessageInput, required: true }) },
    subscribe: (_root, { input }, ctx: GraphQLContext) =>
      streamExchange((options) => ctx.services.conversations.regenerate(input.messageId, ctx.actor, options)),
    resolve: resolveEvent,
  }),
  messageContinuation: t.field({
    type: AgentInvocationEvent,
    description: "The thread's last answer goes on, like continueMessage, with the new words streamed (the last event's response is the whole answer).",
    args: { input: t.arg({ type: ContinueMessageInput, required: true }) },
    subscribe: (_root, { input }, ctx: GraphQLContext) =>
      streamExchange((options) => ctx.services.conversations.continueAnswer(input.messageId, ctx.actor, options)),
    resolve: resolveEvent,
  }),
  messageEdit: t.field({
    type: AgentInvocationEvent,
    description: "Sends new words in place of one of the asker's messages, like editMessage, with the new branch's answer streamed.",
    args: { input: t.arg({ type: EditMessageInput, required: true }) },
    subscribe: (_root, { input }, ctx: GraphQLContext) =>
      streamExchange((options) => ctx.services.conversations.edit(input.messageId, input.message, ctx.actor, options)),
    resolve: resolveEvent,
  }),
}));
