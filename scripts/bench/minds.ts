// The minds through the whole stack, against local provider stand-ins (api/test/providers.ts)
// that wait a fixed delay before their first token. Two questions:
// 1. How much does Nomina add to the time to first token? A graphql-ws client subscribes to
//    agentInvocation (an agent bound to claude) on the built app; the stand-in runs in this
//    process, so the client and the provider share one clock: the app's share is the time from
//    subscribing to the provider receiving the request, plus the time from the provider writing
//    its first token to the client receiving it. Goal: under 20 ms (median). The same is
//    measured for the Council, from sending invokeCouncil to the first delta.
// 2. Do the seats really speak in parallel? Every seat takes 1 s before its first token (and so
//    does the chairman); the invocation should take about 1 s for the seats plus 1 s for the
//    synthesis, not 4 s plus 1 s. With peer review (issue #17) the four reviews, each 1 s too,
//    also run in parallel: about 3 s in all, not 4 + 4 + 1 = 9 s.
import { loadavg } from "node:os";
import { COUNCIL_INVOCATION, INVOKE_COUNCIL } from "../../api/test/council.ts";
import { isChairRequest, startFakeProviders, type FakeProviders, type RecordedRequest } from "../../api/test/providers.ts";
import { socketClient, subscribe } from "../../api/test/subscriptions.ts";
import { SEATS } from "../../api/src/minds/identity.ts";
import { median, percentile } from "./report.ts";
import { keyedSeatsEnv, pgliteDatabase, postgresDatabase, startApp, type BenchDatabase, type BenchServer } from "./servers.ts";

const PORT = Number(process.env.BENCH_MINDS_PORT ?? 4720);
const FIRST_TOKEN_DELAY_MS = 200;
const SEAT_DELAY_MS = 1_000;
const RUNS = Number(process.env.BENCH_MINDS_RUNS ?? 30);
const COUNCIL_RUNS = Number(process.env.BENCH_COUNCIL_RUNS ?? 5);
const GOAL_MS = 20;

const AGENT_INVOCATION = /* GraphQL */ `
  subscription ($input: InvokeAgentInput!) { agentInvocation(input: $input) { delta done whisper { id } } }
`;

const lastRequest = (providers: FakeProviders, where: (r: RecordedRequest) => boolean) => providers.requests.filter(where).at(-1)!;

/** One streamed agent answer: the app's share before and after the provider, in ms. */
async function agentFirstToken(server: BenchServer, providers: FakeProviders, agentId: string, socket: ReturnType<typeof socketClient>) {
  const sentAt = performance.now();
  let firstAt = 0;
  const stream = subscribe<{ agentInvocation: { delta: string } }>(socket, AGENT_INVOCATION, { input: { agentId, message: `Speak, run ${sentAt}` } });
  await stream.until((events) => events.some((e) => e.agentInvocation.delta !== "") && (firstAt ||= performance.now()) > 0);
  await stream.ended;
  const request = lastRequest(providers, (r) => r.seat === "claude");
  return { before: request.receivedAt - sentAt, after: firstAt - request.firstTokenAt!, providerDelay: request.firstTokenAt! - request.receivedAt };
}

const REVIEWED_INVOCATION = /* GraphQL */ `
  subscription ($id: ID!) { councilInvocation(id: $id) { seat phase delta done last ranking { seat } } }
`;

const isReviewRequest = (request: RecordedRequest) => request.system.includes("Rank them from best to worst");
/** A reviewer's ranking of the letters it was shown, as structured output. */
const reviewTokens = (request: RecordedRequest) => [
  JSON.stringify({ ranking: [...request.prompt.matchAll(/Answer ([A-D]):/g)].map((m) => m[1]), reason: "The first is clearest." }),
];

async function councilRun(server: BenchServer, providers: FakeProviders, socket: ReturnType<typeof socketClient>, review = false) {
  const sentAt = performance.now();
  const response = await fetch(`${server.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: INVOKE_COUNCIL, variables: { input: { prompt: `How long is a second? ${sentAt}`, review } } }),
  });
  const { data } = (await response.json()) as { data: { invokeCouncil: { invocation: { id: string } } } };
  const answeredAt = performance.now();
  const marks: { first?: number; seatsDone?: number; reviewed?: number; end?: number } = {};
  let seatsDone = 0;
  type Event = { seat: string; phase?: string; delta: string; done: boolean; last: boolean; ranking?: unknown[] | null };
  const stream = subscribe<{ councilInvocation: Event }>(socket, review ? REVIEWED_INVOCATION : COUNCIL_INVOCATION, { id: data.invokeCouncil.invocation.id });
  await stream.until((events) => {
    const event = events.at(-1)?.councilInvocation;
    if (!event) return false;
    if (event.delta && marks.first === undefined) marks.first = performance.now();
    if (event.ranking) marks.reviewed = performance.now();
    if (event.done && event.seat !== "synthesis" && event.phase !== "review" && ++seatsDone === 4) marks.seatsDone = performance.now();
    if (event.last) marks.end = performance.now();
    return event.last;
  });
  const firstSeat = providers.requests.filter((r) => !isChairRequest(r) && r.receivedAt >= sentAt).sort((a, b) => a.firstTokenAt! - b.firstTokenAt!)[0]!;
  return {
    mutation: answeredAt - sentAt,
    before: firstSeat.receivedAt - sentAt,
    after: marks.first! - firstSeat.firstTokenAt!,
    providerDelay: firstSeat.firstTokenAt! - firstSeat.receivedAt,
    seats: marks.seatsDone! - sentAt,
    reviewed: (marks.reviewed ?? Number.NaN) - sentAt,
    total: marks.end! - sentAt,
  };
}

const fmt = (values: number[]) => `${median(values).toFixed(1)} ms (p95 ${percentile(values, 95).toFixed(1)})`;

async function measure(database: BenchDatabase) {
  const providers = await startFakeProviders();
  const server = await startApp({ ...database.env, ...keyedSeatsEnv(providers, { MINDS_CONCURRENCY: "8" }) }, PORT);
  try {
    const agents = (await (await fetch(`${server.url}/api/agents`)).json()) as { agents: { id: string; apiModel: string }[] };
    const agentId = agents.agents.find((a) => a.apiModel === "claude")!.id;
    const socket = socketClient(server.url);
    const first: Awaited<ReturnType<typeof agentFirstToken>>[] = [];
    const councils: Awaited<ReturnType<typeof councilRun>>[] = [];
    const quickCouncils: Awaited<ReturnType<typeof councilRun>>[] = [];

    providers.script("claude", { delayMs: FIRST_TOKEN_DELAY_MS, tokens: ["A ", "short ", "answer."] });
    for (let i = 0; i < RUNS + 3; i++) {
      const run = await agentFirstToken(server, providers, agentId, socket);
      if (i >= 3) first.push(run); // the first runs warm the code paths
    }
    for (const seat of SEATS) providers.script(seat, { delayMs: FIRST_TOKEN_DELAY_MS, tokens: ["A ", "short ", "answer."] });
    for (let i = 0; i < RUNS / 3 + 2; i++) {
      const run = await councilRun(server, providers, socket);
      if (i >= 2) quickCouncils.push(run);
    }
    for (const seat of SEATS)
      providers.script(seat, (request) => ({ delayMs: SEAT_DELAY_MS, tokens: isChairRequest(request) ? ["The ", "synthesis."] : ["One ", "second."] }));
    for (let i = 0; i < COUNCIL_RUNS; i++) councils.push(await councilRun(server, providers, socket));
    for (const seat of SEATS) {
      providers.script(seat, (request) => ({
        delayMs: SEAT_DELAY_MS,
        tokens: isReviewRequest(request) ? reviewTokens(request) : isChairRequest(request) ? ["The ", "synthesis."] : ["One ", "second."],
      }));
    }
    const reviewed: Awaited<ReturnType<typeof councilRun>>[] = [];
    for (let i = 0; i < COUNCIL_RUNS; i++) reviewed.push(await councilRun(server, providers, socket, true));
    await socket.dispose();
    return { first, councils, quickCouncils, reviewed };
  } finally {
    await server.stop();
    await providers.close();
    await database.drop();
  }
}

export async function mindsBenchmark(serverUrl: string): Promise<string> {
  const load = loadavg()[0]!.toFixed(2);
  const rows: string[] = [];
  const councilRows: string[] = [];
  for (const database of [await pgliteDatabase(), await postgresDatabase(serverUrl, "minds")]) {
    const label = database.label;
    const { first, councils, quickCouncils, reviewed } = await measure(database);
    const overhead = first.map((r) => r.before + r.after);
    const met = median(overhead) < GOAL_MS ? "met" : "✗ missed";
    rows.push(
      `| ${label} | agentInvocation | ${fmt(first.map((r) => r.before))} | ${fmt(first.map((r) => r.after))} | **${fmt(overhead)}** (${met}) | ${fmt(first.map((r) => r.providerDelay))} |`,
    );
    const councilOverhead = quickCouncils.map((r) => r.before + r.after);
    rows.push(
      `| ${label} | invokeCouncil, then councilInvocation | ${fmt(quickCouncils.map((r) => r.before))} | ${fmt(quickCouncils.map((r) => r.after))} | **${fmt(councilOverhead)}** (${median(councilOverhead) < GOAL_MS ? "met" : "✗ missed"}) | ${fmt(quickCouncils.map((r) => r.providerDelay))} |`,
    );
    councilRows.push(
      `| ${label} | without review | ${fmt(councils.map((r) => r.seats))} | – | ${fmt(councils.map((r) => r.total))} | ${(median(councils.map((r) => r.total)) / 1000).toFixed(2)} s against 2 s ideal, 5 s sequential |`,
      `| ${label} | with peer review | ${fmt(reviewed.map((r) => r.seats))} | ${fmt(reviewed.map((r) => r.reviewed))} | ${fmt(reviewed.map((r) => r.total))} | ${(median(reviewed.map((r) => r.total)) / 1000).toFixed(2)} s against 3 s ideal, 9 s sequential |`,
    );
  }
  return [
    "## Minds: time to first token, and a Council in parallel",
    "",
    "The built app (`node api/dist/main.js`, `NODE_ENV=production`) with all four seats keyed and pointed at local",
    "stand-ins that speak each provider's streaming wire format ([api/test/providers.ts](../api/test/providers.ts)),",
    "running in the benchmark process, so the client and the providers share one clock. One graphql-ws connection,",
    `opened before measuring. Script: [scripts/bench/minds.ts](../scripts/bench/minds.ts).`,
    "",
    `**Time to first token.** The stand-in waits ${FIRST_TOKEN_DELAY_MS} ms after a request before its first token. For`,
    "`agentInvocation` (an agent bound to claude, " + RUNS + " runs after 3 warm-up runs), Nomina's share is the time from",
    "subscribing to the provider receiving the request (the agent is read, the prompt built, the AI SDK call made), plus",
    "the time from the provider writing its first token to the client receiving it (parsed by the SDK, resolved by",
    "GraphQL, sent over the WebSocket). For the Council (" + Math.floor(RUNS / 3) + " runs after 2 warm-up runs) the same two parts are",
    "measured from sending `invokeCouncil` over HTTP to the first seat's provider, and from that seat's first token to the",
    "first delta on the `councilInvocation` subscription (subscribed once the mutation answered). Goal: median under 20 ms.",
    "",
    "| database | operation | before the provider | after the provider | Nomina's share | provider's own delay |",
    "|---|---|---|---|---|---|",
    ...rows,
    "",
    `**A Council whose seats each take ${SEAT_DELAY_MS / 1000} s.** Every stand-in waits ${SEAT_DELAY_MS} ms before its first token,`,
    `the chairman's and each reviewer's too; ${COUNCIL_RUNS} invocations of each kind, timed from sending \`invokeCouncil\` to the`,
    "fourth seat's end, to the review's totals (every reviewer back) and to the synthesis's end on the subscription.",
    "",
    "| database | council | four seats done | reviews totalled | synthesis done | against |",
    "|---|---|---|---|---|---|",
    ...councilRows,
    "",
    `Load average (1 min) when the benchmark started: ${load}; other work on the machine shares its 2 cores, so the medians`,
    "carry its noise (the p95 more so).",
  ].join("\n");
}
