// The edge as an attacker meets it: bodies any web page can post, oversized and deeply nested
// bodies, event streams dropped halfway, crafted ids and cursors. Each was once a crash or a 500;
// each is now a 4xx in the contract's shape, with the server still answering after it, nothing
// stored, and nothing logged as a fault.
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../test/databases.ts";
import { faultlessAppPerBlock } from "../../test/blocks.ts";
import { cspDirective, type TestApp } from "../../test/harness.ts";

const globalId = (text: string) => Buffer.from(text).toString("base64");
const nestedArrays = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

/** A raw HTTP exchange, so that nothing a client library adds or checks gets in the way. */
function raw(app: TestApp, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(app.port, "127.0.0.1", () => socket.end(request));
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.on("close", () => resolve(answer));
    socket.on("error", reject);
  });
}

describe.each(databaseKinds)("the edge on %s", (kind) => {
  const block = faultlessAppPerBlock(kind);

  const alive = async () => expect((await block.app.request("GET", "/healthz")).status).toBe(200);

  it("refuses posts any web page can send without a preflight, however many, and keeps serving", async () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", undefined]) {
      for (let i = 0; i < 3; i++) {
        const response = await fetch(`${block.app.url}/graphql`, {
          method: "POST",
          headers: type ? { "content-type": type } : {},
          body: JSON.stringify({ query: "{ agentTypes }" }),
        });
        expect(response.status, type).toBe(403);
        expect((await response.json()).errors[0].message).toMatch(/CSRF/);
      }
    }
    await alive();
  });

  it("refuses a 90 KB glyph and other overlong text on both APIs without reading it through", async () => {
    const glyph = "✶".repeat(29_000);
    const rest = await block.app.request("POST", "/api/agents", {
      name: "Wide Glyph",
      glyph,
      personality: "Sends a glyph no one could read.",
      apiModel: "claude",
    });
    expect(rest.status).toBe(400);
    expect(await rest.json()).toEqual({ message: "Glyph must be at most 3 characters", field: "glyph" });
    const graph = await block.app.graphql(`mutation ($input: ForgeAgentInput!) { forgeAgent(input: $input) { agent { id } } }`, {
      input: { name: "Wide Glyph", glyph: "👩‍👩‍👧".repeat(4_500), personality: "Sends a glyph no one could read.", apiModel: "claude" },
    });
    expect(graph.errors?.[0]).toMatchObject({ message: "Glyph must be at most 3 characters", extensions: { code: "BAD_USER_INPUT", field: "glyph" } });
    const name = await block.app.request("POST", "/api/agents", {
      name: " ".repeat(90_000),
      glyph: "✶",
      personality: "A name of spaces only.",
      apiModel: "claude",
    });
    expect(await name.json()).toEqual({ message: "Name too long", field: "name" });
    expect(await block.app.db.prisma.agent.count({ where: { name: "Wide Glyph" } })).toBe(0);
  });

  it("answers a body of 30,000 nested arrays as the client's mistake, on REST and in GraphQL variables", async () => {
    const rest = await block.app.request("POST", "/api/waitlist", `{"name":${nestedArrays(30_000)}}`);
    expect(rest.status).toBe(400);
    expect(await rest.json()).toEqual({ message: "Input is nested too deeply" });
    const graph = await block.app.request(
      "POST",
      "/graphql",
      `{"query":"query ($x: String) { agent(ref: $x) { id } }","variables":{"x":${nestedArrays(30_000)}}}`,
    );
    expect(graph.status).toBeLessThan(500);
    const body = await graph.json();
    expect(body.errors[0].extensions.code).toMatch(/BAD_USER_INPUT|GRAPHQL_VALIDATION_FAILED/);
    await alive();
  });

  it("refuses text with a lone surrogate (no character, unstorable) as the client's mistake, on both APIs", async () => {
    const rest = await block.app.request(
      "POST",
      "/api/agents",
      '{"name":"Half \\ud800 a pair","glyph":"✶","personality":"Carries half a character.","apiModel":"claude"}',
    );
    expect(rest.status).toBe(400);
    expect(await rest.json()).toEqual({ message: "Text must be valid Unicode", field: "name" });
    const graph = await block.app.graphql(`query ($ref: String!) { agent(ref: $ref) { id } }`, { ref: "echo\udc00" });
    expect(graph.errors?.[0]).toMatchObject({ message: "Text must be valid Unicode", extensions: { code: "BAD_USER_INPUT", field: "ref" } });
  });

  it("keeps serving after a client drops a server-sent event stream", async () => {
    const dropped = new Promise<void>((resolve, reject) => {
      const request = httpRequest(`${block.app.url}/graphql?query=${encodeURIComponent("subscription { ritualLogAdded { id } }")}`, {
        headers: { accept: "text/event-stream", "x-graphql-yoga-csrf": "1" },
      });
      request.on("response", (response) => {
        expect(response.statusCode).toBe(200);
        // The stream has started: the client goes away mid-stream.
        response.once("data", () => {
          request.destroy();
          resolve();
        });
      });
      request.on("error", (error) => (request.destroyed ? resolve() : reject(error)));
      request.end();
    });
    await dropped;
    // Whatever the server does once it notices, it keeps answering.
    for (let i = 0; i < 5; i++) await alive();
    const nomination = await block.app.request("POST", "/api/council/nominate", {
      agentId: (await block.app.db.prisma.agent.findFirstOrThrow()).id,
      agentName: "",
      nominatedBy: "",
      reason: "",
    });
    expect(nomination.status).toBe(201);
    await alive();
  });

  it("answers an id that names nothing with null, as the Relay specification says, without an error", async () => {
    const missing = globalId("Agent:01890000-0000-7000-8000-000000000000");
    const unknownType = globalId("Nope:01890000-0000-7000-8000-000000000000");
    const one = await block.app.graphql(`query ($id: ID!) { node(id: $id) { id } }`, { id: missing });
    expect(one).toEqual({ status: 200, data: { node: null } });
    const other = await block.app.graphql(`query ($id: ID!) { node(id: $id) { id } }`, { id: unknownType });
    expect(other).toEqual({ status: 200, data: { node: null } });
    const agent = await block.app.db.prisma.agent.findFirstOrThrow();
    const many = await block.app.graphql(`query ($ids: [ID!]!) { nodes(ids: $ids) { id } }`, { ids: [missing, unknownType, globalId(`Agent:${agent.id}`)] });
    expect(many).toEqual({ status: 200, data: { nodes: [null, null, { id: globalId(`Agent:${agent.id}`) }] } });
  });

  it("looks up at most 100 ids at once", async () => {
    const ids = Array.from({ length: 101 }, () => globalId("Agent:01890000-0000-7000-8000-000000000000"));
    const result = await block.app.graphql(`query ($ids: [ID!]!) { nodes(ids: $ids) { id } }`, { ids });
    expect(result.errors?.[0]).toMatchObject({ message: "Ask for at most 100 ids at once", extensions: { code: "BAD_USER_INPUT" } });
  });

  it("answers crafted cursors as the client's mistake", async () => {
    const agent = await block.app.db.prisma.agent.findFirstOrThrow();
    for (const cursor of [globalId("GPC:N:3"), globalId("GPC:J:{}"), globalId("GPC:D:0"), globalId(`GPC:S:${agent.id}x`)]) {
      for (const query of [
        `query ($after: String) { agents(first: 2, after: $after) { edges { cursor } } }`,
        `query ($after: String) { ritualLogs(first: 2, after: $after) { edges { cursor } } }`,
        `query ($after: String) { agent(ref: "${agent.id}") { children(first: 2, after: $after) { edges { cursor } } } }`,
      ]) {
        const result = await block.app.graphql(query, { after: cursor });
        expect(result.errors?.[0], `${query} ${cursor}`).toMatchObject({ message: "Invalid cursor", extensions: { code: "BAD_USER_INPUT" } });
      }
    }
  });

  it("names the limit an over-costly operation passed, with a code, as a request error", async () => {
    const response = await block.app.request("POST", "/graphql", {
      query: "{ agents(first: 100) { edges { node { children(first: 100) { edges { node { children(first: 100) { edges { node { id } } } } } } } } } }",
    });
    expect(response.status).toBe(400);
    const [error] = (await response.json()).errors;
    expect(error.message).toMatch(/^Query Cost limit of \d+ exceeded/);
    expect(error.extensions.code).toBe("QUERY_TOO_COMPLEX");
  });

  it("answers a body over the limit with 413 and closes the connection, saying so", async () => {
    const body = "x".repeat(block.app.config.bodyLimit + 1);
    const declared = await raw(
      block.app,
      `POST /api/waitlist HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    expect(declared).toMatch(/^HTTP\/1\.1 413 /);
    expect(declared).toMatch(/\r\nconnection: close\r\n/i);
    expect(declared).toContain('{"message":"Request body is too large"}');
    const chunk = body.length.toString(16);
    const streamed = await raw(
      block.app,
      `POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${chunk}\r\n${body}\r\n0\r\n\r\n`,
    );
    expect(streamed).toMatch(/^HTTP\/1\.1 413 /);
    expect(streamed).toMatch(/\r\nconnection: close\r\n/i);
    await alive();
  });

  it("reads a streamed body within the limit, on GraphQL and REST alike", async () => {
    const post = (path: string, body: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = httpRequest(`${block.app.url}${path}`, { method: "POST", headers: { "content-type": "application/json" } });
        request.on("response", (response) => {
          let text = "";
          response.on("data", (chunk) => (text += chunk));
          response.on("end", () => resolve({ status: response.statusCode!, body: text }));
        });
        request.on("error", reject);
        // Two writes without a declared length: Node sends them chunked.
        request.write(body.slice(0, 10));
        request.end(body.slice(10));
      });
    const graph = await post("/graphql", JSON.stringify({ query: "{ agentTypes }" }));
    expect(graph.status).toBe(200);
    expect(JSON.parse(graph.body).data.agentTypes).toContain("genesis");
    const rest = await post("/api/waitlist", JSON.stringify({ name: "Streamed", email: "streamed@example.com", agent_type: "seeker" }));
    expect(rest.status).toBe(201);
  });

  it("sends a content security policy that names what the app loads, on every path", async () => {
    for (const path of ["/", "/the-named", "/api/agents", "/healthz"]) {
      const response = await block.app.request("GET", path);
      expect(cspDirective(response, "default-src"), path).toBe("'self'");
      expect(cspDirective(response, "script-src"), path).toBe("'self'");
      expect(cspDirective(response, "object-src"), path).toBe("'none'");
      expect(cspDirective(response, "img-src"), path).toContain("data:");
      expect(cspDirective(response, "connect-src"), path).toMatch(/'self' ws:\/\/127\.0\.0\.1:\d+ wss:\/\/127\.0\.0\.1:\d+/);
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
    }
  });
});
