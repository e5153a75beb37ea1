// "Continue" (#27): the thread's last answer, complete or stopped, goes on from where it ended.
// The seat is asked for the words that come next; they are appended to the same message as they
// are spoken (streamed like an answer: the first event names the message, which reads as
// streaming until the end), and to the whisper it was kept as. Charged as an echo. A stop keeps
// what was added; a seat's failure puts the answer back as it was. Words added to an answer its
// shared thread shows would be words written after the share: the shared part then ends before
// that answer (shareEndsBefore), until the owner shares the thread again.
import type { Actor } from "../../actor.ts";
import { conflict, notFound, seatFailed } from "../../errors.ts";
import type { Agent, Conversation, Message, Prisma, Whisper } from "../../../generated/prisma/client.ts";
import { type SpeakOptions, type Turn } from "../../minds/character.ts";
import { SeatFailure, type MindAnswer, type SeatIdentity } from "../../minds/identity.ts";
import { MESSAGE_NOT_FOUND } from "@nomina/shared/conversations";
import { characterOf } from "../agents/character.ts";
import type { DomainDeps } from "../deps.ts";
import { leafOf, lockConversation } from "./branches.ts";
import type { createStops } from "./stops.ts";

/** As service.ts's Turned, Exchange and TalkOptions (not imported from it: it imports this module). */
type Turned = { conversation: Conversation; question: Message; reply: Message; identity: SeatIdentity };
type Exchange = Turned & { whisper: Whisper | null; answer: MindAnswer | null };
type TalkOptions = SpeakOptions & { onTurn?: (turn: Turned) => void };

export const NOT_THE_LAST_ANSWER = "Only the thread's last answer can be continued, once it has ended";

/**
 * Readers of a shared thread see the messages written by the shared moment, each as it was then: an
 * answer among them that goes on leaves the shared part, which ends just before it. Readers see
 * less (never the words added, nor the whisper that now carries them) until it is shared again.
 */
export async function shareEndsBefore<C extends Conversation>(tx: Prisma.TransactionClient, conversation: C, answer: Pick<Message, "createdAt">): Promise<C> {
  const until = new Date(answer.createdAt.getTime() - 1);
  const moved = await tx.conversation.updateMany({
    where: { id: conversation.id, visibility: "public", OR: [{ sharedUntil: null }, { sharedUntil: { gte: answer.createdAt } }] },
    data: { sharedUntil: until },
  });
  return moved.count > 0 ? { ...conversation, sharedUntil: until } : conversation;
}

type ContinuationDeps = Pick<DomainDeps, "prisma" | "minds" | "usage"> & {
  stops: ReturnType<typeof createStops>;
  ownMessage: (ref: string, actor: Actor) => Promise<Message>;
  /** Who spoke the answer: the thread's agent, or in a conclave its speaker (#28). */
  speakerOf: (conversation: Conversation & { agent: Agent }, message: Message) => Promise<Agent>;
  /** The thread through the question, as the speaker reads it (in a conclave, with its company). */
  historyOf: (conversation: Conversation, speaker: Agent, question: Message) => Promise<{ history: Turn[]; company?: string[] }>;
  /** Who the agent is told it speaks with in the thread (its persona and notes, #27), as for an answer. */
  knownIn?: (actor: Actor, conversation: Conversation, speaker: Agent) => Promise<Pick<SpeakOptions, "persona" | "memories">>;
};

export function createContinuation({ prisma, minds, usage, stops, ownMessage, speakerOf, historyOf, knownIn }: ContinuationDeps) {
  return async function continueAnswer(ref: string, actor: Actor, options: TalkOptions = {}): Promise<Exchange> {
    const found = await ownMessage(ref, actor);
    if (found.role !== "agent" || !found.parentId) throw notFound(MESSAGE_NOT_FOUND);
    const conversation = await prisma.conversation.findUniqueOrThrow({ where: { id: found.conversationId }, include: { agent: true } });
    const speaker = await speakerOf(conversation, found);
    if (!speaker.isActive) throw conflict("This agent has fallen silent");
    const question = await prisma.message.findUniqueOrThrow({ where: { id: found.parentId } });
    // Marked as being spoken under the thread's lock: two continuations cannot both start.
    const before = await prisma.$transaction(async (tx) => {
      await lockConversation(tx, found.conversationId);
      const answer = await tx.message.findUnique({ where: { id: found.id } });
      const leaf = await leafOf(tx, found.conversationId);
      if (!answer || leaf?.id !== answer.id || (answer.status !== "complete" && answer.status !== "stopped")) throw conflict(NOT_THE_LAST_ANSWER);
      await tx.message.update({ where: { id: answer.id }, data: { status: "streaming" } });
      return answer;
    });
    const restore = () => prisma.message.update({ where: { id: before.id }, data: { status: before.status } });
    try {
      await usage.charge(actor, "echo");
    } catch (error) {
      await restore();
      throw error;
    }
    const identity = minds.identity(speaker.apiModel);
    const { history, company } = await historyOf(conversation, speaker, question);
    const known = knownIn ? await knownIn(actor, conversation, speaker) : {};
    // The first event reads as an answer being spoken now (statusOf would take a long-written
    // answer marked streaming for one lost with its process).
    const streaming = { ...before, status: "streaming" as const, createdAt: new Date() };
    options.onTurn?.({ conversation, question, reply: streaming, identity });
    const stop = stops.register(before.id);
    let added = "";
    let answer: MindAnswer;
    try {
      answer = await minds.continueAsAgent(characterOf(speaker), question.text, before.text, {
        ...options,
        ...known,
        ...(company ? { company } : {}),
        history,
        signal: AbortSignal.any([stop.signal, ...(options.signal ? [options.signal] : [])]),
        onDelta: (delta) => {
          added += delta;
          options.onDelta?.(delta);
        },
      });
    } catch (error) {
      const failure = error instanceof SeatFailure ? error : null;
      if (failure?.kind === "cancelled") {
        const [shared, ended] = await prisma.$transaction(async (tx) => [
          added ? await shareEndsBefore(tx, conversation, before) : conversation,
          await tx.message.update({ where: { id: before.id }, data: { text: before.text + added, status: "stopped" } }),
        ]);
        return { conversation: shared, question, reply: ended, identity, whisper: null, answer: null };
      }
      await restore();
      if (failure) throw seatFailed(failure.message, failure.kind === "timeout");
      throw error;
    } finally {
      stop.settle();
    }
    const text = before.text + answer.text;
    const [reply, whisper, shared] = await prisma.$transaction(async (tx) => {
      await tx.conversation.update({ where: { id: conversation.id }, data: { updatedAt: new Date() } });
      const shared = text !== before.text ? await shareEndsBefore(tx, conversation, before) : conversation;
      const done = await tx.message.update({
        where: { id: before.id },
        data: {
          text,
          status: "complete",
          outputTokens: (before.outputTokens ?? 0) + answer.usage.outputTokens,
          inputTokens: (before.inputTokens ?? 0) + answer.usage.inputTokens,
          costUsd: before.costUsd === null && answer.costUsd === null ? null : (before.costUsd ?? 0) + (answer.costUsd ?? 0),
        },
      });
      const kept = before.whisperId ? await tx.whisper.update({ where: { id: before.whisperId }, data: { response: text } }) : null;
      return [done, kept, shared] as const;
    });
    return { conversation: shared, question, reply, identity, whisper, answer };
  };
}
