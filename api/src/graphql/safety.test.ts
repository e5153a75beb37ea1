// What protects the graph and the API: operation limits on both transports, CSRF and CORS
// rules, the WebSocket origin check, and masking of server faults.
import { readdir } from "node:fs/promises";
import path from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cspDirective, startTestApp, type TestApp } from "../../test/harness.ts";
import { wsClient } from "../../test/live.ts";
import { INTERNAL_ERROR_MESSAGE } from "../errors.ts";
import { createLogger } from "../logger.ts";
import { PROJECT_ROOT } from "../paths.ts";
import { ARMOR_LIMITS } from "./armor.ts";

const LIMIT_REJECTION = /limit of \d+ exceeded/i;

/** Every operation the web app sends, as the Relay compiler printed it. */
async function webOperations(): Promise<{ name: string; text: string }[]> {
  const dir = path.join(PROJECT_ROOT, "web", "src", "__generated__");
  const files = (await readdir(dir)).filter((file) => file.endsWith(".graphql.ts"));
  const modules = await Promise.all(files.map((file) => import(path.join(dir, file))));
  return modules.map((module) => module.default?.params).filter((params): params is { name: string; text: string } => typeof params?.text === "string");
}

const nested = (field: string, depth: number, leaf: string): string => (depth === 0 ? leaf : `${field} { ${nested(field, depth - 1, leaf)} }`);

const ABUSE = {
  depth: `{ agents(first: 1) { edges { node { ${nested("parent", ARMOR_LIMITS.maxDepth, "name")} } } } }`,
  aliases: `{ ${Array.from({ length: ARMOR_LIMITS.maxAliases + 1 }, (_, i) => `a${i}: agentTypes`).join(" ")} }`,
  tokens: `{ agentTypes ${" __typename".repeat(ARMOR_LIMITS.maxTokens)} }`,
  cost: `{ agents(first: 100) { edges { node { children(first: 100) { edges { node { outputs { type } capabilities { skills tools } } } } } } } }`,
};

function overSocket(app: TestApp, query: string, headers: Record<string, string> = {}) {
  const client = wsClient(app.url, { headers });
  return new Promise<{ data?: unknown; errors?: readonly { message: string }[] }>((resolve) => {
    client.subscribe(
      { query },
      {
        next: (value) => resolve(value as never),
        error: (error) => resolve({ errors: Array.isArray(error) ? error : [{ message: String((error as Error).message ?? error) }] }),
        complete: () => {},
      },
    );
  }).finally(() => client.dispose());
}

/** Subscribes, then asks a query: its answer means the subscription was accepted (no errors). */
function subscribeOverSocket(app: TestApp, query: string) {
  const client = wsClient(app.url);
  return new Promise<{ errors?: readonly { message: string }[] }>((resolve) => {
    client.subscribe(
      { query },
      {
        next: (value) => resolve(value as never),
        error: (error) => resolve({ errors: Array.isArray(error) ? error : [{ message: String((error as Error).message ?? error) }] }),
        complete: () => {},
      },
    );
    client.subscribe({ query: "{ __typename }" }, { next: () => {}, error: () => {}, complete: () => resolve({}) });
  }).finally(() => client.dispose());
}

describe("operation limits", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp("pglite");
  });
  afterAll(() => app.stop());

  it("let every operation of the web app through, on HTTP and on WebSocket", async () => {
    const operations = await webOperations();
    expect(operations.length).toBeGreaterThan(0);
    for (const { name, text } of operations) {
      // A subscription sends nothing until an event, and over HTTP it would open a stream: it is
      // checked on the socket, where a refusal arrives before the answer to a later query.
      const live = /^\s*subscription\b/.test(text);
      const overHttp: { errors?: readonly { message: string }[] } = live ? {} : await app.graphql(text);
      const overWs = live ? await subscribeOverSocket(app, text) : await overSocket(app, text);
      for (const errors of [overHttp.errors ?? [], overWs.errors ?? []]) {
        expect(
          errors.map((e) => e.message).filter((m) => LIMIT_REJECTION.test(m)),
          name,
        ).toEqual([]);
      }
    }
  });

  for (const [kind, query] of Object.entries(ABUSE)) {
    it(`refuse a document over the ${kind} limit, on HTTP and on WebSocket`, async () => {
      const overHttp = await app.graphql(query);
      expect(overHttp.data).toBeUndefined();
      expect(overHttp.errors?.[0]?.message).toMatch(LIMIT_REJECTION);
      const overWs = await overSocket(app, query);
      expect(overWs.data).toBeUndefined();
      expect(overWs.errors?.[0]?.message).toMatch(LIMIT_REJECTION);
    });
  }

  it("does not suggest field names to someone probing the schema", async () => {
    const result = await app.graphql("{ agentz }");
    expect(result.errors?.[0]?.message).not.toMatch(/Did you mean/);
  });
});

describe("cross-site rules", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp("pglite", { corsOrigins: ["https://friend.example"] });
  });
  afterAll(() => app.stop());

  const preflight = (path: string, origin: string) =>
    app.request("OPTIONS", path, undefined, { origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type" });

  it("refuses a GraphQL request a browser would send without a preflight, unless it carries the CSRF header", async () => {
    const simple = await app.request("GET", "/graphql?query=%7BagentTypes%7D");
    expect(simple.status).toBe(403);
    const marked = await app.request("GET", "/graphql?query=%7BagentTypes%7D", undefined, { "x-graphql-yoga-csrf": "1" });
    expect(marked.status).toBe(200);
    expect((await marked.json()).data.agentTypes).toEqual(["genesis"]);
  });

  it("refuses a REST write whose body is not declared as JSON (a cross-site form could send it)", async () => {
    const before = await app.db.prisma.councilWhisper.count();
    const response = await app.request("POST", "/api/council/whisper", JSON.stringify({ content: "forged" }), { "content-type": "text/plain" });
    expect(response.status).toBe(415);
    expect(await app.db.prisma.councilWhisper.count()).toBe(before);
  });

  it("gives other origins no CORS access to writes, unless listed", async () => {
    const stranger = await preflight("/api/council/nominate", "https://evil.example");
    expect(stranger.headers.get("access-control-allow-origin")).toBeNull();
    const graph = await preflight("/graphql", "https://evil.example");
    expect(graph.headers.get("access-control-allow-origin")).toBeNull();
    const friend = await preflight("/api/council/nominate", "https://friend.example");
    expect(friend.headers.get("access-control-allow-origin")).toBe("https://friend.example");
    expect(friend.headers.get("access-control-allow-credentials")).toBe("true");
  });

  it("lets only listed origins read GraphQL answers, on every method", async () => {
    const ask = (origin: string) => app.request("POST", "/graphql", { query: "{ agentTypes }" }, { origin });
    const stranger = await ask("https://evil.example");
    expect(stranger.status).toBe(200);
    expect(stranger.headers.get("access-control-allow-origin")).toBeNull();
    expect(stranger.headers.get("access-control-allow-credentials")).toBeNull();
    const friend = await ask("https://friend.example");
    expect(friend.headers.get("access-control-allow-origin")).toBe("https://friend.example");
    expect(friend.headers.get("access-control-allow-credentials")).toBe("true");
    const friendly = await preflight("/graphql", "https://friend.example");
    expect(friendly.headers.get("access-control-allow-origin")).toBe("https://friend.example");
  });

  it("answers GraphQL with the same security headers as every page, and refuses to be framed", async () => {
    const response = await app.request("POST", "/graphql", { query: "{ agentTypes }" });
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(cspDirective(response, "frame-ancestors")).toBe("'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("lets any site read an agent and invoke it for an embed, without credentials", async () => {
    const read = await app.request("GET", "/api/agents/echo-haiku", undefined, { origin: "https://blog.example" });
    expect(read.headers.get("access-control-allow-origin")).toBe("*");
    const invoke = await preflight("/api/agents/echo-haiku/invoke", "https://blog.example");
    expect(invoke.headers.get("access-control-allow-origin")).toBe("*");
    expect(invoke.headers.get("access-control-allow-credentials")).toBeNull();
    const remix = await preflight("/api/agents/remix", "https://blog.example");
    expect(remix.headers.get("access-control-allow-origin")).toBeNull();
    // A listed site remixing is the app's own kind of call, with credentials, not an embed's.
    const listed = await preflight("/api/agents/remix", "https://friend.example");
    expect(listed.headers.get("access-control-allow-origin")).toBe("https://friend.example");
    expect(listed.headers.get("access-control-allow-credentials")).toBe("true");
  });

  it("refuses a WebSocket handshake from a page of another origin", async () => {
    const evil = await overSocket(app, "{ agentTypes }", { origin: "https://evil.example" });
    expect(evil.data).toBeUndefined();
    const own = await overSocket(app, "{ agentTypes }", { origin: app.url });
    expect(own.data).toEqual({ agentTypes: ["genesis"] });
  });

  it("closes a WebSocket that sends a message larger than the body limit", async () => {
    const huge = await overSocket(app, `{ agentTypes } # ${"x".repeat(app.config.bodyLimit)}`);
    expect(huge.data).toBeUndefined();
  });
});

describe("server faults", () => {
  it("are masked for clients and logged for operators", async () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _encoding, done) => (lines.push(chunk.toString()), done()) });
    const app = await startTestApp("pglite", { logger: createLogger("error", sink) });
    try {
      // A fault of ours, not the database being away (that is a 503, faults/database.test.ts):
      // a table the code needs is gone.
      await app.db.prisma.$executeRawUnsafe(`ALTER TABLE ritual_logs RENAME TO ritual_logs_elsewhere`);

      const rest = await app.request("GET", "/api/council/ritual-logs");
      expect(rest.status).toBe(500);
      expect(await rest.json()).toEqual({ message: INTERNAL_ERROR_MESSAGE });

      const answer = await app.request("POST", "/graphql", { query: "{ ritualLogs(first: 1) { edges { node { description } } } }" });
      const graph = (await answer.json()) as { errors?: unknown[] };
      // The masked message carries the request's id: what a visitor quotes finds the operators' line.
      const requestId = answer.headers.get("x-request-id");
      expect(graph.errors?.[0]).toEqual({
        message: INTERNAL_ERROR_MESSAGE,
        extensions: { code: "INTERNAL_SERVER_ERROR", requestId },
        locations: expect.any(Array),
        path: ["ritualLogs"],
      });

      const logged = lines.map((line) => JSON.parse(line));
      expect(
        logged.some(
          (entry) =>
            entry.msg === "request failed" &&
            entry.path === "/api/council/ritual-logs" &&
            entry.err?.stack &&
            entry.requestId === rest.headers.get("x-request-id"),
        ),
      ).toBe(true);
      expect(logged.some((entry) => entry.msg === "graphql operation failed" && entry.err?.stack && entry.requestId === requestId)).toBe(true);
    } finally {
      await app.stop();
    }
  });
});
