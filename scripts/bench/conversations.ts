// Conversations (#16): does a thread's history make an answer slower to start, and what does
// reading a long thread cost?
// 1. Time to first token of the tenth turn of a thread against the first: the built app, an
//    agent on claude pointed at a local stand-in (api/test/providers.ts) that waits 200 ms before
//    its first token; Nomina's share is measured as in the minds benchmark (subscribe → the
//    provider receives the request, plus the provider's first token → the client). Each visitor
//    speaks as a persona and the agent keeps five notes about them (#27), so every turn reads
//    them too; the tenth turn also reads nine exchanges and fits them to the seat's budget.
//    Goal: at most 10 ms more.
// 2. A 200-message thread read whole, by REST (GET /api/conversations/{id}) and GraphQL
//    (messages(last: 200)), next to the SQL floor: EXPLAIN ANALYZE of the same thread query.
import { randomBytes } from "node:crypto";
import { loadavg } from "node:os";
import { createClient, type Client } from "graphql-ws";
import pg from "pg";
import WebSocket from "ws";
import { startFakeProviders, type FakeProviders } from "../../api/test/providers.ts";
import { subscribe } from "../../api/test/subscriptions.ts";
import { median, percentile } from "./report.ts";
import { pgliteDatabase, postgresDatabase, startApp, type BenchDatabase, type BenchServer } from "./servers.ts";

const PORT = 4740;
const FIRST_TOKEN_DELAY_MS = 200;
const THREADS = Number(process.env.BENCH_THREADS ?? 12);
const TURNS = 10;
const READS = Number(process.env.BENCH_READS ?? 60);
const LONG_THREAD_EXCHANGES = 100;
const GOAL_EXTRA_MS = 10;

const INVOCATION = /* GraphQL */ `
  subscription ($input: InvokeAgentInput!) { agentInvocation(input: $input) { delta done conversation { rawId } } }
`;
/** A page of a thread: 100 turns is a connection's largest page (and within the operation cost limit). */
const THREAD = /* GraphQL */ `
  query ($id: ID!, $before: String) { conversation(id: $id) { title messages(last: 100, before: $before) { pageInfo { startCursor hasPreviousPage } edges { node { id role text status siblingIndex siblingCount createdAt } } } } }
`;

const visitorKey = () => `bench-${randomBytes(18).toString("base64url")}`;

/** The five notes the stand-in's model keeps when a visitor introduces themselves. */
const FIVE_NOTES = JSON.stringify({
  notes: [
    { kind: "name", text: "your name is Orrin" },
    { kind: "home", text: "you live by the northern harbour" },
    { kind: "work", text: "you keep the lighthouse" },
    { kind: "like", text: "you like old maps" },
    { kind: "note", text: "you are looking for a lost river" },
  ],
});
const INTRODUCTION = "My name is Orrin. I live by the northern harbour, I keep the lighthouse and I like old maps.";

/**
 * A visitor who speaks as a persona and whom the agent remembers: a default persona made by REST,
 * then an introduction in a thread of its own, after which the agent keeps five notes.
 */
async function knownVisitor(server: BenchServer, agentId: string): Promise<string> {
  const visitor = visitorKey();
  const headers = { "content-type": "application/json", "x-nomina-visitor": visitor };
  const persona = await fetch(`${server.url}/api/personas`, {
    method: "POST",
    headers,
    body: JSON.stringify({ name: "Orrin", description: "a lighthouse keeper of the north" }),
  });
  if (persona.status !== 201) throw new Error(`the persona was refused: ${persona.status}`);
  const introduced = await fetch(`${server.url}/api/agents/${agentId}/invoke`, { method: "POST", headers, body: JSON.stringify({ message: INTRODUCTION }) });
  if (introduced.status !== 200) throw new Error(`the introduction was refused: ${introduced.status}`);
  // The notes are written just after the answer: wait until all five are kept.
  for (let tries = 0; tries < 200; tries++) {
    const { memories } = (await (await fetch(`${server.url}/api/agents/${agentId}/memories`, { headers })).json()) as { memories: unknown[] };
    if (memories.length === 5) return visitor;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("the agent did not keep five notes");
}

function socketFor(server: BenchServer, visitor: string): Client {
  return createClient({ url: `${server.url.replace("http", "ws")}/graphql`, webSocketImpl: WebSocket, connectionParams: { visitor }, retryAttempts: 0 });
}

/** One turn, streamed: Nomina's share of the time to first token, and the thread it went to. */
async function turn(socket: Client, providers: FakeProviders, agentId: string, message: string, conversationId?: string) {
  const sentAt = performance.now();
  let firstAt = 0;
  const stream = subscribe<{ agentInvocation: { delta: string; done: boolean; conversation: { rawId: string } | null } }>(socket, INVOCATION, {
    input: { agentId, message, conversationId },
  });
  await stream.until((events) => events.some((e) => e.agentInvocation.delta !== "") && (firstAt ||= performance.now()) > 0);
  await stream.ended;
  const request = providers.requests.at(-1)!;
  const id = stream.events.find((e) => e.agentInvocation.conversation)!.agentInvocation.conversation!.rawId;
  if (!request.system.includes("Orrin") || !request.system.includes("you like old maps")) throw new Error("the persona and the notes did not reach the model");
  return { share: request.receivedAt - sentAt + (firstAt - request.firstTokenAt!), turns: request.turns.length, conversationId: id };
}

async function firstTokens(server: BenchServer, providers: FakeProviders, agentId: string) {
  const first: number[] = [];
  const tenth: number[] = [];
  let turnsCarried = 0;
  for (let thread = 0; thread < THREADS + 1; thread++) {
    const socket = socketFor(server, await knownVisitor(server, agentId));
    let conversationId: string | undefined;
    for (let n = 1; n <= TURNS; n++) {
      const run = await turn(socket, providers, agentId, `Turn ${n} of thread ${thread}: what do the tides remember of the moon?`, conversationId);
      conversationId = run.conversationId;
      if (thread === 0) continue; // warms the code paths
      if (n === 1) first.push(run.share);
      if (n === TURNS) {
        tenth.push(run.share);
        turnsCarried = run.turns;
      }
    }
    await socket.dispose();
  }
  return { first, tenth, turnsCarried };
}

/** A thread of 200 messages, written through the API by an agent the oracle answers (unpaced, for REST). */
async function longThread(server: BenchServer, agentId: string, visitor: string): Promise<string> {
  let id: string | undefined;
  for (let n = 0; n < LONG_THREAD_EXCHANGES; n++) {
    const response = await fetch(`${server.url}/api/agents/${agentId}/invoke`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-nomina-visitor": visitor },
      body: JSON.stringify({ message: `Exchange ${n}: tell me one more thing about the archive.`, conversationId: id }),
    });
    id = ((await response.json()) as { conversation: { id: string } }).conversation.id;
  }
  return id!;
}

async function timed(runs: number, work: () => Promise<void>): Promise<number[]> {
  for (let i = 0; i < 5; i++) await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return times;
}

/** The thread query's own execution time in PostgreSQL, as EXPLAIN ANALYZE reports it. */
async function sqlFloor(databaseUrl: string, conversationId: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const sql = `EXPLAIN (ANALYZE, FORMAT JSON) SELECT id, role, text, status, ordinal, created_at FROM messages
      WHERE conversation_id = $1 AND (role = 'user' OR active) ORDER BY created_at DESC, id DESC LIMIT 201`;
    const times: number[] = [];
    for (let i = 0; i < READS + 5; i++) {
      const { rows } = await client.query<{ "QUERY PLAN": [{ "Execution Time": number; "Planning Time": number }] }>(sql, [conversationId]);
      if (i >= 5) times.push(rows[0]!["QUERY PLAN"][0]["Execution Time"] + rows[0]!["QUERY PLAN"][0]["Planning Time"]);
    }
    return times;
  } finally {
    await client.end();
  }
}

const fmt = (values: number[]) => `${median(values).toFixed(1)} ms (p95 ${percentile(values, 95).toFixed(1)})`;

async function measure(database: BenchDatabase) {
  const providers = await startFakeProviders();
  const env: Record<string, string> = {
    ...database.env,
    ANTHROPIC_API_KEY: `sk-bench-${randomBytes(12).toString("hex")}`,
    ANTHROPIC_BASE_URL: providers.baseUrls.claude,
    DAILY_QUOTAS: "off",
    ANONYMOUS_WRITE_LIMIT: "off",
  };
  const server = await startApp(env, PORT);
  try {
    const { agents } = (await (await fetch(`${server.url}/api/agents`)).json()) as { agents: { id: string; apiModel: string }[] };
    const answer = { delayMs: FIRST_TOKEN_DELAY_MS, tokens: ["The ", "tide ", "remembers ", "everything ", "it ", "was ", "told."] };
    providers.script("claude", (request) => (request.system.includes("You keep short notes") ? { tokens: [FIVE_NOTES] } : answer));
    const tokens = await firstTokens(server, providers, agents.find((agent) => agent.apiModel === "claude")!.id);
    const visitor = visitorKey();
    const id = await longThread(server, agents.find((agent) => agent.apiModel !== "claude")!.id, visitor);
    const headers = { "x-nomina-visitor": visitor };
    const rest = await timed(READS, async () => {
      const body = (await (await fetch(`${server.url}/api/conversations/${id}`, { headers })).json()) as { messages: unknown[] };
      if (body.messages.length !== 200) throw new Error(`read ${body.messages.length} messages`);
    });
    type Page = { data?: { conversation: { messages: { pageInfo: { startCursor: string | null; hasPreviousPage: boolean }; edges: unknown[] } } } };
    const page = async (before?: string | null) => {
      const response = await fetch(`${server.url}/graphql`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ query: THREAD, variables: { id, before } }),
      });
      const body = (await response.json()) as Page & { errors?: unknown };
      if (body.errors) throw new Error(`the thread page was refused: ${JSON.stringify(body.errors)}`);
      return body.data?.conversation.messages;
    };
    const graph = await timed(READS, async () => {
      const newest = await page();
      const older = await page(newest?.pageInfo.startCursor);
      if ((newest?.edges.length ?? 0) + (older?.edges.length ?? 0) !== 200 || older?.pageInfo.hasPreviousPage) throw new Error("the thread did not read whole");
    });
    const floor = database.env.DATABASE_URL ? await sqlFloor(database.env.DATABASE_URL, id) : null;
    return { ...tokens, rest, graph, floor };
  } finally {
    await server.stop();
    await providers.close();
    await database.drop();
  }
}

export async function conversationsBenchmark(serverUrl: string): Promise<string> {
  const load = loadavg()[0]!.toFixed(2);
  const tokenRows: string[] = [];
  const readRows: string[] = [];
  for (const database of [await pgliteDatabase(), await postgresDatabase(serverUrl, "threads")]) {
    const { label } = database;
    const result = await measure(database);
    const extra = median(result.tenth) - median(result.first);
    tokenRows.push(
      `| ${label} | ${fmt(result.first)} | ${fmt(result.tenth)} (${result.turnsCarried} turns sent) | **${extra.toFixed(1)} ms** ${extra <= GOAL_EXTRA_MS ? "(met)" : "✗ missed"} |`,
    );
    readRows.push(`| ${label} | ${fmt(result.rest)} | ${fmt(result.graph)} | ${result.floor ? fmt(result.floor) : "n/a (no EXPLAIN ANALYZE over the wire)"} |`);
  }
  return [
    "## Conversations: the tenth turn against the first, and a 200-message thread",
    "",
    "The built app (`node api/dist/main.js`, `NODE_ENV=production`) with the claude seat keyed and pointed at a local",
    `stand-in that waits ${FIRST_TOKEN_DELAY_MS} ms before its first token; graphql-ws clients with a visitor key of their own.`,
    `Script: [scripts/bench/conversations.ts](../scripts/bench/conversations.ts).`,
    "",
    `**Time to first token by turn.** ${THREADS} threads of ${TURNS} turns each (after one warm-up thread); Nomina's share`,
    "of each turn's time to first token (subscribe → the provider receives the request, plus its first token → the",
    "client). Each thread's visitor speaks as a persona and the agent keeps five notes about them (#27): every turn",
    "reads both and tells the model (checked on each request). The tenth turn also reads the thread (nine exchanges),",
    `fits it to the seat's budget and sends it with the request. Goal: at most ${GOAL_EXTRA_MS} ms more than the first.`,
    "",
    "| database | first turn | tenth turn | difference of medians |",
    "|---|---|---|---|",
    ...tokenRows,
    "",
    `**Reading a thread of 200 messages** (${LONG_THREAD_EXCHANGES} exchanges written through the API), whole, ${READS} reads after 5`,
    "warm-up reads, by its owner. The SQL floor is PostgreSQL's own planning and execution time for the thread's page query",
    "(`EXPLAIN ANALYZE`, the index on `(conversation_id, created_at, id)`), measured in the same run.",
    "",
    "| database | REST `GET /api/conversations/{id}` | GraphQL, two pages of `messages(last: 100)` | SQL floor |",
    "|---|---|---|---|",
    ...readRows,
    "",
    `Load average (1 min) when the benchmark started: ${load}; other work on the machine shares its 2 cores.`,
  ].join("\n");
}
