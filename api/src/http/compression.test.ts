// Sent compressed (#21): the built app's files precompressed (br, gzip) and chosen by the
// client's Accept-Encoding, with Vary, their own lengths and ETags, and 304s; JSON answers over
// 1 KB compressed on the fly on REST and GraphQL; a streamed GraphQL answer never held back.
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../../test/databases.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { chooseEncoding } from "../compression.ts";
import { staticFiles } from "./static-files.ts";

const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i % 37}`))};\n`;

/** A build with one script, its .br and .gz beside it, and a woff2 font (never precompressed). */
async function builtDist(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "nomina-compressed-"));
  await writeFile(path.join(dir, "app.js"), SCRIPT);
  await writeFile(path.join(dir, "app.js.br"), brotliCompressSync(SCRIPT));
  await writeFile(path.join(dir, "app.js.gz"), gzipSync(SCRIPT));
  await writeFile(path.join(dir, "font.woff2"), Buffer.alloc(2048, 7));
  await writeFile(path.join(dir, "app.js.map"), JSON.stringify({ version: 3, sources: ["app.ts"], sourcesContent: ["secret"] }));
  return dir;
}

describe("choosing an encoding from Accept-Encoding", () => {
  it("prefers br, then gzip, honours q-values and refusals, and falls back to identity", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseEncoding("gzip")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip")).toBe("gzip");
    expect(chooseEncoding("br;q=0.2, gzip;q=0.8")).toBe("gzip");
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding("identity")).toBeNull();
    expect(chooseEncoding("")).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });
});

describe("the built app's files", () => {
  let app: Hono;
  beforeAll(async () => {
    app = new Hono();
    app.use("*", staticFiles(await builtDist()));
    app.all("*", (c) => c.text("not a file", 404));
  });
  const get = (pathname: string, headers: Record<string, string> = {}) => app.request(pathname, { headers });

  it("are sent as brotli to a client that takes it, with Vary, the variant's own length and ETag", async () => {
    const response = await get("/app.js", { "accept-encoding": "gzip, deflate, br" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
    expect(response.headers.get("content-type")).toMatch(/^text\/javascript/);
    const body = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get("content-length"))).toBe(body.length);
    expect(body.length).toBeLessThan(Buffer.byteLength(SCRIPT));
    expect(brotliDecompressSync(body).toString()).toBe(SCRIPT);
  });

  it("are sent gzipped to a client that takes only gzip, and as they are to one that takes neither", async () => {
    const gzipped = await get("/app.js", { "accept-encoding": "gzip" });
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString()).toBe(SCRIPT);
    const plain = await get("/app.js");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toBe("Accept-Encoding");
    expect(await plain.text()).toBe(SCRIPT);
    expect(Number(plain.headers.get("content-length"))).toBe(Buffer.byteLength(SCRIPT));
    const refused = await get("/app.js", { "accept-encoding": "br;q=0, gzip;q=0" });
    expect(refused.headers.get("content-encoding")).toBeNull();
  });

  it("answer a matching If-None-Match with 304, each encoding under its own ETag", async () => {
    const brotli = await get("/app.js", { "accept-encoding": "br" });
    const plain = await get("/app.js");
    const [brTag, plainTag] = [brotli.headers.get("etag")!, plain.headers.get("etag")!];
    expect(brTag).toMatch(/^"[^"]+"$/);
    expect(brTag).not.toBe(plainTag);
    const unchanged = await get("/app.js", { "accept-encoding": "br", "if-none-match": brTag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get("etag")).toBe(brTag);
    expect(unchanged.headers.get("vary")).toBe("Accept-Encoding");
    expect(await unchanged.text()).toBe("");
    // The plain file's tag does not stand for the brotli variant.
    expect((await get("/app.js", { "accept-encoding": "br", "if-none-match": plainTag })).status).toBe(200);
  });

  it("send an already compressed font as it is, and leave paths that are no file to the routes after", async () => {
    const font = await get("/font.woff2", { "accept-encoding": "br, gzip" });
    expect(font.status).toBe(200);
    expect(font.headers.get("content-encoding")).toBeNull();
    expect(font.headers.get("content-type")).toBe("font/woff2");
    expect((await get("/nothing.js", { "accept-encoding": "br" })).status).toBe(404);
    expect((await get("/%2e%2e/etc/passwd")).status).toBe(404);
  });

  it("never send a source map: the build keeps them for operators, not for every visitor", async () => {
    for (const name of ["/app.js.map", "/app.js.MAP", "/app.js%2emap"]) expect((await get(name)).status, name).toBe(404);
  });
});

type Raw = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** A request over node:http, which (unlike fetch) hands back the body as it came. */
function raw(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: options.method ?? "GET", headers: options.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on("error", reject);
    request.end(options.body);
  });
}

const decoded = (answer: Raw) =>
  (answer.headers["content-encoding"] === "br"
    ? brotliDecompressSync(answer.body)
    : answer.headers["content-encoding"] === "gzip"
      ? gunzipSync(answer.body)
      : answer.body
  ).toString();

describe.each(databaseKinds)("answers compressed on the fly on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => (app = await startTestApp(kind)));
  afterAll(() => app.stop());

  it("compresses a REST answer over 1 KB for a client that takes it, and leaves a small one alone", async () => {
    const large = await raw(`${app.url}/api/agents`, { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(large.status).toBe(200);
    expect(large.headers["content-encoding"]).toBe("br");
    expect(large.headers.vary).toMatch(/Accept-Encoding/);
    expect(Number(large.headers["content-length"])).toBe(large.body.length);
    const list = JSON.parse(decoded(large)) as unknown[];
    expect(Buffer.byteLength(JSON.stringify(list))).toBeGreaterThan(1024);
    const gzipped = await raw(`${app.url}/api/agents`, { headers: { "accept-encoding": "gzip" } });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(decoded(gzipped))).toEqual(list);
    const plain = await raw(`${app.url}/api/agents`);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toEqual(list);

    const small = await raw(`${app.url}/api/agents/no-such-agent`, { headers: { "accept-encoding": "br, gzip" } });
    expect(small.status).toBe(404);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toMatchObject({ message: expect.any(String) });
  });

  it("compresses a GraphQL answer over 1 KB, and leaves a small one alone", async () => {
    const post = (query: string, encoding: string) =>
      raw(`${app.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", "accept-encoding": encoding },
        body: JSON.stringify({ query }),
      });
    const large = await post("{ agents(first: 20) { edges { node { id name description personality } } } }", "gzip, br");
    expect(large.status).toBe(200);
    expect(large.headers["content-encoding"]).toBe("br");
    expect(large.headers.vary).toMatch(/Accept-Encoding/);
    expect(Number(large.headers["content-length"])).toBe(large.body.length);
    const data = JSON.parse(decoded(large)) as { data: { agents: { edges: unknown[] } } };
    expect(data.data.agents.edges.length).toBeGreaterThan(1);
    expect((await post("{ agents(first: 20) { edges { node { id name description personality } } } }", "gzip")).headers["content-encoding"]).toBe("gzip");
    const small = await post("{ agents(first: 1) { edges { cursor } } }", "gzip, br");
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toMatchObject({ data: { agents: { edges: [{ cursor: expect.any(String) }] } } });
  });

  it("sends a subscription's server-sent events as they happen, uncompressed, to a client that takes compression", async () => {
    const agent = await app.db.prisma.agent.findFirstOrThrow();
    const received: string[] = [];
    let heard!: () => void;
    const event = new Promise<void>((resolve) => (heard = resolve));
    const request = httpRequest(`${app.url}/graphql?query=${encodeURIComponent("subscription { ritualLogAdded { id } }")}`, {
      headers: { accept: "text/event-stream", "accept-encoding": "gzip, deflate, br", "x-graphql-yoga-csrf": "1" },
    });
    const opened = new Promise<IncomingHttpHeaders>((resolve, reject) => {
      request.on("response", (response) => {
        response.on("data", (chunk: Buffer) => {
          received.push(chunk.toString());
          if (received.join("").includes("ritualLogAdded")) heard();
        });
        resolve(response.headers);
      });
      request.on("error", (error) => (request.destroyed ? undefined : reject(error)));
    });
    request.end();
    try {
      const headers = await opened;
      expect(headers["content-type"]).toMatch(/^text\/event-stream/);
      // Yoga marks the stream "none", so that no proxy holds it back to compress it either.
      expect([undefined, "none"]).toContain(headers["content-encoding"]);
      // The stream is open; an event published now arrives while it stays open.
      const nominated = await app.request("POST", "/api/council/nominate", { agentId: agent.id, agentName: "", nominatedBy: "", reason: "" });
      expect(nominated.status).toBe(201);
      await event;
      expect(request.destroyed).toBe(false);
    } finally {
      request.destroy();
    }
  });
});
