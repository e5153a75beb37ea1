import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { createTestDatabase, serverUrl } from "../../test/databases.ts";
import { startServerProcess } from "../../test/process.ts";
import { createLogger } from "../logger.ts";
import { createEventBus } from "../domains/events.ts";
import { wsClient } from "../../test/live.ts";

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
