// Council questions in the ritual log (#28 item 5): every question asked at the Summoning Gate
// writes a `council` entry, published on ritualLogAdded like every other ritual, so the Council
// Terminal and Witnessing show it live (across processes, through the bus). A question of a
// shared session shows its first words, the seats that sat and who asked (a user's name, or "a
// visitor"); one of a private session shows only that a question was asked. Making a session
// private again hides the words its entries showed.
import { titleFrom, type Visibility } from "@nomina/shared/conversations";
import { SEAT_NAMES } from "@nomina/shared/enums";
import { listOf } from "@nomina/shared/text";
import type { Actor } from "../../actor.ts";
import type { Consultation, RitualLog } from "../../../generated/prisma/client.ts";
import type { Seat } from "../../minds/identity.ts";
import type { DomainDeps } from "../deps.ts";
import { seatedSeats } from "./invocation-events.ts";
import { storedTags } from "./sitters.ts";
import type { CouncilSessions } from "./sessions.ts";

type StartedSession = Awaited<ReturnType<CouncilSessions["ask"]>>;

/** How much of the question an entry quotes, at most (cut between words). */
export const QUESTION_WORDS_MAX = 80;
/** A private session's entry: that a question was asked, by no one named. */
export const PRIVATE_QUESTION = "A question was put to the Council in private";
export const PRIVATE_ASKER = "someone";
export const VISITOR_ASKER = "a visitor";

/** "Gemini", "Gemini and Claude", "Gemini, Claude and DeepSeek"; an ascended member by its own name (#28). */
function named(seats: readonly Seat[], members: Partial<Record<Seat, string>> = {}): string {
  return listOf(seats.map((seat) => members[seat] ?? SEAT_NAMES[seat]));
}

/** What a question's entry says: its words and seats while the session is shared, else only that one was asked. */
export function questionEntry(
  question: { prompt: string; seats: readonly Seat[]; members?: Partial<Record<Seat, string>> },
  visibility: Visibility,
  actor: Pick<Actor, "userId" | "label">,
) {
  if (visibility !== "public") return { description: PRIVATE_QUESTION, performedBy: PRIVATE_ASKER, metadata: { private: true } };
  return {
    description: `A question for ${named(question.seats, question.members)}: “${titleFrom(question.prompt, QUESTION_WORDS_MAX)}”`,
    performedBy: actor.userId ? actor.label : VISITOR_ASKER,
    metadata: { private: false, seats: [...question.seats] },
  };
}

type QuestionLogDeps = Pick<DomainDeps, "prisma" | "bus" | "log">;

export function createQuestionLog({ prisma, bus, log }: QuestionLogDeps) {
  return {
    /**
     * Writes and publishes the entry of a question just asked. The question is already stored and
     * the Council already speaking: an entry that cannot be written is logged, never thrown at the
     * asker (who would otherwise ask, and be charged, again).
     */
    async asked(started: StartedSession, actor: Actor): Promise<RitualLog | null> {
      try {
        const { invocation, sessionId } = started;
        const session = await prisma.consultation.findUniqueOrThrow({ where: { id: sessionId }, select: { visibility: true } });
        const members = Object.fromEntries(Object.entries(storedTags(invocation.members)).map(([seat, tag]) => [seat, tag.name]));
        const entry = questionEntry({ prompt: invocation.prompt, seats: seatedSeats(invocation), members }, session.visibility, actor);
        const written = await prisma.ritualLog.create({ data: { type: "council", ...entry, relatedSessionId: sessionId } });
        bus.publish("ritualLogAdded", written);
        return written;
      } catch (error) {
        log.warn({ err: error, session: started.sessionId }, "a council question could not be written to the ritual log");
        return null;
      }
    },

    /** A session made private: the entries that quoted its questions keep their place, but only say that one was asked. */
    async hidden(session: Pick<Consultation, "id" | "visibility">): Promise<void> {
      if (session.visibility === "public") return;
      const entry = questionEntry({ prompt: "", seats: [] }, "private", { userId: null, label: "" });
      await prisma.ritualLog.updateMany({ where: { relatedSessionId: session.id, type: "council" }, data: entry });
    },
  };
}

/**
 * The sessions with the ritual log kept: each question asked writes its entry, and a session
 * made private hides its entries' words. Wraps sessions.ts from outside, leaving it untouched.
 */
export function withQuestionLog(sessions: CouncilSessions, deps: QuestionLogDeps): CouncilSessions {
  const questions = createQuestionLog(deps);
  return {
    ...sessions,
    async ask(...args: Parameters<CouncilSessions["ask"]>) {
      const started = await sessions.ask(...args);
      await questions.asked(started, args[1]);
      return started;
    },
    async share(...args: Parameters<CouncilSessions["share"]>) {
      const session = await sessions.share(...args);
      await questions.hidden(session);
      return session;
    },
  };
}
