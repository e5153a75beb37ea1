// The slice of autocannon's API the load benchmark uses (the package ships no types).
declare module "autocannon" {
  type Histogram = { average: number; mean: number; max: number; min: number; total: number; p50: number; p90: number; p99: number };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    /** Seconds before a request counts as timed out. */
    timeout?: number;
    method?: "GET" | "POST";
    headers?: Record<string, string>;
    body?: string;
  };
  export type Result = {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
  };
  export default function autocannon(options: Options): Promise<Result>;
}
