// What one client may hold open or learn: WebSocket connections per address, operations per
// connection, event streams per address, what a socket buffers for a client that stops reading,
// and the schema's description, which production gives to curators only.
import http from "node:http";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getIntrospectionQuery } from "graphql";
import WebSocket from "ws";
import { over, socket } from "../../test/accounts.ts";
import { signedInCurator } from "../../test/curators.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { connect, refusal, subscribed } from "../../test/live.ts";
import { INTROSPECTION_REFUSED } from "./introspection.ts";
import { createLogger } from "../logger.ts";
import { metrics } from "../metrics.ts";
import type { EventBus } from "../domains/events.ts";
import { TOO_MANY_STREAMS } from "./event-streams.ts";
import { TOO_MANY_OPERATIONS } from "./ws.ts";
import { ANSWER_TOO_LARGE } from "./ws-transport.ts";
import { paths } from "@nomina/shared/paths";

/** Closes `socket` and resolves once the server has seen it go. */
function closed(socket: WebSocket): Promise<void> {
  return new Promise((resolve) => {
    socket.once("close", () => resolve());
    socket.close();
  });
}

/** The handshake's answer: 101 when the socket opened, else the status it was refused with. */
function handshake(app: TestApp): Promise<{ status: number; socket?: WebSocket }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${app.url.replace(/^http/, "ws")}/graphql`, "graphql-transport-ws");
    ws.once("open", () => resolve({ status: 101, socket: ws }));
    ws.once("unexpected-response", (_request, response) => resolve({ status: response.statusCode ?? 0 }));
  });
}

describe("WebSocket limits", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp("pglite", { sockets: { perAddress: 3, operationsPerSocket: 4 } });
  });
  afterAll(() => app.stop());

  it("refuses an address's connections past the limit with 429, and takes it again once one closes", async () => {
    const open = await Promise.all([handshake(app), handshake(app), handshake(app)]);
    expect(open.map((attempt) => attempt.status)).toEqual([101, 101, 101]);
    expect((await handshake(app)).status).toBe(429);
    await closed(open[0].socket!);
    // The server counts the socket gone when its own side has closed, a moment after the client's.
    await expect
      .poll(async () => {
        const next = await handshake(app);
        if (next.socket) await closed(next.socket);
        return next.status;
      })
      .toBe(101);
    await Promise.all(open.slice(1).map((attempt) => closed(attempt.socket!)));
  });
});

describe("operations per WebSocket connection", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp("pglite", { sockets: { perAddress: 3, operationsPerSocket: 4 } });
  });
  afterAll(() => app.stop());

  it("refuses a connection's operations past the limit, and takes more once some end", async () => {
    const client = await connect(app);
    try {
      const stops = Array.from({ length: 4 }, () =>
        client.subscribe({ query: "subscription { ritualLogAdded { id } }" }, { next: () => {}, error: () => {}, complete: () => {} }),
      );
      expect(await refusal(client, "subscription { agentForged { id } }")).toEqual([TOO_MANY_OPERATIONS]);
      stops[0]!();
      stops[1]!();
      await subscribed(client);
      expect(await over(client, "{ agentTypes }")).toMatchObject({ data: { agentTypes: expect.arrayContaining(["genesis"]) } });
    } finally {
      await client.dispose();
    }
  });
});

/** A GraphQL stream over server-sent events from `address`: its status, and a way to end it. */
function eventStream(app: TestApp, address = "127.0.0.1"): Promise<{ status: number; body: string; end: () => void }> {
  const payload = JSON.stringify({ query: "subscription { ritualLogAdded { id } }" });
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${app.url}/graphql`,
      {
        method: "POST",
        localAddress: address,
        headers: { "content-type": "application/json", accept: "text/event-stream", "content-length": String(Buffer.byteLength(payload)) },
      },
      (response) => {
        const end = () => response.destroy();
        if (response.statusCode !== 200) {
          let body = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (body += chunk));
          response.on("end", () => resolve({ status: response.statusCode ?? 0, body, end }));
          return;
        }
        resolve({ status: 200, body: "", end });
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}

const STREAM_LIMITS = { eventStreamsPerAddress: 3, bufferedBytes: 1_048_576, drainTimeoutMs: 10_000, maxAnswerBytes: 4_194_304 };

describe("GraphQL streams over server-sent events", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp("pglite", { streams: STREAM_LIMITS });
  });
  afterAll(() => app.stop());

  it("refuses an address's streams past the limit with 429, and takes one again once a stream ends", async () => {
    const open = await Promise.all([eventStream(app), eventStream(app), eventStream(app)]);
    expect(open.map((stream) => stream.status)).toEqual([200, 200, 200]);
    const refused = await eventStream(app);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toEqual({ errors: [{ message: TOO_MANY_STREAMS, extensions: { code: "RATE_LIMITED", retryAfter: 60 } }] });
    // Another address has streams of its own, and plain queries and WebSockets are not counted.
    const elsewhere = await eventStream(app, "127.0.0.2");
    expect(elsewhere.status).toBe(200);
    elsewhere.end();
    expect((await app.graphql("{ agentTypes }")).status).toBe(200);
    open[0].end();
    // The server counts the stream gone when its response closes, a moment after the client left.
    await expect
      .poll(async () => {
        const next = await eventStream(app);
        next.end();
        return next.status;
      })
      .toBe(200);
    for (const stream of open.slice(1)) stream.end();
  });
});

/** A raw graphql-ws socket, subscribed to `query` and acknowledged, with what it received. */
async function rawSubscription(app: TestApp, query: string) {
  const ws = new WebSocket(`${app.url.replace(/^http/, "ws")}/graphql`, "graphql-transport-ws");
  const messages: { type: string; id?: string }[] = [];
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.once("close", (code, reason) => resolve({ code, reason: reason.toString() })));
  ws.on("message", (data: Buffer) => messages.push(JSON.parse(data.toString()) as { type: string }));
  await new Promise<void>((resolve) => ws.once("open", () => resolve()));
  ws.send(JSON.stringify({ type: "connection_init", payload: {} }));
  await expect.poll(() => messages.some((message) => message.type === "connection_ack")).toBe(true);
  ws.send(JSON.stringify({ id: "live", type: "subscribe", payload: { query } }));
  // graphql-ws handles a socket's messages in order: once this query is answered, the subscription is set up.
  ws.send(JSON.stringify({ id: "probe", type: "subscribe", payload: { query: "{ __typename }" } }));
  await expect.poll(() => messages.some((message) => message.id === "probe" && message.type === "complete")).toBe(true);
  return { ws, messages, closed };
}

describe("a WebSocket client that stops reading", () => {
  let app: TestApp;
  const lines: { msg?: string; bufferedAmount?: number; bytes?: number }[] = [];
  const buffers = { bufferedBytes: 64 * 1024, drainTimeoutMs: 200, maxAnswerBytes: 512 * 1024 };
  beforeAll(async () => {
    const sink = new Writable({ write: (chunk, _encoding, done) => (lines.push(JSON.parse(chunk.toString()) as never), done()) });
    app = await startTestApp("pglite", { streams: { ...STREAM_LIMITS, ...buffers }, logger: createLogger("warn", sink) });
  });
  afterAll(() => app.stop());

  const bus = () => (app as unknown as { bus: EventBus }).bus;
  const SUBSCRIPTION = "subscription { agentForged { id personality } }";

  it("is dropped once its unread answers pass the bound, and what the server held for it is released", async () => {
    const agent = await app.db.prisma.agent.findFirstOrThrow();
    const sockets = async () => (await metrics.websocketConnections.get()).values[0]?.value ?? 0;
    const { ws, messages, closed } = await rawSubscription(app, SUBSCRIPTION);
    const before = await sockets();
    bus().publish("agentForged", agent);
    await expect.poll(() => messages.some((message) => message.id === "live" && message.type === "next"), { message: JSON.stringify(messages) }).toBe(true);

    // The client stops reading; events keep coming, 100 KB each (an event's fields are read afresh).
    const heavy = await app.db.prisma.agent.update({ where: { id: agent.id }, data: { personality: "p".repeat(100_000) } });
    (ws as unknown as { _socket: { pause(): void } })._socket.pause();
    const dropped = () => lines.some((line) => line.msg === "dropped a WebSocket client that stopped reading");
    for (let published = 0; published < 2_000 && !dropped(); published++) {
      bus().publish("agentForged", heavy);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await expect.poll(dropped, { timeout: 10_000 }).toBe(true);
    const [drop] = lines.filter((line) => line.msg === "dropped a WebSocket client that stopped reading");
    // What it held unsent: the bound, and at most the one answer that crossed it.
    expect(drop!.bufferedAmount).toBeGreaterThan(buffers.bufferedBytes);
    expect(drop!.bufferedAmount).toBeLessThanOrEqual(buffers.bufferedBytes + 110_000);
    await expect.poll(sockets).toBe(before - 1);
    (ws as unknown as { _socket: { resume(): void } })._socket.resume();
    await closed;
  });

  it("never gets an answer larger than the bound: its socket is closed with 1009 instead", async () => {
    const agent = await app.db.prisma.agent.findFirstOrThrow();
    const huge = await app.db.prisma.agent.update({ where: { id: agent.id }, data: { personality: "p".repeat(buffers.maxAnswerBytes) } });
    const { messages, closed } = await rawSubscription(app, SUBSCRIPTION);
    bus().publish("agentForged", huge);
    expect(await closed).toEqual({ code: 1009, reason: ANSWER_TOO_LARGE });
    expect(messages.filter((message) => message.id === "live")).toEqual([]);
    expect(lines.some((line) => line.msg === "closed a WebSocket whose answer was too large" && line.bytes! > buffers.maxAnswerBytes)).toBe(true);
  });
});

describe("the schema's description in production", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp("pglite", { env: "production", jwtSecret: "x".repeat(40) });
  });
  afterAll(() => app.stop());

  const INTROSPECTION = "{ __schema { queryType { name } } }";

  it("is refused to visitors and signed-in users, on HTTP and WebSocket", async () => {
    const http = await app.graphql(INTROSPECTION);
    expect(http.errors?.[0]).toMatchObject({ message: INTROSPECTION_REFUSED, extensions: { code: "FORBIDDEN" } });
    const typeQuery = await app.graphql(`{ agentTypes __type(name: "Agent") { name } }`);
    expect(typeQuery.errors?.[0]?.message).toBe(INTROSPECTION_REFUSED);
    const client = await socket(app);
    try {
      expect((await over(client, INTROSPECTION)).errors?.[0]?.message).toBe(INTROSPECTION_REFUSED);
    } finally {
      await client.dispose();
    }
    // What the app itself asks still works.
    expect((await app.graphql("{ agentTypes __typename }")).errors).toBeUndefined();
  });

  it("is given to a curator", async () => {
    const token = await signedInCurator(app);
    const answer = await app.graphql(INTROSPECTION, undefined, { authorization: `Bearer ${token}` });
    expect(answer).toMatchObject({ status: 200, data: { __schema: { queryType: { name: "Query" } } } });
  });

  // The console's explorer (GraphiQL) asks for the whole schema at once, deep type references and
  // descriptions included: armor's limits still apply to the curator, and this document passes them.
  const FULL = getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true, schemaDescription: true });

  it("answers the explorer's full introspection to a curator, over HTTP and WebSocket, and refuses it to anyone else", async () => {
    const token = await signedInCurator(app);
    const answer = await app.graphql(FULL, undefined, { authorization: `Bearer ${token}` });
    expect(answer.errors).toBeUndefined();
    const types = (answer.data as { __schema: { types: { name: string }[] } }).__schema.types.map((type) => type.name);
    expect(types).toEqual(expect.arrayContaining(["Agent", "RitualLog", "MindsHealth", "Subscription"]));
    const curatorSocket = await socket(app, token);
    try {
      expect((await over(curatorSocket, FULL)).errors).toBeUndefined();
    } finally {
      await curatorSocket.dispose();
    }
    expect((await app.graphql(FULL)).errors?.[0]).toMatchObject({ message: INTROSPECTION_REFUSED, extensions: { code: "FORBIDDEN" } });
  });

  it("sends a browser's GET /graphql nowhere: production has no GraphiQL page", async () => {
    const response = await fetch(`${app.url}/graphql`, { headers: { accept: "text/html" } });
    expect(await response.text()).not.toContain(paths.curatorExplorer);
  });
});

describe("GraphiQL in development", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp("pglite");
  });
  afterAll(() => app.stop());

  it("sends a browser to the console's bundled explorer, under the app's content security policy", async () => {
    const response = await fetch(`${app.url}/graphql`, { headers: { accept: "text/html" } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(`url=${paths.curatorExplorer}`);
    const policy = response.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/unpkg|jsdelivr|cdn/i);
  });
});
