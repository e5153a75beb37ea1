// One load measurement with autocannon (in this process; the server runs in its own): a
// warm-up that is thrown away, then a measured run at a fixed number of connections.
import autocannon, { type Options } from "autocannon";
import type { BenchServer } from "./servers.ts";

export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 3);
export const MEASURE_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
/** Long enough that a slow answer lands in the latency figures instead of being dropped. */
export const TIMEOUT_SECONDS = 60;

export type Request = Pick<Options, "method" | "headers" | "body"> & { path: string };

export type Load = {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Server CPU time (user + system) per answered request, in ms. */
  serverCpuMs: number;
  /** Requests that failed, timed out (after TIMEOUT_SECONDS) or were answered other than 2xx. */
  failed: number;
};

export async function measureLoad(server: BenchServer, request: Request): Promise<Load> {
  const options: Options = {
    url: server.url + request.path,
    connections: CONNECTIONS,
    timeout: TIMEOUT_SECONDS,
    method: request.method ?? "GET",
    ...(request.headers ? { headers: request.headers } : {}),
    ...(request.body ? { body: request.body } : {}),
  };
  await autocannon({ ...options, duration: WARMUP_SECONDS });
  const cpuBefore = server.cpuMs();
  const result = await autocannon({ ...options, duration: MEASURE_SECONDS });
  const cpu = server.cpuMs() - cpuBefore;
  return {
    requestsPerSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    serverCpuMs: cpu / result.requests.total,
    failed: result.errors + result.non2xx,
  };
}
