// Council invocations (the Summoning Gate): started at once, deliberated in the background,
// stored as each voice (and review) finishes, and followed live. The process that runs an
// invocation keeps what was said so far for its own subscribers and, with Redis, appends each
// event to the invocation's stream, which a subscriber in another process reads from the first
// (invocation-stream.ts); one that comes after the end reads the stored row. A running invocation
// can be stopped (every seat, review and synthesis still speaking is cancelled), and a finished
// one can ask a failed seat again, keeping the other answers, then review and synthesise anew.
import { setTimeout } from "node:timers";
import { FixedBuffer, Repeater } from "graphql-yoga";
import type { Actor } from "../../actor.ts";
import { Prisma, type CouncilInvocation } from "../../../generated/prisma/client.ts";
import { uuidv7 } from "../../db/uuid.ts";
import { isUuid } from "../../db/ids.ts";
import { failedRecord } from "../../minds/council.ts";
import type { ReviewRecord } from "../../minds/review.ts";
import { type CouncilEvent, type CouncilOutcome, type CouncilRequest, type VoiceRecord } from "../../minds/council-records.ts";
import { SEATS, type Seat } from "../../minds/identity.ts";
import type { ServiceDeps } from "../deps.ts";
import { eventsFromRow, InvocationState, seatedSeats, type CouncilEventWire } from "./invocation-events.ts";
import { followInvocationStream, openInvocationStream, STREAM_KEPT_MS, type InvocationStream } from "./invocation-stream.ts";
import { tagsOf } from "./sitters.ts";

/** How long a finished invocation stays in memory for this process's subscribers, as long as its stream. */
const KEEP_FINISHED_MS = STREAM_KEPT_MS;
const INTERRUPTED = "The invocation was interrupted before it finished";

type Running = {
  state: InvocationState;
  listeners: Set<(event: CouncilEventWire) => void>;
  finished: Promise<Finished>;
  /** Stops every voice still speaking. */
  cancel: AbortController;
  /** Where other processes read it (with Redis). */
  stream: InvocationStream | undefined;
};

/** A question as the Council will hear it, and where it is filed. */
export type Question = CouncilRequest & {
  seats: Seat[];
  chair: Seat;
  /** What the asker chose: a seat, 'rotate', or null for the default. */
  chairChoice: string | null;
  review: boolean;
  sessionId: string;
  estimateUsd: number | null;
};

export type Finished = { row: CouncilInvocation; outcome: CouncilOutcome };

export type StartedInvocation = { invocation: CouncilInvocation; finished: Promise<Finished> };

export function createCouncilInvocations({ prisma, bus, minds, log }: Pick<ServiceDeps, "prisma" | "bus" | "minds" | "log">) {
  const running = new Map<string, Running>();
  let stopsHeard = false;

  function deliver(entry: Running, event: CouncilEventWire) {
    for (const listener of entry.listeners) listener(event);
    entry.stream?.append(event);
  }

  /** The stream other processes follow an invocation by; none without Redis. */
  const openStream = (id: string) => (bus.streams ? openInvocationStream(bus.streams, id) : undefined);

  /**
   * The Council's deliberation of one question, its events delivered and its row written as it
   * goes; `kept` are answers already given (a retry asks only the seats without one).
   */
  async function deliberate(
    row: { id: string; created: Promise<unknown> },
    question: CouncilRequest & { seats: Seat[]; review: boolean; sessionId: string | null },
    entry: Running,
    pace: boolean,
    kept: Partial<Record<Seat, VoiceRecord>> = {},
  ): Promise<Finished> {
    const signal = entry.cancel.signal;
    const answers: Partial<Record<Seat, VoiceRecord>> = { ...kept };
    const reviews: Partial<Record<Seat, ReviewRecord>> = {};
    // One write at a time, in order, after the row itself: the last one holds every finished voice.
    let writes: Promise<unknown> = row.created;
    const write = (data: Prisma.CouncilInvocationUpdateInput) =>
      (writes = writes
        .then(() => prisma.councilInvocation.update({ where: { id: row.id }, data }))
        .catch((error: unknown) => {
          log.error({ err: error, invocation: row.id }, "could not store a council answer");
        }));
    const onEvent = (event: CouncilEvent) => {
      if (event.type === "end" && event.voice === "synthesis") return; // delivered after the final write
      deliver(entry, entry.state.record(event));
      if (event.type === "end" && event.voice !== "synthesis") {
        answers[event.voice] = event.record;
        void write({ answers: { ...answers } });
      } else if (event.type === "review") {
        reviews[event.voice] = event.record;
        void write({ reviews: { ...reviews } });
      } else if (event.type === "ranking") void write({ ranking: event.ranking });
    };
    // Kept answers are told again first, so a follower sees the whole Council.
    for (const [seat, record] of Object.entries(kept) as [Seat, VoiceRecord][]) {
      onEvent({ voice: seat, type: "start", identity: record });
      if (record.text) onEvent({ voice: seat, type: "delta", text: record.text });
      onEvent({ voice: seat, type: "end", record });
    }
    let outcome: CouncilOutcome;
    try {
      const options = { onEvent, pace, signal };
      const asked = await Promise.all(
        question.seats.filter((seat) => !kept[seat]).map(async (seat) => [seat, await minds.council.answer(seat, question, options)] as const),
      );
      const seats = { ...kept, ...Object.fromEntries(asked) } as Partial<Record<Seat, VoiceRecord>>;
      // A stop ends the deliberation: no review, and the synthesis is kept as stopped.
      const reviewed = question.review && !signal.aborted ? await minds.council.reviews(question, seats, options) : { reviews: {}, ranking: null };
      const synthesis = await minds.council.synthesise(question, seats, reviewed.ranking, options);
      outcome = { seats, ...reviewed, synthesis };
    } catch (error) {
      // The council records every seat's failure itself: this is a fault of ours. Followers
      // still get an end, and the row does not stay 'running'.
      log.error({ err: error, invocation: row.id }, "the council failed unexpectedly");
      await write({ status: "failed", completedAt: new Date() });
      const record = { ...failedRecord(minds.identity(question.seats[0] ?? SEATS[0]), "", undefined), error: "The Council faltered" };
      deliver(entry, entry.state.record({ voice: "synthesis", type: "end", record }));
      throw error;
    }
    const { seats, synthesis } = outcome;
    const cost = totalCost(outcome);
    const status = signal.aborted ? "stopped" : synthesis.status === "answered" ? "complete" : "failed";
    await write({
      answers: seats,
      reviews: outcome.reviews,
      ranking: outcome.ranking ?? undefined,
      synthesis: synthesis.status === "answered" ? synthesis.text : null,
      synthesisMeta: synthesis,
      status,
      costUsd: cost,
      completedAt: new Date(),
    });
    if (question.sessionId && cost) {
      await prisma.consultation.update({ where: { id: question.sessionId }, data: { costUsd: { increment: cost } } }).catch((error: unknown) => {
        log.error({ err: error, session: question.sessionId }, "could not add a question's cost to its session");
      });
    }
    deliver(entry, entry.state.record({ voice: "synthesis", type: "end", record: synthesis }));
    const stored = await prisma.councilInvocation.findUniqueOrThrow({ where: { id: row.id } });
    return { row: stored, outcome };
  }

  /** Keeps a deliberation running in this process (followers, stops) until a while after it ends. */
  function run(id: string, stream: InvocationStream | undefined, deliberation: (entry: Running) => Promise<Finished>): Running {
    const entry = { state: new InvocationState(id), listeners: new Set(), cancel: new AbortController(), stream } as Omit<Running, "finished"> as Running;
    running.set(id, entry);
    listenForStops();
    entry.finished = deliberation(entry);
    entry.finished
      .catch(() => {})
      .finally(() => {
        stream?.close();
        // A retry may run it again meanwhile: that run is not forgotten with this one.
        setTimeout(() => running.get(id) === entry && running.delete(id), KEEP_FINISHED_MS).unref();
      });
    return entry;
  }

  /** Stops asked of another process reach the invocations this one runs. */
  function listenForStops() {
    if (stopsHeard) return;
    stopsHeard = true;
    void (async () => {
      for await (const { invocationId } of bus.subscribe("councilStopRequested")) running.get(invocationId)?.cancel.abort();
    })().catch((error: unknown) => log.warn({ err: error }, "council stop requests are no longer heard"));
  }

  function followRunning(entry: Running): AsyncIterable<CouncilEventWire> {
    return new Repeater<CouncilEventWire>(async (push, stop) => {
      const give = (event: CouncilEventWire) => {
        void push(event);
        if (event.last) stop();
      };
      // Taken in one synchronous step: nothing said can fall between the history and the live part.
      const history = entry.state.snapshot();
      const upTo = entry.state.seq;
      const live = (event: CouncilEventWire) => {
        if (event.seq > upTo) give(event);
      };
      history.forEach(give);
      entry.listeners.add(live);
      await stop;
      entry.listeners.delete(live);
    }, new FixedBuffer(Infinity));
  }

  return {
    /**
     * Stores the invocation and starts the Council, which does not wait for the row to be
     * written (time to first token); returns before any voice has spoken.
     */
    async start(question: Question, actor: Actor, options: { pace?: boolean } = {}): Promise<StartedInvocation> {
      const id = uuidv7();
      const { prompt, seats, chair, chairChoice, review, sessionId, estimateUsd, members = {} } = question;
      const memberIds = Object.fromEntries(Object.entries(members).map(([seat, sitter]) => [seat, sitter.memberId]));
      // The question, its session's count and settings, and the members' sittings are one write;
      // the Council starts without waiting for it.
      const created = prisma.$transaction([
        prisma.councilInvocation.create({
          data: { id, prompt, userId: actor.userId, askedBy: actor.label, sessionId, seats, chair, chairChoice, review, estimateUsd, members: tagsOf(members) },
        }),
        prisma.consultation.update({
          where: { id: sessionId },
          data: { questionCount: { increment: 1 }, updatedAt: new Date(), seats, chairChoice, review, members: memberIds },
        }),
        ...(Object.keys(memberIds).length
          ? [prisma.councilMember.updateMany({ where: { id: { in: Object.values(memberIds) } }, data: { satCount: { increment: 1 } } })]
          : []),
      ]);
      const entry = run(id, openStream(id), (running) => deliberate({ id, created }, question, running, options.pace ?? false));
      try {
        const [invocation] = await created;
        return { invocation, finished: entry.finished };
      } catch (error) {
        entry.cancel.abort();
        throw error;
      }
    },

    /**
     * Stops a running invocation: every seat, review and synthesis still speaking is cancelled,
     * and what was said so far is kept. Resolves once this process has stored it (or, for one run
     * elsewhere, once the stop is asked of the others).
     */
    async stop(id: string): Promise<void> {
      const here = running.get(id);
      if (!here) return void bus.publish("councilStopRequested", { invocationId: id });
      here.cancel.abort();
      await here.finished.catch(() => undefined);
    },

    /**
     * Asks `seats` of a finished invocation again, keeping every other seat exactly as it stands
     * (answered, failed or stopped); then the review (when the question had one) and the synthesis
     * are spoken anew. Charged by the caller (sessions.ts).
     */
    async retry(
      row: CouncilInvocation,
      seats: readonly Seat[],
      heard: Pick<CouncilRequest, "history" | "members">,
      options: { pace?: boolean } = {},
    ): Promise<StartedInvocation> {
      const answers = row.answers as Partial<Record<Seat, VoiceRecord>>;
      const kept = Object.fromEntries(
        seatedSeats(row).flatMap((other) => (!seats.includes(other) && answers[other] ? [[other, answers[other]]] : [])),
      ) as Partial<Record<Seat, VoiceRecord>>;
      const question = { prompt: row.prompt, seats: seatedSeats(row), chair: row.chair ?? undefined, review: row.review, ...heard, sessionId: row.sessionId };
      // The earlier run's stream is removed before the row says it runs again: a follower
      // elsewhere never reads that run's end as this one's.
      const stream = openStream(row.id);
      const reset = (stream?.cleared() ?? Promise.resolve()).then(() =>
        prisma.councilInvocation.update({
          where: { id: row.id },
          data: { status: "running", answers: kept, reviews: {}, ranking: Prisma.DbNull, synthesis: null, synthesisMeta: Prisma.DbNull, completedAt: null },
        }),
      );
      const entry = run(row.id, stream, (running) => deliberate({ id: row.id, created: reset }, question, running, options.pace ?? false, kept));
      return { invocation: await reset, finished: entry.finished };
    },

    /** Everything the invocation has said and will say, from its first event to its last. */
    async follow(id: string): Promise<AsyncIterable<CouncilEventWire> | null> {
      const entry = running.get(id);
      if (entry) return followRunning(entry);
      const row = await prisma.councilInvocation.findUnique({ where: { id } });
      if (!row) return null;
      const again = running.get(id);
      if (again) return followRunning(again);
      if (row.status !== "running") return toAsync(eventsFromRow(row));
      // Without Redis no other process can be running it: it was cut short.
      if (!bus.streams) return toAsync(eventsFromRow(row, INTERRUPTED));
      const readRow = () => prisma.councilInvocation.findUnique({ where: { id } });
      return followInvocationStream(bus.streams, id, { readRow, interrupted: INTERRUPTED });
    },

    /** An invocation by its raw or global id. */
    find<Q extends Pick<Prisma.CouncilInvocationFindUniqueArgs, "include" | "select">>(id: string, query?: Q) {
      const key = id.trim();
      // Taken first: an id that names nothing still uses the selection it was given (graphql/developer-checks.ts).
      const selection = { ...query };
      return isUuid(key) ? prisma.councilInvocation.findUnique({ ...selection, where: { id: key } }) : Promise.resolve(null);
    },

    /** Resolves when every invocation this process runs has finished. */
    async drain(): Promise<void> {
      await Promise.allSettled([...running.values()].map((entry) => entry.finished));
    },
  };
}

/** The voices' and reviews' estimated costs together, to the micro-dollar; null when none is known. */
function totalCost({ seats, reviews, synthesis }: CouncilOutcome): number | null {
  const records: { costUsd: number | null }[] = [...Object.values(seats), ...Object.values(reviews), synthesis];
  const costs = records.map((record) => record.costUsd).filter((cost): cost is number => cost !== null);
  return costs.length ? Math.round(costs.reduce((a, b) => a + b, 0) * 1e6) / 1e6 : null;
}

/** A finished invocation's events, as the live stream would have given them. */
function toAsync<T>(items: Iterable<T>): AsyncIterable<T> {
  const iterator = items[Symbol.iterator]();
  return { [Symbol.asyncIterator]: () => ({ next: () => Promise.resolve(iterator.next()) }) };
}

export type CouncilInvocations = ReturnType<typeof createCouncilInvocations>;
