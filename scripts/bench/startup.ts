// Cold start to first answered request: spawn the built server, poll GET /api/agents until
// it answers 200 with the genesis agents. "Cold" is an empty database (PGlite initdb or a new
// PostgreSQL database, migrations, genesis seed); "restart" reopens the same database.
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { summary } from "./report.ts";
import { NODE_FLAGS } from "./servers.ts";

const MAIN = new URL("../../api/dist/main.js", import.meta.url).pathname;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

async function timeToFirstAnswer(env: Record<string, string>, port: number): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [...NODE_FLAGS, MAIN], {
    env: {
      ...process.env,
      JWT_SECRET: "benchmark-secret-not-for-production-use",
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
    },
    stdio: "ignore",
  });
  try {
    for (;;) {
      const answered = await fetch(`http://127.0.0.1:${port}/api/agents`)
        .then(async (r) => r.status === 200 && (await r.json()).agents.length > 0)
        .catch(() => false);
      if (answered) return performance.now() - started;
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      await sleep(10);
    }
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
  }
}

async function pglite(): Promise<{ cold: number[]; restart: number[] }> {
  const cold: number[] = [];
  const restart: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const dataDir = await mkdtemp(path.join(tmpdir(), "nomina-bench-"));
    try {
      cold.push(await timeToFirstAnswer({ DATA_DIR: dataDir, DATABASE_URL: "" }, 4701));
      restart.push(await timeToFirstAnswer({ DATA_DIR: dataDir, DATABASE_URL: "" }, 4701));
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  return { cold, restart };
}

async function postgres(serverUrl: string): Promise<{ cold: number[]; restart: number[] }> {
  const cold: number[] = [];
  const restart: number[] = [];
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    for (let i = 0; i < RUNS; i++) {
      const name = `nomina_bench_${i}_${Date.now()}`;
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      try {
        cold.push(await timeToFirstAnswer({ DATABASE_URL: url.toString() }, 4702));
        restart.push(await timeToFirstAnswer({ DATABASE_URL: url.toString() }, 4702));
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    }
  } finally {
    await admin.end();
  }
  return { cold, restart };
}

export async function startupBenchmark(serverUrl: string | undefined): Promise<string> {
  const lite = await pglite();
  const lines = [
    "## Cold start to first answered request",
    "",
    "From spawning `node api/dist/main.js` to the first `200` from `GET /api/agents` listing the genesis agents.",
    "Cold: empty database (PGlite creates its cluster; migrations; genesis seed). Restart: the same database again.",
    "",
    "| database | cold start | restart |",
    "|---|---|---|",
    `| PGlite (embedded) | ${summary(lite.cold)} | ${summary(lite.restart)} |`,
  ];
  if (serverUrl) {
    const server = await postgres(serverUrl);
    lines.push(`| PostgreSQL 15 (local server) | ${summary(server.cold)} | ${summary(server.restart)} |`);
  } else {
    lines.push("| PostgreSQL | not measured: DATABASE_URL was not set | |");
  }
  return lines.join("\n");
}
