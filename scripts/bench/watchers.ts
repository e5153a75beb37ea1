// Ten thousand watchers of the ritual log across two app processes on one PostgreSQL and one
// Redis (#31): WATCHERS graphql-ws subscribers, half on each process, opened by RECEIVERS child
// processes (scripts/bench/watchers-child.ts) so that no single receiving thread is the
// bottleneck being measured. Each event is a whisper sent to the first process; the second
// learns of it through Redis. Latency is from sending the request to a subscriber's handler
// receiving the event (wall clock, one machine); memory is both servers' resident growth per
// watcher. Runs only when named: `npm run bench -- watchers`.
import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { loadavg } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { privateRedis } from "../../api/test/redis.ts";
import { median, percentile } from "./report.ts";
import { postgresDatabase, startApp, type BenchServer } from "./servers.ts";
import { openFileLimit, whisper } from "./ws-clients.ts";

const PORTS = [4721, 4722];
const WATCHERS = Number(process.env.BENCH_WATCHERS ?? 10_000);
const RECEIVERS = Number(process.env.BENCH_RECEIVERS ?? 4);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 20);
const GAP_MS = 500;
const DELIVERY_TIMEOUT_MS = 15_000;
const GOAL_P99_MS = 250;
const CHILD = fileURLToPath(new URL("./watchers-child.ts", import.meta.url));

type Reply = { kind: "ready" } | { kind: "disposed" } | { kind: "arrivals"; tag: string; times: number[]; failures: number };

/** A receiving process with its share of the watchers, answering one request at a time. */
async function receiver(urls: string[], count: number) {
  const child: ChildProcess = fork(CHILD, [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, WATCHER_URLS: JSON.stringify(urls), WATCHER_COUNT: String(count) },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const next = (kind: Reply["kind"]) =>
    new Promise<Reply>((resolve, reject) => {
      const onMessage = (reply: Reply) => {
        if (reply.kind !== kind) return;
        child.off("message", onMessage);
        child.off("exit", onExit);
        resolve(reply);
      };
      const onExit = (code: number | null) => reject(new Error(`a receiver exited (${code}) while waiting for ${kind}`));
      child.on("message", onMessage);
      child.once("exit", onExit);
    });
  await next("ready");
  return {
    async arrivals(tag: string): Promise<{ times: number[]; failures: number }> {
      const reply = next("arrivals");
      child.send({ kind: "arrivals", tag, timeoutMs: DELIVERY_TIMEOUT_MS });
      return (await reply) as Extract<Reply, { kind: "arrivals" }>;
    },
    async dispose(): Promise<void> {
      const done = next("disposed");
      child.send({ kind: "dispose" });
      await done.catch(() => {});
      if (child.exitCode === null) child.kill();
    },
  };
}

type Outcome = {
  latencies: number[];
  firsts: number[];
  lasts: number[];
  failures: number;
  rss: { idle: number[]; connected: number[] };
  cpuPerEventMs: number[];
  opened: number;
};

async function measure(servers: BenchServer[]): Promise<Outcome> {
  const needed = WATCHERS / servers.length + 200;
  for (const server of servers) {
    const limit = await openFileLimit(server.pid);
    if (limit < needed) throw new Error(`a server may open ${limit} files; ${WATCHERS} watchers need ${needed} each (raise ulimit -n)`);
  }
  const urls = servers.map((server) => server.url);
  // Warm both processes' subscription and whisper paths, then let them settle.
  const warm = await receiver(urls, 10);
  for (let i = 0; i < 3; i++) {
    const tag = `bench-warm-${i}`;
    await whisper(urls[0]!, tag);
    if ((await warm.arrivals(tag)).times.length < 10) throw new Error("warm-up events did not reach both processes' watchers");
  }
  await warm.dispose();
  await sleep(2000);
  const idle = servers.map((server) => server.rssMiB());

  const opening = performance.now();
  const shares = Array.from({ length: RECEIVERS }, (_, i) => Math.floor(WATCHERS / RECEIVERS) + (i < WATCHERS % RECEIVERS ? 1 : 0));
  const receivers: Awaited<ReturnType<typeof receiver>>[] = [];
  // One receiver at a time: each opens its sockets in batches, so the servers see a steady climb.
  for (const share of shares) receivers.push(await receiver(urls, share));
  const opened = (performance.now() - opening) / 1000;
  try {
    const gather = async (tag: string) => {
      const replies = await Promise.all(receivers.map((one) => one.arrivals(tag)));
      return { times: replies.flatMap((reply) => reply.times), failures: replies.reduce((sum, reply) => sum + reply.failures, 0) };
    };
    // Subscribing has no acknowledgement: probe until one event reaches every watcher.
    for (let probe = 0; ; probe++) {
      const tag = `bench-probe-${probe}`;
      await whisper(urls[0]!, tag);
      if ((await gather(tag)).times.length === WATCHERS) break;
      if (probe === 4) throw new Error("not every watcher received the probe events");
    }
    await sleep(2000);
    const connected = servers.map((server) => server.rssMiB());
    const outcome: Outcome = { latencies: [], firsts: [], lasts: [], failures: 0, rss: { idle, connected }, cpuPerEventMs: [], opened };
    const cpuBefore = servers.map((server) => server.cpuMs());
    for (let i = 0; i < EVENTS; i++) {
      const tag = `bench-event-${i}`;
      // Wall clock, as the receiving processes report their arrivals.
      const sentAt = performance.timeOrigin + (await whisper(urls[0]!, tag)).sentAt;
      const { times, failures } = await gather(tag);
      const latencies = times.map((at) => at - sentAt);
      outcome.latencies.push(...latencies);
      outcome.failures = failures;
      if (latencies.length) {
        outcome.firsts.push(Math.min(...latencies));
        outcome.lasts.push(Math.max(...latencies));
      }
      await sleep(GAP_MS);
    }
    outcome.cpuPerEventMs = servers.map((server, i) => (server.cpuMs() - cpuBefore[i]!) / EVENTS);
    return outcome;
  } finally {
    await Promise.all(receivers.map((one) => one.dispose()));
  }
}

/** Each way of serving the watchers, measured in turn on fresh servers: the lever alone, then with it. */
const MODES = [
  { name: "each socket executes", env: { SHARED_BROADCASTS: "off" } },
  { name: "shared (broadcasts.ts)", env: { SHARED_BROADCASTS: "on" } },
] as const;

export async function watchersBenchmark(serverUrl: string): Promise<string> {
  const load = loadavg()[0]!.toFixed(2);
  const database = await postgresDatabase(serverUrl, "watchers");
  const redis = await privateRedis();
  const outcomes: { mode: string; outcome: Outcome }[] = [];
  try {
    for (const mode of MODES) {
      const servers: BenchServer[] = [];
      try {
        // Thousands of sockets from one address: the per-address limit is for strangers, not this test.
        const env = { ...database.env, ...mode.env, REDIS_URL: redis.url, WS_SOCKETS_PER_ADDRESS: String(WATCHERS + 100) };
        for (const port of PORTS) servers.push(await startApp(env, port));
        outcomes.push({ mode: mode.name, outcome: await measure(servers) });
      } finally {
        await Promise.all(servers.map((server) => server.stop()));
      }
    }
  } finally {
    await redis.stop();
    await database.drop();
  }
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  const expected = WATCHERS * EVENTS;
  const row = ({ mode, outcome }: { mode: string; outcome: Outcome }) => {
    const p99 = percentile(outcome.latencies, 99);
    const verdict = outcome.latencies.length === expected && p99 < GOAL_P99_MS ? "met" : "**missed**";
    return `| ${mode} | ${outcome.latencies.length.toLocaleString("en")} / ${expected.toLocaleString("en")}${outcome.failures ? ` (${outcome.failures} watcher failures)` : ""} | ${ms(percentile(outcome.latencies, 50))} | ${ms(percentile(outcome.latencies, 95))} | ${ms(p99)} (${verdict}) | ${ms(percentile(outcome.latencies, 100))} | ${ms(median(outcome.firsts))} / ${ms(median(outcome.lasts))} | ${outcome.cpuPerEventMs.map(ms).join(" / ")} |`;
  };
  const memory = ({ mode, outcome }: { mode: string; outcome: Outcome }) => {
    const grown = outcome.rss.connected.map((connected, i) => connected - outcome.rss.idle[i]!);
    const perWatcher = (grown.reduce((sum, value) => sum + value, 0) * 1024) / WATCHERS;
    return [
      ...outcome.rss.idle.map(
        (idle, i) =>
          `| ${mode} | ${i === 0 ? "first (takes the whispers)" : "second (events through Redis)"} | ${idle.toFixed(0)} MiB | ${outcome.rss.connected[i]!.toFixed(0)} MiB (+${grown[i]!.toFixed(0)} MiB) | ${((grown[i]! * 1024 * 2) / WATCHERS).toFixed(0)} KiB |`,
      ),
      `| ${mode} | both | | | **${perWatcher.toFixed(0)} KiB** |`,
    ];
  };
  const opened = outcomes.map(({ outcome }) => `${outcome.opened.toFixed(0)} s`).join(" and ");
  return [
    `## ${WATCHERS.toLocaleString("en")} watchers of the ritual log, across two app processes on Redis (#31)`,
    "",
    `${WATCHERS.toLocaleString("en")} graphql-ws subscribers to \`ritualLogAdded\` (each a visitor of its own), half on each of two built app processes (\`node api/dist/main.js\`) sharing one`,
    "PostgreSQL database and one Redis (a private `redis-server`), opened by",
    `${RECEIVERS} receiving processes ([scripts/bench/watchers.ts](../scripts/bench/watchers.ts)) in ${opened}. Once a probe has reached every watcher,`,
    `${EVENTS} events follow, one at a time (each awaited by every watcher or ${DELIVERY_TIMEOUT_MS / 1000} s, then ${GAP_MS} ms apart): \`POST /api/council/whisper\``,
    "to the first process, which writes the whisper and its ritual log and publishes it; the second process receives it through Redis.",
    "Latency: from sending the request to a watcher's handler receiving the event (wall clock; servers, receivers, PostgreSQL and Redis",
    `share the machine's cores). Goal: every event delivered, p99 under ${GOAL_P99_MS} ms. The single-process figure of 1,000 subscribers is above.`,
    "Measured twice in one run on fresh servers: each socket executing the subscription for itself (`SHARED_BROADCASTS=off`, as before),",
    "then the watchers who ask the same sharing one execution per event (graphql/broadcasts.ts).",
    "",
    "| serving | delivered | p50 | p95 | p99 | max | median per event: first / last delivery | server CPU per event (first / second process) |",
    "|---|---|---|---|---|---|---|---|",
    ...outcomes.map(row),
    "",
    "Server memory (VmRSS), idle after warm-up and with every watcher connected:",
    "",
    "| serving | process | idle | watchers connected | per watcher |",
    "|---|---|---|---|---|",
    ...outcomes.flatMap(memory),
    "",
    `Load average (1 min) when the benchmark started: ${load}.`,
  ].join("\n");
}
