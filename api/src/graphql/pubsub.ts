// One typed event bus for live updates. In-process by default; with REDIS_URL the events go
// through Redis so that every server process delivers them to its own subscribers. Payloads
// are normalised to JSON in both modes, so a subscriber sees the same shape either way.
import { createRedisEventTarget } from "@graphql-yoga/redis-event-target";
import { createPubSub } from "graphql-yoga";
import { Redis } from "ioredis";
import type { Agent, CouncilMember, CouncilWhisper, RitualLog, Whisper } from "../generated/prisma/client.ts";
import type { Logger } from "../logger.ts";

/** A row as it travels: dates become ISO strings. */
export type Wire<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };

export type Topics = {
  ritualLogAdded: Wire<RitualLog>;
  councilWhisperAdded: Wire<CouncilWhisper>;
  councilMemberAscended: Wire<CouncilMember>;
  /** A forged agent (Witnessing). */
  agentForged: Wire<Agent>;
  /** A new remix; its parent is reached through parentAgentId (Witnessing). */
  agentRemixed: Wire<Agent>;
  /** An agent answered a visitor: subscribers see that it spoke, never what was said. */
  agentWhispered: Wire<Whisper>;
};

export type Topic = keyof Topics;

export type EventBus = {
  publish<T extends Topic>(topic: T, payload: Topics[T] | Record<string, unknown>): void;
  subscribe<T extends Topic>(topic: T): AsyncIterable<Topics[T]>;
  close(): Promise<void>;
};

export function toWire<T>(row: T): Wire<T> {
  return JSON.parse(JSON.stringify(row)) as Wire<T>;
}

export type EventBusOptions = { redisUrl?: string | undefined; channelPrefix: string; log: Logger };

export function createEventBus({ redisUrl, channelPrefix, log }: EventBusOptions): EventBus {
  const redis = redisUrl ? connectRedis(redisUrl, log) : undefined;
  const pubsub = createPubSub<Record<string, [unknown]>>(
    redis ? { eventTarget: createRedisEventTarget({ publishClient: redis.publish, subscribeClient: redis.subscribe }) } : {},
  );
  const channel = (topic: Topic) => `${channelPrefix}:${topic}`;
  return {
    publish(topic, payload) {
      pubsub.publish(channel(topic), toWire(payload));
    },
    subscribe<T extends Topic>(topic: T) {
      return pubsub.subscribe(channel(topic)) as AsyncIterable<Topics[T]>;
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
