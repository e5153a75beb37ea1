// Conclaves in the graph (#28): startConclave opens a thread with two to six agents,
// setConclaveTurnOrder changes who speaks next, speakInConclave runs the agents' turns (answering
// the visitor's message, or going on without it: "let them talk"), and the conclaveTurns
// subscription streams them, each turn's events naming its speaker. A conclave is a Conversation:
// its participants and turn order are fields of it, each answer names its speaker; regenerate,
// edit, continue, stop, select, share and delete are the thread's own mutations.
import { CONCLAVE_MAX_AGENTS, CONCLAVE_MAX_TURNS, TURN_ORDERS, conclaveTurnsSchema, setTurnOrderSchema, startConclaveSchema } from "@nomina/shared/conclaves";
import { conversationId } from "@nomina/shared/conversations";
import { FixedBuffer, Repeater } from "graphql-yoga";
import { z } from "zod";
import type { Agent, Conversation, Message, Whisper } from "../../../generated/prisma/client.ts";
import { ClientError } from "../../errors.ts";
import { builder } from "../../graphql/builder.ts";
import { listMaximum } from "../../graphql/cost.ts";
import type { GraphQLContext } from "../../graphql/context.ts";
import { globalIdOf, rawId } from "../../graphql/ids.ts";
import { startedStream } from "../../graphql/streams.ts";
import { providerOf, type SeatIdentity } from "../../minds/identity.ts";
import { AgentNode, ModelSeatEnum } from "../agents/graphql.ts";
import { WhisperNode } from "../whispers/graphql.ts";
import { MindModeEnum, MindProviderEnum } from "../../graphql/minds.ts";
import type { ConclaveRun } from "./conclaves.ts";
import { ConversationNode, MessageNode } from "./graphql.ts";

export const ConclaveTurnOrderEnum = builder.enumType("ConclaveTurnOrder", {
  description:
    "Who answers the visitor in a conclave: in_turn (round robin by seat), addressed (the agent the message names, else in turn), by_hand (the visitor picks).",
  values: TURN_ORDERS,
});

type Standing = { agent: Agent; position: number; answerCount: number; costUsd: number; inputTokens: number; outputTokens: number };

const ConclaveParticipantRef = builder.objectRef<Standing>("ConclaveParticipant").implement({
  description: "An agent with a seat in a conclave, and what its answers in the thread (every branch) came to.",
  fields: (t) => ({
    agent: t.field({ type: AgentNode, resolve: (seat) => seat.agent }),
    position: t.exposeInt("position", { description: "Its seat: the order of speaking in turn, from 0." }),
    answerCount: t.exposeInt("answerCount"),
    costUsd: t.exposeFloat("costUsd", { description: "What its answers cost, estimated from list prices, in US dollars." }),
    inputTokens: t.exposeInt("inputTokens"),
    outputTokens: t.exposeInt("outputTokens"),
  }),
});

builder.prismaObjectFields("Conversation", (t) => ({
  turnOrder: t.field({
    type: ConclaveTurnOrderEnum,
    nullable: true,
    description: "A conclave's turn order; null for a thread with one agent.",
    select: { turnOrder: true },
    resolve: (conversation) => conversation.turnOrder,
  }),
  participants: t.field({
    type: [ConclaveParticipantRef],
    description: `A conclave's agents in seat order (at most ${CONCLAVE_MAX_AGENTS}), each with its answers and cost; empty for a thread with one agent.`,
    extensions: listMaximum(CONCLAVE_MAX_AGENTS),
    select: { id: true, turnOrder: true, userId: true, visitorId: true, sharedUntil: true },
    resolve: async (conversation, _args, ctx) =>
      conversation.turnOrder
        ? ctx.services.conversations.conclaves.standing(conversation.id, ctx.services.conversations.readersCut(conversation, ctx.actor))
        : [],
  }),
  // For lists of threads: selected with the conversation (no query per row), unlike participants' standing.
  agents: t.field({
    type: [AgentNode],
    description: `Who speaks in the thread: a conclave's agents in seat order (at most ${CONCLAVE_MAX_AGENTS}), else the thread's one agent.`,
    extensions: listMaximum(CONCLAVE_MAX_AGENTS),
    select: { agent: true, participants: { orderBy: { position: "asc" }, take: CONCLAVE_MAX_AGENTS, include: { agent: true } } },
    resolve: (conversation) => (conversation.participants.length ? conversation.participants.map((seat) => seat.agent) : [conversation.agent]),
  }),
}));

builder.prismaObjectField("Message", "speaker", (t) =>
  t.relation("agent", {
    nullable: true,
    description: "In a conclave, the agent that spoke this answer; null for the asker's messages and in a thread with one agent (its agent spoke).",
  }),
);

const conversationRef = globalIdOf("Conversation", conversationId);
const agentRef = globalIdOf("Agent", z.string());

const StartConclaveInput = builder
  .inputType("StartConclaveInput", {
    fields: (t) => ({
      agentIds: t.idList({ required: true, description: "Two to six different agents, in seat order (the first is the thread's agent)." }),
      turnOrder: t.field({ type: ConclaveTurnOrderEnum, required: true }),
    }),
  })
  .validate(startConclaveSchema.extend({ agentIds: startConclaveSchema.shape.agentIds.transform((ids) => ids.map((id) => rawId("Agent", id))) }));

const SetConclaveTurnOrderInput = builder
  .inputType("SetConclaveTurnOrderInput", {
    fields: (t) => ({ conversationId: t.id({ required: true }), turnOrder: t.field({ type: ConclaveTurnOrderEnum, required: true }) }),
  })
  .validate(setTurnOrderSchema.extend({ conversationId: conversationRef }));

export const ConclaveTurnsInput = builder
  .inputType("ConclaveTurnsInput", {
    description:
      "A run of a conclave: the visitor's message answered (then, with turns > 1, the others going on in turn), or with no message the agents going on alone.",
    fields: (t) => ({
      conversationId: t.id({ required: true }),
      message: t.string({ description: "The visitor's words; absent: let them talk." }),
      speakerId: t.id({ description: "Who answers (required when the turns are picked by hand); else the turn order decides." }),
      turns: t.int({ description: `How many agent turns this run takes, 1 to ${CONCLAVE_MAX_TURNS} (default 1).` }),
    }),
  })
  .validate(conclaveTurnsSchema.extend({ conversationId: conversationRef, speakerId: agentRef.nullish() }));

type Turn = ConclaveRun["turns"][number];

const ConclaveTurnRef = builder.objectRef<Turn>("ConclaveTurn").implement({
  description: "One agent's turn of a run: its answer (complete, or stopped with its words so far) and who spoke it.",
  fields: (t) => ({
    speaker: t.field({ type: AgentNode, resolve: (turn) => turn.speaker }),
    message: t.field({ type: MessageNode, resolve: (turn) => turn.exchange.reply }),
    whisper: t.field({ type: WhisperNode, nullable: true, resolve: (turn) => turn.exchange.whisper }),
    stopped: t.boolean({ resolve: (turn) => turn.exchange.answer === null }),
  }),
});

const ConclaveRunPayload = builder.objectRef<ConclaveRun>("ConclaveRunPayload").implement({
  description: "A run of a conclave once it ended: every turn taken, in order.",
  fields: (t) => ({
    conversation: t.field({ type: ConversationNode, resolve: (run) => run.conversation }),
    question: t.field({
      type: MessageNode,
      nullable: true,
      description: "The visitor's message; null when the agents went on alone.",
      resolve: (run) => run.question,
    }),
    turns: t.field({ type: [ConclaveTurnRef], extensions: listMaximum(CONCLAVE_MAX_TURNS), resolve: (run) => run.turns }),
    error: t.string({
      nullable: true,
      description: "Why the run ended before its turns were taken (a seat failed, the quota ran out); the turns before are kept.",
      resolve: (run) => run.error?.message ?? null,
    }),
    errorCode: t.string({ nullable: true, resolve: (run) => run.error?.code ?? null }),
  }),
});

const ConclaveConversationPayload = builder.objectRef<{ conversation: Conversation }>("ConclavePayload").implement({
  fields: (t) => ({ conversation: t.field({ type: ConversationNode, resolve: (payload) => payload.conversation }) }),
});

builder.mutationFields((t) => ({
  startConclave: t.field({
    type: ConclaveConversationPayload,
    description: "Opens a conclave: a thread with two to six agents (any active ones) and a turn order.",
    args: { input: t.arg({ type: StartConclaveInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ conversation: await ctx.services.conversations.conclaves.open(input.agentIds, input.turnOrder, ctx.actor) }),
  }),
  setConclaveTurnOrder: t.field({
    type: ConclaveConversationPayload,
    description: "Changes who speaks next in one of the caller's conclaves.",
    args: { input: t.arg({ type: SetConclaveTurnOrderInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({
      conversation: await ctx.services.conversations.conclaves.setTurnOrder(input.conversationId, input.turnOrder, ctx.actor),
    }),
  }),
  speakInConclave: t.field({
    type: ConclaveRunPayload,
    description: `Runs a conclave's turns (at most ${CONCLAVE_MAX_TURNS}); answers once the last has ended. Each agent answer is metered as one answer of a thread.`,
    args: { input: t.arg({ type: ConclaveTurnsInput, required: true }) },
    resolve: (_root, { input }, ctx) => ctx.services.conversations.conclaves.run(input.conversationId, input, ctx.actor),
  }),
}));

type ConclaveEvent = SeatIdentity & {
  delta: string;
  turnDone: boolean;
  done: boolean;
  stopped: boolean;
  text: string | null;
  error: string | null;
  errorCode: string | null;
  speaker: Agent | null;
  whisper: Whisper | null;
  conversation: Conversation | null;
  question: Message | null;
  reply: Message | null;
  fault?: Error;
};

const ConclaveEventRef = builder.objectRef<ConclaveEvent>("ConclaveEvent").implement({
  description:
    "One step of a conclave's run: a turn's start (its speaker and answer, before the first word), its words as they are spoken, its end (turnDone, with the answer as stored), and the run's end (done).",
  fields: (t) => ({
    delta: t.exposeString("delta", { description: "New words of the speaking agent; empty on every other event." }),
    turnDone: t.exposeBoolean("turnDone", { description: "This turn has ended: its answer is complete or stopped." }),
    done: t.exposeBoolean("done", { description: "The last event of the run." }),
    stopped: t.exposeBoolean("stopped", { description: "On a turn's end: the answer was stopped, its words so far kept; the run ends with it." }),
    speaker: t.field({
      type: AgentNode,
      nullable: true,
      description: "The agent speaking this turn (null on the run's last event).",
      resolve: (event) => event.speaker,
    }),
    seat: t.field({ type: ModelSeatEnum, nullable: true, resolve: (event) => event.seat ?? null }),
    mode: t.field({ type: MindModeEnum, nullable: true, resolve: (event) => event.mode ?? null }),
    provider: t.field({ type: MindProviderEnum, nullable: true, resolve: (event) => (event.seat ? providerOf(event.mode, event.seat, event.provider) : null) }),
    model: t.string({ nullable: true, resolve: (event) => event.model ?? null }),
    response: t.exposeString("text", { nullable: true, description: "The turn's whole answer (or its words so far), on the turn's end." }),
    error: t.exposeString("error", { nullable: true, description: "Why the run ended early (a seat failed, the quota ran out), on the last event." }),
    errorCode: t.exposeString("errorCode", { nullable: true }),
    whisper: t.field({ type: WhisperNode, nullable: true, resolve: (event) => event.whisper }),
    conversation: t.field({ type: ConversationNode, nullable: true, resolve: (event) => event.conversation }),
    question: t.field({
      type: MessageNode,
      nullable: true,
      description: "The message the turn answers (the visitor's, or the last agent's), on a turn's start and end.",
      resolve: (event) => event.question,
    }),
    message: t.field({ type: MessageNode, nullable: true, description: "The turn's answer as stored, on its start and end.", resolve: (event) => event.reply }),
  }),
});

const NOTHING = {
  delta: "",
  turnDone: false,
  done: false,
  stopped: false,
  text: null,
  error: null,
  errorCode: null,
  speaker: null,
  whisper: null,
  conversation: null,
  question: null,
  reply: null,
};

builder.subscriptionField("conclaveTurns", (t) =>
  t.field({
    type: ConclaveEventRef,
    description:
      "Runs a conclave's turns like speakInConclave, each agent's words streamed as they are spoken. The client leaving stops the agent speaking, and the run.",
    args: { input: t.arg({ type: ConclaveTurnsInput, required: true }) },
    subscribe: async (_root, { input }, ctx: GraphQLContext) => {
      let started!: () => void;
      const start = new Promise<void>((resolve) => (started = resolve));
      const events = new Repeater<ConclaveEvent>(async (push, stop) => {
        const cancel = new AbortController();
        void stop.then(() => cancel.abort());
        let identity = {} as SeatIdentity;
        let speaker: Agent | null = null;
        const send = (event: Partial<ConclaveEvent>) => void push({ ...identity, ...NOTHING, speaker, ...event });
        let begun = false;
        try {
          const run = await ctx.services.conversations.conclaves.run(input.conversationId, input, ctx.actor, {
            pace: true,
            signal: cancel.signal,
            onTurn: (turn, agent) => {
              identity = turn.identity;
              speaker = agent;
              begun = true;
              started();
              send({ conversation: turn.conversation, question: turn.question, reply: turn.reply });
            },
            onDelta: (delta) => send({ delta }),
            onTurnEnd: (exchange, agent) => {
              const spoke = exchange.answer
                ? { mode: exchange.answer.mode, model: exchange.answer.model, ...(exchange.answer.provider ? { provider: exchange.answer.provider } : {}) }
                : {};
              send({
                ...spoke,
                speaker: agent,
                turnDone: true,
                stopped: exchange.answer === null,
                text: exchange.reply.text,
                whisper: exchange.whisper,
                conversation: exchange.conversation,
                question: exchange.question,
                reply: exchange.reply,
              });
            },
          });
          speaker = null;
          send({ done: true, conversation: run.conversation, error: run.error?.message ?? null, errorCode: run.error?.code ?? null });
        } catch (error) {
          // A refusal comes before the first turn begins: the subscription fails as a whole.
          if (!begun) throw error;
          speaker = null;
          const known = error instanceof ClientError;
          send(
            known
              ? { done: true, error: error.message, errorCode: error.code }
              : { done: true, fault: error instanceof Error ? error : new Error(String(error)) },
          );
        }
        stop();
      }, new FixedBuffer(Infinity));
      return startedStream(events, start);
    },
    resolve: (event: ConclaveEvent) => {
      if (event.fault) throw event.fault;
      return event;
    },
  }),
);
