// Operators' figures (/metrics, behind METRICS_TOKEN) and request ids (X-Request-Id, on every
// answer and in every log line of the request).
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { databaseKinds } from "../../test/databases.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { socketClient, subscribe } from "../../test/subscriptions.ts";
import { createLogger } from "../logger.ts";

const TOKEN = "metrics-token-for-the-tests-0123";

/** The value of one series in a scrape (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  let total = 0;
  for (const line of text.split("\n")) {
    if (line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? "").split(/,(?=\w+=")/);
    if (wanted.every((pair) => have.includes(pair))) total += Number(match[3]);
  }
  return total;
}

describe.each(databaseKinds)("operators' metrics on %s", (kind) => {
  let app: TestApp;
  const lines: Record<string, unknown>[] = [];
  const scrape = async () => {
    const response = await app.request("GET", "/metrics", undefined, { authorization: `Bearer ${TOKEN}` });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    return response.text();
  };

  beforeAll(async () => {
    const sink = new Writable({ write: (chunk, _encoding, done) => (lines.push(JSON.parse(chunk.toString())), done()) });
    app = await startTestApp(kind, { metricsToken: TOKEN, logger: createLogger("debug", sink) });
  });
  afterAll(() => app.stop());

  it("refuses a scrape without the token or with a wrong one", async () => {
    const none = await app.request("GET", "/metrics");
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(await none.json()).toEqual({ message: "A valid metrics token is required" });
    expect((await app.request("GET", "/metrics", undefined, { authorization: "Bearer not-the-token-at-all" })).status).toBe(401);
    expect((await app.request("GET", "/metrics", undefined, { authorization: `Basic ${TOKEN}` })).status).toBe(401);
  });

  it("counts REST requests by route pattern and status, GraphQL operations by name, the oracle's answers and the database's queries", async () => {
    const before = await scrape();
    const agent = await app.db.prisma.agent.findFirstOrThrow();
    expect((await app.request("GET", `/api/agents/${agent.id}`)).status).toBe(200);
    expect((await app.request("GET", "/api/agents/no-such-agent")).status).toBe(404);
    const { status } = await app.graphql("query AscendedMembersQuery { councilMembers(first: 1) { edges { cursor } } }");
    expect(status).toBe(200);
    const invoked = await app.request("POST", `/api/agents/${agent.id}/invoke`, { message: "Who counts the oracle's words?" });
    expect(invoked.status).toBe(200);
    const after = await scrape();

    const grew = (name: string, labels: Record<string, string> = {}) => sample(after, name, labels) - sample(before, name, labels);
    expect(grew("nomina_http_requests_total", { method: "GET", route: "/api/agents/:ref", status: "200" })).toBe(1);
    expect(grew("nomina_http_requests_total", { method: "GET", route: "/api/agents/:ref", status: "404" })).toBe(1);
    expect(grew("nomina_http_requests_total", { method: "POST", route: "/graphql", status: "200" })).toBe(1);
    expect(after).not.toContain("no-such-agent");
    expect(grew("nomina_graphql_operations_total", { operation: "AscendedMembersQuery", type: "query", outcome: "ok" })).toBe(1);
    expect(grew("nomina_graphql_operation_duration_seconds_count", { operation: "AscendedMembersQuery" })).toBe(1);
    expect(grew("nomina_seat_calls_total", { seat: agent.apiModel, mode: "oracle", outcome: "ok" })).toBe(1);
    expect(grew("nomina_seat_call_duration_seconds_count", { seat: agent.apiModel, mode: "oracle" })).toBe(1);
    expect(grew("nomina_db_query_duration_seconds_count")).toBeGreaterThan(0);
    for (const name of [
      "nomina_process_cpu_seconds_total",
      "nomina_websocket_connections",
      "nomina_graphql_active_subscriptions",
      "nomina_live_event_publish_failures_total",
      "nomina_quota_refusals_total",
    ]) {
      expect(after).toContain(`# TYPE ${name} `);
    }
  });

  it("gives every answer a request id, which every log line of the request carries", async () => {
    const answered = await app.graphql("query RequestIdProbe { councilMembers(first: 1) { edges { cursor } } }");
    expect(answered.status).toBe(200);
    const response = await app.request("POST", "/graphql", { query: "query RequestIdProbe { councilMembers(first: 1) { edges { cursor } } }" });
    const id = response.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    await response.json();
    expect(lines.some((line) => line.requestId === id)).toBe(true);
    const other = await app.request("GET", "/api/agents");
    expect(other.headers.get("x-request-id")).not.toBe(id);
  });

  it("gauges open WebSocket connections and the subscriptions streaming", async () => {
    const gauges = async () => {
      const text = await scrape();
      return { sockets: sample(text, "nomina_websocket_connections"), subscriptions: sample(text, "nomina_graphql_active_subscriptions") };
    };
    const idle = await gauges();
    const client = socketClient(app.url);
    const forged = subscribe<unknown>(client, "subscription { agentForged { id } }", {});
    await vi.waitFor(async () => expect(await gauges()).toEqual({ sockets: idle.sockets + 1, subscriptions: idle.subscriptions + 1 }), { timeout: 10_000 });
    forged.stop();
    await client.dispose();
    await vi.waitFor(async () => expect(await gauges()).toEqual(idle), { timeout: 10_000 });
  });

  it("keeps no incoming X-Request-Id when no proxy is trusted", async () => {
    const response = await app.request("GET", "/healthz", undefined, { "x-request-id": "from-the-client" });
    expect(response.headers.get("x-request-id")).not.toBe("from-the-client");
  });
});

describe.each(databaseKinds)("quota refusals on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind, {
      metricsToken: TOKEN,
      limits: { anonymousWrites: { points: 1, seconds: 600 }, loginPerEmail: null, loginPerAddress: null },
    });
  });
  afterAll(() => app.stop());

  it("are counted by kind", async () => {
    const scrape = async () => (await app.request("GET", "/metrics", undefined, { authorization: `Bearer ${TOKEN}` })).text();
    const before = sample(await scrape(), "nomina_quota_refusals_total", { kind: "visitor-writes" });
    const forge = (name: string) =>
      app.request("POST", "/api/agents", { name, glyph: "✶", personality: "Counted by the operators' figures.", apiModel: "claude" });
    expect((await forge("Metric One")).status).toBe(201);
    expect((await forge("Metric Two")).status).toBe(429);
    expect(sample(await scrape(), "nomina_quota_refusals_total", { kind: "visitor-writes" })).toBe(before + 1);
  });
});

describe("request ids behind a trusted proxy", () => {
  let app: TestApp;
  beforeAll(async () => (app = await startTestApp("pglite", { trustProxy: 1 })));
  afterAll(() => app.stop());

  it("keeps the proxy's sane id, and replaces one that is not", async () => {
    expect((await app.request("GET", "/healthz", undefined, { "x-request-id": "edge-4f2a.91" })).headers.get("x-request-id")).toBe("edge-4f2a.91");
    const odd = await app.request("GET", "/healthz", undefined, { "x-request-id": "has spaces and <tags>" });
    expect(odd.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("metrics without METRICS_TOKEN", () => {
  let app: TestApp;
  beforeAll(async () => (app = await startTestApp("pglite")));
  afterAll(() => app.stop());

  it("are not served: /metrics is no route", async () => {
    const response = await app.request("GET", "/metrics", undefined, { authorization: `Bearer ${TOKEN}` });
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("nomina_http_requests_total");
  });
});
