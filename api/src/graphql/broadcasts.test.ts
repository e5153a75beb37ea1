// Broadcast subscriptions (broadcasts.ts): watchers of a public feed who ask the same thing share
// one execution per event, and still each hear every event; whatever could differ between
// viewers, or does work for its caller, runs for each socket on its own.
import { randomBytes } from "node:crypto";
import { EventEmitter, on } from "node:events";
import { GraphQLObjectType, GraphQLSchema, GraphQLString, parse } from "graphql";
import type { Client } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VISITOR_HEADER } from "../actor.ts";
import { metrics } from "../metrics.ts";
import { forgeAgent } from "../../test/agents.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { connect, listen, subscribed } from "../../test/live.ts";
import { createEventBus } from "../domains/events.ts";
import { createLogger } from "../logger.ts";
import { broadcastReader, broadcasts, tapArrivals } from "./broadcasts.ts";
import { schema } from "./schema.ts";

const RITUALS = "subscription Rituals { ritualLogAdded { id type description performedBy createdAt relatedAgent { id name nominationCount } } }";
const FORGED_WITH_OWNERSHIP = "subscription { agentForged { name canEdit } }";

const visitorKey = () => randomBytes(18).toString("base64url");
const gauge = async (which: "broadcastExecutions" | "activeSubscriptions") => (await metrics[which].get()).values[0]?.value ?? 0;

describe("which subscriptions are shared among viewers", () => {
  const shared = broadcastReader(schema);
  const reads = (query: string, operationName?: string) => shared(parse(query), operationName);

  it("a public feed read through columns, relations and ids is shared", () => {
    expect(reads(RITUALS)).toBe(true);
    expect(reads("subscription { agentRemixed { __typename id name glyph parent { id remixCount } } }")).toBe(true);
    expect(reads("subscription { councilWhisperAdded { ...Whisper } } fragment Whisper on CouncilWhisper { id content createdAt }")).toBe(true);
  });

  it("a field that answers each viewer differently keeps the feed per socket, even inside a fragment", () => {
    expect(reads(FORGED_WITH_OWNERSHIP)).toBe(false);
    expect(reads("subscription { agentForged { ...Mine } } fragment Mine on Agent { name canEdit }")).toBe(false);
  });

  it("a type only some viewers may read keeps the feed per socket, even when only its name is selected", () => {
    // A schema of its own, marked as Pothos marks them: a broadcast root, a type with scopes, and
    // each plain resolver kept as pothosOriginalResolve.
    const plain = (name: string) => {
      const resolve = (row: Record<string, unknown>) => row[name];
      return { resolve, extensions: { pothosOriginalResolve: resolve } };
    };
    const guarded = new GraphQLObjectType({
      name: "Guarded",
      extensions: { pothosOptions: { authScopes: { curator: true } } },
      fields: { name: { type: GraphQLString, ...plain("name") } },
    });
    const open = new GraphQLObjectType({
      name: "Open",
      fields: { name: { type: GraphQLString, ...plain("name") }, guarded: { type: guarded, ...plain("guarded") } },
    });
    const scoped = new GraphQLSchema({
      query: new GraphQLObjectType({ name: "Query", fields: { open: { type: open } } }),
      subscription: new GraphQLObjectType({ name: "Subscription", fields: { feed: { type: open, extensions: { broadcast: true } } } }),
    });
    const read = broadcastReader(scoped);
    expect(read(parse("subscription { feed { name } }"), undefined)).toBe(true);
    expect(read(parse("subscription { feed { guarded { __typename } } }"), undefined)).toBe(false);
    expect(read(parse("subscription { feed { guarded { name } } }"), undefined)).toBe(false);
  });

  it("a subscription that does work for its caller is never shared", () => {
    const forging = 'subscription { agentForging(input: { name: "Shared Forge", glyph: "✶", personality: "Made once.", apiModel: "claude" }) { __typename } }';
    expect(reads(forging)).toBe(false);
    expect(reads("subscription { notificationAdded { id } }")).toBe(false);
  });

  it("reads the operation asked for, not its neighbours in the document", () => {
    const both = `${RITUALS} ${FORGED_WITH_OWNERSHIP.replace("subscription", "subscription Mine")}`;
    expect(reads(both, "Rituals")).toBe(true);
    expect(reads(both, "Mine")).toBe(false);
  });
});

describe("a shared stream", () => {
  async function* counting(events: number[]) {
    for (const value of events) yield await Promise.resolve({ data: { value } });
  }

  it("answers a start that fails with its errors, to every subscriber, and starts afresh after", async () => {
    const streams = broadcasts({ backlog: 4, arrivals: () => 0 });
    const refused = { errors: [{ message: "refused" }] } as never;
    const [first, second] = await Promise.all([streams.subscribe("k", () => refused), streams.subscribe("k", () => refused)]);
    expect([first, second]).toEqual([refused, refused]);
    expect(streams.size).toBe(0);
    const stream = (await streams.subscribe("k", () => counting([1, 2]))) as AsyncIterable<unknown>;
    const seen: unknown[] = [];
    for await (const result of stream) seen.push(result);
    expect(seen).toEqual([{ data: { value: 1 } }, { data: { value: 2 } }]);
    expect(streams.size).toBe(0);
  });

  it("ends a subscriber that leaves more than its backlog unread, and goes on for the others", async () => {
    const streams = broadcasts({ backlog: 2, arrivals: () => 0 });
    const feed = new EventEmitter();
    const source = async function* () {
      for await (const [value] of on(feed, "event")) yield { data: { value } };
    };
    const reader = (await streams.subscribe("k", source)) as AsyncIterableIterator<unknown>;
    const idle = (await streams.subscribe("k", source)) as AsyncIterableIterator<unknown>;
    for (const value of [1, 2, 3, 4]) {
      const read = reader.next();
      feed.emit("event", value);
      expect(await read).toEqual({ value: { data: { value } }, done: false });
    }
    // The idle one kept its backlog, then was ended rather than buffer more.
    expect(await idle.next()).toEqual({ value: { data: { value: 1 } }, done: false });
    expect(await idle.next()).toEqual({ value: { data: { value: 2 } }, done: false });
    expect(await idle.next()).toEqual({ value: undefined, done: true });
    await reader.return!();
    expect(streams.size).toBe(0);
  });
});

describe("a socket joining a running stream", () => {
  it("hears the events that arrive after it joined, and not one that was being executed as it joined", async () => {
    // The bus's arrivals: each event stamped as it is handed on, as events/bus.ts does.
    let arrivals = 0;
    const streams = broadcasts({ backlog: 8, arrivals: () => arrivals });
    const feed = new EventEmitter();
    const executing: { resolve?: () => void } = {};
    const start = (onSource: (stamp: number | undefined) => void) =>
      (async function* () {
        for await (const [stamp] of on(feed, "event")) {
          onSource(stamp as number);
          // The event's execution takes a while (a relation read from the database).
          await new Promise<void>((resolve) => (executing.resolve = resolve));
          yield { data: { stamp } };
        }
      })();
    const first = (await streams.subscribe("k", start)) as AsyncIterableIterator<unknown>;
    const firstHears = first.next();
    feed.emit("event", ++arrivals);
    await expect.poll(() => executing.resolve).toBeDefined();
    // A second socket joins while event 1 is executed for the first.
    const second = (await streams.subscribe("k", start)) as AsyncIterableIterator<unknown>;
    executing.resolve!();
    executing.resolve = undefined;
    expect(await firstHears).toEqual({ value: { data: { stamp: 1 } }, done: false });

    const secondHears = second.next();
    feed.emit("event", ++arrivals);
    await expect.poll(() => executing.resolve).toBeDefined();
    executing.resolve!();
    // Event 2 arrived after it joined: its first answer is event 2, not event 1.
    expect(await secondHears).toEqual({ value: { data: { stamp: 2 } }, done: false });
    expect(await first.next()).toEqual({ value: { data: { stamp: 2 } }, done: false });
    await first.return!();
    await second.return!();
    expect(streams.size).toBe(0);
  });

  it("is told by the bus the arrival of every event it hands on, in the order it hands them on", async () => {
    const bus = createEventBus({ channelPrefix: `nomina-test-${visitorKey()}`, log: createLogger("silent") });
    const stamps: (number | undefined)[] = [];
    const tapped = tapArrivals(bus, (stamp) => stamps.push(stamp));
    const forged = tapped.subscribe("agentForged")[Symbol.asyncIterator]();
    const rituals = bus.subscribe("ritualLogAdded")[Symbol.asyncIterator]();
    const [nextForged, nextRitual] = [forged.next(), rituals.next()];
    const before = bus.arrivals();
    bus.publish("ritualLogAdded", { id: "r1" });
    bus.publish("agentForged", { id: "a1" });
    expect(bus.arrivals()).toBe(before + 2);
    const ritual = (await nextRitual).value;
    expect(bus.arrivalOf(ritual)).toBe(before + 1);
    expect((await nextForged).value).toMatchObject({ id: "a1" });
    expect(stamps).toEqual([before + 2]);
    await forged.return?.();
    await rituals.return?.();
    await bus.close();
  });
});

describe("watchers of a public feed over WebSockets", () => {
  let app: TestApp;
  const clients: Client[] = [];
  beforeAll(async () => {
    app = await startTestApp("pglite", { sharedBroadcasts: true });
  });
  afterAll(async () => {
    for (const client of clients) await client.dispose();
    await app?.stop();
  });
  const watcher = async (params?: Record<string, string>) => {
    const client = await connect(app, params);
    clients.push(client);
    return client;
  };
  const whisper = async (content: string) => expect((await app.request("POST", "/api/council/whisper", { content })).status).toBe(201);

  it("each hears every event while one execution serves them all, and it ends with the last of them", async () => {
    const executions = await gauge("broadcastExecutions");
    const active = await gauge("activeSubscriptions");
    const sockets = await Promise.all([watcher({ visitor: visitorKey() }), watcher({ visitor: visitorKey() }), watcher()]);
    const feeds = sockets.map((socket) => listen<{ description: string; performedBy: string }>(socket, RITUALS));
    await Promise.all(sockets.map(subscribed));
    expect(await gauge("broadcastExecutions")).toBe(executions + 1);
    expect(await gauge("activeSubscriptions")).toBe(active + 3);

    await whisper("Shared: does everyone hear this?");
    for (const feed of feeds) expect((await feed.next()).description).toContain("Shared: does everyone hear this?");

    // The first to subscribe leaves; the others go on hearing.
    feeds[0]!.stop();
    await expect.poll(() => gauge("activeSubscriptions")).toBe(active + 2);
    await whisper("Shared: still there?");
    for (const feed of feeds.slice(1)) expect((await feed.next()).description).toContain("Shared: still there?");

    feeds[1]!.stop();
    feeds[2]!.stop();
    await expect.poll(() => gauge("broadcastExecutions")).toBe(executions);
    await expect.poll(() => gauge("activeSubscriptions")).toBe(active);

    // A new watcher after the last left starts a new execution and hears what follows.
    const last = sockets[2];
    const again = listen<{ description: string }>(last, RITUALS);
    await subscribed(last);
    await whisper("Shared: anyone new?");
    expect((await again.next()).description).toContain("Shared: anyone new?");
    again.stop();
    await expect.poll(() => gauge("broadcastExecutions")).toBe(executions);
  });

  it("a field that differs between viewers is answered to each viewer", async () => {
    const executions = await gauge("broadcastExecutions");
    const [maker, onlooker] = [visitorKey(), visitorKey()];
    const sockets = await Promise.all([watcher({ visitor: maker }), watcher({ visitor: onlooker })]);
    const [mine, theirs] = sockets.map((socket) => listen<{ name: string; canEdit: boolean }>(socket, FORGED_WITH_OWNERSHIP));
    await Promise.all(sockets.map(subscribed));
    expect(await gauge("broadcastExecutions")).toBe(executions);

    await forgeAgent(app, { name: "Owned Herald" }, { [VISITOR_HEADER]: maker });
    expect(await mine!.next()).toEqual({ name: "Owned Herald", canEdit: true });
    expect(await theirs!.next()).toEqual({ name: "Owned Herald", canEdit: false });
  });
});
