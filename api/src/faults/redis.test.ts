// Redis goes away under two server processes on one PostgreSQL, and comes back. Writes keep
// succeeding and are stored, live events keep flowing inside each process, /healthz says
// degraded, no process exits; once Redis returns, events cross processes again, no restart.
// The response cache (kept in Redis) is never served stale: The Named lists every agent forged
// during the outage on both processes, during it and after it.
import { randomUUID } from "node:crypto";
import type { Client } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tryForge } from "../../test/agents.ts";
import { createTestDatabase, serverUrl, type TestDatabase } from "../../test/databases.ts";
import { startServerProcess, type ServerProcess } from "../../test/process.ts";
import { privateRedis, type PrivateRedis } from "../../test/redis.ts";
import { socketClient, subscribe, type Subscription } from "../../test/subscriptions.ts";

type Forged = { agentForged: { name: string } };
const FORGED = "subscription { agentForged { name } }";

/** The names The Named lists for a search, as a visitor's browser asks (cacheable). */
async function listed(server: ServerProcess, search: string): Promise<string[]> {
  const response = await fetch(`${server.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: "query Named($search: String) { agents(first: 24, search: $search) { edges { node { name } } } }", variables: { search } }),
  });
  expect(response.status).toBe(200);
  const { data } = (await response.json()) as { data: { agents: { edges: { node: { name: string } }[] } } };
  return data.agents.edges.map((edge) => edge.node.name).sort();
}

const health = async (server: ServerProcess) => (await (await fetch(`${server.url}/healthz`)).json()) as { status: string; redis?: string };
const heard = (subscription: Subscription<Forged>, name: string) => subscription.events.some((event) => event.agentForged.name === name);

const METRICS = "redis-fault-metrics-token";

/** How many live events a process could not hand to Redis, from its /metrics. */
async function publishFailures(server: ServerProcess): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS}` } })).text();
  return Number(/^nomina_live_event_publish_failures_total (\S+)$/m.exec(text)?.[1] ?? Number.NaN);
}

describe.runIf(serverUrl)("Redis going away under two processes", () => {
  let redis: PrivateRedis;
  let database: TestDatabase;
  let servers: ServerProcess[];
  let clients: Client[];
  let feeds: Subscription<Forged>[];

  beforeAll(async () => {
    redis = await privateRedis();
    database = await createTestDatabase("postgres");
    const env = {
      REDIS_URL: redis.url,
      REDIS_CHANNEL_PREFIX: `faults-${randomUUID()}`,
      ANONYMOUS_WRITE_LIMIT: "off",
      LOG_LEVEL: "info",
      METRICS_TOKEN: METRICS,
    };
    servers = [await startServerProcess(database, env), await startServerProcess(database, env)];
    clients = servers.map((server) => socketClient(server.url));
    feeds = clients.map((client) => subscribe<Forged>(client, FORGED, {}));
  }, 90_000);
  afterAll(async () => {
    await Promise.all(clients.map((client) => Promise.resolve(client.dispose())));
    await Promise.all(servers.map((server) => server.stop()));
    await redis.stop();
    await database.drop();
  });

  /** Forges through `from` until `on` hears it (subscriptions reach Redis asynchronously). */
  async function crossesTo(from: ServerProcess, on: Subscription<Forged>, label: string) {
    for (let attempt = 0; attempt < 60; attempt++) {
      const name = `${label} ${attempt}`;
      expect((await tryForge(from.url, name)).status).toBe(201);
      try {
        await expect.poll(() => heard(on, name), { timeout: 500 }).toBe(true);
        return;
      } catch {
        // not yet: try again with another forging
      }
    }
    throw new Error(`no event crossed for ${label}`);
  }

  it("keeps writing, storing and delivering inside each process while Redis is away, and crosses again when it returns", async () => {
    const [one, two] = servers as [ServerProcess, ServerProcess];
    const [feedOne, feedTwo] = feeds as [Subscription<Forged>, Subscription<Forged>];
    await crossesTo(one, feedTwo, "Before the blackout");
    // Cached on both, in Redis: no agent of the outage yet (the names share no word: search reads
    // every word of a name, not its letters in order).
    for (const server of servers) {
      expect(await listed(server, "Quokka zephyr")).toEqual([]);
      expect(await listed(server, "Quokka zephyr")).toEqual([]);
    }

    await redis.stop();
    await expect.poll(async () => (await health(one)).status, { timeout: 15_000 }).toBe("degraded");
    expect(await health(two)).toMatchObject({ status: "degraded", redis: "down" });

    const acknowledged: string[] = [];
    const names: string[] = [];
    for (const [server, feed, side] of [
      [one, feedOne, "one"],
      [two, feedTwo, "two"],
    ] as const) {
      for (let i = 0; i < 5; i++) {
        const name = `Quokka zephyr ${side} ${i}`;
        const answer = await tryForge(server.url, name);
        expect(answer.status, name).toBe(201);
        acknowledged.push(answer.id!);
        names.push(name);
        // Heard by this process's own subscriber at once.
        await expect.poll(() => heard(feed, name)).toBe(true);
      }
    }

    // Read from the database, both processes agree.
    for (const server of servers) expect(await listed(server, "Quokka zephyr")).toEqual([...names].sort());
    // Operators see the events the other processes missed (#21).
    for (const server of servers) expect(await publishFailures(server)).toBeGreaterThanOrEqual(5);

    await redis.start();
    await expect.poll(async () => [(await health(one)).status, (await health(two)).status], { timeout: 20_000 }).toEqual(["ok", "ok"]);
    // What was cached before the outage is not served after it.
    for (const server of servers) expect(await listed(server, "Quokka zephyr")).toEqual([...names].sort());
    await crossesTo(two, feedOne, "After the blackout");

    for (const id of acknowledged) expect((await fetch(`${one.url}/api/agents/${id}`)).status, id).toBe(200);
    for (const server of servers) {
      expect(server.child.exitCode).toBeNull();
      expect(server.output()).not.toMatch(/"level":(50|60)/);
    }
  }, 120_000);
});
