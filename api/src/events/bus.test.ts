import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { createTestDatabase, serverUrl } from "../../test/databases.ts";
import { startServerProcess } from "../../test/process.ts";
import { createLogger } from "../logger.ts";
import { createEventBus } from "../domains/events.ts";
import { wsClient } from "../../test/live.ts";
import { freePort } from "../../test/ports.ts";
import { privateRedis } from "../../test/redis.ts";
import { Redis } from "ioredis";

const redisUrl = process.env.REDIS_URL;

async function first<T>(events: AsyncIterable<T>): Promise<T> {
  for await (const event of events) return event;
  throw new Error("the stream ended without an event");
}

describe("the event bus", () => {
  it("delivers a published row to subscribers as JSON, dates as ISO strings", async () => {
    const bus = createEventBus({ channelPrefix: "test", log: createLogger("silent") });
    const received = first(bus.subscribe("ritualLogAdded"));
    const createdAt = new Date("2026-11-22T01:02:03.004Z");
    bus.publish("ritualLogAdded", {
      id: "1",
      type: "whisper",
      description: "d",
      performedBy: "p",
      relatedAgentId: null,
      relatedWhisperId: null,
      metadata: null,
      createdAt,
    });
    expect(await received).toMatchObject({ id: "1", createdAt: "2026-11-22T01:02:03.004Z" });
    await bus.close();
  });

  it.runIf(redisUrl)("carries events between two buses through Redis, and not across channel prefixes", async () => {
    const prefix = `nomina-test-${randomBytes(4).toString("hex")}`;
    const log = createLogger("silent");
    const [publisher, subscriber, stranger] = [prefix, prefix, `${prefix}-other`].map((channelPrefix) => createEventBus({ redisUrl, channelPrefix, log }));
    const strangerSaw: unknown[] = [];
    void (async () => {
      for await (const event of stranger!.subscribe("councilWhisperAdded")) strangerSaw.push(event);
    })();
    const received = first(subscriber!.subscribe("councilWhisperAdded"));
    let delivered = false;
    void received.then(() => (delivered = true));
    // The subscription reaches Redis asynchronously: publish until it has been heard.
    for (let attempt = 0; attempt < 50 && !delivered; attempt++) {
      publisher!.publish("councilWhisperAdded", {
        id: `w${attempt}`,
        content: "across",
        userId: "anonymous",
        councilResponse: "heard",
        isAnonymous: true,
        createdAt: new Date(),
      });
      await sleep(100);
    }
    expect(await received).toMatchObject({ content: "across", councilResponse: "heard" });
    expect(strangerSaw).toEqual([]);
    await Promise.all([publisher!.close(), subscriber!.close(), stranger!.close()]);
  });
});

describe("the bus's streams", () => {
  const log = createLogger("silent");
  const limits = { maxLen: 1_000, ttlMs: 5_000, beatMs: 50 };

  it("are absent without Redis", async () => {
    const bus = createEventBus({ channelPrefix: "test", log });
    expect(bus.streams).toBeUndefined();
    await bus.close();
  });

  it.runIf(redisUrl)("give a reader on another bus every entry once, in order: those appended before it came, then each as it is appended", async () => {
    const prefix = `nomina-test-${randomBytes(4).toString("hex")}`;
    const writing = createEventBus({ redisUrl, channelPrefix: prefix, log });
    const reading = createEventBus({ redisUrl, channelPrefix: prefix, log });
    await Promise.all([writing.ready(5_000), reading.ready(5_000)]);
    const writer = writing.streams!.open("subject", limits);
    await writer.opened;
    for (let i = 0; i < 50; i++) writer.append({ i });
    const read: unknown[] = [];
    const done = (async () => {
      for await (const entry of reading.streams!.follow("subject", 2_000)) {
        read.push(entry);
        if ((entry as { i: number }).i === 199) return;
      }
    })();
    // The rest while it reads, a few at a time: some before its first read ends, some after.
    for (let i = 50; i < 200; i++) {
      writer.append({ i });
      if (i % 10 === 0) await sleep(5);
    }
    await done;
    expect(read).toEqual(Array.from({ length: 200 }, (_, i) => ({ i })));
    writer.close();
    await Promise.all([writing.close(), reading.close()]);
  });

  it.runIf(redisUrl)(
    "keep a reader while the writer beats, end it once the stream has been silent for its idle time, and expire after the last entry",
    async () => {
      const prefix = `nomina-test-${randomBytes(4).toString("hex")}`;
      const bus = createEventBus({ redisUrl, channelPrefix: prefix, log });
      await bus.ready(5_000);
      const writer = bus.streams!.open("quiet", limits);
      writer.append({ said: "once" });
      let ended: number | undefined;
      const read: unknown[] = [];
      const reading = (async () => {
        for await (const entry of bus.streams!.follow("quiet", 1_000)) read.push(entry);
        ended = performance.now();
      })();
      // Far past its idle time, heard only the writer's beats.
      await sleep(2_500);
      expect(ended).toBeUndefined();
      writer.close();
      const closedAt = performance.now();
      await reading;
      expect(read).toEqual([{ said: "once" }]);
      expect(ended! - closedAt).toBeGreaterThanOrEqual(900);
      expect(ended! - closedAt).toBeLessThan(3_000);
      const redis = new Redis(redisUrl!);
      try {
        const ttl = await redis.pttl(`${prefix}:quiet`);
        expect(ttl).toBeGreaterThan(0);
        expect(ttl).toBeLessThanOrEqual(limits.ttlMs);
      } finally {
        redis.disconnect();
      }
      await bus.close();
    },
  );

  it("share one reader among a process's followers of a stream: one connection blocked at Redis, and one who comes later is given what was read before it", async () => {
    // A Redis of the test's own: what is blocked there is this test's alone.
    const redis = await privateRedis();
    const admin = new Redis(redis.url);
    const bus = createEventBus({ redisUrl: redis.url, channelPrefix: "shared", log });
    try {
      await bus.ready(5_000);
      const writer = bus.streams!.open("subject", limits);
      writer.append({ i: 0 });
      const followers = Array.from({ length: 10 }, () => bus.streams!.follow("subject", 2_000)[Symbol.asyncIterator]());
      expect((await Promise.all(followers.map((follower) => follower.next()))).map((next) => next.value)).toEqual(Array(10).fill({ i: 0 }));
      const blocked = async () => Number(/blocked_clients:(\d+)/.exec(await admin.info("clients"))?.[1]);
      await expect.poll(blocked).toBe(1);
      writer.append({ i: 1 });
      expect((await followers[0]!.next()).value).toEqual({ i: 1 });
      const late = bus.streams!.follow("subject", 2_000)[Symbol.asyncIterator]();
      expect([(await late.next()).value, (await late.next()).value]).toEqual([{ i: 0 }, { i: 1 }]);
      expect(await blocked()).toBe(1);
      await Promise.all([...followers, late].map((follower) => follower.return?.() ?? Promise.resolve()));
      writer.close();
      // The last follower gone, the reading stops.
      await expect.poll(blocked).toBe(0);
    } finally {
      admin.disconnect();
      await bus.close();
      await redis.stop();
    }
  });

  it("never throw into the writer while Redis is away: what it could not take is counted, and a reader ends", async () => {
    const bus = createEventBus({ redisUrl: `redis://127.0.0.1:${await freePort()}`, channelPrefix: "away", log });
    expect(await bus.ready(500)).toBe(false);
    const writer = bus.streams!.open("subject", limits);
    expect(() => writer.append({ lost: true })).not.toThrow();
    await writer.opened;
    await expect.poll(() => bus.publishFailures()).toBe(1);
    const read: unknown[] = [];
    for await (const entry of bus.streams!.follow("subject", 300)) read.push(entry);
    expect(read).toEqual([]);
    writer.close();
    await bus.close();
  });
});

describe.runIf(serverUrl && redisUrl)("two server processes on one PostgreSQL and one Redis", () => {
  it("deliver a ritual log written through one to a subscriber on the other", async () => {
    const database = await createTestDatabase("postgres");
    const env = { REDIS_URL: redisUrl!, REDIS_CHANNEL_PREFIX: `nomina-test-${randomBytes(4).toString("hex")}` };
    const writer = await startServerProcess(database, env);
    const watcher = await startServerProcess(database, env);
    const client = wsClient(watcher.url);
    try {
      const heard = new Promise<{ type: string; description: string; performedBy: string }>((resolve, reject) => {
        client.subscribe<{ ritualLogAdded: { type: string; description: string; performedBy: string } }>(
          { query: "subscription { ritualLogAdded { type description performedBy } }" },
          { next: ({ data }) => data && resolve(data.ritualLogAdded), error: reject, complete: () => {} },
        );
      });
      let done = false;
      void heard.then(() => (done = true));
      const sent: string[] = [];
      for (let attempt = 0; attempt < 40 && !done; attempt++) {
        const content = `A whisper through the other door, ${attempt}`;
        const response = await fetch(`${writer.url}/api/council/whisper`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ content, userId: "anonymous" }),
        });
        expect(response.status).toBe(201);
        sent.push(content);
        await sleep(150);
      }
      const log = await heard;
      expect(log.type).toBe("whisper");
      expect(sent.some((content) => log.description.includes(content))).toBe(true);
    } finally {
      await client.dispose();
      await Promise.all([writer.stop(), watcher.stop()]);
      await database.drop();
    }
  });
});
