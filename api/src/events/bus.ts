// Live events: every event reaches this process's own subscribers at once, in memory; with
// REDIS_URL it also goes through Redis to the other processes, each of which hands it to its
// own subscribers. Redis carries events between processes and nothing else, so when it goes
// away the writes it would have announced still succeed and live events carry on inside each
// process; ioredis keeps reconnecting, and once Redis is back (the pattern subscription is
// restored by ioredis on reconnect) events cross processes again. Nothing here may throw into a
// write that has already been committed. With Redis, the bus also keeps replayable streams
// (streams.ts): a subject's events that a process joining late reads from the first.
import { randomUUID } from "node:crypto";
import { createPubSub } from "graphql-yoga";
import { readyWithin, redisClient } from "../redis.ts";
import type { Logger } from "../logger.ts";
import { metrics } from "../metrics.ts";
import { createStreams, type Streams } from "./streams.ts";

/** A row as it travels: dates become ISO strings. */
export type Wire<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };

export function toWire<T>(row: T): Wire<T> {
  return JSON.parse(JSON.stringify(row)) as Wire<T>;
}

export type Bus<Topics extends Record<string, unknown>> = {
  /** `id` narrows a topic to one subject (a notification's recipient), so subscribers hear only theirs. Never throws. */
  publish<T extends keyof Topics & string>(topic: T, payload: Topics[T] | Record<string, unknown>, id?: string): void;
  subscribe<T extends keyof Topics & string>(topic: T, id?: string): AsyncIterable<Topics[T]>;
  /**
   * Resolves once Redis answers (true), or false after `ms` or its first connection error: a
   * server waits this long at start so its first events cross processes, and starts degraded
   * when Redis is away. Without Redis, true at once.
   */
  ready(ms: number): Promise<boolean>;
  /** True when events reach other processes (Redis is configured), not only this one. */
  readonly distributed: boolean;
  /** Replayable streams in Redis, when it is configured (streams.ts). */
  readonly streams: Streams | undefined;
  /** 'ok', or 'down' while Redis is configured but not answering. */
  health(): "ok" | "down";
  /**
   * Events handed to this process's subscribers so far, whatever their topic or origin: each event
   * is stamped with this count as it is handed on (`arrivalOf`), so a subscriber that joins a
   * running stream can tell the events that arrived before it from those after (broadcasts.ts).
   */
  arrivals(): number;
  /** The arrival stamp of a payload this bus handed on; undefined for anything else. */
  arrivalOf(payload: unknown): number | undefined;
  /** Events (and stream entries) Redis could not take (it was away), since the process started. */
  publishFailures(): number;
  close(): Promise<void>;
};

export type BusOptions = { redisUrl?: string | undefined; channelPrefix: string; log: Logger };

type Envelope = { from: string; payload: unknown };

export function createBus<Topics extends Record<string, unknown>>({ redisUrl, channelPrefix, log }: BusOptions): Bus<Topics> {
  const local = createPubSub<Record<string, [unknown]>>();
  const channel = (topic: string, id?: string) => (id === undefined ? `${channelPrefix}:${topic}` : `${channelPrefix}:${topic}:${id}`);
  const redis = redisUrl ? connectRedis(redisUrl, channelPrefix, log) : undefined;
  const self = randomUUID();
  let failures = 0;
  const failed = () => {
    failures++;
    metrics.eventPublishFailures.inc();
  };
  const streams = redis && redisUrl ? createStreams({ url: redisUrl, prefix: channelPrefix, writer: redis.publisher, log, failed }) : undefined;
  let arrivals = 0;
  const stamps = new WeakMap<object, number>();
  // Every subscriber of a channel is handed the same object: the stamp travels with it.
  const handOn = (name: string, payload: unknown) => {
    arrivals++;
    if (typeof payload === "object" && payload !== null) stamps.set(payload, arrivals);
    local.publish(name, payload);
  };

  redis?.subscriber.on("pmessage", (_pattern: string, name: string, message: string) => {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message) as Envelope;
    } catch {
      return; // not ours
    }
    // This process already delivered its own events, when it published them.
    if (envelope.from !== self) handOn(name, envelope.payload);
  });

  return {
    distributed: redis !== undefined,
    streams,
    publish(topic, payload, id) {
      const name = channel(topic, id);
      const wire = toWire(payload);
      handOn(name, wire);
      if (!redis) return;
      redis.publisher.publish(name, JSON.stringify({ from: self, payload: wire } satisfies Envelope)).catch((error: unknown) => {
        failed();
        log.debug({ err: error, channel: name }, "an event could not reach the other processes");
      });
    },
    subscribe(topic, id) {
      return local.subscribe(channel(topic, id)) as AsyncIterable<Topics[typeof topic]>;
    },
    async ready(ms) {
      if (!redis) return true;
      const answers = await Promise.all([readyWithin(redis.publisher, ms), readyWithin(redis.subscriber, ms)]);
      if (!answers.every(Boolean)) return false;
      await redis.subscribed;
      return true;
    },
    health: () => (!redis || (redis.publisher.status === "ready" && redis.subscriber.status === "ready") ? "ok" : "down"),
    arrivals: () => arrivals,
    arrivalOf: (payload) => (typeof payload === "object" && payload !== null ? stamps.get(payload) : undefined),
    publishFailures: () => failures,
    async close() {
      if (!redis) return;
      await streams?.close();
      await Promise.all([redis.publisher, redis.subscriber].map((client) => client.quit().catch(() => client.disconnect())));
    },
  };
}

function connectRedis(url: string, prefix: string, log: Logger) {
  // A publish while Redis is away is dropped for the other processes, never held up (redis.ts).
  const connect = (role: string) => redisClient(url, log, role);
  const publisher = connect("publish");
  const subscriber = connect("subscribe");
  // One pattern for every channel of this deployment; ioredis subscribes again after a reconnect.
  const pattern = `${prefix}:*`;
  let subscribed: Promise<unknown> = Promise.resolve();
  const subscribe = () => {
    subscribed = subscriber.psubscribe(pattern).catch((error: unknown) => log.warn({ err: error }, "could not subscribe to live events in Redis"));
  };
  if (subscriber.status === "ready") subscribe();
  else subscriber.once("ready", subscribe);
  return {
    publisher,
    subscriber,
    get subscribed() {
      return subscribed;
    },
  };
}
