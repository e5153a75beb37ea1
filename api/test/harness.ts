// Starts the real app on a free port over a fresh database, and speaks to it over real HTTP.
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp, type App, type RunningApp } from "../src/app.ts";
import type { Clock } from "../src/clock.ts";
import { loadConfig, type Config } from "../src/config.ts";
import { createLogger, type Logger } from "../src/logger.ts";
import { createTestDatabase, type DatabaseKind, type TestDatabase } from "./databases.ts";

export type TestApp = RunningApp & {
  app: App;
  database: TestDatabase;
  config: Config;
  /** POSTs a GraphQL operation; returns the parsed body and the status. */
  graphql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<{ status: number; data?: T; errors?: { message: string; extensions?: Record<string, unknown> }[] }>;
  request(method: string, pathname: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  /** Counts the SQL statements `work` causes. */
  countQueries(work: () => Promise<unknown>): Promise<number>;
  stop(): Promise<void>;
};

/** A stand-in for the built web app, so server tests do not depend on a Vite build. */
export async function fixtureWebDist(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "nomina-web-"));
  await writeFile(path.join(dir, "index.html"), "<!doctype html><title>Nomina</title><div id=root></div>");
  return dir;
}

export type TestAppOptions = Partial<Config> & { database?: TestDatabase; logger?: Logger; clock?: Clock };

/** No write or login limits: for tests that write more than one visitor may in a minute. */
export const NO_LIMITS: Config["limits"] = { anonymousWrites: null, loginPerEmail: null, loginPerAddress: null };

export async function startTestApp(kind: DatabaseKind, options: TestAppOptions = {}): Promise<TestApp> {
  const { logger, clock, database: given, ...overrides } = options;
  const database = given ?? (await createTestDatabase(kind, { inMemory: true }));
  const config: Config = {
    ...loadConfig({ NODE_ENV: "test" }),
    port: 0,
    host: "127.0.0.1",
    // TEST_LOG_LEVEL=warn shows what the server logs while a test runs.
    logLevel: (process.env.TEST_LOG_LEVEL as Config["logLevel"]) ?? "silent",
    dataDir: database.dataDir,
    databaseUrl: database.databaseUrl,
    webDist: await fixtureWebDist(),
    // Each domain's tests act many times a day from one address; the quotas have tests of
    // their own (domains/usage), which turn them on.
    dailyQuotas: false,
    // The server's timeouts answer 503 when the database is too busy; a test on a loaded machine
    // (CI beside other work) waits instead. Tests of the timeouts themselves set their own.
    databaseStatementTimeoutMs: 60_000,
    databaseTransactions: { maxWaitMs: 60_000, timeoutMs: 120_000 },
    ...overrides,
  };
  const app = buildApp(config, { logger: logger ?? createLogger(config.logLevel), clock, pgliteImage: database.image });
  const running = await app.start();
  // Each request on a connection of its own (Connection: close). The database runs in this very
  // process, so a long statement holds up the client's timers with the server's: after such a
  // pause the server could close an idle kept-alive connection just as fetch sent the next request
  // on it ("other side closed"), a race of the harness and not of the app.
  const request = (method: string, pathname: string, body?: unknown, given: Record<string, string> = {}) => {
    const headers = { connection: "close", ...given };
    return fetch(`${running.url}${pathname}`, {
      method,
      headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
  };
  return {
    ...running,
    app,
    database,
    config,
    request,
    async graphql(query, variables, headers) {
      const response = await request("POST", "/graphql", { query, variables }, headers);
      return { status: response.status, ...(await response.json()) };
    },
    async countQueries(work) {
      let count = 0;
      const unsubscribe = running.db.onQuery(() => count++);
      try {
        await work();
      } finally {
        unsubscribe();
      }
      return count;
    },
    async stop() {
      await app.stop();
      if (!given) await database.drop();
    },
  };
}

/** One directive's value in a response's Content-Security-Policy ("" when it is absent). */
export function cspDirective(response: Response, name: string): string {
  const policy = response.headers.get("content-security-policy") ?? "";
  const directive = policy
    .split(";")
    .map((part) => part.trim())
    .find((part) => part === name || part.startsWith(`${name} `));
  return directive?.slice(name.length).trim() ?? "";
}
