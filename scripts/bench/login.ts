// The cost of one login: the argon2id parameters, the hash verification alone (in this
// process, as the server runs it), and POST /api/auth/login against the built app, one at a
// time, with the server's CPU time per login.
import { hash, verify } from "@node-rs/argon2";
import { loadavg } from "node:os";
import { ARGON2_PARAMS } from "../../api/src/domains/accounts/passwords.ts";
import { median, percentile, summary } from "./report.ts";
import { pgliteDatabase, postgresDatabase, startApp, type BenchDatabase } from "./servers.ts";

const PORT = Number(process.env.BENCH_LOGIN_PORT ?? 4710);
const LOGINS = Number(process.env.BENCH_LOGINS ?? 40);
const WARM_UP = 5;
const ACCOUNT = { name: "Bench Seeker", email: "bench@example.com", password: "a password of ordinary length" };

async function post(url: string, body: unknown): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

async function verifyAlone(): Promise<number[]> {
  const stored = await hash(ACCOUNT.password, ARGON2_PARAMS);
  const times: number[] = [];
  for (let i = 0; i < WARM_UP + LOGINS; i++) {
    const started = performance.now();
    if (!(await verify(stored, ACCOUNT.password))) throw new Error("argon2 verify failed");
    if (i >= WARM_UP) times.push(performance.now() - started);
  }
  return times;
}

async function loginsOn(database: BenchDatabase): Promise<{ times: number[]; cpuPerLogin: number }> {
  const server = await startApp(database.env, PORT);
  try {
    const registered = await post(`${server.url}/api/auth/register`, ACCOUNT);
    if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
    const login = () => post(`${server.url}/api/auth/login`, { email: ACCOUNT.email, password: ACCOUNT.password });
    for (let i = 0; i < WARM_UP; i++) await login();
    const times: number[] = [];
    const cpuBefore = server.cpuMs();
    for (let i = 0; i < LOGINS; i++) {
      const { status, ms } = await login();
      if (status !== 200) throw new Error(`login answered ${status}`);
      times.push(ms);
    }
    return { times, cpuPerLogin: (server.cpuMs() - cpuBefore) / LOGINS };
  } finally {
    await server.stop();
    await database.drop();
  }
}

export async function loginBenchmark(serverUrl: string | undefined): Promise<string> {
  const load = loadavg()[0]!.toFixed(2);
  const alone = await verifyAlone();
  const rows: [string, Awaited<ReturnType<typeof loginsOn>>][] = [["PGlite (embedded)", await loginsOn(await pgliteDatabase())]];
  if (serverUrl) rows.push(["PostgreSQL 15 (local server)", await loginsOn(await postgresDatabase(serverUrl, "login"))]);
  const { memoryCost, timeCost, parallelism } = ARGON2_PARAMS;
  return [
    "## The cost of one login",
    "",
    `Passwords are hashed with **argon2id, m=${memoryCost} KiB (19 MiB), t=${timeCost}, p=${parallelism}** (\`@node-rs/argon2\`, OWASP's minimum),`,
    "so checking one password costs about what the first row says, on purpose: guessing is as slow for an attacker.",
    `A login is \`POST /api/auth/login\` against the built app (\`node api/dist/main.js\`, \`NODE_ENV=production\`), one at a time,`,
    `${LOGINS} measured after ${WARM_UP} warm-up: argon2 verification, a session row, the login count and a signed token.`,
    "Server CPU is user + system time of the server process per login. An unknown email costs the same (a decoy hash is checked).",
    "",
    "| what | median | p90 | all | server CPU per login |",
    "|---|---|---|---|---|",
    `| argon2id verify alone (in process) | ${median(alone).toFixed(1)} ms | ${percentile(alone, 90).toFixed(1)} ms | ${summary(alone, "ms", 1)} | |`,
    ...rows.map(
      ([label, { times, cpuPerLogin }]) =>
        `| login over HTTP, ${label} | ${median(times).toFixed(1)} ms | ${percentile(times, 90).toFixed(1)} ms | ${summary(times, "ms", 1)} | ${cpuPerLogin.toFixed(1)} ms |`,
    ),
    "",
    `Load average (1 min) when the benchmark started: ${load}; other work on the machine shares its cores.`,
  ].join("\n");
}
