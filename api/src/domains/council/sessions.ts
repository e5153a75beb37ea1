// Council sessions (the Summoning Gate as a thread): a first question and its follow-ups, asked
// by one user or visitor key, each heard with the earlier questions and syntheses. The asker
// chooses which seats sit and who chairs, asks for a peer review, sees the estimate before and
// the cost after, may stop a question or ask a failed seat again, and may share the session.
// REST's POST /api/council/whisper {prompt} and GraphQL's invokeCouncil both come here.
import { SESSION_NOT_FOUND, type ConsultInput } from "@nomina/shared/council";
import { titleFrom, type Visibility } from "@nomina/shared/conversations";
import type { Actor } from "../../actor.ts";
import { isUuid } from "../../db/ids.ts";
import { keysetFind, type ConnectionQuery, type KeysetOrder } from "../../db/keyset.ts";
import { likeLiteral } from "../../db/text.ts";
import { badInput, conflict, notFound } from "../../errors.ts";
import type { Consultation, CouncilInvocation, Prisma } from "../../../generated/prisma/client.ts";
import { type CouncilOutcome, type CouncilTurn, type VoiceRecord } from "../../minds/council-records.ts";
import { SEATS, type Seat } from "../../minds/identity.ts";
import type { DomainDeps } from "../deps.ts";
import { heldBy, ownedBy, ownerFields, readableBy } from "../ownership.ts";
import { estimateCouncil } from "./estimate.ts";
import { seatedSeats } from "./invocation-events.ts";
import type { CouncilInvocations, StartedInvocation } from "./invocations.ts";
import { chairOf, defaultChair, settingsFor, storedSettings } from "./settings.ts";
import { createSitters, storedTags } from "./sitters.ts";

/** The earlier questions a follow-up carries at most; the minds keep what fits each seat's budget. */
const HISTORY_QUESTIONS = 20;

export const INVOCATION_NOT_FOUND = "Invocation not found";

const NEWEST_FIRST: KeysetOrder = [
  ["updatedAt", "desc"],
  ["id", "desc"],
];
const ASKED_ORDER: KeysetOrder = [
  ["createdAt", "asc"],
  ["id", "asc"],
];

/** A question started: its invocation, its session, and `refund()` for a transport that could not deliver it. */
export type AskedQuestion = StartedInvocation & { sessionId: string; refund: () => Promise<void> };

/** Nothing was said that the asker could read: no seat answered and no synthesis was spoken, and nobody stopped it. */
const gaveNothing = ({ seats, synthesis }: CouncilOutcome) =>
  synthesis.status === "failed" && Object.values(seats).every((record) => record?.status === "failed");

export type SessionQuery = ConnectionQuery & Pick<Prisma.ConsultationFindManyArgs, "include" | "select" | "take">;
export type InvocationQuery = ConnectionQuery & Pick<Prisma.CouncilInvocationFindManyArgs, "include" | "select" | "take">;

type SessionDeps = Pick<DomainDeps, "prisma" | "minds" | "usage" | "config" | "log"> & { invocations: CouncilInvocations };

export function createCouncilSessions({ prisma, minds, usage, config, invocations, log }: SessionDeps) {
  const configuredChair = config.minds.chair;
  const contextTokens = config.minds.contextTokens;

  const sitters = createSitters(prisma);

  /**
   * The settings and the chair of a question: given, or kept by its session (settings.ts), with
   * the ascended members who sit (sitters.ts): a kept member since retired no longer does.
   */
  async function choose(input: Pick<ConsultInput, "seats" | "chair" | "review" | "members">, session: Consultation | null) {
    const given = input.members != null ? await sitters.seatsOf(input.members) : undefined;
    const chosen = settingsFor(input, session && storedSettings(session), given);
    const members = await sitters.sitters(chosen.members);
    const settings = { ...chosen, members: Object.fromEntries(Object.entries(members).map(([seat, sitter]) => [seat, sitter.memberId])) };
    return { ...settings, members, chair: chairOf(settings, session?.questionCount ?? 0, configuredChair) };
  }

  async function ownSession(id: string, actor: Actor) {
    const key = id.trim();
    const found = isUuid(key) ? await prisma.consultation.findFirst({ where: { id: key, AND: [heldBy(actor)] } }) : null;
    if (!found) throw notFound(SESSION_NOT_FOUND);
    return found;
  }

  /** The session's questions before `before` (or all), oldest first, with what the Council concluded. */
  async function historyOf(sessionId: string, before?: Pick<CouncilInvocation, "createdAt" | "id">): Promise<CouncilTurn[]> {
    const rows = await prisma.councilInvocation.findMany({
      where: {
        sessionId,
        ...(before ? { AND: [{ createdAt: { lte: before.createdAt } }, { OR: [{ createdAt: { lt: before.createdAt } }, { id: { lt: before.id } }] }] } : {}),
      },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: HISTORY_QUESTIONS,
      select: { prompt: true, synthesis: true },
    });
    return rows.reverse().map((row) => ({ question: row.prompt, synthesis: row.synthesis }));
  }

  /** An invocation of one of the caller's own sessions. */
  async function ownInvocation(id: string, actor: Actor) {
    const key = id.trim();
    const found = isUuid(key) ? await prisma.councilInvocation.findFirst({ where: { id: key, session: heldBy(actor) } }) : null;
    if (!found) throw notFound(INVOCATION_NOT_FOUND);
    return found;
  }

  /** One of the caller's questions that has finished (a running one cannot be asked again yet). */
  async function finishedInvocation(id: string, actor: Actor) {
    const invocation = await ownInvocation(id, actor);
    if (invocation.status === "running") throw conflict("The Council is still answering this question");
    return invocation;
  }

  /** Asks `seats` of a finished question again; a few retries of a seat are free, then each costs a question of the day (usage/service.ts). */
  async function askAgain(invocation: CouncilInvocation, seats: Seat[], actor: Actor, options: { pace?: boolean }) {
    const history = invocation.sessionId ? await historyOf(invocation.sessionId, invocation) : [];
    for (const seat of seats) await usage.chargeRetry(actor, invocation.id, seat);
    // The members who sat for the question sit for its retry, even one retired since.
    const tags = storedTags(invocation.members);
    const members = await sitters.sitters(Object.fromEntries(Object.entries(tags).map(([seat, tag]) => [seat, tag.memberId])), { activeOnly: false });
    return invocations.retry(invocation, seats, { history, members }, options);
  }

  const estimateFor = (input: Pick<ConsultInput, "prompt">, choice: Awaited<ReturnType<typeof choose>>, history: CouncilTurn[]) =>
    estimateCouncil({ prompt: input.prompt, ...choice, history, identity: (seat) => minds.identity(seat), contextTokens });

  return {
    /**
     * A question to the Council: in the caller's own session named, or a new one. Counts once
     * against the daily synthesis quota, whatever it includes; starts at once.
     */
    async ask(input: ConsultInput, actor: Actor, options: { pace?: boolean } = {}): Promise<AskedQuestion> {
      const existing = input.sessionId ? await ownSession(input.sessionId, actor) : null;
      const choice = await choose(input, existing);
      const history = existing ? await historyOf(existing.id) : [];
      const receipt = await usage.charge(actor, "synth");
      try {
        const estimate = estimateFor(input, choice, history);
        const session = existing ?? (await prisma.consultation.create({ data: { ...ownerFields(actor), title: titleFrom(input.prompt) } }));
        const started = await invocations.start(
          { prompt: input.prompt, ...choice, history, sessionId: session.id, estimateUsd: estimate.totalUsd },
          actor,
          options,
        );
        // A question no voice could answer gave the asker nothing to read: it was not theirs to pay for.
        started.finished
          .then(
            ({ outcome }) => (gaveNothing(outcome) ? receipt.refund() : undefined),
            () => receipt.refund(),
          )
          .catch((error: unknown) => log.error({ err: error, invocation: started.invocation.id }, "could not give back a failed question's quota"));
        return { ...started, sessionId: session.id, refund: receipt.refund };
      } catch (error) {
        await receipt.refund();
        throw error;
      }
    },

    /** What a question would cost, before it is asked, and how many the caller may still ask today. */
    async estimate(input: ConsultInput, actor: Actor) {
      const existing = input.sessionId ? await ownSession(input.sessionId, actor) : null;
      const choice = await choose(input, existing);
      const history = existing ? await historyOf(existing.id) : [];
      const quota = await usage.remaining(actor, "synth");
      return { ...estimateFor(input, choice, history), chair: choice.chair, questionsLeftToday: quota?.left ?? null, dailyLimit: quota?.limit ?? null };
    },

    /** Stops a question still being answered; answers the invocation as it then stands. */
    async stop(invocationRef: string, actor: Actor): Promise<CouncilInvocation> {
      const invocation = await ownInvocation(invocationRef, actor);
      if (invocation.status === "running") await invocations.stop(invocation.id);
      return prisma.councilInvocation.findUniqueOrThrow({ where: { id: invocation.id } });
    },

    /**
     * Asks exactly one seat that has not answered (failed or stopped) again, keeping every other
     * seat as it stands; the review and synthesis follow anew. Free COUNCIL_FREE_RETRIES times per
     * seat of a question, then charged as a question.
     */
    async retry(invocationRef: string, seat: Seat, actor: Actor, options: { pace?: boolean } = {}): Promise<StartedInvocation> {
      const invocation = await finishedInvocation(invocationRef, actor);
      if (!seatedSeats(invocation).includes(seat)) throw badInput(`${seat} did not sit for this question`, "seat");
      const answer = (invocation.answers as Partial<Record<Seat, VoiceRecord>>)[seat];
      if (answer?.status === "answered") throw conflict(`${seat} has already answered this question`);
      return askAgain(invocation, [seat], actor, options);
    },

    /** Asks every seated seat that has not answered again (the silent seats), keeping the answers; each seat asked is one retry under the quota rule. */
    async retrySilent(invocationRef: string, actor: Actor, options: { pace?: boolean } = {}): Promise<StartedInvocation> {
      const invocation = await finishedInvocation(invocationRef, actor);
      const answers = invocation.answers as Partial<Record<Seat, VoiceRecord>>;
      const silent = seatedSeats(invocation).filter((seat) => answers[seat]?.status !== "answered");
      if (!silent.length) throw conflict("Every seat has answered this question");
      return askAgain(invocation, silent, actor, options);
    },

    /** A session's settings as its next question would sit, and the chair it would have. */
    settingsOf(session: Pick<Consultation, "seats" | "chairChoice" | "review" | "members" | "questionCount">) {
      const settings = storedSettings(session);
      return { ...settings, nextChair: chairOf(settings, session.questionCount, configuredChair), defaultChair: defaultChair(settings.seats, configuredChair) };
    },

    /** The members of a session's settings who still sit on the Council, in seat order. */
    async sittingMembers<Q extends Pick<Prisma.CouncilMemberFindManyArgs, "include" | "select">>(members: Partial<Record<Seat, string>>, query?: Q) {
      // The selection is taken before anything else: a session with no member reads no row, and
      // still uses the query it was given (graphql/developer-checks.ts).
      const selection = { ...query };
      const ids = SEATS.flatMap((seat) => members[seat] ?? []).filter(isUuid);
      if (!ids.length) return [];
      const found = await prisma.councilMember.findMany({ ...selection, where: { id: { in: ids }, isActive: true } });
      return found.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
    },

    /** Who chairs when the asker leaves the chair to the default, with these seats (all four unless given). */
    defaultChair: (seats: readonly Seat[] = SEATS) => defaultChair(seats, configuredChair),

    async share(id: string, visibility: Visibility, actor: Actor) {
      const session = await ownSession(id, actor);
      return prisma.consultation.update({ where: { id: session.id }, data: { visibility, sharedAt: visibility === "public" ? new Date() : null } });
    },

    /** A session the caller may read: its own, or a public one; null otherwise. */
    find<Q extends Pick<Prisma.ConsultationFindFirstArgs, "include" | "select">>(id: string, actor: Actor, query?: Q) {
      const key = id.trim();
      // Taken first: an id that names nothing still uses the selection it was given (graphql/developer-checks.ts).
      const selection = { ...query };
      if (!isUuid(key)) return Promise.resolve(null);
      return prisma.consultation.findFirst({ ...selection, where: { id: key, AND: [readableBy(actor)] } });
    },

    /** The caller's sessions, newest activity first, optionally by the words of their title. */
    async list(actor: Actor, search: string | null | undefined, query: SessionQuery = {}) {
      const words = search?.trim();
      const where: Prisma.ConsultationWhereInput = { ...ownedBy(actor), ...(words ? { title: { contains: likeLiteral(words), mode: "insensitive" } } : {}) };
      return keysetFind(
        query,
        NEWEST_FIRST,
        where,
        (id, select) => prisma.consultation.findFirst({ where: { id, ...ownedBy(actor) }, select }),
        (args) => prisma.consultation.findMany(args as Prisma.ConsultationFindManyArgs),
      );
    },

    /** A session's questions, in the order asked. */
    async questions(sessionId: string, query: InvocationQuery = {}) {
      return keysetFind(
        query,
        ASKED_ORDER,
        { sessionId },
        (id, select) => prisma.councilInvocation.findFirst({ where: { id, sessionId }, select }),
        (args) => prisma.councilInvocation.findMany(args as Prisma.CouncilInvocationFindManyArgs),
      );
    },

    /** True when `actor` may follow or read an invocation: one of its own or of a shared session (or one asked before sessions). */
    async canRead(invocationId: string, actor: Actor): Promise<boolean> {
      if (!isUuid(invocationId)) return false;
      const found = await prisma.councilInvocation.findFirst({
        where: { id: invocationId, OR: [{ sessionId: null }, { session: readableBy(actor) }] },
        select: { id: true },
      });
      return found !== null;
    },

    /** True when `actor` may read the session `id` names. */
    async readable(id: string, actor: Actor): Promise<boolean> {
      if (!isUuid(id)) return false;
      return (await prisma.consultation.findFirst({ where: { id, AND: [readableBy(actor)] }, select: { id: true } })) !== null;
    },

    /** What a shared session's page announces (link previews): its first question and the start of its synthesis. */
    async preview(id: string) {
      const key = id.trim();
      if (!isUuid(key)) return null;
      const found = await prisma.consultation.findFirst({
        where: { id: key, visibility: "public" },
        select: { title: true, invocations: { orderBy: [{ createdAt: "asc" }, { id: "asc" }], take: 1, select: { prompt: true, synthesis: true } } },
      });
      const first = found?.invocations[0];
      return found && first ? { title: found.title, question: first.prompt, synthesis: first.synthesis } : null;
    },
  };
}

export type CouncilSessions = ReturnType<typeof createCouncilSessions>;
