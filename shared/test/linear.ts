// How a function's time grows with its input: the cost guard's one measurement (issue #26: no
// validator or parser of client input may take time growing faster than linearly with its size).
//
//   const ratio = growthRatio((n) => "url(" + " ".repeat(n), (text) => check(text), { base: 1_000 });
//   expect(ratio).toBeLessThan(40); // linear is about 16, quadratic about 256
//
// It is a ratio of two timings on the same machine in the same moment, so it holds on a slow or
// busy machine where an absolute time would not: never assert a time in milliseconds.

export type GrowthOptions = {
  /** The small input's size, given to `make`; choose it so one run takes more than a few microseconds. */
  base: number;
  /** How many times larger the second input is; 16 by default. */
  factor?: number;
  /** Timed batches of each size; the median counts. 5 by default. */
  samples?: number;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** Milliseconds `runs` calls take. */
function timed<I>(run: (input: I) => void, input: I, runs: number): number {
  const start = performance.now();
  for (let i = 0; i < runs; i++) run(input);
  return performance.now() - start;
}

/** A batch long enough for the clock to read it well (about 20 ms of small inputs), at least one run. */
const CALIBRATE_MS = 20;
/** ...and no more runs than the large input takes about a second for. */
const LARGE_BATCH_MS = 1_000;

/**
 * time(run(make(base * factor))) / time(run(make(base))): about `factor` for a linear `run`, about
 * factor² for a quadratic one. Both inputs are made before any timing; each size is run once to
 * warm the JIT, then timed in `samples` alternating batches (a batch repeats the call often enough
 * to be measurable, the same count at both sizes) and the medians compared, so one garbage
 * collection or scheduler pause does not decide the result. `run` is synchronous.
 */
export function growthRatio<I>(make: (n: number) => I, run: (input: I) => void, { base, factor = 16, samples = 5 }: GrowthOptions): number {
  const small = make(base);
  const large = make(base * factor);
  run(small);
  const slow = timed(run, large, 1);
  const once = Math.max(timed(run, small, 1), 0.001);
  // Fewer runs when the large input is slow: a super-linear `run` shows as such in one run, and
  // a batch of them would only make the test slower to fail.
  const runs = Math.max(1, Math.min(Math.ceil(CALIBRATE_MS / once), Math.floor(LARGE_BATCH_MS / Math.max(slow, 0.001))));
  const times = { small: [] as number[], large: [] as number[] };
  for (let i = 0; i < samples; i++) {
    times.small.push(timed(run, small, runs));
    times.large.push(timed(run, large, runs));
  }
  return median(times.large) / Math.max(median(times.small), 0.001);
}
