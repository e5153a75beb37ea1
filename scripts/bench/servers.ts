// Processes and databases for the load benchmarks: a throwaway database (a PGlite directory or
// a fresh PostgreSQL database), the built app or the bare listing server on it, each in its
// own process, and what the kernel says about that process (resident memory, CPU time).
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { randomBytes } from "node:crypto";
import type { Browser } from "playwright-core";
import type { FakeProviders } from "../../api/test/providers.ts";
import { SEATS, type Seat } from "../../api/src/minds/identity.ts";
import { launchBrowser } from "../browser.ts";
import { scratchDatabase } from "../scratch-database.ts";

const MAIN = new URL("../../api/dist/main.js", import.meta.url).pathname;
const PACKAGE = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { config: { nodeFlags: string } };

/** The Node.js flags `npm start` runs the server with (package.json `config.nodeFlags`); every server here gets them. */
export const NODE_FLAGS = PACKAGE.config.nodeFlags.split(/\s+/).filter(Boolean);
const BARE = new URL("./bare-server.ts", import.meta.url).pathname;
const CLOCK_TICKS_PER_SECOND = 100;

export type BenchDatabase = { label: string; env: Record<string, string>; drop(): Promise<void> };

export async function pgliteDatabase(): Promise<BenchDatabase> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "nomina-bench-"));
  return {
    label: "PGlite (embedded)",
    env: { DATA_DIR: dataDir, DATABASE_URL: "" },
    drop: () => rm(dataDir, { recursive: true, force: true }),
  };
}

export async function postgresDatabase(serverUrl: string, tag: string): Promise<BenchDatabase> {
  const database = await scratchDatabase(serverUrl, `nomina_bench_${tag}_${Date.now()}`);
  return { label: "PostgreSQL 15 (local server)", env: { DATABASE_URL: database.url }, drop: database.drop };
}

export type BenchServer = {
  url: string;
  pid: number;
  /** Resident set size now, in MiB (VmRSS from /proc/<pid>/status). */
  rssMiB(): number;
  /** User + system CPU time consumed so far, in ms (from /proc/<pid>/stat). */
  cpuMs(): number;
  stop(): Promise<void>;
};

/** Every child still running, so that a failing benchmark leaves none behind. */
const children = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of children) child.kill("SIGKILL");
});

/** The built app (`node api/dist/main.js`), as `npm start` and startup.ts run it. */
export function startApp(env: Record<string, string>, port: number): Promise<BenchServer> {
  return startProcess([MAIN], env, port, "/healthz");
}

/**
 * The built app on a fresh PGlite database (the genesis agents) and a headless Chromium, for the
 * benchmarks that load its pages: `run` gets both, and the browser, the app and the database
 * are closed after it, whether it returns or throws.
 */
export async function withAppInBrowser<T>(port: number, run: (app: BenchServer, browser: Browser) => Promise<T>): Promise<T> {
  const database = await pgliteDatabase();
  const app = await startApp(database.env, port);
  const browser = await launchBrowser();
  try {
    return await run(app, browser);
  } finally {
    await browser.close();
    await app.stop();
    await database.drop();
  }
}

/** The bare node:http listing server, on the same database and the same Prisma client. */
export function startBare(env: Record<string, string>, port: number): Promise<BenchServer> {
  return startProcess(["--import", "tsx", BARE], env, port, "/");
}

async function startProcess(args: string[], env: Record<string, string>, port: number, readyPath: string): Promise<BenchServer> {
  const child = spawn(process.execPath, [...NODE_FLAGS, ...args], {
    env: {
      ...process.env,
      JWT_SECRET: "benchmark-secret-not-for-production-use",
      // One process on its own database: a REDIS_URL in the caller's environment (CI sets one)
      // would share write limits and events with every other server that ever used that Redis.
      REDIS_URL: "",
      // The benchmarks send documents of their own; scale sends the web app's persisted ids, as
      // deployed, and turns this back on.
      PERSISTED_OPERATIONS_ONLY: "off",
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  children.add(child);
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => void (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  void exited.then(() => children.delete(child));
  const pid = child.pid!;
  const url = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const killer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    child.kill("SIGTERM");
    await exited;
    clearTimeout(killer);
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    const ok = await fetch(url + readyPath).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`${args.at(-1)} did not start (exit ${child.exitCode}): ${stderr}`);
    }
    await sleep(50);
  }

  return {
    url,
    pid,
    rssMiB: () => rssMiB(pid),
    cpuMs: () => cpuMs(pid),
    stop,
  };
}

export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
  return kb / 1024;
}

export function cpuMs(pid: number): number {
  // Fields after the parenthesised command name; utime and stime are the 14th and 15th.
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

const ENV_PREFIX: Record<Seat, string> = { gemini: "GEMINI", claude: "ANTHROPIC", perplexity: "PERPLEXITY", deepseek: "DEEPSEEK" };

/**
 * The app's environment with every seat keyed and pointed at its local stand-in, run as an
 * operator who pays for the models would (quotas counted, never refused; no per-address write
 * limit), plus `extra`.
 */
export function keyedSeatsEnv(providers: Pick<FakeProviders, "baseUrls">, extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = { MINDS_TIMEOUT_MS: "30000", DAILY_QUOTAS: "off", ANONYMOUS_WRITE_LIMIT: "off", ...extra };
  for (const seat of SEATS) {
    env[`${ENV_PREFIX[seat]}_API_KEY`] = `sk-bench-${randomBytes(12).toString("hex")}`;
    env[`${ENV_PREFIX[seat]}_BASE_URL`] = providers.baseUrls[seat];
  }
  return env;
}
