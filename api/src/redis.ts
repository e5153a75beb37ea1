// Every Redis connection the server opens (live events, limits, the response cache) is built
// here, alike: commands fail at once while Redis is away (no offline queue, one retry), so a
// request meets a miss or the in-process fallback instead of waiting on a reconnect, and
// ioredis keeps reconnecting on its own, forever.
import { once } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";
import { Redis } from "ioredis";
import type { Logger } from "./logger.ts";

/**
 * A fail-fast connection to `url`. With `role`, its outages and returns are logged under that
 * role; without, the caller handles each command's failure and another client reports outages.
 */
export function redisClient(url: string, log: Logger, role?: string): Redis {
  const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  if (role) watchConnection(client, role, log);
  else client.on("error", () => {});
  return client;
}

/** True once `client` is ready; false after `ms`, or at its first connection error (Redis is away). */
export async function readyWithin(client: Redis, ms: number): Promise<boolean> {
  if (client.status === "ready") return true;
  const timer = new AbortController();
  try {
    return await Promise.race([once(client, "ready", { signal: timer.signal }).then(() => true), sleep(ms, false, { signal: timer.signal, ref: false })]);
  } catch {
    return false; // 'error' before 'ready': Redis is away
  } finally {
    timer.abort();
  }
}

/** Logs when a connection goes away and when it comes back, not every failed reconnect. */
function watchConnection(client: Redis, role: string, log: Logger) {
  let up = false;
  client.on("ready", () => {
    if (!up) log.info({ role }, "redis connection ready");
    up = true;
  });
  client.on("error", (error: Error) => {
    if (up) log.warn({ err: error, role }, "redis connection lost; live events stay in this process until it returns");
    up = false;
  });
  client.on("close", () => {
    if (up) log.warn({ role }, "redis connection closed; reconnecting");
    up = false;
  });
}
