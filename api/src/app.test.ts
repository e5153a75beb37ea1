import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import pg from "pg";
import { createTestDatabase, databaseKinds, serverUrl } from "../test/databases.ts";
import { cspDirective, startTestApp, type TestApp } from "../test/harness.ts";
import { GENESIS_AGENTS } from "./db/genesis.ts";
import { wsClient } from "../test/live.ts";

describe.each(databaseKinds)("one server on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(() => app.stop());

  it("answers /healthz with 200 while the database answers", async () => {
    const response = await app.request("GET", "/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: kind });
  });

  it("answers an unknown /api route with 404 JSON", async () => {
    const response = await app.request("GET", "/api/no-such-thing");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    expect(await response.json()).toEqual({ message: "No such route: GET /api/no-such-thing" });
  });

  it("answers malformed JSON with 400 on /graphql", async () => {
    const response = await app.request("POST", "/graphql", "{not json");
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.errors[0].message).toMatch(/invalid JSON/i);
  });

  it("answers a method GraphQL does not take with 405 JSON on /graphql", async () => {
    const response = await app.request("PUT", "/graphql", JSON.stringify({ query: "{ agentTypes }" }));
    expect(response.status).toBe(405);
    expect(response.headers.get("content-type")).toMatch(/json/);
    expect((await response.json()).errors[0].message).toMatch(/GET and POST/);
  });

  it("answers a query parameter of the wrong type with 400 in the contract's shape", async () => {
    const response = await app.request("GET", "/api/agents?includeArchived=perhaps");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "Must be true or false", field: "includeArchived" });
  });

  it("refuses an oversized body with 413 JSON", async () => {
    const huge = JSON.stringify({ query: `{ agents { edges { cursor } } } #${"x".repeat(app.config.bodyLimit)}` });
    const response = await app.request("POST", "/graphql", huge);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: "Request body is too large" });
  });

  it("answers GraphQL the same whether the body's length is declared or streamed in chunks", async () => {
    const query = JSON.stringify({ query: "{ agents(first: 2) { edges { node { name } } } }" });
    for (const transfer of ["declared", "chunked"] as const) {
      const { status, headers, body } = await rawPost(app.url, "/graphql", [query], transfer);
      expect(status, transfer).toBe(200);
      expect(JSON.parse(body).data.agents.edges, transfer).toHaveLength(2);
      expect(headers["x-frame-options"], transfer).toBe("DENY");
      expect(headers["x-content-type-options"], transfer).toBe("nosniff");
    }
  });

  it("refuses a streamed GraphQL body once it passes the limit, with 413 JSON", async () => {
    const half = "x".repeat(Math.ceil(app.config.bodyLimit / 2));
    const chunks = ['{"query":"{ agents { edges { cursor } } } #', half, half, '"}'];
    const { status, body } = await rawPost(app.url, "/graphql", chunks, "chunked");
    expect(status).toBe(413);
    expect(JSON.parse(body)).toEqual({ message: "Request body is too large" });
  });

  it("serves the app for its routes and a real 404 for any other path", async () => {
    // (/whisper/{id} and /agents/{id} of things that do not exist are 404s: see http/web.test.ts.)
    for (const path of ["/", "/the-named", "/agents/nomenclator", "/agent/nomenclator/fork", "/embed/abc", "/council-terminal"]) {
      const response = await app.request("GET", path);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain("<div id=root>");
    }
    const missing = await app.request("GET", "/the-named/extra/segments");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("<div id=root>");
    expect((await app.request("GET", "/assets/missing.js")).status).toBe(404);
    // Any other unknown path is the 404 page, whatever it looks like.
    const probe = await app.request("GET", "/wp-login.php");
    expect(probe.status).toBe(404);
    expect(await probe.text()).toContain("<div id=root>");
  });

  it("lets only /embed/* be framed by other sites", async () => {
    const page = await app.request("GET", "/the-named");
    expect(cspDirective(page, "frame-ancestors")).toBe("'none'");
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    const embed = await app.request("GET", "/embed/abc");
    expect(cspDirective(embed, "frame-ancestors")).toBe("*");
    expect(embed.headers.get("x-frame-options")).toBeNull();
    // Decided on the path routing sees, for the embed route's shape only: a path that merely
    // begins with /embed/ reaches another page, which must not be framed.
    // Sent as written (fetch would resolve the dot segments before sending).
    const raw = (path: string) =>
      new Promise<IncomingHttpHeaders>((resolve, reject) => {
        const { hostname, port } = new URL(app.url);
        const sent = httpRequest({ hostname, port, path }, (response) => {
          response.resume();
          resolve(response.headers);
        });
        sent.on("error", reject).end();
      });
    for (const other of ["/embed/x/../../the-named", "/embed/x/%2e%2e/%2e%2e/forge", "/embed/abc/def", "/embed/"]) {
      const headers = await raw(other);
      expect(String(headers["content-security-policy"]), other).toContain("frame-ancestors 'none'");
      expect(headers["x-frame-options"], other).toBe("DENY");
    }
    expect(String((await raw("/embed/abc"))["content-security-policy"])).toContain("frame-ancestors *");
  });

  it("runs GraphQL over WebSocket on the same path with the same schema", async () => {
    const client = wsClient(app.url);
    try {
      const result = await new Promise<{ data?: { agents: { edges: unknown[] } } }>((resolve, reject) => {
        let value: unknown;
        client.subscribe(
          { query: "{ agents(first: 2) { edges { node { name } } } }" },
          { next: (v) => (value = v), error: reject, complete: () => resolve(value as never) },
        );
      });
      expect(result.data?.agents.edges).toHaveLength(2);
    } finally {
      await client.dispose();
    }
  });

  it("refuses WebSocket upgrades on other paths", async () => {
    const socket = new WebSocket(app.url.replace("http", "ws") + "/elsewhere");
    const outcome = await new Promise<string>((resolve) => {
      socket.on("open", () => resolve("open"));
      socket.on("error", () => resolve("refused"));
    });
    expect(outcome).toBe("refused");
  });
});

describe.each(databaseKinds)("restarts on %s", (kind) => {
  it("keeps every row across a restart and does not duplicate genesis", async () => {
    const database = await createTestDatabase(kind);
    try {
      const first = await startTestApp(kind, { database });
      await first.db.prisma.agent.create({
        data: { name: "Persistent", username: "persistent", glyph: "∞", personality: "It remains after the restart.", apiModel: "claude", createdBy: "test" },
      });
      await first.stop();

      const second = await startTestApp(kind, { database });
      try {
        expect(await second.db.prisma.agent.count()).toBe(GENESIS_AGENTS.length + 1);
        expect(await second.db.prisma.agent.findUnique({ where: { username: "persistent" } })).not.toBeNull();
      } finally {
        await second.stop();
      }
    } finally {
      await database.drop();
    }
  });

  if (kind === "postgres") {
    it("survives the server terminating its connections and answers again", async () => {
      const app = await startTestApp(kind);
      try {
        expect((await app.request("GET", "/api/agents")).status).toBe(200);
        const admin = new pg.Client({ connectionString: serverUrl });
        await admin.connect();
        const { rowCount } = await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", [
          new URL(app.database.databaseUrl!).pathname.slice(1),
        ]);
        await admin.end();
        expect(rowCount).toBeGreaterThan(0);
        // Waits for the pool to have let the dead connections go, however long that takes here;
        // the process stays up meanwhile, and then answers in full.
        await expect.poll(async () => (await app.request("GET", "/api/agents")).status, { timeout: 20_000 }).toBe(200);
        const response = await app.request("GET", "/api/agents");
        expect((await response.json()).agents).toHaveLength(GENESIS_AGENTS.length);
      } finally {
        await app.stop();
      }
    });
  }

  it("answers /healthz with 503 once the database stops answering", async () => {
    const app = await startTestApp(kind);
    try {
      await app.db.close();
      const response = await app.request("GET", "/healthz");
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: "unavailable", database: kind });
    } finally {
      await app.stop();
    }
  });
});

/** A JSON POST written chunk by chunk, its length declared up front or streamed (chunked). */
function rawPost(
  base: string,
  path: string,
  chunks: string[],
  transfer: "declared" | "chunked",
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  const length = chunks.reduce((sum, chunk) => sum + Buffer.byteLength(chunk), 0);
  const headers = {
    "content-type": "application/json",
    ...(transfer === "declared" ? { "content-length": String(length) } : { "transfer-encoding": "chunked" }),
  };
  return new Promise((resolve, reject) => {
    const request = httpRequest(new URL(path, base), { method: "POST", headers }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body }));
    });
    // The server may answer (413) and close before the last chunk: that is its answer, not a failure.
    request.on("error", (error: NodeJS.ErrnoException) => (error.code === "EPIPE" || error.code === "ECONNRESET" ? undefined : reject(error)));
    for (const chunk of chunks) request.write(chunk);
    request.end();
  });
}
