// Fuzzing below the APIs (issue #14): any method, any path (percent-encoded bytes that are no
// UTF-8 included), any content type and charset, bodies of raw bytes, declared or streamed.
// Whatever arrives, every path answers below 500, the APIs in their error shapes.
import { request as httpRequest } from "node:http";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../../test/databases.ts";
import { checkGraphQL, checkRest, faultLog, refusalChangesNothing } from "../../test/fuzz/invariants.ts";
import { anyValue, fuzzOptions, fuzzTimeout, seed } from "../../test/fuzz/values.ts";
import { NO_LIMITS, startTestApp, type TestApp } from "../../test/harness.ts";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD", "PROPFIND"];
const PATHS = [
  "/graphql",
  "/api/agents",
  "/api/agents/remix",
  "/api/waitlist",
  "/api/council/whisper",
  "/api/auth/login",
  "/api/whispers/x",
  "/healthz",
  "/",
  "/the-named",
  "/embed/echo-haiku",
  "/whisper/x",
  "/agents/echo-haiku",
  "/assets/x.js",
];
const TYPES = [
  undefined,
  "application/json",
  "application/json; charset=latin1",
  "application/json; charset=utf-16",
  "application/graphql-response+json",
  "application/graphql",
  "text/plain",
  "text/plain; charset=utf-8",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=fuzz",
  "application/octet-stream",
  "image/png",
  ";;;",
];

/** Bytes that are no UTF-8 (a lone continuation, an overlong form, an encoded surrogate) among others. */
const pathBytes = fc
  .array(fc.oneof(fc.constantFrom("%ff", "%fe", "%c0%af", "%ed%a0%80", "%00", "%25", "..", "%2e%2e", "%2f"), fc.stringMatching(/^[a-z0-9._~-]{1,8}$/)), {
    maxLength: 4,
  })
  .map((parts) => parts.join(""));

const body = fc.oneof(
  fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
  anyValue.map((value) => Buffer.from(JSON.stringify(value) ?? "null")),
  fc.constant(Buffer.from('{"query":"{ agentTypes }"}')),
  fc.constant(Buffer.from([0x7b, 0x22, 0x71, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])),
  fc.constant(Buffer.alloc(0)),
);

function send(app: TestApp, method: string, path: string, type: string | undefined, payload: Buffer, streamed: boolean) {
  return new Promise<Response>((resolve, reject) => {
    const headers: Record<string, string> = { "x-graphql-yoga-csrf": "fuzz" };
    if (type) headers["content-type"] = type;
    if (!streamed && method !== "GET" && method !== "HEAD") headers["content-length"] = String(payload.length);
    const outgoing = httpRequest(`${app.url}${path}`, { method, headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("end", () =>
        resolve(
          new Response(method === "HEAD" || [204, 304].includes(incoming.statusCode!) ? null : Buffer.concat(chunks), {
            status: incoming.statusCode!,
            headers: incoming.headers as Record<string, string>,
          }),
        ),
      );
      incoming.on("error", reject);
    });
    outgoing.on("error", reject);
    if (method === "GET" || method === "HEAD") return void outgoing.end();
    if (streamed) {
      outgoing.write(payload.subarray(0, payload.length >> 1));
      outgoing.end(payload.subarray(payload.length >> 1));
    } else outgoing.end(payload);
  });
}

describe.each(databaseKinds)("the wire under generated requests on %s", (kind) => {
  let app: TestApp;
  const { logger, faults } = faultLog();
  beforeAll(async () => {
    app = await startTestApp(kind, { logger, limits: NO_LIMITS });
  });
  afterAll(async () => {
    expect((await app.request("GET", "/healthz")).status).toBe(200);
    await app.stop();
    expect(faults).toEqual([]);
  });

  it(
    "answers any method, path, content type and body below 500, the APIs in their shapes",
    async () => {
      const cases = fc.record({
        method: fc.constantFrom(...METHODS),
        path: fc.tuple(fc.constantFrom(...PATHS), fc.option(pathBytes, { nil: undefined })).map(([base, extra]) => (extra ? `${base}/${extra}` : base)),
        type: fc.constantFrom(...TYPES),
        payload: body,
        streamed: fc.boolean(),
      });
      await fc.assert(
        fc.asyncProperty(cases, async ({ method, path, type, payload, streamed }) => {
          const label = `${method} ${path} ${type ?? "(no type)"} ${streamed ? "chunked" : "declared"} (FUZZ_SEED=${seed})`;
          await refusalChangesNothing(app, faults, async () => {
            const response = await send(app, method, path, type, payload, streamed);
            if (method === "HEAD" || method === "OPTIONS") expect(response.status, label).toBeLessThan(500);
            else if (path === "/graphql") await checkGraphQL(response, label);
            else if (path.startsWith("/api/")) await checkRest(response, label);
            else expect(response.status, label).toBeLessThan(500);
            return response.status;
          });
        }),
        fuzzOptions(200),
      );
    },
    fuzzTimeout(200),
  );
});
