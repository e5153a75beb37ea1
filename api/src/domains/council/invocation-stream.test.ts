// A Council invocation followed from another process through its Redis stream: the app runs it,
// and services built beside it on their own bus (another process's view, on the same Redis and
// database) follow it. One that joins while the seats speak gets every event once, in order, from
// the first; one that comes after the end reads it from the stream, or from the stored row; a
// retry's follower reads that run, not the one before. With Redis gone mid-way the invocation
// still completes and is stored, and a follower elsewhere is told it was interrupted.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { serverUrl } from "../../../test/databases.ts";
import { startTestApp, type TestApp } from "../../../test/harness.ts";
import { settingsFor } from "../../../test/minds.ts";
import { isChairRequest, startFakeProviders, type FakeProviders } from "../../../test/providers.ts";
import { COUNCIL_INVOCATION, INVOKE_COUNCIL, rebuild } from "../../../test/council.ts";
import { privateRedis, type PrivateRedis } from "../../../test/redis.ts";
import { socketClient, subscribe } from "../../../test/subscriptions.ts";
import { testServices } from "../../../test/services.ts";
import { createLogger } from "../../logger.ts";
import { metrics } from "../../metrics.ts";
import { createMinds } from "../../minds/index.ts";
import { SEATS, type Seat } from "../../minds/identity.ts";
import { createEventBus, type EventBus } from "../events.ts";
import type { CouncilEventWire } from "./invocation-events.ts";
import { followInvocationStream, QUIET_MS } from "./invocation-stream.ts";

const redisUrl = process.env.REDIS_URL;
const log = createLogger("silent");
const INTERRUPTED = "The invocation was interrupted before it finished";

/** Forty words a seat, so that a follower joins while they are still coming. */
const TOKENS = Object.fromEntries(SEATS.map((seat) => [seat, Array.from({ length: 40 }, (_, i) => `${seat}-${i} `)])) as Record<Seat, string[]>;
const SYNTHESIS = ["The ", "Council ", "agrees."];
const expected = { ...Object.fromEntries(SEATS.map((seat) => [seat, TOKENS[seat].join("")])), synthesis: SYNTHESIS.join("") };

async function all(events: AsyncIterable<CouncilEventWire>): Promise<CouncilEventWire[]> {
  const told: CouncilEventWire[] = [];
  for await (const event of events) told.push(event);
  return told;
}

const texts = (events: CouncilEventWire[]) => rebuild(events.map((event) => ({ councilInvocation: event })));
const deltas = (events: CouncilEventWire[], seat: Seat) => events.filter((e) => e.seat === seat && e.delta).map((e) => e.delta);
/** 1, 2, 3...: every event the invocation said, once, in order. */
const counted = (events: CouncilEventWire[]) => events.map((_, index) => index + 1);

/** Services beside the app, on a bus of their own: what another process of the deployment sees. */
function elsewhere(app: TestApp, bus: EventBus) {
  return testServices({ prisma: app.db.prisma, bus, minds: createMinds(app.config.minds, log), log, config: app.config });
}

async function invoke(app: TestApp, prompt: string): Promise<string> {
  const result = await app.graphql<{ invokeCouncil: { invocation: { rawId: string } } }>(INVOKE_COUNCIL, { input: { prompt } });
  expect(result.errors).toBeUndefined();
  return result.data!.invokeCouncil.invocation.rawId;
}

describe.runIf(serverUrl && redisUrl)("a council invocation followed through its stream", () => {
  let app: TestApp;
  let providers: FakeProviders;
  let bus: EventBus;
  let other: ReturnType<typeof elsewhere>;
  let release: () => void;
  let gate: Promise<void>;

  beforeAll(async () => {
    providers = await startFakeProviders();
    const redisChannelPrefix = `nomina-test-${randomBytes(4).toString("hex")}`;
    app = await startTestApp("postgres", { redisUrl, redisChannelPrefix, minds: settingsFor(providers, SEATS, { timeoutMs: 10_000 }) });
    bus = createEventBus({ redisUrl, channelPrefix: redisChannelPrefix, log });
    expect(await bus.ready(5_000)).toBe(true);
    other = elsewhere(app, bus);
  });
  afterAll(async () => {
    release?.();
    await bus?.close();
    await app?.stop();
    await providers?.close();
  });
  beforeEach(() => {
    providers.reset();
    gate = new Promise<void>((resolve) => (release = resolve));
    // Each seat says a word every 5 ms, holding before its thirtieth until the test lets go.
    for (const seat of SEATS) {
      providers.script(seat, (request) => (isChairRequest(request) ? { tokens: SYNTHESIS } : { tokens: TOKENS[seat], intervalMs: 5, gate, gateAt: 30 }));
    }
  });

  it("gives a follower that joins while the seats speak every event once, in order, from the first", async () => {
    const id = await invoke(app, "Who hears the whole of it?");
    await expect.poll(() => providers.requests.filter((request) => request.firstTokenAt !== undefined).length).toBe(4);
    const following = all((await other.council.invocations.follow(id))!);
    // The words before the gate are still coming as it joins; the rest come after it has read what was said.
    setTimeout(() => release(), 200);
    const events = await following;

    expect(texts(events)).toEqual(expected);
    for (const seat of SEATS) expect(deltas(events, seat)).toEqual(TOKENS[seat]);
    expect(events.map((event) => event.seq)).toEqual(counted(events));
    expect(events.filter((event) => event.last)).toEqual([events.at(-1)]);
    expect(events.at(-1)).toMatchObject({ invocationId: id, seat: "synthesis", done: true, failed: false, last: true, text: SYNTHESIS.join("") });
  });

  it("gives one that comes after the end the whole invocation: from the stream while it is kept, from the stored row", async () => {
    release();
    const id = await invoke(app, "What is left once it is said?");
    await expect.poll(async () => (await app.db.prisma.councilInvocation.findUniqueOrThrow({ where: { id } })).status, { timeout: 10_000 }).toBe("complete");

    // One that read the row while it still ran reads the stream, which holds every event to the last.
    const readRow = () => Promise.reject(new Error("the stream holds it all: the row is not read"));
    const streamed = await all(followInvocationStream(bus.streams!, id, { readRow, interrupted: INTERRUPTED }));
    expect(texts(streamed)).toEqual(expected);
    for (const seat of SEATS) expect(deltas(streamed, seat)).toEqual(TOKENS[seat]);
    expect(streamed.map((event) => event.seq)).toEqual(counted(streamed));
    expect(streamed.at(-1)).toMatchObject({ seat: "synthesis", last: true });

    const stored = await all((await other.council.invocations.follow(id))!);
    expect(texts(stored)).toEqual(expected);
    expect(stored.at(-1)).toMatchObject({ seat: "synthesis", last: true, done: true });
  });

  it("gives a retry's follower elsewhere that run, not the one before it, whose stream is still kept", async () => {
    release();
    const id = await invoke(app, "Will you say it again?");
    await expect.poll(async () => (await app.db.prisma.councilInvocation.findUniqueOrThrow({ where: { id } })).status, { timeout: 10_000 }).toBe("complete");

    const again = ["Said ", "anew."];
    providers.script("gemini", (request) => ({ tokens: isChairRequest(request) ? SYNTHESIS : again }));
    const retried = await other.council.invocations.retry(await app.db.prisma.councilInvocation.findUniqueOrThrow({ where: { id } }), ["gemini"], {});
    expect(retried.invocation.status).toBe("running");
    // Another process again: neither the app nor `other`, which runs it.
    const third = createEventBus({ redisUrl, channelPrefix: app.config.redisChannelPrefix, log });
    try {
      const events = await all((await elsewhere(app, third).council.invocations.follow(id))!);
      expect(texts(events)).toEqual({ ...expected, gemini: again.join("") });
      expect(events.map((event) => event.seq)).toEqual(counted(events));
      expect(events.filter((event) => event.last)).toEqual([events.at(-1)]);
    } finally {
      await retried.finished;
      await third.close();
    }
  });
});

describe.runIf(serverUrl)("a council invocation while Redis goes away", () => {
  let redis: PrivateRedis;
  let app: TestApp;
  let providers: FakeProviders;
  let bus: EventBus;

  beforeAll(async () => {
    redis = await privateRedis();
    providers = await startFakeProviders();
    const redisChannelPrefix = `nomina-test-${randomBytes(4).toString("hex")}`;
    app = await startTestApp("postgres", { redisUrl: redis.url, redisChannelPrefix, minds: settingsFor(providers, SEATS, { timeoutMs: 10_000 }) });
    bus = createEventBus({ redisUrl: redis.url, channelPrefix: redisChannelPrefix, log });
    expect(await bus.ready(5_000)).toBe(true);
  }, 60_000);
  afterAll(async () => {
    await bus?.close();
    await app?.stop();
    await providers?.close();
    await redis?.stop();
  });

  it("completes and stores it, its own subscribers hear all of it, and a follower elsewhere is told it was interrupted", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    for (const seat of SEATS) {
      providers.script(seat, (request) => (isChairRequest(request) ? { tokens: SYNTHESIS } : { tokens: TOKENS[seat], gate, gateAt: 10 }));
    }
    const failures = async () => (await metrics.eventPublishFailures.get()).values[0]?.value ?? 0;
    const failedBefore = await failures();
    const id = await invoke(app, "Does the Council speak with Redis gone?");
    const socket = socketClient(app.url);
    const here = subscribe<{ councilInvocation: CouncilEventWire }>(socket, COUNCIL_INVOCATION, { id });
    await here.until((events) => SEATS.every((seat) => rebuild(events)[seat] === TOKENS[seat].slice(0, 10).join("")));

    await redis.stop();
    const startedAt = performance.now();
    const cutOff = await all((await elsewhere(app, bus).council.invocations.follow(id))!);
    expect(performance.now() - startedAt).toBeLessThan(QUIET_MS + 2_000);
    expect(cutOff.filter((event) => event.done).map((event) => [event.seat, event.failed, event.error])).toEqual(
      [...SEATS, "synthesis"].map((voice) => [voice, true, INTERRUPTED]),
    );
    expect(cutOff.at(-1)).toMatchObject({ seat: "synthesis", last: true });

    release();
    await here.ended;
    await socket.dispose();
    expect(here.errors).toEqual([]);
    expect(rebuild(here.events)).toEqual(expected);
    expect(here.events.at(-1)!.councilInvocation).toMatchObject({ last: true, invocation: { status: "complete" } });
    const row = await app.db.prisma.councilInvocation.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ status: "complete", synthesis: SYNTHESIS.join("") });
    // The entries Redis could not take are counted with the live events it missed.
    expect(await failures()).toBeGreaterThan(failedBefore);
  }, 60_000);
});
