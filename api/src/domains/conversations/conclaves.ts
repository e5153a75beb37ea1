// Conclaves (#28): a conversation with two to six agents. It is a thread like any other (the
// same messages, branches, stop, share and memory); what differs is who speaks. Each answer is
// spoken by one participant, in its own persona through its own seat (as a thread's one agent
// speaks), and kept with its speaker (Message.agentId). Who answers the visitor follows the
// thread's turn order: in turn (round robin by seat), the agent the message names (else in
// turn), or the one the visitor picks by hand. A run may go on without the visitor ("let them
// talk") for at most CONCLAVE_MAX_TURNS turns, each the next agent in turn; stopping the agent
// speaking (or the client leaving) ends the run there. Every answer is metered as one
// single-agent answer.
import type { Actor } from "../../actor.ts";
import { isUuid } from "../../db/ids.ts";
import { uuidv7 } from "../../db/uuid.ts";
import { badInput, ClientError, conflict, notFound } from "../../errors.ts";
import type { Agent, Conversation, ConversationParticipant, Message } from "../../../generated/prisma/client.ts";
import type { Turn } from "../../minds/character.ts";
import type { Exchange, TalkOptions, Turned } from "./exchange.ts";
import { CONVERSATION_NOT_FOUND, UNTITLED_CONVERSATION, titleFrom } from "@nomina/shared/conversations";
import { CONCLAVE_AGENTS_INVALID, NOT_IN_CONCLAVE, PICK_A_SPEAKER, type TurnOrder } from "@nomina/shared/conclaves";
import type { DomainDeps } from "../deps.ts";
import { ownedBy, ownerFields } from "../ownership.ts";
import type { MindService } from "../mind/service.ts";
import { attach, beginReply, leafOf } from "./branches.ts";
import { recordActivity } from "../agents/activity.ts";

/** A row of the thread as a conclave reads it: who said it. */
export type SpokenRow = { role: "user" | "agent"; text: string; agentId: string | null };

export type Seat = ConversationParticipant & { agent: Agent };

export type ConclaveRunOptions = Pick<TalkOptions, "signal" | "pace" | "onDelta"> & {
  /** A turn's rows are written: its speaker is named before its first word. */
  onTurn?: (turn: Turned, speaker: Agent) => void;
  /** A turn has ended (answered or stopped); the run may go on. */
  onTurnEnd?: (exchange: Exchange, speaker: Agent) => void;
};

/** A run of a conclave: the visitor's message (if any), then each agent's turn as it ended. */
export type ConclaveRun = {
  conversation: Conversation;
  question: Message | null;
  turns: { exchange: Exchange; speaker: Agent }[];
  /** Why the run ended early after a first answer (a seat failed, the quota ran out); null when it did not. */
  error: ClientError | null;
};

/** A participant's name as the others read it, and as a message may address it. */
const nameOf = (agent: Pick<Agent, "name">) => agent.name;

/**
 * The thread as `speakerId` reads it: its own answers are its turns; the visitor's and the other
 * agents' ("[Name]: ...") are the other side's, consecutive ones joined. The last of the other
 * side is the prompt, the rest the history.
 */
export function conclaveContext(
  rows: readonly SpokenRow[],
  speakerId: string,
  names: ReadonlyMap<string, string>,
  firstAgentId: string,
): { history: Turn[]; prompt: string } {
  const turns: Turn[] = [];
  for (const row of rows) {
    const speaker = row.role === "agent" ? (row.agentId ?? firstAgentId) : null;
    const turn: Turn =
      speaker === null
        ? { role: "user", text: row.text }
        : speaker === speakerId
          ? { role: "agent", text: row.text }
          : { role: "user", text: `[${names.get(speaker) ?? "Another agent"}]: ${row.text}` };
    const last = turns.at(-1);
    if (last?.role === turn.role) turns[turns.length - 1] = { role: turn.role, text: `${last.text}\n\n${turn.text}` };
    else turns.push(turn);
  }
  const last = turns.at(-1);
  if (last?.role === "user") return { history: turns.slice(0, -1), prompt: last.text };
  return { history: turns, prompt: "(The conversation goes on: say what you would say next.)" };
}

/** The seat after `lastSpeakerId`'s, round the table (the first when no one has spoken), skipping the silent. */
export function nextInTurn(seats: readonly Pick<Seat, "agentId" | "agent">[], lastSpeakerId: string | null): Pick<Seat, "agentId" | "agent"> {
  const at = lastSpeakerId ? seats.findIndex((seat) => seat.agentId === lastSpeakerId) : -1;
  for (let step = 1; step <= seats.length; step++) {
    const seat = seats[(at + step + seats.length) % seats.length]!;
    if (seat.agent.isActive) return seat;
  }
  throw conflict("Every agent of this conclave has fallen silent");
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The participant a message names first (by name or @username, whole words, any case); null when none. */
export function addressedIn(text: string, seats: readonly Pick<Seat, "agentId" | "agent">[]): Pick<Seat, "agentId" | "agent"> | null {
  let found: { seat: Pick<Seat, "agentId" | "agent">; at: number } | null = null;
  for (const seat of seats) {
    if (!seat.agent.isActive) continue;
    for (const name of [seat.agent.name, `@${seat.agent.username}`, seat.agent.username]) {
      const match = new RegExp(`(?<![\\p{L}\\p{N}_@-])${escapeRegExp(name)}(?![\\p{L}\\p{N}_-])`, "iu").exec(text);
      if (match && (!found || match.index < found.at)) found = { seat, at: match.index };
    }
  }
  return found?.seat ?? null;
}

type TurnArgs = { conversation: Conversation; speaker: Agent; message: string | null; names: ReadonlyMap<string, string>; company: string[] };

export type ConclaveAnswer = TurnArgs & { replyId: string; writing: Promise<Turned>; history: Turn[]; prompt: string };

type ConclaveDeps = Pick<DomainDeps, "prisma" | "usage" | "minds"> &
  Partial<Pick<DomainDeps, "notifications">> & {
    mind?: MindService;
    agentToTalk: (ref: string) => Promise<Agent>;
    /** The thread's newest readable rows before a message (or all), oldest first, with their speakers. */
    rowsBefore: (conversationId: string, before?: Message, inclusive?: boolean) => Promise<SpokenRow[]>;
    /** One agent's answer, spoken while `writing` stores its rows (service.ts's speak, with learning). */
    answer: (args: ConclaveAnswer, actor: Actor, options: ConclaveRunOptions) => Promise<Exchange>;
  };

export function createConclaves({ prisma, usage, minds, mind, agentToTalk, rowsBefore, answer, notifications }: ConclaveDeps) {
  async function ownConclave(ref: string, actor: Actor) {
    const key = ref.trim();
    const found = isUuid(key) ? await prisma.conversation.findFirst({ where: { id: key, ...ownedBy(actor) } }) : null;
    if (!found) throw notFound(CONVERSATION_NOT_FOUND);
    if (!found.turnOrder) throw conflict("This thread has one agent: it is not a conclave");
    return found;
  }

  /** A conclave's seats, in order, with their agents. */
  function seatsOf(conversationId: string): Promise<Seat[]> {
    return prisma.conversationParticipant.findMany({ where: { conversationId }, orderBy: { position: "asc" }, include: { agent: true } });
  }

  /** Who spoke last on the thread's path (null before any agent has). */
  async function lastSpeaker(conversationId: string): Promise<string | null> {
    const last = await prisma.message.findFirst({
      where: { conversationId, active: true, role: "agent", agentId: { not: null } },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { agentId: true },
    });
    return last?.agentId ?? null;
  }

  /** Who answers the visitor's message (or, without one, goes on first). */
  async function firstSpeaker(conversation: Conversation, seats: Seat[], message: string | null, speakerId: string | null | undefined): Promise<Agent> {
    if (speakerId) {
      const key = speakerId.trim();
      const picked = seats.find((seat) => seat.agentId === key || seat.agent.username === key.toLowerCase());
      if (!picked) throw notFound(NOT_IN_CONCLAVE);
      if (!picked.agent.isActive) throw conflict("This agent has fallen silent");
      return picked.agent;
    }
    if (message !== null && conversation.turnOrder === "by_hand") throw badInput(PICK_A_SPEAKER, "speakerId");
    if (message !== null && conversation.turnOrder === "addressed") {
      const named = addressedIn(message, seats);
      if (named) return named.agent;
    }
    return nextInTurn(seats, await lastSpeaker(conversation.id)).agent;
  }

  /** One agent's turn: charged, its rows written (the visitor's message first, when there is one), then spoken. */
  async function turn({ conversation, speaker, message, names, company }: TurnArgs, actor: Actor, options: ConclaveRunOptions): Promise<Exchange> {
    // Charged and read at once: a refused charge leaves only a read behind.
    const [, rows] = await Promise.all([usage.charge(actor, "echo"), rowsBefore(conversation.id)]);
    const { history, prompt } = conclaveContext(
      message === null ? rows : [...rows, { role: "user", text: message, agentId: null }],
      speaker.id,
      names,
      conversation.agentId,
    );
    // In the order written: a thread reads by (created_at, id), and rows written in one millisecond tie.
    const questionId = uuidv7();
    const replyId = uuidv7();
    const seat = minds.identity(speaker.apiModel);
    const writing = prisma.$transaction(async (tx) => {
      // The conversation's row first, as every write to a thread takes it (branches.ts).
      const updated = await tx.conversation.update({
        where: { id: conversation.id },
        data: {
          messageCount: { increment: message === null ? 1 : 2 },
          updatedAt: new Date(),
          ...(message !== null && conversation.title === UNTITLED_CONVERSATION ? { title: titleFrom(message) } : {}),
        },
      });
      const leaf = await leafOf(tx, conversation.id);
      let question: Message;
      let ordinal = 1;
      if (message !== null) {
        const parentId = leaf?.id ?? null;
        const place = await attach(tx, conversation.id, parentId);
        question = await tx.message.create({
          data: { id: questionId, conversationId: conversation.id, role: "user", text: message, replyCount: 1, parentId, ordinal: place },
        });
      } else {
        // Without the visitor, an answer follows the thread's last message (another agent's, usually).
        if (!leaf) throw conflict("Say something first: the agents need something to talk about");
        ordinal = await attach(tx, conversation.id, leaf.id);
        question = await tx.message.findUniqueOrThrow({ where: { id: leaf.id } });
      }
      const reply = await beginReply(tx, { id: replyId, conversationId: conversation.id, parentId: question.id, ordinal, agentId: speaker.id }, seat);
      return { conversation: updated, question, reply, identity: seat };
    });
    return answer({ conversation, speaker, message, names, company, replyId, writing, history, prompt }, actor, options);
  }

  return {
    seatsOf,

    /** Opens a conclave of 2-6 agents (any active ones), with a turn order; the first agent is the thread's `agent`. */
    async open(agentRefs: readonly string[], turnOrder: TurnOrder, actor: Actor): Promise<Conversation> {
      const agents = await Promise.all(agentRefs.map((ref) => agentToTalk(ref)));
      if (new Set(agents.map((agent) => agent.id)).size !== agents.length) throw badInput(CONCLAVE_AGENTS_INVALID, "agentIds");
      const personaId = (await mind?.personaForNewThread(actor, undefined)) ?? null;
      return prisma.$transaction(async (tx) => {
        const conversation = await tx.conversation.create({
          data: { agentId: agents[0]!.id, ...ownerFields(actor), title: UNTITLED_CONVERSATION, turnOrder, personaId },
        });
        await tx.conversationParticipant.createMany({
          data: agents.map((agent, position) => ({ conversationId: conversation.id, agentId: agent.id, position })),
        });
        // A conclave is a conversation with each of its agents (charts, trending), counted in id
        // order: two conclaves of the same agents opened at once lock their rows in one order.
        for (const id of agents.map((agent) => agent.id).sort()) await recordActivity(tx, id, "conversations");
        await notifications?.threadBegun(
          tx,
          agents.map((agent) => agent.id),
          actor,
        );
        return conversation;
      });
    },

    /** Changes who speaks next from now on. */
    async setTurnOrder(ref: string, turnOrder: TurnOrder, actor: Actor): Promise<Conversation> {
      const conversation = await ownConclave(ref, actor);
      return prisma.conversation.update({ where: { id: conversation.id }, data: { turnOrder, updatedAt: new Date() } });
    },

    /**
     * A run: the visitor's message answered by the agent the turn order (or `speakerId`) names,
     * then, for `turns` > 1, the next agents in turn without the visitor; or, with no message,
     * the agents going on alone. Ends early when a turn is stopped, the client leaves, or a turn
     * fails after the first (the failure is the run's `error`; a first turn's is thrown).
     */
    async run(
      ref: string,
      input: { message?: string | null; speakerId?: string | null; turns?: number | null },
      actor: Actor,
      options: ConclaveRunOptions = {},
    ): Promise<ConclaveRun> {
      const conversation = await ownConclave(ref, actor);
      const seats = await seatsOf(conversation.id);
      const names = new Map(seats.map((seat) => [seat.agentId, nameOf(seat.agent)]));
      const message = input.message?.trim() ? input.message.trim() : null;
      if (message === null && !(await prisma.message.findFirst({ where: { conversationId: conversation.id, active: true }, select: { id: true } }))) {
        throw conflict("Say something first: the agents need something to talk about");
      }
      const turns: ConclaveRun["turns"] = [];
      let error: ClientError | null = null;
      let speaker = await firstSpeaker(conversation, seats, message, input.speakerId);
      for (let index = 0; index < (input.turns ?? 1); index++) {
        if (options.signal?.aborted) break;
        if (index > 0) speaker = nextInTurn(seats, speaker.id).agent;
        const company = seats.filter((seat) => seat.agentId !== speaker.id).map((seat) => nameOf(seat.agent));
        let exchange: Exchange;
        try {
          exchange = await turn({ conversation, speaker, message: index === 0 ? message : null, names, company }, actor, options);
        } catch (failure) {
          if (index === 0 || !(failure instanceof ClientError)) throw failure;
          error = failure;
          break;
        }
        turns.push({ exchange, speaker });
        options.onTurnEnd?.(exchange, speaker);
        // A stop (of the agent speaking, or the client leaving) ends the run with that turn.
        if (exchange.answer === null) break;
      }
      const first = turns[0]?.exchange;
      const latest = await prisma.conversation.findUniqueOrThrow({ where: { id: conversation.id } });
      return { conversation: latest, question: message !== null && first ? first.question : null, turns, error };
    },

    /** What each participant said and cost in the thread (every branch), up to `until` for a reader. */
    async standing(conversationId: string, until: Date | null) {
      const seats = await seatsOf(conversationId);
      const sums = await prisma.message.groupBy({
        by: ["agentId"],
        where: { conversationId, role: "agent", agentId: { in: seats.map((seat) => seat.agentId) }, ...(until ? { createdAt: { lte: until } } : {}) },
        _count: { _all: true },
        _sum: { costUsd: true, inputTokens: true, outputTokens: true },
      });
      const byAgent = new Map(sums.map((sum) => [sum.agentId, sum]));
      return seats.map((seat) => {
        const sum = byAgent.get(seat.agentId);
        return {
          agent: seat.agent,
          position: seat.position,
          answerCount: sum?._count._all ?? 0,
          costUsd: sum?._sum.costUsd ?? 0,
          inputTokens: sum?._sum.inputTokens ?? 0,
          outputTokens: sum?._sum.outputTokens ?? 0,
        };
      });
    },
  };
}

export type Conclaves = ReturnType<typeof createConclaves>;
