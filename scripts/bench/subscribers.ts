// Fan-out of live events: SUBSCRIBERS graphql-ws clients subscribed to ritualLogAdded on the
// built app; each POST /api/council/whisper writes one ritual log and publishes it. Measures,
// per subscriber and event, the time from sending the request to receiving the event, and
// the server's resident memory idle versus with every subscriber connected.
import { loadavg } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { median, percentile } from "./report.ts";
import { pgliteDatabase, postgresDatabase, startApp, type BenchDatabase, type BenchServer } from "./servers.ts";
import { openFileLimit, openSubscribers, whisper } from "./ws-clients.ts";

const PORT = 4712;
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 1000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 20);
const GAP_MS = 250;
const DELIVERY_TIMEOUT_MS = 10_000;
const GOAL_P99_MS = 250;

/** Idle: after a few whispers and a few subscribers have warmed the code paths, then left. */
async function warmUp(server: BenchServer): Promise<void> {
  const few = await openSubscribers(`${server.url}/graphql`, 10);
  for (let i = 0; i < 5; i++) {
    await whisper(server.url, `bench-warm-${i}`);
    if ((await few.arrivals(`bench-warm-${i}`, DELIVERY_TIMEOUT_MS)).length < 10) throw new Error("warm-up events were not delivered");
  }
  await few.dispose();
  await sleep(2000);
}

type Outcome = {
  latencies: number[];
  roundTrips: number[];
  /** Per event: first and last arrival, after sending. */
  firsts: number[];
  lasts: number[];
  failures: number;
  memory: { idle: number; connected: number; after: number };
  cpuPerEventMs: number;
};

async function measureOn(database: BenchDatabase): Promise<Outcome> {
  // A thousand sockets from one address: the per-address limit is for strangers, not this test.
  const server = await startApp({ ...database.env, WS_SOCKETS_PER_ADDRESS: String(SUBSCRIBERS + 10) }, PORT);
  try {
    const needed = SUBSCRIBERS + 200;
    for (const [who, limit] of [
      ["this process", await openFileLimit("self")],
      ["the server", await openFileLimit(server.pid)],
    ] as const) {
      if (limit < needed) throw new Error(`${who} may open ${limit} files; ${SUBSCRIBERS} subscribers need ${needed} (raise ulimit -n)`);
    }
    await warmUp(server);
    const idle = server.rssMiB();
    const subscribers = await openSubscribers(`${server.url}/graphql`, SUBSCRIBERS);
    try {
      // Subscribing has no acknowledgement: probe until one event reaches every subscriber.
      for (let probe = 0; ; probe++) {
        await whisper(server.url, `bench-probe-${probe}`);
        if ((await subscribers.arrivals(`bench-probe-${probe}`, DELIVERY_TIMEOUT_MS)).length === SUBSCRIBERS) break;
        if (probe === 4) throw new Error("not every subscriber received the probe events");
      }
      await sleep(1000);
      const connected = server.rssMiB();
      const outcome: Outcome = { latencies: [], roundTrips: [], firsts: [], lasts: [], failures: 0, memory: { idle, connected, after: 0 }, cpuPerEventMs: 0 };
      const cpuBefore = server.cpuMs();
      for (let i = 0; i < EVENTS; i++) {
        const tag = `bench-event-${i}`;
        const { sentAt, roundTrip } = await whisper(server.url, tag);
        const arrivals = (await subscribers.arrivals(tag, DELIVERY_TIMEOUT_MS)).map((at) => at - sentAt);
        outcome.latencies.push(...arrivals);
        outcome.roundTrips.push(roundTrip);
        if (arrivals.length) {
          outcome.firsts.push(Math.min(...arrivals));
          outcome.lasts.push(Math.max(...arrivals));
        }
        await sleep(GAP_MS);
      }
      outcome.cpuPerEventMs = (server.cpuMs() - cpuBefore) / EVENTS;
      outcome.memory.after = server.rssMiB();
      outcome.failures = subscribers.failures();
      return outcome;
    } finally {
      await subscribers.dispose();
    }
  } finally {
    await server.stop();
  }
}

const ms = (v: number) => `${v.toFixed(0)} ms`;

function tableRow(label: string, o: Outcome): string {
  const expected = SUBSCRIBERS * EVENTS;
  const p99 = percentile(o.latencies, 99);
  const verdict = o.latencies.length === expected && p99 < GOAL_P99_MS ? "met" : "**missed**";
  return [
    label,
    `${o.latencies.length} / ${expected}${o.failures ? ` (${o.failures} subscriber failures)` : ""}`,
    ms(percentile(o.latencies, 50)),
    ms(percentile(o.latencies, 95)),
    `${ms(p99)} (${verdict})`,
    ms(percentile(o.latencies, 100)),
    `${ms(median(o.roundTrips))} / ${ms(median(o.firsts))} / ${ms(median(o.lasts))}`,
    `${o.cpuPerEventMs.toFixed(0)} ms`,
  ].join(" | ");
}

function memoryRow(label: string, { idle, connected, after }: Outcome["memory"]): string {
  const perSubscriber = ((connected - idle) * 1024) / SUBSCRIBERS;
  return `| ${label} | ${idle.toFixed(0)} MiB | ${connected.toFixed(0)} MiB (+${(connected - idle).toFixed(0)} MiB, ${perSubscriber.toFixed(0)} KiB each) | ${after.toFixed(0)} MiB |`;
}

export async function subscribersBenchmark(serverUrl: string | undefined): Promise<string> {
  const load = loadavg()[0]!.toFixed(2);
  const results: [string, Outcome][] = [];
  const databases: (() => Promise<BenchDatabase>)[] = [pgliteDatabase];
  if (serverUrl) databases.push(() => postgresDatabase(serverUrl, "ws"));
  for (const open of databases) {
    const database = await open();
    try {
      results.push([database.label, await measureOn(database)]);
    } finally {
      await database.drop();
    }
  }
  return [
    `## One ritual log to ${SUBSCRIBERS} WebSocket subscribers`,
    "",
    `${SUBSCRIBERS} graphql-ws clients (\`graphql-ws\` \`createClient\` over \`ws\`, one connection each, in the benchmark process)`,
    "subscribe to `subscription { ritualLogAdded { id type description performedBy createdAt } }` on the built app",
    "(`node api/dist/main.js`, in-process event bus). Once a probe event has reached all of them,",
    `${EVENTS} events follow, one at a time (each awaited by every subscriber or ${DELIVERY_TIMEOUT_MS / 1000} s, then ${GAP_MS} ms apart):`,
    "`POST /api/council/whisper {content}` writes a whisper and its ritual log and publishes the log. Delivery latency is,",
    "for each subscriber and event, from sending that request to the subscriber's handler receiving the event; the",
    "receivers share one thread, so the last ones also wait for the others to be handled.",
    `Goal: p99 < ${GOAL_P99_MS} ms with every event delivered.`,
    "",
    "| database | delivered | p50 | p95 | p99 | max | median per event: request answered / first / last delivery | server CPU per event |",
    "|---|---|---|---|---|---|---|---|",
    ...results.map(([label, outcome]) => `| ${tableRow(label, outcome)} |`),
    ...(serverUrl ? [] : ["| PostgreSQL | not measured: DATABASE_URL was not set | | | | | | |"]),
    "",
    "Server memory (VmRSS from `/proc/<pid>/status`): idle after warm-up, then with every subscriber connected",
    `(after the probe), then after the ${EVENTS} events with them still connected.`,
    "",
    "| database | idle | subscribers connected | after the events |",
    "|---|---|---|---|",
    ...results.map(([label, outcome]) => memoryRow(label, outcome.memory)),
    "",
    `Load average (1 min) when the benchmark started: ${load}; other work on the machine shares its cores.`,
  ].join("\n");
}
