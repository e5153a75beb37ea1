// Talking with an agent: every message continues a conversation (a new one when none is named),
// the agent answers with the thread so far, and each exchange is also kept as a whisper so
// /whisper/{id} can share one answer. The one way an agent is invoked: GraphQL's mutations and
// subscription and REST's invoke all come here.
import type { Actor } from "../../actor.ts";
import { isUuid } from "../../db/ids.ts";
import { uuidv7 } from "../../db/uuid.ts";
import { keysetFind, type ConnectionQuery, type KeysetOrder } from "../../db/keyset.ts";
import { likeLiteral } from "../../db/text.ts";
import { badInput, conflict, notFound, seatFailed } from "../../errors.ts";
import type { Agent, Conversation, Message, Prisma } from "../../../generated/prisma/client.ts";
import { GLYPH_RITUALS } from "../../minds/rituals.ts";
import type { MemoryNote } from "../../minds/person.ts";
import { type Turn } from "../../minds/character.ts";
import { SeatFailure, type GlyphType, type MindAnswer } from "../../minds/identity.ts";
import { CONVERSATION_NOT_FOUND, MESSAGE_NOT_FOUND, UNTITLED_CONVERSATION, titleFrom, type MessageStatus, type Visibility } from "@nomina/shared/conversations";
import { characterOf } from "../agents/character.ts";
import type { AgentReader } from "../agents/service.ts";
import type { DomainDeps } from "../deps.ts";
import type { Receipt } from "../usage/service.ts";
import { isOwner, ownedBy, ownerFields, visibleTo } from "../ownership.ts";
import { attach, beginReply, branchAt, createBranches, leafOf, OFF_PATH, pathThrough } from "./branches.ts";
import { createContinuation } from "./continuation.ts";
import { createMessageSearch, type MessageHit, type SearchPage } from "./search.ts";
import { greetingOf, openWithGreeting } from "./greetings.ts";
import { createStops } from "./stops.ts";
import { activityDay, activityScores, recordActivity } from "../agents/activity.ts";
import { conclaveContext, createConclaves, type SpokenRow } from "./conclaves.ts";
import type { MindService } from "../mind/service.ts";

/** The newest turns read for an answer's context; the minds keep those that fit the seat's budget. */
const CONTEXT_MESSAGES = 80;

const NEWEST_FIRST: KeysetOrder = [
  ["updatedAt", "desc"],
  ["id", "desc"],
];
const THREAD_ORDER: KeysetOrder = [
  ["createdAt", "asc"],
  ["id", "asc"],
];

/** The turns a thread shows: the messages on its current path (branches.ts). */
const IN_THREAD: Prisma.MessageWhereInput = { active: true };

/** The messages a reader of a shared thread may see: those written by the shared moment (null: every one, for its owner). */
const writtenBy = (until: Date | null | undefined): Prisma.MessageWhereInput => (until ? { createdAt: { lte: until } } : {});

/**
 * `greetingIndex`: a new thread opens with that greeting of the agent's (0 its greeting, then its
 * alternates). `personaId`: a new thread's persona (#27): null for none; absent, the default.
 */
export type SendInput = {
  message: string;
  glyphType?: GlyphType | null;
  conversationId?: string | null;
  greetingIndex?: number | null;
  personaId?: string | null;
};

import type { Exchange, TalkOptions, Turned } from "./exchange.ts";
export type { Exchange, TalkOptions, Turned };

/** What an agent's reply is spoken from: its rows as they are written, the agent, the truth it is told, and the thread so far. */
type Reply = [writing: Promise<Turned>, agent: Agent, truth: string, glyphType: GlyphType | null, history: Turn[], options: TalkOptions];

export type ConversationQuery = ConnectionQuery & Pick<Prisma.ConversationFindManyArgs, "include" | "select" | "take">;
export type MessageQuery = ConnectionQuery & Pick<Prisma.MessageFindManyArgs, "include" | "select" | "take">;

export type ConversationDeps = Pick<DomainDeps, "prisma" | "minds" | "usage" | "bus" | "log" | "notifications"> & {
  /** Finds the agent a conversation is with (the agents domain's reader). */
  agents: Pick<AgentReader, "findByRef">;
  /** After this long, an answer still marked as being spoken was lost with its process: it reads as failed. */
  staleAfterMs: number;
  /** Personas and memories (#27): who the agent talks with, and what it learns. */
  mind?: MindService;
};

export function createConversationService({ prisma, minds, usage, bus, log, staleAfterMs, mind, notifications, agents }: ConversationDeps) {
  const stops = createStops(bus, log);
  const branches = createBranches({ prisma });
  const messageSearch = createMessageSearch(prisma);

  /** The sibling of a message at a place among them (its parent's index; a thread's first messages by the thread's). */
  const siblingAt = (message: Pick<Message, "conversationId" | "parentId">, ordinal: number) =>
    prisma.message.findFirst({ where: { conversationId: message.conversationId, parentId: message.parentId, ordinal }, select: { id: true, createdAt: true } });

  async function agentToTalk(ref: string): Promise<Agent> {
    const agent = await agents.findByRef(ref);
    if (!agent) throw notFound("Agent not found");
    if (!agent.isActive) throw conflict("This agent has fallen silent");
    return agent;
  }

  async function ownConversation(id: string, actor: Actor) {
    const key = id.trim();
    const found = isUuid(key) ? await prisma.conversation.findFirst({ where: { id: key, ...ownedBy(actor) } }) : null;
    if (!found) throw notFound(CONVERSATION_NOT_FOUND);
    return found;
  }

  /** The thread before `before` (or all of it; through it when `inclusive`), oldest first: what the agent is given to read. */
  async function turnsBefore(conversationId: string, before?: Message, inclusive = false): Promise<Turn[]> {
    return (await rowsBefore(conversationId, before, inclusive)).map(({ role, text }) => ({ role, text }));
  }

  /** The same, with who spoke each answer (a conclave's agents, #28). */
  async function rowsBefore(conversationId: string, before?: Message, inclusive = false): Promise<SpokenRow[]> {
    const earlier: Prisma.MessageWhereInput[] = before
      ? [
          { createdAt: { lte: before.createdAt } },
          { OR: [{ createdAt: { lt: before.createdAt } }, { id: inclusive ? { lte: before.id } : { lt: before.id } }] },
        ]
      : [];
    const rows = await prisma.message.findMany({
      // Failed answers and ones still being spoken say nothing the agent should read back.
      where: { conversationId, status: { in: ["complete", "stopped"] }, AND: [IN_THREAD, ...earlier] },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: CONTEXT_MESSAGES,
      select: { role: true, text: true, agentId: true },
    });
    return rows.reverse().filter((row) => row.text.trim() !== "");
  }

  /**
   * The agent speaks the reply while its rows are written (`writing`, with the ids made here):
   * the provider is asked at once, and the first word waits for the rows, never the provider for
   * the write. Then the row is completed: the answer and its whisper, or what was said before a
   * stop, or why the seat failed. A write that fails cancels the call.
   */
  /** An answer that failed gives back the quota it was charged (one stopped by the asker is answered, not failed). */
  async function refundedIfFailed(receipt: Receipt, answering: Promise<Exchange>): Promise<Exchange> {
    try {
      return await answering;
    } catch (error) {
      await receipt.refund().catch((refundError: unknown) => log.error({ err: refundError }, "could not give back a failed answer's quota"));
      throw error;
    }
  }

  async function speak(replyId: string, ...reply: Reply): Promise<Exchange> {
    const stop = stops.register(replyId);
    try {
      return await spoken(stop.signal, ...reply);
    } finally {
      stop.settle();
    }
  }

  async function spoken(stopped: AbortSignal, ...[writing, agent, truth, glyphType, history, options]: Reply): Promise<Exchange> {
    const writeFailed = new AbortController();
    // Words that come before the rows are written wait for them, so a listener hears the turn first.
    let held: string[] | null = [];
    const rows = writing.then(
      (turned) => {
        options.onTurn?.(turned);
        for (const delta of held ?? []) options.onDelta?.(delta);
        held = null;
        return turned;
      },
      (error: unknown) => {
        writeFailed.abort();
        throw error;
      },
    );
    // Awaited on every path below; this only keeps a failure seen before then from going unhandled.
    rows.catch(() => undefined);
    let said = "";
    let answer: MindAnswer;
    try {
      answer = await minds.answerAsAgent(characterOf(agent), options.prompt ?? truth, glyphType ?? undefined, {
        ...options,
        history,
        signal: AbortSignal.any([stopped, writeFailed.signal, ...(options.signal ? [options.signal] : [])]),
        onDelta: (delta) => {
          said += delta;
          if (held) held.push(delta);
          else options.onDelta?.(delta);
        },
      });
    } catch (error) {
      const turned = await rows;
      const failure = error instanceof SeatFailure ? error : null;
      const cancelled = failure?.kind === "cancelled";
      const ended = await prisma.message.update({
        where: { id: turned.reply.id },
        data: {
          text: said,
          status: cancelled ? "stopped" : "failed",
          error: cancelled ? null : (failure?.message ?? "The agent could not answer"),
          latencyMs: failure?.latencyMs ?? null,
        },
      });
      if (cancelled) return { ...turned, reply: ended, whisper: null, answer: null };
      if (failure) throw seatFailed(failure.message, failure.kind === "timeout");
      throw error;
    }
    const turned = await rows;
    const { reply } = turned;
    // Who answered and what it cost, kept alike on the whisper and on the message.
    const measured = {
      mode: answer.mode,
      oracleReason: answer.oracleReason ?? null,
      seat: answer.seat,
      provider: answer.provider ?? null,
      model: answer.model,
      latencyMs: answer.latencyMs,
      inputTokens: answer.usage.inputTokens,
      outputTokens: answer.usage.outputTokens,
      costUsd: answer.costUsd,
    };
    const [whisper, answered] = await prisma.$transaction(async (tx) => {
      // The conversation's row first, as every write to a thread takes it (branches.ts): an edit
      // leaving this answer's branch at the same moment waits, instead of a deadlock.
      await tx.conversation.update({ where: { id: turned.conversation.id }, data: { updatedAt: new Date() } });
      const kept = await tx.whisper.create({
        data: {
          truth,
          agentId: agent.id,
          agentName: agent.name,
          agentGlyph: agent.glyph,
          response: answer.text,
          glyphType,
          ...measured,
        },
      });
      const done = await tx.message.update({
        where: { id: reply.id },
        data: {
          text: answer.text,
          status: "complete",
          ...measured,
          whisperId: kept.id,
        },
      });
      await tx.agent.update({ where: { id: agent.id }, data: { whisperCount: { increment: 1 }, ...activityScores("invocations") } });
      await activityDay(tx, agent.id, "invocations");
      return [kept, done] as const;
    });
    bus.publish("agentWhispered", whisper);
    return { ...turned, reply: answered, whisper, answer };
  }

  /** After a complete answer, the agent notes what it learnt (#27): not awaited; `exchange.learning` settles when written. */
  function learnt(agent: Agent, truth: string, known: { memories: MemoryNote[] } | null, exchange: Exchange): Exchange {
    if (!mind || !known || !exchange.answer || exchange.reply.status !== "complete") return exchange;
    return { ...exchange, learning: mind.learn({ ...characterOf(agent), id: agent.id }, exchange.conversation, truth, exchange.answer.text, known.memories) };
  }

  /** Who speaks an answer of a thread: its speaker in a conclave, else the thread's agent. */
  async function speakerOf(conversation: Conversation & { agent: Agent }, message: Pick<Message, "agentId">): Promise<Agent> {
    if (!message.agentId || message.agentId === conversation.agentId) return conversation.agent;
    return (await prisma.agent.findUnique({ where: { id: message.agentId } })) ?? conversation.agent;
  }

  /**
   * In a conclave, what `speaker` reads of the thread through `through`: the others' words named
   * (conclaves.ts), and the names of its company; null in a thread with one agent.
   */
  async function conclaveView(conversation: Conversation, speaker: Agent, through: Message | null, then: SpokenRow[] = []) {
    if (!conversation.turnOrder) return null;
    const seats = await conclaves.seatsOf(conversation.id);
    const names = new Map(seats.map((seat) => [seat.agentId, seat.agent.name]));
    const rows = through ? await rowsBefore(conversation.id, through, true) : [];
    const view = conclaveContext([...rows, ...then], speaker.id, names, conversation.agentId);
    return { ...view, company: seats.filter((seat) => seat.agentId !== speaker.id).map((seat) => seat.agent.name) };
  }

  const conclaves = createConclaves({
    prisma,
    usage,
    minds,
    mind,
    notifications,
    agentToTalk,
    rowsBefore,
    async answer({ conversation, speaker, message, company, replyId, writing, history, prompt }, actor, { onTurn, ...options }) {
      const known = mind ? await mind.contextFor(actor, speaker.id, conversation) : null;
      const exchange = await speak(replyId, writing, speaker, message ?? prompt, null, history, {
        ...options,
        ...known,
        prompt,
        company,
        onTurn: (turned) => onTurn?.(turned, speaker),
      });
      // Only the visitor's own words teach an agent about them.
      return message === null ? exchange : learnt(speaker, message, known, exchange);
    },
  });

  const service = {
    /**
     * A message to an agent (or a glyph ritual) in a conversation: the named one, which must be
     * the caller's own and with this agent, or a new one. The daily quota is charged before the
     * seat is called; `onTurn` hears the written rows before the first word.
     */
    async send(agentRef: string, input: SendInput, actor: Actor, options: TalkOptions = {}): Promise<Exchange> {
      const agent = await agentToTalk(agentRef);
      const existing = input.conversationId ? await ownConversation(input.conversationId, actor) : null;
      // A message to one agent of a conclave is that agent's to answer (#28).
      if (existing?.turnOrder)
        return service.inConclave(existing.id, { message: input.message, glyphType: input.glyphType, speakerId: agent.id }, actor, options);
      if (existing && existing.agentId !== agent.id) throw notFound(CONVERSATION_NOT_FOUND);
      // A new thread opens with the greeting the visitor saw (and swiped to), the agent's first turn.
      const greeting = existing ? null : greetingOf(agent, input.greetingIndex);
      const glyphType = input.glyphType ?? null;
      const receipt = await usage.charge(actor, glyphType ? "summon" : "echo");
      // A glyph ritual always sends its own fixed prompt: whatever text came with it is set aside.
      const truth = glyphType ? GLYPH_RITUALS[glyphType].prompt : input.message;
      const history: Turn[] = existing ? await turnsBefore(existing.id) : greeting ? [{ role: "agent", text: greeting }] : [];
      const identity = minds.identity(agent.apiModel);
      const title = titleFrom(glyphType ? GLYPH_RITUALS[glyphType].label : input.message);
      // Ids in the order the rows are written, the answer's known before it is (it is spoken while
      // written): a thread reads by (created_at, id), and rows written in one millisecond tie.
      const greetingId = uuidv7();
      const questionId = uuidv7();
      const replyId = uuidv7();
      const personaId = existing ? existing.personaId : ((await mind?.personaForNewThread(actor, input.personaId)) ?? null);
      const known = mind ? await mind.contextFor(actor, agent.id, existing ?? { personaId, memoryOff: false }) : null;
      const writing = prisma.$transaction(async (tx) => {
        const conversation = existing
          ? await tx.conversation.update({
              where: { id: existing.id },
              data: {
                messageCount: { increment: 2 },
                updatedAt: new Date(),
                ...(existing.messageCount === 0 && existing.title === UNTITLED_CONVERSATION ? { title } : {}),
              },
            })
          : await tx.conversation.create({ data: { agentId: agent.id, ...ownerFields(actor), title, messageCount: greeting ? 3 : 2, personaId } });
        if (greeting) await openWithGreeting(tx, conversation.id, greeting, greetingId);
        // The message follows the thread's leaf (the conversation's row, updated first, is locked).
        const parentId = (await leafOf(tx, conversation.id))?.id ?? null;
        const ordinal = await attach(tx, conversation.id, parentId);
        const question = await tx.message.create({
          data: { id: questionId, conversationId: conversation.id, role: "user", text: truth, glyphType, replyCount: 1, parentId, ordinal },
        });
        const reply = await beginReply(tx, { id: replyId, conversationId: conversation.id, parentId: question.id }, identity);
        // A conversation counts (charts, trending, its milestones) from its first message, not when an empty thread is opened.
        // Last, just before the commit: every new thread of the agent waits on its row, so it is held for as short a while as can be
        // (the conversation's row, then the agent's, as an answer's end takes them).
        if (!existing || existing.messageCount === 0) {
          await recordActivity(tx, agent.id, "conversations");
          await notifications.threadBegun(tx, [agent.id], actor);
        }
        return { conversation, question, reply, identity };
      });
      return learnt(agent, truth, known, await refundedIfFailed(receipt, speak(replyId, writing, agent, truth, glyphType, history, { ...options, ...known })));
    },

    /** The next message of one of the caller's own conversations, to its agent. */
    async sendIn(conversationRef: string, input: Omit<SendInput, "conversationId">, actor: Actor, options: TalkOptions = {}): Promise<Exchange> {
      const conversation = await ownConversation(conversationRef, actor);
      // A conclave's turn order says who answers.
      if (conversation.turnOrder) return service.inConclave(conversation.id, input, actor, options);
      return service.send(conversation.agentId, { ...input, conversationId: conversation.id }, actor, options);
    },

    /** A message of a conclave answered by one agent, as a single-agent thread's: its first (only) turn. */
    async inConclave(
      conversationId: string,
      input: Omit<SendInput, "conversationId"> & { speakerId?: string },
      actor: Actor,
      options: TalkOptions,
    ): Promise<Exchange> {
      if (input.glyphType) throw badInput("Glyph rituals are for a thread with one agent", "glyphType");
      const { onTurn, ...rest } = options;
      const run = await conclaves.run(conversationId, { message: input.message, speakerId: input.speakerId ?? null, turns: 1 }, actor, {
        ...rest,
        onTurn: (turned) => onTurn?.(turned),
      });
      return run.turns[0]!.exchange;
    },

    /** Conclaves (#28): opened, their turn order changed, run, and what each agent said and cost (conclaves.ts). */
    conclaves,

    /** Asks the agent again for a message's answer: a new sibling, which the thread then shows. */
    async regenerate(messageRef: string, actor: Actor, options: TalkOptions = {}): Promise<Exchange> {
      const key = messageRef.trim();
      const earlier = isUuid(key)
        ? await prisma.message.findFirst({
            where: { id: key, role: "agent", conversation: ownedBy(actor) },
            include: { parent: true, conversation: { include: { agent: true } } },
          })
        : null;
      if (!earlier?.parent) throw notFound(MESSAGE_NOT_FOUND);
      const { parent: question, conversation } = earlier;
      // In a conclave the same agent is asked again (#28).
      const agent = await speakerOf(conversation, earlier);
      if (!agent.isActive) throw conflict("This agent has fallen silent");
      if (!question.active) throw conflict(OFF_PATH);
      const glyphType = (question.glyphType as GlyphType | null) ?? null;
      const receipt = await usage.charge(actor, glyphType ? "summon" : "echo");
      const conclave = await conclaveView(conversation, agent, question);
      const history = conclave ? conclave.history : await turnsBefore(conversation.id, question);
      const identity = minds.identity(agent.apiModel);
      const replyId = uuidv7();
      const writing = prisma.$transaction(async (tx) => {
        // The conversation's row first: its lock orders two regenerations, and each takes its own place.
        const updated = await tx.conversation.update({ where: { id: conversation.id }, data: { messageCount: { increment: 1 }, updatedAt: new Date() } });
        await branchAt(tx, conversation.id, earlier);
        const ordinal = await attach(tx, conversation.id, question.id);
        const reply = await beginReply(
          tx,
          { id: replyId, conversationId: conversation.id, parentId: question.id, ordinal, agentId: earlier.agentId },
          identity,
        );
        return { conversation: updated, question: await tx.message.findUniqueOrThrow({ where: { id: question.id } }), reply, identity };
      });
      const known = mind ? await mind.contextFor(actor, agent.id, conversation) : null;
      // The oracle is seeded by which answer this is, so asking again gives another answer.
      const spoken = await refundedIfFailed(
        receipt,
        speak(replyId, writing, agent, question.text, glyphType, history, {
          ...options,
          ...known,
          attempt: question.replyCount + 1,
          ...(conclave ? { prompt: conclave.prompt, company: conclave.company } : {}),
        }),
      );
      // What an agent learns comes from the visitor's words, not another agent's.
      return question.role === "user" ? learnt(agent, question.text, known, spoken) : spoken;
    },

    /**
     * Stops an answer still being spoken: the seat's call is cancelled and the words so far are
     * kept, marked stopped. Answers the message as it then stands.
     */
    async stop(messageRef: string, actor: Actor): Promise<Message> {
      const key = messageRef.trim();
      const message = isUuid(key) ? await prisma.message.findFirst({ where: { id: key, role: "agent", conversation: ownedBy(actor) } }) : null;
      if (!message) throw notFound(MESSAGE_NOT_FOUND);
      if (message.status !== "streaming") return message;
      await stops.stop(message.id);
      return prisma.message.findUniqueOrThrow({ where: { id: message.id } });
    },

    /**
     * Asks again in another way: one of the asker's own messages, with new words, becomes a new
     * branch beside it (its answer spoken as a send's); the old branch stays, for the arrows.
     */
    async edit(messageRef: string, text: string, actor: Actor, options: TalkOptions = {}): Promise<Exchange> {
      const earlier = await branches.ownMessage(messageRef, actor);
      if (earlier.role !== "user") throw notFound(MESSAGE_NOT_FOUND);
      // What it follows must be on the path (the edited message itself may be a sibling left behind).
      const parent = earlier.parentId ? await prisma.message.findUniqueOrThrow({ where: { id: earlier.parentId } }) : null;
      if (parent && !parent.active) throw conflict(OFF_PATH);
      const conversation = await prisma.conversation.findUniqueOrThrow({ where: { id: earlier.conversationId }, include: { agent: true } });
      // In a conclave, the agent that answered the words edited answers the new ones (#28).
      const answered = conversation.turnOrder
        ? await prisma.message.findFirst({
            where: { parentId: earlier.id, role: "agent" },
            orderBy: [{ chosen: "desc" }, { createdAt: "desc" }],
            select: { agentId: true },
          })
        : null;
      const agent = await speakerOf(conversation, { agentId: answered?.agentId ?? null });
      if (!agent.isActive) throw conflict("This agent has fallen silent");
      await usage.charge(actor, "echo");
      // The path up to the parent: exactly the active messages until it.
      const conclave = await conclaveView(conversation, agent, parent, [{ role: "user", text, agentId: null }]);
      const history = conclave ? conclave.history : parent ? await turnsBefore(conversation.id, parent, true) : [];
      const identity = minds.identity(agent.apiModel);
      // In the order written (send above says why).
      const questionId = uuidv7();
      const replyId = uuidv7();
      const writing = branches.writeEdit(earlier, text, identity, { question: questionId, reply: replyId }, conversation.turnOrder ? agent.id : null);
      const known = mind ? await mind.contextFor(actor, agent.id, conversation) : null;
      return learnt(
        agent,
        text,
        known,
        await speak(replyId, writing, agent, text, null, history, {
          ...options,
          ...known,
          ...(conclave ? { prompt: conclave.prompt, company: conclave.company } : {}),
        }),
      );
    },

    /** Makes a message (an answer or the asker's) the one the thread shows, with the branch below it last chosen. */
    select: (messageRef: string, actor: Actor) => branches.select(messageRef, actor),

    /** Deletes a message and everything after it (branches.ts). */
    deleteMessage: (messageRef: string, actor: Actor) => branches.remove(messageRef, actor),

    /** The thread's last answer goes on from where it ended (continuation.ts). */
    continueAnswer: createContinuation({
      prisma,
      minds,
      usage,
      stops,
      ownMessage: branches.ownMessage,
      speakerOf,
      // In a conclave, the thread as the speaker reads it, the others named (#28).
      historyOf: async (conversation, speaker, question) => {
        const conclave = await conclaveView(conversation, speaker, question);
        if (!conclave) return { history: await turnsBefore(conversation.id, question, true) };
        return { history: [...conclave.history, { role: "user", text: conclave.prompt }], company: conclave.company };
      },
      knownIn: mind ? (actor, conversation, speaker) => mind.contextFor(actor, speaker.id, conversation) : undefined,
    }),

    async start(agentRef: string, actor: Actor): Promise<Conversation> {
      const agent = await agentToTalk(agentRef);
      // Counted once its first message is sent (send).
      return prisma.conversation.create({ data: { agentId: agent.id, ...ownerFields(actor), title: UNTITLED_CONVERSATION } });
    },

    async rename(id: string, title: string, actor: Actor): Promise<Conversation> {
      const conversation = await ownConversation(id, actor);
      return prisma.conversation.update({ where: { id: conversation.id }, data: { title, updatedAt: new Date() } });
    },

    /**
     * Shares a thread (public) as it is now, or up to one of its messages (`throughMessageId`):
     * readers see what was written until then, and what comes later stays private until shared
     * again. private takes the link back.
     */
    async share(id: string, visibility: Visibility, actor: Actor, throughMessageId?: string | null): Promise<Conversation> {
      const conversation = await ownConversation(id, actor);
      if (visibility === "private")
        return prisma.conversation.update({ where: { id: conversation.id }, data: { visibility, sharedUntil: null, sharedAt: null } });
      const through = throughMessageId ? throughMessageId.trim() : null;
      const until = through
        ? (isUuid(through) ? await prisma.message.findFirst({ where: { id: through, conversationId: conversation.id }, select: { createdAt: true } }) : null)
            ?.createdAt
        : new Date();
      if (!until) throw notFound(MESSAGE_NOT_FOUND);
      return prisma.conversation.update({ where: { id: conversation.id }, data: { visibility, sharedUntil: until, sharedAt: new Date() } });
    },

    /**
     * Deletes a conversation, its messages and the whispers its exchanges were kept as: deleting
     * is the owner saying the words are gone, so a /whisper link made from the thread ends too
     * (as a deleted chat's shared links do elsewhere). Unsharing keeps whisper links working.
     */
    async remove(id: string, actor: Actor): Promise<string> {
      const conversation = await ownConversation(id, actor);
      await prisma.$transaction(async (tx) => {
        const kept = await tx.message.findMany({ where: { conversationId: conversation.id, whisperId: { not: null } }, select: { whisperId: true } });
        await tx.conversation.delete({ where: { id: conversation.id } });
        await tx.whisper.deleteMany({ where: { id: { in: kept.flatMap((message) => (message.whisperId ? [message.whisperId] : [])) } } });
      });
      return conversation.id;
    },

    /** A conversation the caller may read (its own, or a public one), or null. */
    find<Q extends Pick<Prisma.ConversationFindFirstArgs, "include" | "select">>(id: string, actor: Actor, query?: Q) {
      const key = id.trim();
      // Taken first: an id that names nothing still uses the selection it was given (graphql/developer-checks.ts).
      const selection = { ...query };
      if (!isUuid(key)) return Promise.resolve(null);
      return prisma.conversation.findFirst({ ...selection, where: { id: key, AND: [visibleTo(actor)] } });
    },

    /**
     * What a shared conversation's page announces (link previews): its title, agent and first
     * answer. A preview is for anyone, never the owner: it shows the first answer a reader's
     * thread shows, cut at the shared moment (thread).
     */
    async preview(id: string) {
      const key = id.trim();
      if (!isUuid(key)) return null;
      const found = await prisma.conversation.findFirst({
        where: { id: key, visibility: "public" },
        select: { id: true, title: true, sharedUntil: true, agent: { select: { name: true } } },
      });
      if (!found) return null;
      const answer = await prisma.message.findFirst({
        where: { conversationId: found.id, ...IN_THREAD, ...writtenBy(found.sharedUntil), role: "agent", status: "complete" },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        select: { text: true },
      });
      return { title: found.title, agentName: found.agent.name, firstAnswer: answer?.text ?? null };
    },

    /** True when `actor` may read the conversation, or the message, that `id` names. */
    async readable(kind: "Conversation" | "Message", id: string, actor: Actor): Promise<boolean> {
      if (!isUuid(id)) return false;
      const found =
        kind === "Conversation"
          ? await prisma.conversation.findFirst({ where: { id, AND: [visibleTo(actor)] }, select: { id: true } })
          : await prisma.message.findFirst({
              where: { id, conversation: visibleTo(actor) },
              select: { createdAt: true, conversation: { select: { userId: true, visitorId: true, sharedUntil: true } } },
            });
      if (!found) return false;
      // A message written after its thread was shared is its owner's until shared again.
      if ("conversation" in found) {
        const cut = service.readersCut(found.conversation, actor);
        return cut === null || found.createdAt <= cut;
      }
      return true;
    },

    /** The same, with who the agent is: what a thread's page and its JSON show above the turns. */
    findWithAgent(id: string, actor: Actor) {
      const key = id.trim();
      if (!isUuid(key)) return Promise.resolve(null);
      return prisma.conversation.findFirst({
        where: { id: key, AND: [visibleTo(actor)] },
        include: { agent: { select: { id: true, name: true, username: true, glyph: true } } },
      });
    },

    /** The caller's conversations, newest activity first, optionally with one agent or by title. */
    async list(actor: Actor, filter: { search?: string | null; agentId?: string | null }, query: ConversationQuery = {}) {
      const search = filter.search?.trim();
      if (filter.agentId && !isUuid(filter.agentId)) return [];
      const where: Prisma.ConversationWhereInput = {
        ...ownedBy(actor),
        ...(filter.agentId ? { agentId: filter.agentId } : {}),
        ...(search ? { title: { contains: likeLiteral(search), mode: "insensitive" } } : {}),
      };
      return keysetFind(
        query,
        NEWEST_FIRST,
        where,
        (id, select) => prisma.conversation.findFirst({ where: { id, ...ownedBy(actor) }, select }),
        (args) => prisma.conversation.findMany(args as Prisma.ConversationFindManyArgs),
      );
    },

    /**
     * A conversation's thread, oldest first: the messages on its current path, or, `through` a
     * message, the path through it (its ancestors and chosen descendants: a reader's arrows); for
     * a reader of a shared thread, `until` the moment it was shared (sharedUntil).
     */
    async thread(conversationId: string, query: MessageQuery = {}, { through, until }: { through?: string | null; until?: Date | null } = {}) {
      const path = through ? (isUuid(through) ? await pathThrough(prisma, conversationId, through) : []) : null;
      const cut = writtenBy(until);
      return keysetFind(
        query,
        THREAD_ORDER,
        path ? { conversationId, id: { in: path }, ...cut } : { conversationId, ...IN_THREAD, ...cut },
        (id, select) => prisma.message.findFirst({ where: { id, conversationId }, select }),
        (args) => prisma.message.findMany(args as Prisma.MessageFindManyArgs),
      );
    },

    /**
     * The id of the sibling `step` places from a message (-1: before, 1: after), if any; for a
     * reader of a shared thread (`until`, readersCut), only one written by the shared moment.
     */
    async siblingId(message: Pick<Message, "conversationId" | "parentId" | "ordinal">, step: -1 | 1, until: Date | null = null): Promise<string | null> {
      const found = await siblingAt(message, message.ordinal + step);
      return found && (!until || found.createdAt <= until) ? found.id : null;
    },

    /**
     * How many siblings a message has, itself included: `count` as its parent (or thread) keeps
     * it, or for a reader of a shared thread (`until`) those written by the shared moment. Places
     * are given in the order siblings are written (branches.ts attach; a deletion closes up), so a
     * reader's siblings are the first places, through the message itself (which a reader sees):
     * the last place is asked first, then the places between are halved, each asked as siblingId
     * asks for one.
     */
    async siblingCount(message: Pick<Message, "conversationId" | "parentId" | "ordinal">, count: number, until: Date | null): Promise<number> {
      const kept = Math.max(1, count);
      if (!until || message.ordinal >= kept) return kept;
      const seen = async (place: number) => {
        const sibling = await siblingAt(message, place);
        return sibling !== null && sibling.createdAt <= until;
      };
      if (await seen(kept)) return kept;
      let [last, beyond] = [message.ordinal, kept];
      while (beyond - last > 1) {
        const place = Math.floor((last + beyond) / 2);
        if (await seen(place)) last = place;
        else beyond = place;
      }
      return last;
    },

    /** Of `messages` (a message's replies), those a reader of a shared thread may see (`until`, readersCut). */
    seenBy<M extends Pick<Message, "createdAt">>(messages: M[], until: Date | null): M[] {
      return until ? messages.filter((message) => message.createdAt <= until) : messages;
    },

    /** The caller's messages that match `text`, newest first, each with its thread (search.ts). */
    async searchMessages(actor: Actor, text: string, page: SearchPage): Promise<(MessageHit & { conversation: Conversation })[]> {
      const hits = await messageSearch.search(actor, text, page);
      const threads = await prisma.conversation.findMany({ where: { id: { in: [...new Set(hits.map((hit) => hit.conversationId))] } } });
      const byId = new Map(threads.map((thread) => [thread.id, thread]));
      return hits.flatMap((hit) => {
        const conversation = byId.get(hit.conversationId);
        return conversation ? [{ ...hit, conversation }] : [];
      });
    },

    /** Where a reader's view of the thread ends: the shared moment, unless the reader owns it. */
    readersCut(conversation: Pick<Conversation, "userId" | "visitorId" | "sharedUntil">, actor: Actor): Date | null {
      return isOwner(actor, conversation) ? null : conversation.sharedUntil;
    },

    /** A message's status as a reader should see it: one whose speaker vanished mid-answer has failed. */
    statusOf(message: Pick<Message, "status" | "createdAt">): MessageStatus {
      return message.status === "streaming" && Date.now() - message.createdAt.getTime() > staleAfterMs ? "failed" : message.status;
    },
  };
  return service;
}

/** Answers a thread shows side by side for one message; regenerating beyond keeps only these in view. */
export const MAX_SIBLINGS = 50;

export type ConversationService = ReturnType<typeof createConversationService>;
