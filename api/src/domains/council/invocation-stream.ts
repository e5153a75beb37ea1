// A Council invocation between processes: the process that runs it appends every event it
// delivers to the invocation's Redis stream (events/streams.ts), and a subscriber in another
// process reads that stream from its first entry and follows it to the last event. Every event,
// deltas included, is kept (packed: only the fields that differ from their defaults), since a
// follower needs each voice's whole text and is given it as it was said; an invocation's events
// are bounded by its voices' output limits, and the stream is kept only while the invocation runs
// and STREAM_KEPT_MS after. A stream that falls silent before its last event (no entry and no
// beat for QUIET_MS) lost its process: the follower is told the rest from the stored row, the
// voices that did not finish marked interrupted while the row still says running.
import { setTimeout as sleep } from "node:timers/promises";
import { FixedBuffer, Repeater } from "graphql-yoga";
import type { CouncilInvocation } from "../../../generated/prisma/client.ts";
import type { StreamLimits, Streams, StreamWriter } from "../../events/streams.ts";
import { packEvent, Told, unpackEvent, type CouncilEventWire } from "./invocation-events.ts";

/** How long a stream outlives its invocation's last event (or its process's last beat). */
export const STREAM_KEPT_MS = 30_000;
/**
 * Every event of an invocation, with room to spare: five voices (seats and chair) of at most
 * MINDS_MAX_OUTPUT_TOKENS (1,024) deltas each at the defaults, the chair's restarts and the
 * reviews. A bound on a stream's memory (about 100 bytes an entry), not a window.
 */
const LIMITS: StreamLimits = { maxLen: 20_000, ttlMs: STREAM_KEPT_MS, beatMs: 1_000 };
/** How long a follower hears nothing, not even a beat, before it takes the process as gone. */
export const QUIET_MS = 5_000;
/** How long a retry waits for the earlier run's stream to be removed before it says it runs. */
const CLEAR_WAIT_MS = 1_000;

const streamName = (id: string) => `council:${id}`;

export type InvocationStream = {
  append(event: CouncilEventWire): void;
  /** Settles once the stream of an earlier run is gone (or after CLEAR_WAIT_MS, or at once without Redis). */
  cleared(): Promise<void>;
  close(): void;
};

/** The stream a running invocation writes to. */
export function openInvocationStream(streams: Streams, id: string): InvocationStream {
  const writer: StreamWriter = streams.open(streamName(id), LIMITS);
  return {
    append: (event) => writer.append(packEvent(event)),
    cleared: () => Promise.race([writer.opened, sleep(CLEAR_WAIT_MS, undefined, { ref: false })]),
    close: () => writer.close(),
  };
}

/**
 * An invocation running in another process, from its first event to its last: what its stream
 * holds, then each event as it is appended (one reader, reading after the last entry it read, so
 * nothing falls between the two and nothing comes twice); the rest from the stored row if the
 * stream falls silent first.
 */
export function followInvocationStream(
  streams: Streams,
  id: string,
  { readRow, interrupted }: { readRow: () => Promise<CouncilInvocation | null>; interrupted: string },
): AsyncIterable<CouncilEventWire> {
  return new Repeater<CouncilEventWire>(async (push, stop) => {
    const told = new Told();
    const give = (event: CouncilEventWire) => {
      told.note(event);
      void push(event);
    };
    const entries = streams.follow(streamName(id), QUIET_MS)[Symbol.asyncIterator]();
    let left = false;
    void stop.then(() => {
      left = true;
      void entries.return?.();
    });
    for (let next = await entries.next(); !next.done && !left; next = await entries.next()) {
      const event = unpackEvent(id, next.value as Partial<CouncilEventWire>);
      give(event);
      if (event.last) {
        void entries.return?.();
        return stop();
      }
    }
    if (left) return; // the subscriber left
    // Silent before its last event: its process stopped (or Redis is away); the row tells the rest.
    const row = await readRow();
    if (row) told.rest(row, row.status === "running" ? interrupted : undefined).forEach(give);
    stop();
  }, new FixedBuffer(Infinity));
}
