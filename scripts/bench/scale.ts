// Scale (#20): every screen's operation on a network of 100,000 agents (or `--agents 1000000`),
// seeded by SQL into a scratch PostgreSQL database in the shapes of api/test/scale.ts (26 %
// remixes, lineages 12 deep, nominations, members, whispers, logs). Each operation is sent as the
// web app sends it (the Relay compiler's text, over HTTP to the built app) by one client, then by
// 20 connections at once, beside two floors: the SQL floor (EXPLAIN ANALYZE of the statements the
// operation made: planning + execution, and the rows their scans read) and the node-postgres
// floor (the same statements sent by a bare pg client, one after another). Last, a profile's
// latency while 20 connections load The Named.
// Goals: at 1M agents every operation's p95 under 50 ms alone, The Named at least 200 requests a
// second at 20 connections, a profile's p99 under 100 ms while 20 clients load The Named.
import { loadavg } from "node:os";
import autocannon from "autocannon";
import pg from "pg";
import { buildApp } from "../../api/src/app.ts";
import { loadConfig } from "../../api/src/config.ts";
import { openDatabase } from "../../api/src/db/client.ts";
import { prepareDatabase } from "../../api/src/db/prepare.ts";
import { createLogger } from "../../api/src/logger.ts";
import {
  DEEPEST_REMIX_SEED,
  SCALE_CREATOR_ID,
  cursorOf,
  explainStatement,
  isRead,
  mostRemixedSeed,
  scaleCounts,
  seedScale,
  seededAgentQuery,
  webOperationId,
  type Statement,
} from "../../api/test/scale.ts";
import { median, percentile } from "./report.ts";
import { postgresDatabase, startApp, startBare, type BenchServer } from "./servers.ts";

const PORT = 4695;
const CONNECTIONS = 20;
const SINGLE_WARMUP = 10;
const SINGLE_RUNS = Number(process.env.BENCH_SCALE_RUNS ?? 100);
const FLOOR_RUNS = 30;
const LOAD_WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 2);
const LOAD_SECONDS = Number(process.env.BENCH_DURATION ?? 6);
const GOAL_P95_MS = 50;
const GOAL_NAMED_RPS = 200;
const GOAL_PROFILE_P99_MS = 100;
/** Tables the seed fills: their secondary indexes are built once after the load, not row by row. */
const SEEDED_TABLES = ["agents", "agent_nominations", "ritual_logs", "council_members", "whispers", "council_whispers"];

type Operation = {
  screen: string;
  name: string;
  method: "GET" | "POST";
  path: string;
  body?: string;
  /** The Named's first screen: the one measured for throughput and under which the profile is read. */
  named?: boolean;
  profile?: boolean;
};

type Figures = {
  operation: Operation;
  bytes: number;
  single: number[];
  /** At 20 connections; cpuMs is the server process's CPU time (user + system) per answered request. */
  load: { rps: number; p50: number; p99: number; failed: number; cpuMs: number };
  sqlMs: number;
  rowsRead: number;
  statements: number;
  pgFloor: number[];
};

const graphqlOp = (screen: string, name: string, operation: string, variables: Record<string, unknown> = {}, extra: Partial<Operation> = {}): Operation => ({
  screen,
  name,
  method: "POST",
  path: "/graphql",
  // As the built web app sends it: the persisted id alone (the server refuses other documents).
  body: JSON.stringify({ operationName: operation, variables, extensions: { persistedQuery: { version: 1, sha256Hash: webOperationId(operation) } } }),
  ...extra,
});

const ms = (value: number) => (value < 10 ? value.toFixed(1) : value.toFixed(0));

async function send(url: string, operation: Operation): Promise<{ status: number; text: string }> {
  const response = await fetch(url + operation.path, {
    method: operation.method,
    headers: operation.body ? { "content-type": "application/json" } : {},
    body: operation.body,
  });
  return { status: response.status, text: await response.text() };
}

/** Sends it once and fails loudly if the answer is not a clean 200. */
async function check(url: string, operation: Operation): Promise<number> {
  const { status, text } = await send(url, operation);
  if (status !== 200 || text.includes('"errors"')) throw new Error(`${operation.name}: ${status} ${text.slice(0, 400)}`);
  return Buffer.byteLength(text);
}

async function singleClient(url: string, operation: Operation): Promise<number[]> {
  for (let i = 0; i < SINGLE_WARMUP; i++) await send(url, operation);
  const times: number[] = [];
  for (let i = 0; i < SINGLE_RUNS; i++) {
    const start = performance.now();
    await send(url, operation);
    times.push(performance.now() - start);
  }
  return times;
}

async function underLoad(server: BenchServer, operation: Operation, seconds = LOAD_SECONDS) {
  const options = {
    url: server.url + operation.path,
    connections: CONNECTIONS,
    timeout: 60,
    method: operation.method,
    ...(operation.body ? { headers: { "content-type": "application/json" }, body: operation.body } : {}),
  };
  await autocannon({ ...options, duration: LOAD_WARMUP_SECONDS });
  const cpuBefore = server.cpuMs();
  const result = await autocannon({ ...options, duration: seconds });
  const cpuMs = (server.cpuMs() - cpuBefore) / result.requests.total;
  return { rps: result.requests.total / result.duration, p50: result.latency.p50, p99: result.latency.p99, failed: result.errors + result.non2xx, cpuMs };
}

/** Seeds by SQL; the seeded tables' secondary indexes are dropped first and built again after. */
export async function seed(databaseUrl: string, agents: number, log: (line: string) => void): Promise<number> {
  const db = await openDatabase({ databaseUrl, dataDir: "/tmp" });
  const started = performance.now();
  try {
    await prepareDatabase(db, createLogger("warn"));
    const session = await db.session();
    try {
      const indexes = await session.query<{ name: string; definition: string }>(
        `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
         WHERE i.schemaname = 'public' AND i.tablename = ANY($1)
           AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
        [SEEDED_TABLES],
      );
      for (const index of indexes) await session.exec(`DROP INDEX "${index.name}"`);
      await seedScale(session, { agents }, (step, of) => log(`  seed ${step}/${of} (${((performance.now() - started) / 1000).toFixed(0)} s)`));
      await session.exec("SET maintenance_work_mem = '256MB'");
      for (const index of indexes) await session.exec(index.definition);
      log(`  indexes built (${((performance.now() - started) / 1000).toFixed(0)} s)`);
      await session.exec("VACUUM ANALYZE");
    } finally {
      await session.release();
    }
  } finally {
    await db.close();
  }
  return (performance.now() - started) / 1000;
}

/** The operations' statements, as the app sends them: read by an app in this process listening to Prisma. */
async function statementsOf(databaseUrl: string, operations: Operation[]): Promise<Map<Operation, Statement[]>> {
  const config = {
    ...loadConfig({ NODE_ENV: "test" }),
    port: 0,
    host: "127.0.0.1",
    logLevel: "silent" as const,
    databaseUrl,
    dailyQuotas: false,
    responseCacheTtlMs: 0,
  };
  const app = buildApp(config);
  const running = await app.start();
  const found = new Map<Operation, Statement[]>();
  try {
    for (const operation of operations) {
      await send(running.url, operation); // warm: caches, prepared plans
      const statements: Statement[] = [];
      const stop = running.db.onQuery((sql, params) => statements.push({ sql, params: JSON.parse(params) as unknown[] }));
      await check(running.url, operation);
      stop();
      found.set(
        operation,
        statements.filter((statement) => isRead(statement.sql)),
      );
    }
  } finally {
    await app.stop();
  }
  return found;
}

async function floors(databaseUrl: string, statements: Statement[]) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const session = { query: async <Row>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as Row[] };
  try {
    const sql: number[] = [];
    let rowsRead = 0;
    for (let run = 0; run < FLOOR_RUNS; run++) {
      let total = 0;
      rowsRead = 0;
      for (const statement of statements) {
        const figures = await explainStatement(session, statement);
        total += figures.planningMs + figures.executionMs;
        rowsRead += figures.rowsRead;
      }
      sql.push(total);
    }
    const raw: number[] = [];
    for (let run = 0; run < FLOOR_RUNS * 3; run++) {
      const start = performance.now();
      for (const statement of statements) await client.query(statement.sql, statement.params);
      raw.push(performance.now() - start);
    }
    return { sqlMs: median(sql), rowsRead, pgFloor: raw };
  } finally {
    await client.end();
  }
}

/** One client reading a profile while 20 connections load The Named: its latencies, and The Named's rate meanwhile. */
async function profileUnderNamed(server: BenchServer, named: Operation, profile: Operation): Promise<{ latencies: number[]; rps: number }> {
  let loading = true;
  const latencies: number[] = [];
  // autocannon answers a thenable, not a Promise.
  const background = Promise.resolve(
    autocannon({
      url: server.url + named.path,
      connections: CONNECTIONS,
      duration: LOAD_SECONDS * 2,
      timeout: 60,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: named.body,
    }),
  ).finally(() => (loading = false));
  await new Promise((resolve) => setTimeout(resolve, 1000));
  while (loading) {
    const start = performance.now();
    await send(server.url, profile);
    if (loading) latencies.push(performance.now() - start);
  }
  const result = await background;
  return { latencies, rps: result.requests.total / result.duration };
}

/** Rows deep into a list, and the seeded agents a profile shows. */
async function landmarks(databaseUrl: string, agents: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const one = async (sql: string) => (await client.query<{ id: string; username: string; name: string }>(sql)).rows[0]!;
    const page50 = 24 * 49 - 1;
    return {
      newest50: (await one(`SELECT id::text AS id FROM agents WHERE NOT archived ORDER BY created_at DESC, id DESC OFFSET ${page50} LIMIT 1`)).id,
      type50: (await one(`SELECT id::text AS id FROM agents WHERE NOT archived ORDER BY type, created_at DESC, id DESC OFFSET ${page50} LIMIT 1`)).id,
      name50: (await one(`SELECT id::text AS id FROM agents WHERE NOT archived ORDER BY name_key, id OFFSET ${page50} LIMIT 1`)).id,
      trending50: (await one(`SELECT id::text AS id FROM agents WHERE NOT archived ORDER BY trend_score DESC, id DESC OFFSET ${page50} LIMIT 1`)).id,
      creator50: (
        await one(
          `SELECT id::text AS id FROM agents WHERE NOT archived AND creator_id = '${SCALE_CREATOR_ID}' ORDER BY created_at DESC, id DESC OFFSET ${12 * 49 - 1} LIMIT 1`,
        )
      ).id,
      popular: await one(seededAgentQuery(mostRemixedSeed({ agents }))),
      deepRemix: await one(seededAgentQuery(DEEPEST_REMIX_SEED)),
      onScreen: (
        await client.query<{ id: string }>(`SELECT id::text AS id FROM agents WHERE NOT archived ORDER BY created_at DESC, id DESC LIMIT 20`)
      ).rows.map((row) => row.id),
    };
  } finally {
    await client.end();
  }
}

function operationsFor(marks: Awaited<ReturnType<typeof landmarks>>): Operation[] {
  const named = (name: string, variables: Record<string, unknown>, extra: Partial<Operation> = {}) =>
    graphqlOp("The Named", name, "AgentGridPaginationQuery", { count: 24, ...variables }, extra);
  return [
    graphqlOp(
      "The Named",
      "as it opens: types and the newest 24",
      "TheNamedRouteQuery",
      { search: null, type: null, sort: "NEWEST", includeArchived: false },
      { named: true },
    ),
    named("page 50, newest", { cursor: cursorOf(marks.newest50) }),
    named("oldest first", { sort: "OLDEST" }),
    named("by name", { sort: "NAME" }),
    named("by name, page 50", { sort: "NAME", cursor: cursorOf(marks.name50) }),
    named("by type", { sort: "TYPE" }),
    named("by type, page 50", { sort: "TYPE", cursor: cursorOf(marks.type50) }),
    named("type filter: remix", { type: "remix" }),
    named("with archived agents", { includeArchived: true }),
    named('search "4848" (rare)', { search: "4848" }),
    named('search "nebula" (1 name in 47)', { search: "nebula" }),
    named('search "qu" (two letters: by prefix)', { search: "qu" }),
    // Search by what agents are (#30), by relevance as The Named asks once a search is typed.
    named('search "haiku" by relevance (a description word, 1 agent in 1,000)', { search: "haiku", sort: "RELEVANCE" }),
    named('search "melancholic" by relevance (a trait, 1 agent in 1,000)', { search: "melancholic", sort: "RELEVANCE" }),
    named('search "curious" by relevance (a trait of nearly every agent)', { search: "curious", sort: "RELEVANCE" }),
    named('search "nebulla" by relevance (a typo of a name, 1 in 47)', { search: "nebulla", sort: "RELEVANCE" }),
    named('search "qu" by relevance (two letters)', { search: "qu", sort: "RELEVANCE" }),
    // Tags, trending and popular (#30).
    named("tag poetry (1 agent in 3)", { tag: "poetry" }),
    named("tag astronomy (1 agent in 1,000)", { tag: "astronomy" }),
    named("trending this week", { sort: "TRENDING" }),
    named("trending, page 50", { sort: "TRENDING", cursor: cursorOf(marks.trending50) }),
    named("most popular", { sort: "POPULAR" }),
    named("remixes trending", { sort: "TRENDING", type: "remix" }),
    { screen: "The Named", name: "REST `GET /api/tags` (the most carried)", method: "GET", path: "/api/tags" },
    // A creator's page (#30): one account made every tenth agent.
    graphqlOp("Creator", "totals and the newest 12 (1 agent in 10 is theirs)", "CreatorRouteQuery", { id: SCALE_CREATOR_ID }),
    graphqlOp("Creator", "their agents, page 50", "CreatorAgentsPaginationQuery", { id: SCALE_CREATOR_ID, count: 12, cursor: cursorOf(marks.creator50) }),
    { screen: "Creator", name: "REST `GET /api/creators/{id}`", method: "GET", path: `/api/creators/${SCALE_CREATOR_ID}` },
    graphqlOp("Profile", "the most remixed origin", "AgentProfileRouteQuery", { ref: marks.popular.username }, { profile: true }),
    graphqlOp("Profile", "a remix 12 deep", "AgentProfileRouteQuery", { ref: marks.deepRemix.username }),
    graphqlOp("Council", "agents to nominate", "NominationPanelQuery"),
    graphqlOp("Council", "recent whispers", "WhisperPanelQuery"),
    graphqlOp("Council", "ritual log", "RitualLogPanelQuery"),
    graphqlOp("Council", "ascended members", "AscendedMembersQuery"),
    { screen: "Council", name: "REST `GET /api/council/nominations` (the 100 most nominated)", method: "GET", path: "/api/council/nominations" },
    {
      screen: "Council",
      name: "REST `GET /api/council/nominations?agentIds=` (20 on screen)",
      method: "GET",
      path: `/api/council/nominations?agentIds=${marks.onScreen.join(",")}`,
    },
    graphqlOp("Witnessing", "the log and the whispers", "WitnessingRouteQuery"),
    graphqlOp("Witnessing", "forgings and remixes", "WitnessingRouteAgentsQuery"),
    graphqlOp("Evolution Gate", "totals, most remixed, recent remixes", "EvolutionGateRouteQuery"),
    graphqlOp("Evolution Gate", 'search "4848"', "EvolutionSearchRefetchQuery", { active: true, search: "4848" }),
    graphqlOp("Ancestry Map", "recent lineages with their trees", "LineageRouteQuery", { focus: "", focused: false }),
    graphqlOp("Ancestry Map", "a remix 12 deep in focus: its whole tree", "LineageRouteQuery", { focus: marks.deepRemix.id, focused: true }),
    graphqlOp("Ancestry Map", 'search "4848" anywhere in history', "AncestryMapPaginationQuery", { count: 12, filter: "ALL", search: "4848" }),
  ];
}

export async function scaleBenchmark(serverUrl: string, agents: number): Promise<string> {
  const log = (line: string) => console.log(line);
  const load1 = loadavg()[0]!;
  const database = await postgresDatabase(serverUrl, `scale_${agents}`);
  const databaseUrl = database.env.DATABASE_URL!;
  let server: BenchServer | undefined;
  try {
    log(`scale: seeding ${agents.toLocaleString("en")} agents...`);
    const seedSeconds = await seed(databaseUrl, agents, log);
    const marks = await landmarks(databaseUrl, agents);
    const operations = operationsFor(marks);
    log("scale: reading each operation's statements...");
    const statements = await statementsOf(databaseUrl, operations);

    // Each operation's own cost: the response cache off (it is measured below, on).
    server = await startApp({ ...database.env, RESPONSE_CACHE_TTL_MS: "0", PERSISTED_OPERATIONS_ONLY: "on" }, PORT);
    // The server's code is compiled as it first runs: every operation under load once before any is measured.
    log("scale: warming up...");
    for (const operation of operations) await underLoad(server, operation, 1);
    const results: Figures[] = [];
    for (const operation of operations) {
      log(`scale: ${operation.screen}: ${operation.name}`);
      const bytes = await check(server.url, operation);
      const single = await singleClient(server.url, operation);
      const load = await underLoad(server, operation);
      const floor = await floors(databaseUrl, statements.get(operation)!);
      results.push({ operation, bytes, single, load, ...floor, statements: statements.get(operation)!.length });
    }

    // A profile read by one client while 20 connections load The Named.
    const named = operations.find((operation) => operation.named)!;
    const profile = operations.find((operation) => operation.profile)!;
    log("scale: a profile while The Named is under load...");
    const { latencies: underNamed, rps: namedRps } = await profileUnderNamed(server, named, profile);
    await server.stop();
    server = undefined;

    // The public reads that every visitor shares, through the response cache (as deployed), beside
    // the floors for The Named's first page: node:http with node-postgres, and with Prisma.
    log("scale: cached public reads and the floors...");
    const cachedOps = [
      graphqlOp("The Named", "the first page of 24", "AgentGridPaginationQuery", { count: 24 }),
      ...operations.filter((operation) => operation.named || operation.profile || operation.screen === "Evolution Gate"),
    ];
    const cached: { operation: Operation; single: number[]; load: Figures["load"] }[] = [];
    const floorsAtLoad: { name: string; load: Figures["load"] }[] = [];
    const cachedServer = await startApp({ ...database.env, PERSISTED_OPERATIONS_ONLY: "on" }, PORT);
    let underNamedCached: number[] = [];
    try {
      for (const operation of cachedOps) {
        await check(cachedServer.url, operation);
        cached.push({ operation, single: await singleClient(cachedServer.url, operation), load: await underLoad(cachedServer, operation) });
      }
      underNamedCached = (await profileUnderNamed(cachedServer, named, profile)).latencies;
    } finally {
      await cachedServer.stop();
    }
    const bare = await startBare(database.env, PORT + 1);
    try {
      for (const [name, path] of [
        ["node:http + node-postgres (the raw floor)", "/raw"],
        ["node:http + Prisma (the app's listing function)", "/"],
      ] as const) {
        floorsAtLoad.push({ name, load: await underLoad(bare, { screen: "floor", name, method: "GET", path }) });
      }
    } finally {
      await bare.stop();
    }

    return report({ agents, seedSeconds, results, underNamed, namedRps, load1, cached, floorsAtLoad, underNamedCached });
  } finally {
    await server?.stop();
    await database.drop();
  }
}

type Cached = { operation: Operation; single: number[]; load: Figures["load"] };

function report(input: {
  agents: number;
  seedSeconds: number;
  results: Figures[];
  underNamed: number[];
  namedRps: number;
  load1: number;
  cached: Cached[];
  floorsAtLoad: { name: string; load: Figures["load"] }[];
  underNamedCached: number[];
}): string {
  const { agents, seedSeconds, results, underNamed, namedRps, load1, cached, floorsAtLoad, underNamedCached } = input;
  const rawFloor = floorsAtLoad[0]!.load.rps;
  const uncachedFirstPage = results.find((result) => result.operation.name === "as it opens: types and the newest 24");
  const cachedRows = cached.map(({ operation, single, load }) => {
    const uncached = results.find((result) => result.operation === operation);
    return `| ${operation.screen} | ${operation.name} | ${ms(median(single))} / ${ms(percentile(single, 95))} ms | **${load.rps.toFixed(0)}** | ${(load.rps / rawFloor).toFixed(2)}x | ${uncached ? `${uncached.load.rps.toFixed(0)} (${(uncached.load.rps / rawFloor).toFixed(2)}x)` : "—"} | ${load.p50} / ${load.p99} ms | ${load.cpuMs.toFixed(2)} ms |`;
  });
  const floorRows = floorsAtLoad.map(
    ({ name, load }) =>
      `| floor | ${name} | — | **${load.rps.toFixed(0)}** | ${(load.rps / rawFloor).toFixed(2)}x | — | ${load.p50} / ${load.p99} ms | ${load.cpuMs.toFixed(2)} ms |`,
  );
  const cachedProfileP99 = percentile(underNamedCached, 99);
  const counts = scaleCounts({ agents });
  const mark = (met: boolean) => (met ? "" : " ✗");
  const rows = results.map(({ operation, bytes, single, load, sqlMs, rowsRead, statements, pgFloor }) => {
    const p95 = percentile(single, 95);
    return `| ${operation.screen} | ${operation.name} | ${(bytes / 1024).toFixed(1)} KiB | ${ms(median(single))} ms | **${ms(p95)} ms**${mark(p95 < GOAL_P95_MS)} | ${load.rps.toFixed(0)}${operation.named ? `${mark(load.rps >= GOAL_NAMED_RPS)}` : ""} | ${load.p50} / ${load.p99} ms${load.failed ? ` (${load.failed} failed)` : ""} | ${load.cpuMs.toFixed(2)} ms | ${statements} | ${rowsRead.toLocaleString("en")} | ${ms(sqlMs)} ms | ${ms(median(pgFloor))} / ${ms(percentile(pgFloor, 95))} ms |`;
  });
  const worst = results.reduce((a, b) => (percentile(a.single, 95) > percentile(b.single, 95) ? a : b));
  const profileP99 = percentile(underNamed, 99);
  const named = results.find((result) => result.operation.named)!;
  return [
    `## ${agents.toLocaleString("en")} agents: every screen's operation (PostgreSQL 15)`,
    "",
    `A scratch database seeded by SQL (\`npm run bench -- scale${agents === 100_000 ? "" : ` --agents ${agents}`}\`, [scripts/bench/scale.ts](../scripts/bench/scale.ts), shapes in`,
    `[api/test/scale.ts](../api/test/scale.ts)): ${agents.toLocaleString("en")} agents (${counts.remixes.toLocaleString("en")} remixes in lineages up to 12 deep, about 1 % archived),`,
    `${counts.nominated.toLocaleString("en")} nominated one to five times (ascended at three), ${counts.whispers.toLocaleString("en")} whispers, ${counts.councilWhispers.toLocaleString("en")} council whispers, and their ritual log;`,
    `seeded in ${seedSeconds.toFixed(0)} s (indexes built after the load, then \`VACUUM ANALYZE\`).`,
    "Each operation is the web app's own (the Relay compiler's text and variables; REST as the contract has it), sent over HTTP",
    `to the built app (\`node api/dist/main.js\`, \`NODE_ENV=production\`, a pool of 10, the response cache off: each operation's own cost), once every operation has run under load for ${LOAD_WARMUP_SECONDS + 1} s. **Alone**: one client, ${SINGLE_RUNS} requests after ${SINGLE_WARMUP}.`,
    `**20 connections**: autocannon, ${LOAD_SECONDS} s after ${LOAD_WARMUP_SECONDS} s of warm-up, with the server process's CPU time per answered request. **SQL floor**: EXPLAIN ANALYZE of every statement the operation made`,
    `(captured from Prisma), planning + execution summed, median of ${FLOOR_RUNS}, and the rows their scans read. **node-postgres floor**: the same statements sent one after`,
    `another by a bare \`pg\` client, median / p95 of ${FLOOR_RUNS * 3}. Goals: p95 alone under ${GOAL_P95_MS} ms (✗ marks a miss); The Named at least ${GOAL_NAMED_RPS} requests a second at 20 connections.`,
    "",
    "| screen | operation | answer | alone p50 | alone p95 | req/s at 20 | p50 / p99 at 20 | server CPU / request | statements | rows read | SQL floor | node-postgres floor p50 / p95 |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ...rows,
    "",
    `Slowest alone: ${worst.operation.screen}, ${worst.operation.name}, p95 ${ms(percentile(worst.single, 95))} ms. The Named as it opens at 20 connections: **${named.load.rps.toFixed(0)} requests a second**${mark(named.load.rps >= GOAL_NAMED_RPS)}.`,
    "",
    `**A profile while 20 connections load The Named** (${namedRps.toFixed(0)} requests a second meanwhile): one client reading the most remixed origin's profile,`,
    `${underNamed.length} reads: p50 ${ms(median(underNamed))} ms, p95 ${ms(percentile(underNamed, 95))} ms, **p99 ${ms(profileP99)} ms**${profileP99 < GOAL_PROFILE_P99_MS ? " (met)" : " (missed)"} (goal under ${GOAL_PROFILE_P99_MS} ms).`,
    "",
    "",
    `### ${agents.toLocaleString("en")} agents: public reads through the response cache, beside the floors`,
    "",
    "The same built app with the response cache on (as deployed: `RESPONSE_CACHE_TTL_MS` 10 s, in-process without Redis), the same operations, and the floors for The Named's",
    "first page at 20 connections in the same run: a bare `node:http` server answering the newest 24 visible agents (every column, `JSON.stringify`) with node-postgres",
    "(`/raw`), and with the app's own Prisma listing function (`/`), [scripts/bench/bare-server.ts](../scripts/bench/bare-server.ts). Every write invalidates what it",
    "changed (nothing is written during the run: these are the figures of a read-mostly network between two forgings). Goals: cached reads at least the raw floor (1.00x),",
    "uncached at least 0.4x of it.",
    "",
    "| screen | operation | cached alone p50 / p95 | cached req/s at 20 | ÷ raw floor | uncached req/s at 20 (÷ raw floor) | cached p50 / p99 at 20 | server CPU / request |",
    "|---|---|---|---|---|---|---|---|",
    ...cachedRows,
    ...floorRows,
    "",
    `**A profile while 20 connections load The Named, cached**: ${underNamedCached.length} reads: p50 ${ms(median(underNamedCached))} ms, p95 ${ms(percentile(underNamedCached, 95))} ms, **p99 ${ms(cachedProfileP99)} ms**${cachedProfileP99 < GOAL_PROFILE_P99_MS ? " (met)" : " (missed)"} (goal under ${GOAL_PROFILE_P99_MS} ms; uncached above: ${ms(profileP99)} ms).`,
    uncachedFirstPage
      ? `The Named as it opens, uncached: ${uncachedFirstPage.load.rps.toFixed(0)} requests a second, ${(uncachedFirstPage.load.rps / rawFloor).toFixed(2)}x the raw floor (which answers the page without the type list).`
      : "",
    "",
    `Load average (1 min) when the benchmark started: ${load1.toFixed(2)}; the server, PostgreSQL and the load generator share the machine's 2 cores.`,
  ].join("\n");
}
