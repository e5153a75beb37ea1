// One typed event bus for live updates. In-process by default; with REDIS_URL the events go
// through Redis so that every server process delivers them to its own subscribers. Payloads
// are normalised to JSON in both modes, so a subscriber sees the same shape either way.
import { createRedisEventTarget } from "@graphql-yoga/redis-event-target";
import { createPubSub } from "graphql-yoga";
import { Redis } from "ioredis";
import type { Agent, CouncilMember, CouncilWhisper, RitualLog, Whisper } from "../generated/prisma/client.ts";
import type { CouncilInvocationMessage, ReplayRequest } from "../domains/council/invocation-events.ts";
import type { Logger } from "../logger.ts";

/** A row as it travels: dates become ISO strings. */
export type Wire<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };

export type Topics = {
  ritualLogAdded: Wire<RitualLog>;
  councilWhisperAdded: Wire<CouncilWhisper>;
  councilMemberAscended: Wire<CouncilMember>;
  /** One invocation's voices as they speak; published under the invocation's id. */
  councilInvocation: CouncilInvocationMessage;
  /** A process asks the one running an invocation for what was already said. */
  councilInvocationReplay: ReplayRequest;
  /** A forged agent (Witnessing). */
  agentForged: Wire<Agent>;
  /** A new remix; its parent is reached through parentAgentId (Witnessing). */
  agentRemixed: Wire<Agent>;
  /** An agent answered a visitor: subscribers see that it spoke, never what was said. */
  agentWhispered: Wire<Whisper>;
};

export type Topic = keyof Topics;

export type EventBus = {
  /** `id` narrows a topic to one subject (an invocation), so subscribers hear only theirs. */
  publish<T extends Topic>(topic: T, payload: Topics[T] | Record<string, unknown>, id?: string): void;
  subscribe<T extends Topic>(topic: T, id?: string): AsyncIterable<Topics[T]>;
  /**
   * Resolves once a subscription started on `topic` (its iterator pulled once) hears events
   * published anywhere: at once in-process, after Redis has confirmed it otherwise.
   */
  listening(topic: Topic, id?: string): Promise<void>;
  /** True when events reach other processes (Redis), not only this one. */
  readonly distributed: boolean;
  close(): Promise<void>;
};

export function toWire<T>(row: T): Wire<T> {
  return JSON.parse(JSON.stringify(row)) as Wire<T>;
}

export type EventBusOptions = { redisUrl?: string | undefined; channelPrefix: string; log: Logger };

export function createEventBus({ redisUrl, channelPrefix, log }: EventBusOptions): EventBus {
  const redis = redisUrl ? connectRedis(redisUrl, log) : undefined;
  // Redis confirms a SUBSCRIBE asynchronously; remembering each confirmation lets a caller
  // wait until it will hear what is published next.
  const confirmations = new Map<string, Promise<unknown>>();
  const subscribeClient = redis && {
    on: redis.subscribe.on.bind(redis.subscribe),
    subscribe: (channel: string) => {
      const confirmed = redis.subscribe.subscribe(channel);
      confirmations.set(channel, confirmed);
      return confirmed;
    },
    unsubscribe: (channel: string) => {
      confirmations.delete(channel);
      return redis.subscribe.unsubscribe(channel);
    },
  };
  const pubsub = createPubSub<Record<string, [unknown]>>(
    redis ? { eventTarget: createRedisEventTarget({ publishClient: redis.publish, subscribeClient: subscribeClient as unknown as Redis }) } : {},
  );
  const channel = (topic: Topic, id?: string) => (id === undefined ? `${channelPrefix}:${topic}` : `${channelPrefix}:${topic}:${id}`);
  return {
    distributed: redis !== undefined,
    publish(topic, payload, id) {
      pubsub.publish(channel(topic, id), toWire(payload));
    },
    subscribe<T extends Topic>(topic: T, id?: string) {
      return pubsub.subscribe(channel(topic, id)) as AsyncIterable<Topics[T]>;
    },
    async listening(topic, id) {
      await confirmations.get(channel(topic, id));
    },
    async close() {
      if (redis) await Promise.all([redis.publish.quit(), redis.subscribe.quit()]);
    },
  };
}

function connectRedis(url: string, log: Logger) {
  const connect = (role: string) => {
    const client = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
    client.on("error", (error) => log.warn({ err: error, role }, "redis connection problem"));
    return client;
  };
  return { publish: connect("publish"), subscribe: connect("subscribe") };
}
