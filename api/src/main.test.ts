// The real process: started as `npm start` would, stopped with SIGTERM as an orchestrator would.
import { existsSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../test/databases.ts";
import { startServerProcess as startProcess } from "../test/process.ts";

/**
 * Starts a POST that stays in flight while we act: it asks to continue (Expect: 100-continue), so
 * the server's "100 Continue" says it has read the request and is serving it, and its body is
 * sent only when `finish` is called. No sleep stands in for that event.
 */
function slowGraphQLRequest(url: string) {
  const body = JSON.stringify({ query: "{ agents(first: 1) { edges { node { name } } } }" });
  const req = request(`${url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)), expect: "100-continue" },
  });
  const received = new Promise<void>((resolve) => req.once("continue", () => resolve()));
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on("response", (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => (text += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on("error", reject);
  });
  req.flushHeaders();
  return { received, finish: () => req.end(body), response };
}

/** Two processes start here, each opening its database: on a loaded machine that alone takes tens of seconds. */
const PROCESS_TEST_TIMEOUT_MS = 180_000;

describe.each(databaseKinds)("the server process on %s", (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
  });

  it(
    "finishes a request in flight on SIGTERM, exits 0, and its data directory reopens",
    async () => {
      database = await createTestDatabase(kind);
      const first = await startProcess(database);
      const inFlight = slowGraphQLRequest(first.url);
      await inFlight.received;

      first.child.kill("SIGTERM");
      // The server has heard the signal (and stopped listening) before the body arrives.
      await expect.poll(() => first.output().includes('"msg":"signal received"'), { timeout: 60_000 }).toBe(true);
      inFlight.finish();

      const answered = await inFlight.response;
      expect(answered.status).toBe(200);
      expect(JSON.parse(answered.body).data.agents.edges).toHaveLength(1);
      expect(await first.exited).toBe(0);
      // The data directory's lock is released, not left to go stale.
      expect(existsSync(path.join(database.dataDir, "nomina.lock"))).toBe(false);

      const second = await startProcess(database);
      try {
        const health = await fetch(`${second.url}/healthz`);
        expect(health.status).toBe(200);
        const { agents } = await (await fetch(`${second.url}/api/agents`)).json();
        expect(agents).toHaveLength(6);
      } finally {
        second.child.kill("SIGTERM");
        expect(await second.exited).toBe(0);
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
