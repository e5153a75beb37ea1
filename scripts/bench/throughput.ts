// Agent listing under load: GraphQL `agents(first: 24)` and REST `GET /api/agents` on the
// built app, each against the bare node:http server (bare-server.ts) running the same Prisma
// query on the same database, at CONNECTIONS concurrent connections.
import { loadavg } from "node:os";
import { median } from "./report.ts";
import { measureLoad, CONNECTIONS, MEASURE_SECONDS, WARMUP_SECONDS, type Load, type Request } from "./load.ts";
import { NODE_FLAGS, pgliteDatabase, postgresDatabase, startApp, startBare, type BenchDatabase } from "./servers.ts";

const PORT = 4711;
const FORGED = Number(process.env.BENCH_AGENTS ?? 200);
const GOAL = 0.6;

const AGENTS_QUERY = "{ agents(first: 24) { edges { node { id name username glyph apiModel type archived } } } }";
const graphqlRequest: Request = {
  path: "/graphql",
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ query: AGENTS_QUERY }),
};

/** The six genesis agents come with the app; forge more through the API so the listing has work. */
async function seed(url: string): Promise<void> {
  const seats = ["gemini", "claude", "perplexity", "deepseek"];
  let next = 0;
  const forge = async () => {
    while (next < FORGED) {
      const i = next++;
      const response = await fetch(`${url}/api/agents`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          name: `Bench Agent ${i}`,
          glyph: "◈",
          personality: `A patient benchmark agent, number ${i}, forged so that the listing has real rows to read.`,
          apiModel: seats[i % seats.length],
        }),
      });
      if (response.status !== 201) throw new Error(`forging agent ${i}: ${response.status} ${await response.text()}`);
    }
  };
  await Promise.all(Array.from({ length: 4 }, forge));
}

/** A listing's answer: GraphQL's (data, errors) or REST's (agents). */
type Listing = { errors?: unknown; data?: { agents: { edges: unknown[] } }; agents?: unknown[] };

/** One request of each kind, checked, so that load is only measured on correct answers. */
async function check(url: string, request: Request, count: (body: Listing) => number | undefined, expected: number): Promise<number> {
  const { path, ...init } = request;
  const response = await fetch(url + path, init);
  const text = await response.text();
  const body = JSON.parse(text) as Listing;
  if (response.status !== 200 || body.errors || count(body) !== expected) {
    throw new Error(`${path} answered ${response.status}: ${text.slice(0, 300)}`);
  }
  return Buffer.byteLength(text);
}

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

type Target = "graphql" | "rest" | "bare24" | "bare200";
type Row = { target: string; load: Load[]; bare: Load[]; bytes: number };

/** One round: the app (seeding it the first time), then the bare server, on the same database. */
async function round(database: BenchDatabase, first: boolean, into: Record<Target, Load[]>, bytes: number[]): Promise<void> {
  const restExpected = Math.min(200, FORGED + 6);
  const app = await startApp(database.env, PORT);
  try {
    if (first) {
      await seed(app.url);
      bytes.push(await check(app.url, graphqlRequest, (b) => b.data?.agents.edges.length, 24));
      bytes.push(await check(app.url, { path: "/api/agents" }, (b) => b.agents?.length, restExpected));
    }
    into.graphql.push(await measureLoad(app, graphqlRequest));
    into.rest.push(await measureLoad(app, { path: "/api/agents" }));
  } finally {
    await app.stop();
  }
  // PGlite admits one process per directory: the bare server opens it once the app is gone.
  const bare = await startBare(database.env, PORT);
  try {
    if (first) {
      await check(bare.url, { path: "/" }, (b) => b.agents?.length, 24);
      await check(bare.url, { path: "/rest" }, (b) => b.agents?.length, restExpected);
    }
    into.bare24.push(await measureLoad(bare, { path: "/" }));
    into.bare200.push(await measureLoad(bare, { path: "/rest" }));
  } finally {
    await bare.stop();
  }
}

async function measureOn(database: BenchDatabase): Promise<Row[]> {
  const loads: Record<Target, Load[]> = { graphql: [], rest: [], bare24: [], bare200: [] };
  const bytes: number[] = [];
  for (let i = 0; i < ROUNDS; i++) await round(database, i === 0, loads, bytes);
  return [
    { target: "GraphQL `agents(first: 24)`", load: loads.graphql, bare: loads.bare24, bytes: bytes[0]! },
    { target: "REST `GET /api/agents`", load: loads.rest, bare: loads.bare200, bytes: bytes[1]! },
  ];
}

/** The median of each figure over the rounds. */
function typical(loads: Load[]): Load {
  return {
    requestsPerSecond: median(loads.map((l) => l.requestsPerSecond)),
    p50: median(loads.map((l) => l.p50)),
    p99: median(loads.map((l) => l.p99)),
    serverCpuMs: median(loads.map((l) => l.serverCpuMs)),
    failed: loads.reduce((sum, l) => sum + l.failed, 0),
  };
}

const ms = (v: number) => `${v.toFixed(0)} ms`;
const ratio = (v: number) => `**${v.toFixed(2)}**${v >= GOAL ? "" : " ✗"}`;
const rps = (load: Load) => `${load.requestsPerSecond.toFixed(0)}${load.failed ? ` (${load.failed} failed)` : ""}`;
const p99s = (loads: Load[]) => `${ms(typical(loads).p99)} (${loads.map((l) => l.p99.toFixed(0)).join(", ")})`;

function tableRows(label: string, rows: Row[]): string[] {
  return rows.flatMap(({ target, load, bare, bytes }) => {
    const [app, floor] = [typical(load), typical(bare)];
    return [
      `| ${label} | ${target} (${(bytes / 1024).toFixed(1)} KiB) | ${rps(app)} | ${ms(app.p50)} | ${p99s(load)} | ${app.serverCpuMs.toFixed(2)} ms | ${ratio(app.requestsPerSecond / floor.requestsPerSecond)} | ${ratio(floor.p99 / app.p99)} |`,
      `| ${label} | bare \`node:http\`, same query | ${rps(floor)} | ${ms(floor.p50)} | ${p99s(bare)} | ${floor.serverCpuMs.toFixed(2)} ms | 1 | 1 |`,
    ];
  });
}

export async function throughputBenchmark(serverUrl: string | undefined): Promise<string> {
  const load = loadavg()[0]!.toFixed(2);
  const lines = [
    `## Agent listing at ${CONNECTIONS} concurrent connections`,
    "",
    `The first screen's listing over GraphQL and REST, each against a bare \`node:http\` handler`,
    "([scripts/bench/bare-server.ts](../scripts/bench/bare-server.ts)) that opens the database with the app's",
    "`openDatabase` and calls the app's own `agents.list` with the same arguments, then answers `JSON.stringify` of",
    `the rows. The database holds the 6 genesis agents and ${FORGED} agents forged through \`POST /api/agents\`.`,
    "",
    "- GraphQL: `POST /graphql` with `{ agents(first: 24) { edges { node { id name username glyph apiModel type archived } } } }`.",
    "  Prisma fetches every column of 25 rows (`take: 25, skip: 0`: one extra for `hasNextPage`); bare `GET /` runs the same and answers 24.",
    "- REST: `GET /api/agents` has no page size; it fetches every column of the newest 200 (`REST_LIST_LIMIT`) and",
    "  shapes each with `agentJson`; bare `GET /rest` runs the same `take: 200` and answers the raw rows.",
    "",
    `Each server runs alone in its own process (\`node ${NODE_FLAGS.join(" ")} api/dist/main.js\`, as \`npm start\` runs it, \`NODE_ENV=production\`;`,
    `the bare one under \`node ${NODE_FLAGS.join(" ")} --import tsx\`); autocannon drives it from the benchmark process, on the same 2 cores. Per target:`,
    `${WARMUP_SECONDS} s warm-up (discarded), then ${MEASURE_SECONDS} s measured; ${ROUNDS} rounds alternate app and bare server, and each`,
    "figure is the median over the rounds (the p99 column also lists every round's p99: on this shared machine the tail",
    "varies from run to run, for a trivial handler too). Server CPU is user + system time of the server process from",
    "`/proc/<pid>/stat` over the measured run, per answered request. Requests wait up to 60 s for their answer;",
    "any that fail or time out are counted next to req/s.",
    `Ratios are to the bare handler and higher is better (goal ≥ ${GOAL}; ✗ marks a miss): throughput is app req/s ÷ bare`,
    "req/s; latency is bare p99 ÷ app p99.",
    "",
    "| database | target (response size) | req/s | p50 | p99 (each round) | server CPU / request | req/s ratio | p99 ratio |",
    "|---|---|---|---|---|---|---|---|",
  ];
  const lite = await pgliteDatabase();
  try {
    lines.push(...tableRows(lite.label, await measureOn(lite)));
  } finally {
    await lite.drop();
  }
  if (serverUrl) {
    const server = await postgresDatabase(serverUrl, "load");
    try {
      lines.push(...tableRows(server.label, await measureOn(server)));
    } finally {
      await server.drop();
    }
  } else {
    lines.push("| PostgreSQL | not measured: DATABASE_URL was not set | | | | | | |");
  }
  lines.push("", `Load average (1 min) when the benchmark started: ${load}; other work on the machine shares its cores.`);
  return lines.join("\n");
}
