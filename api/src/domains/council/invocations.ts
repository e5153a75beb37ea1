// Council invocations (the Summoning Gate): started at once, deliberated in the background,
// stored as each voice finishes, and followed live. The process that runs an invocation keeps
// what was said so far; a subscriber elsewhere asks it for that over the event bus, and one
// that comes after the end reads the stored row.
import { randomUUID } from "node:crypto";
import { setTimeout } from "node:timers";
import type { Actor } from "../../actor.ts";
import type { CouncilInvocation, Prisma } from "../../generated/prisma/client.ts";
import { uuidv7 } from "../../db/uuid.ts";
import { asyncQueue } from "../../graphql/async-queue.ts";
import { isUuid, rawId } from "../../graphql/ids.ts";
import { failedRecord } from "../../minds/council.ts";
import { SEATS, type CouncilEvent, type CouncilOutcome, type Seat, type VoiceRecord } from "../../minds/types.ts";
import type { ServiceDeps } from "../../services.ts";
import { eventsFromRow, InvocationState, type CouncilEventWire, type CouncilInvocationMessage } from "./invocation-events.ts";

/** How long a finished invocation stays in memory to answer replay requests. */
const KEEP_FINISHED_MS = 30_000;
/** How long a subscriber waits for the running process to answer, per try. */
const REPLAY_WAIT_MS = 1_000;
const REPLAY_TRIES = 3;
const INTERRUPTED = "The invocation was interrupted before it finished";

type Running = {
  state: InvocationState;
  listeners: Set<(event: CouncilEventWire) => void>;
  finished: Promise<Finished>;
};

export type Finished = { row: CouncilInvocation; outcome: CouncilOutcome };

export type StartedInvocation = { invocation: CouncilInvocation; finished: Promise<Finished> };

export function createCouncilInvocations({ prisma, bus, minds, log }: Pick<ServiceDeps, "prisma" | "bus" | "minds" | "log">) {
  const running = new Map<string, Running>();
  let replayRequests: AsyncIterator<unknown> | undefined;

  function deliver(id: string, entry: Running, event: CouncilEventWire) {
    for (const listener of entry.listeners) listener(event);
    if (bus.distributed) bus.publish("councilInvocation", { kind: "event", event } satisfies CouncilInvocationMessage, id);
  }

  /** While this process runs invocations, it answers other processes' replay requests. */
  function answerReplays() {
    if (!bus.distributed || replayRequests) return;
    const requests = bus.subscribe("councilInvocationReplay")[Symbol.asyncIterator]();
    replayRequests = requests;
    void (async () => {
      for (;;) {
        const { value, done } = await requests.next();
        if (done) return;
        const entry = running.get(value.invocationId);
        if (!entry) continue;
        const snapshot: CouncilInvocationMessage = { kind: "snapshot", requestId: value.requestId, upTo: entry.state.seq, events: entry.state.snapshot() };
        bus.publish("councilInvocation", snapshot, value.invocationId);
      }
    })();
  }

  function forget(id: string) {
    running.delete(id);
    if (running.size === 0 && replayRequests) {
      void replayRequests.return?.();
      replayRequests = undefined;
    }
  }

  async function deliberate(row: { id: string; prompt: string; created: Promise<unknown> }, entry: Running, pace: boolean, signal: AbortSignal): Promise<Finished> {
    const answers: Partial<Record<Seat, VoiceRecord>> = {};
    // One write at a time, in order, after the row itself: the last one holds every finished voice.
    let writes: Promise<unknown> = row.created;
    const write = (data: Prisma.CouncilInvocationUpdateInput) =>
      (writes = writes.then(() => prisma.councilInvocation.update({ where: { id: row.id }, data })).catch((error: unknown) => {
        log.error({ err: error, invocation: row.id }, "could not store a council answer");
      }));
    const onEvent = (event: CouncilEvent) => {
      if (event.type === "end" && event.voice === "synthesis") return; // delivered after the final write
      deliver(row.id, entry, entry.state.record(event));
      if (event.type === "end" && event.voice !== "synthesis") {
        answers[event.voice] = event.record;
        void write({ answers: { ...answers } });
      }
    };
    let outcome: CouncilOutcome;
    try {
      outcome = await minds.consultCouncil(row.prompt, { onEvent, pace, signal });
    } catch (error) {
      // runCouncil records every seat's failure itself: this is a fault of ours. Followers
      // still get an end, and the row does not stay 'running'.
      log.error({ err: error, invocation: row.id }, "the council failed unexpectedly");
      await write({ status: "failed", completedAt: new Date() });
      const record = { ...failedRecord(minds.identity(SEATS[0]), "", undefined), error: "The Council faltered" };
      deliver(row.id, entry, entry.state.record({ voice: "synthesis", type: "end", record }));
      throw error;
    }
    const { seats, synthesis } = outcome;
    const costs = [...Object.values(seats), synthesis].map((record) => record.costUsd).filter((cost): cost is number => cost !== null);
    await write({
      answers: seats,
      synthesis: synthesis.status === "answered" ? synthesis.text : null,
      synthesisMeta: synthesis,
      status: synthesis.status === "answered" ? "complete" : "failed",
      costUsd: costs.length ? Math.round(costs.reduce((a, b) => a + b, 0) * 1e6) / 1e6 : null,
      completedAt: new Date(),
    });
    deliver(row.id, entry, entry.state.record({ voice: "synthesis", type: "end", record: synthesis }));
    const stored = await prisma.councilInvocation.findUniqueOrThrow({ where: { id: row.id } });
    return { row: stored, outcome };
  }

  function followRunning(entry: Running): AsyncIterable<CouncilEventWire> {
    return (async function* () {
      const queue = asyncQueue<CouncilEventWire>();
      // Taken in one synchronous step: nothing said can fall between the history and the live part.
      const history = entry.state.snapshot();
      const upTo = entry.state.seq;
      entry.listeners.add(queue.push);
      try {
        yield* history;
        if (history.at(-1)?.last) return;
        for await (const event of queue) {
          if (event.seq <= upTo) continue;
          yield event;
          if (event.last) return;
        }
      } finally {
        entry.listeners.delete(queue.push);
      }
    })();
  }

  /** An invocation running in another process: live through the bus, history from that process. */
  async function* followElsewhere(id: string): AsyncGenerator<CouncilEventWire> {
    const messages = bus.subscribe("councilInvocation", id)[Symbol.asyncIterator]();
    const live = asyncQueue<CouncilEventWire>();
    const asked = new Map<string, (snapshot: Extract<CouncilInvocationMessage, { kind: "snapshot" }>) => void>();
    const pump = async () => {
      for (;;) {
        const { value, done } = await messages.next();
        if (done) return live.close();
        if (value.kind === "event") live.push(value.event);
        else asked.get(value.requestId)?.(value);
      }
    };
    void pump(); // pulls once at once: the subscription starts here
    try {
      await bus.listening("councilInvocation", id);
      let snapshot;
      for (let attempt = 0; attempt < REPLAY_TRIES && !snapshot; attempt++) {
        const requestId = randomUUID();
        const answered = new Promise<Extract<CouncilInvocationMessage, { kind: "snapshot" }>>((resolve) => asked.set(requestId, resolve));
        bus.publish("councilInvocationReplay", { invocationId: id, requestId });
        snapshot = await Promise.race([answered, new Promise<undefined>((resolve) => void setTimeout(() => resolve(undefined), REPLAY_WAIT_MS).unref())]);
      }
      if (!snapshot) {
        // No process holds it: it ended (read it back), or its process stopped mid-way.
        const row = await prisma.councilInvocation.findUnique({ where: { id } });
        if (row) yield* eventsFromRow(row, row.status === "running" ? INTERRUPTED : undefined);
        return;
      }
      yield* snapshot.events;
      if (snapshot.events.at(-1)?.last) return;
      for await (const event of live) {
        if (event.seq <= snapshot.upTo) continue;
        yield event;
        if (event.last) return;
      }
    } finally {
      await messages.return?.();
    }
  }

  return {
    /**
     * Stores the invocation and starts the Council, which does not wait for the row to be
     * written (time to first token); returns before any voice has spoken.
     */
    async start(prompt: string, actor: Actor, options: { pace?: boolean } = {}): Promise<StartedInvocation> {
      const id = uuidv7();
      const created = prisma.councilInvocation.create({ data: { id, prompt, userId: actor.userId, askedBy: actor.label } });
      const cancel = new AbortController();
      const entry = { state: new InvocationState(id), listeners: new Set() } as Omit<Running, "finished"> as Running;
      running.set(id, entry);
      answerReplays();
      entry.finished = deliberate({ id, prompt, created }, entry, options.pace ?? false, cancel.signal);
      entry.finished
        .catch(() => {})
        .finally(() => setTimeout(() => forget(id), KEEP_FINISHED_MS).unref());
      try {
        return { invocation: await created, finished: entry.finished };
      } catch (error) {
        cancel.abort();
        throw error;
      }
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
      // Without a shared bus no other process can be running it: it was cut short.
      if (!bus.distributed) return toAsync(eventsFromRow(row, INTERRUPTED));
      return followElsewhere(id);
    },

    /** An invocation by its raw or global id. */
    find<Q extends Pick<Prisma.CouncilInvocationFindUniqueArgs, "include" | "select">>(id: string, query?: Q) {
      const key = rawId("CouncilInvocation", id.trim());
      return isUuid(key) ? prisma.councilInvocation.findUnique({ ...query, where: { id: key } }) : Promise.resolve(null);
    },

    /** Resolves when every invocation this process runs has finished. */
    async drain(): Promise<void> {
      await Promise.allSettled([...running.values()].map((entry) => entry.finished));
    },
  };
}

async function* toAsync<T>(items: Iterable<T>): AsyncGenerator<T> {
  yield* items;
}

export type CouncilInvocations = ReturnType<typeof createCouncilInvocations>;
