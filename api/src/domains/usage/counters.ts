// Counters behind every per-address and per-email limit (rate-limiter-flexible). In this
// process's memory by default; in Redis when REDIS_URL is set, so that several processes share
// them. Should Redis stop answering, each process falls back to its own memory rather than
// refusing or failing everyone.
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { RateLimit } from "../../config.ts";
import { readyWithin, redisClient } from "../../redis.ts";
import type { Logger } from "../../logger.ts";

export type Counter = {
  /** Takes `points` for `key`: null when allowed, else the seconds until it would be. */
  take(key: string, points?: number): Promise<number | null>;
  /** Seconds until `key` may act again, without taking anything; null when it may now. */
  blocked(key: string): Promise<number | null>;
  /** Points taken for `key` in the current window. */
  used(key: string): Promise<number>;
  /** Forgets `key` (a successful sign-in clears its failures). */
  reset(key: string): Promise<void>;
  /** Gives back `points` taken for `key`. */
  refund(key: string, points?: number): Promise<void>;
};

export type CounterStore = {
  /** A counter allowing `limit.points` in any `limit.seconds`, under a name of its own. */
  counter(name: string, limit: RateLimit): Counter;
  /** True once Redis answers, false after `ms` (counts stay in this process meanwhile); true without Redis. */
  ready(ms: number): Promise<boolean>;
  /** 'down' while Redis is configured but not answering (each process counts alone meanwhile). */
  health(): "ok" | "down";
  close(): Promise<void>;
};

export type CounterStoreOptions = { redisUrl?: string | undefined; prefix: string; log: Logger };

export function createCounterStore({ redisUrl, prefix, log }: CounterStoreOptions): CounterStore {
  // Commands fail at once while Redis is away (no offline queue), so the insurance limiter in
  // this process's memory answers instead of a request waiting on a reconnect.
  const redis = redisUrl ? redisClient(redisUrl, log, "limits") : undefined;
  return {
    counter(name, limit) {
      const options = { keyPrefix: `${prefix}:limit:${name}`, points: limit.points, duration: limit.seconds };
      const memory = new RateLimiterMemory(options);
      return wrap(redis ? new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: memory }) : memory, limit);
    },
    ready: async (ms) => (redis ? readyWithin(redis, ms) : true),
    health: () => (!redis || redis.status === "ready" ? "ok" : "down"),
    async close() {
      await redis?.quit().catch(() => redis.disconnect());
    },
  };
}

function wrap(limiter: RateLimiterAbstract, limit: RateLimit): Counter {
  const wait = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  return {
    async take(key, points = 1) {
      try {
        await limiter.consume(key, points);
        return null;
      } catch (refusal) {
        if (refusal instanceof RateLimiterRes) return wait(refusal);
        throw refusal;
      }
    },
    async blocked(key) {
      const res = await limiter.get(key);
      return res && res.consumedPoints >= limit.points ? wait(res) : null;
    },
    async used(key) {
      return (await limiter.get(key))?.consumedPoints ?? 0;
    },
    async reset(key) {
      await limiter.delete(key);
    },
    async refund(key, points = 1) {
      await limiter.reward(key, points);
    },
  };
}
