// The Council of the Ascended (#28 item 6) through the whole stack: two ascended members, each
// sitting in the seat its agent is bound to (gemini, claude), beside two model seats (perplexity,
// deepseek). Every stand-in (api/test/providers.ts) waits 1 s before its first token, the
// chairman's too (a member chairs). The members speak in their personas through their seats, so
// the four answers still run in parallel: the ideal is 1 s for the answers plus 1 s for the
// synthesis. Goal: within 5 % of that parallel ideal, as for a Council of four model seats. The
// same run records each provider request's own wait, so the figure stands beside what the
// stand-ins really took at that moment, and a Council of the four bare seats is timed beside it.
import { loadavg } from "node:os";
import { COUNCIL_INVOCATION, INVOKE_COUNCIL } from "../../api/test/council.ts";
import { isChairRequest, startFakeProviders, type FakeProviders } from "../../api/test/providers.ts";
import { socketClient, subscribe } from "../../api/test/subscriptions.ts";
import { SEATS } from "../../api/src/minds/identity.ts";
import { median, percentile } from "./report.ts";
import { keyedSeatsEnv, pgliteDatabase, postgresDatabase, startApp, type BenchDatabase, type BenchServer } from "./servers.ts";

const PORT = Number(process.env.BENCH_ASCENDED_PORT ?? 4760);
const SEAT_DELAY_MS = 1_000;
const RUNS = Number(process.env.BENCH_ASCENDED_RUNS ?? 5);
const WARMUP = 1;
const IDEAL_MS = 2 * SEAT_DELAY_MS;
const GOAL_MS = IDEAL_MS * 1.05;
/** Nominations that make an agent ascend (api/src/domains/council). */
const THRESHOLD = 3;

async function post(server: BenchServer, pathname: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${pathname}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${pathname}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** The genesis agents bound to gemini and claude ascend by the network's nominations; their member ids. */
async function ascendTwo(server: BenchServer): Promise<string[]> {
  const { agents } = (await (await fetch(`${server.url}/api/agents`)).json()) as { agents: { id: string; name: string; apiModel: string }[] };
  const chosen = (["gemini", "claude"] as const).map((seat) => agents.find((agent) => agent.apiModel === seat)!);
  const members: string[] = [];
  for (const agent of chosen) {
    let member: { id: string } | null = null;
    for (let n = 1; n <= THRESHOLD; n++) {
      const nominated = (await post(
        server,
        "/api/council/nominate",
        { agentId: agent.id, agentName: agent.name, nominatedBy: "anonymous", reason: "" },
        { "x-forwarded-for": `127.0.9.${n}` },
      )) as {
        member: { id: string } | null;
      };
      member ??= nominated.member;
    }
    if (!member) throw new Error(`${agent.name} did not ascend after ${THRESHOLD} nominations`);
    members.push(member.id);
  }
  return members;
}

type Run = { total: number; longestWait: number; chairWait: number };

/** One question, timed from sending invokeCouncil to the synthesis's last event. */
async function ask(server: BenchServer, providers: FakeProviders, socket: ReturnType<typeof socketClient>, members: string[]): Promise<Run> {
  providers.reset(); // forgets the scripts too
  for (const seat of SEATS)
    providers.script(seat, (request) => ({ delayMs: SEAT_DELAY_MS, tokens: isChairRequest(request) ? ["The ", "synthesis."] : ["One ", "second."] }));
  const sentAt = performance.now();
  // With members: their seats sit with the two model seats named; without: the four bare seats.
  const input = members.length
    ? { prompt: `How long is a second? ${sentAt}`, seats: ["perplexity", "deepseek"], members, chair: "claude" }
    : { prompt: `How long is a second? ${sentAt}`, seats: SEATS, members: [] };
  const response = await fetch(`${server.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: INVOKE_COUNCIL, variables: { input } }),
  });
  const { data, errors } = (await response.json()) as { data?: { invokeCouncil: { invocation: { id: string } } }; errors?: unknown };
  if (!data) throw new Error(`invokeCouncil: ${JSON.stringify(errors)}`);
  const stream = subscribe<{ councilInvocation: { last: boolean } }>(socket, COUNCIL_INVOCATION, { id: data.invokeCouncil.invocation.id });
  await stream.until((events) => events.at(-1)?.councilInvocation.last === true);
  const total = performance.now() - sentAt;
  const answers = providers.requests.filter((request) => !isChairRequest(request));
  const chair = providers.requests.filter(isChairRequest);
  if (answers.length !== 4 || chair.length !== 1) throw new Error(`expected 4 answers and 1 chair, saw ${answers.length} and ${chair.length}`);
  if (members.length && (!answers.find((r) => r.seat === "gemini")!.system.includes("ascended you") || !chair[0]!.system.includes("Speak the synthesis as"))) {
    throw new Error("the members did not speak in their personas");
  }
  return { total, longestWait: Math.max(...answers.map((r) => r.firstTokenAt! - r.receivedAt)), chairWait: chair[0]!.firstTokenAt! - chair[0]!.receivedAt };
}

async function measure(database: BenchDatabase): Promise<{ ascended: Run[]; bare: Run[] }> {
  const providers = await startFakeProviders();
  const server = await startApp({ ...database.env, ...keyedSeatsEnv(providers, { MINDS_CONCURRENCY: "8", TRUST_PROXY: "1" }) }, PORT);
  const socket = socketClient(server.url);
  try {
    const members = await ascendTwo(server);
    const ascended: Run[] = [];
    const bare: Run[] = [];
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const withMembers = await ask(server, providers, socket, members);
      const without = await ask(server, providers, socket, []);
      if (i >= WARMUP) {
        ascended.push(withMembers);
        bare.push(without);
      }
    }
    return { ascended, bare };
  } finally {
    await socket.dispose();
    await server.stop();
    await providers.close();
    await database.drop();
  }
}

const ms = (values: number[]) => `${median(values).toFixed(0)} ms (p95 ${percentile(values, 95).toFixed(0)})`;

export async function ascendedBenchmark(serverUrl: string): Promise<string> {
  const load = loadavg()[0]!.toFixed(2);
  const rows: string[] = [];
  let allMet = true;
  for (const database of [await pgliteDatabase(), await postgresDatabase(serverUrl, "ascended")]) {
    const { ascended, bare } = await measure(database);
    const totals = ascended.map((run) => run.total);
    const met = median(totals) < GOAL_MS;
    allMet &&= met;
    const waits = ascended.map((run) => run.longestWait + run.chairWait);
    rows.push(
      `| ${database.label} | **${ms(totals)}** (${met ? "met" : "✗ missed"}) | ${ms(bare.map((run) => run.total))} | ${ms(waits)} | ${(median(totals) / IDEAL_MS).toFixed(3)} |`,
    );
  }
  return [
    "## The Council of the Ascended: two members beside two model seats",
    "",
    "The built app (`node api/dist/main.js`, `NODE_ENV=production`) with all four seats keyed and pointed at local stand-ins",
    "that speak each provider's streaming wire format ([api/test/providers.ts](../api/test/providers.ts)), running in the benchmark",
    "process. Two genesis agents (bound to gemini and claude) ascend by three nominations each; each question seats them in",
    "their bound seats, in their personas, beside the perplexity and deepseek models, with the claude seat's member in the",
    `chair. Every stand-in waits ${SEAT_DELAY_MS} ms before its first token, the chairman's too. Timed from sending \`invokeCouncil\``,
    `to the synthesis's last event on the \`councilInvocation\` subscription; ${RUNS} questions after ${WARMUP} warm-up, each`,
    "followed by the same question to the four bare seats, in the same run. Script: [scripts/bench/ascended.ts](../scripts/bench/ascended.ts).",
    "",
    `Measured against the **parallel ideal**: the four answers at once (${SEAT_DELAY_MS / 1000} s), then the synthesis (${SEAT_DELAY_MS / 1000} s) = ${IDEAL_MS / 1000} s;`,
    `goal: within 5 % of it (${(GOAL_MS / 1000).toFixed(1)} s), as for a Council of four model seats. "Stand-ins' own wait" is the`,
    "slowest answer's wait plus the chair's, as the stand-ins recorded them in the same run.",
    "",
    "| database | two members + two model seats | four model seats (same run) | stand-ins' own wait | against the ideal |",
    "|---|---|---|---|---|",
    ...rows,
    "",
    allMet ? "The goal is met on both databases." : "The goal is missed where marked.",
    `Load average (1 min) when the benchmark started: ${load}; other work on the machine shares its 2 cores.`,
  ].join("\n");
}
