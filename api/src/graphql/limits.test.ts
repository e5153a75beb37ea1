// What one client may hold open or learn: WebSocket connections per address, operations per
// connection, and the schema's description, which production gives to curators only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getIntrospectionQuery } from "graphql";
import WebSocket from "ws";
import { over, socket } from "../../test/accounts.ts";
import { signedInCurator } from "../../test/curators.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { connect, refusal, subscribed } from "../../test/live.ts";
import { INTROSPECTION_REFUSED } from "./introspection.ts";
import { TOO_MANY_OPERATIONS } from "./ws.ts";
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
    await expect.poll(async () => {
      const next = await handshake(app);
      if (next.socket) await closed(next.socket);
      return next.status;
    }).toBe(101);
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
      const stops = Array.from({ length: 4 }, () => client.subscribe({ query: "subscription { ritualLogAdded { id } }" }, { next: () => {}, error: () => {}, complete: () => {} }));
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
