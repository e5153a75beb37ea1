// How a piece of work grows with its input, as a ratio and never as a time: the cost guard's
// measure (issue #26). The work is timed on inputs of 1x, 4x and 16x a base size; a linear
// piece of work takes about 4 and 16 times as long, a quadratic one 16 and 256 times.
//
// Time is the process's own CPU time, not the wall clock: other processes on a busy machine (the
// other test workers, a database) take the cores away without adding to it. What noise is left
// (collections, caches) only ever adds time, so each size is run as a batch long enough to
// measure (calibrated on the 1x input) and the fastest of a few batches is kept.

/** Node's process, as far as this module reads it (the shared package is typed for the browser too). */
const node = (globalThis as { process?: { cpuUsage(): { user: number; system: number } } }).process;

/** CPU time of this process so far, in milliseconds (the wall clock where there is no process). */
function cpuMs(): number {
  if (!node) return performance.now();
  const { user, system } = node.cpuUsage();
  return (user + system) / 1000;
}

export type Growth = {
  /** Time at 4x over time at 1x: about 4 when linear. */
  at4: number;
  /** Time at 16x over time at 1x: about 16 when linear, 256 when quadratic. */
  at16: number;
};

/** A batch at 1x is made to last at least this long, so a clock's resolution does not matter. */
const BATCH_MS = 3;
const REPEATS = 3;

/**
 * A batch this long is far above the noise: it is not repeated, so a runaway input costs one batch.
 * A larger input's batch is held to twice what the bound allows it instead, since one collection
 * (a worker's heap holds what other test files left) can take it past a fixed line, and only its
 * repeats show that it was the collection and not the input.
 */
const LONG_MS = 100;

/**
 * The fastest of up to `repeats` batches of `iterations` runs, in CPU milliseconds. Repeats stop
 * early once a batch is within `enough` (noise only ever adds time: a batch within the bound
 * settles it) or once the fastest is past `hopeless` (it is not noise).
 */
function fastestBatch(run: () => void, iterations: number, { repeats = REPEATS, enough = 0, hopeless = LONG_MS } = {}): number {
  let best = Infinity;
  for (let repeat = 0; repeat < repeats; repeat += 1) {
    const start = cpuMs();
    for (let i = 0; i < iterations; i += 1) run();
    best = Math.min(best, cpuMs() - start);
    if (best <= enough || best > hopeless) break;
  }
  return best;
}

/** Whole measurements a verdict may take: a linear piece of work passes the first unless noise struck it. */
const MEASUREMENTS = 3;

/**
 * How `work` grows from an input of size `base` to 4x and 16x: `make(n)` builds the input of
 * size n (outside the timing), `work(input)` is what is measured (its throws are part of it:
 * a validator that refuses is still work done).
 *
 * One measurement is a few batches on a machine other work shares: a collection, a test worker
 * or a database waking up can land in the 16x batch and nowhere else (#41: three fresh-clone runs
 * each failed one such guard once). A measurement past the bound is taken again, up to three in
 * all, and the best is the verdict: noise only ever adds time, while a quadratic piece of work
 * (256 at 16x against a bound of 48) is past it every time.
 */
export function growth<T>(make: (size: number) => T, work: (input: T) => unknown, base: number): Growth {
  let best: Growth = { at4: Infinity, at16: Infinity };
  for (let measurement = 0; measurement < MEASUREMENTS; measurement += 1) {
    const measured = measureGrowth(make, work, base);
    if (measured.at16 < best.at16) best = measured;
    if (best.at16 < LINEAR_BOUND.at16 && best.at4 < LINEAR_BOUND.at4) break;
  }
  return best;
}

function measureGrowth<T>(make: (size: number) => T, work: (input: T) => unknown, base: number): Growth {
  const inputs = [base, base * 4, base * 16].map(make);
  const once = (input: T) => () => {
    try {
      work(input);
    } catch {
      // A refusal is an answer too: its cost is what is measured.
    }
  };
  const [small, medium, large] = inputs.map(once) as [() => void, () => void, () => void];
  // Warm up (the JIT, lazily built tables) on the smallest input, then calibrate the batch on it.
  small();
  let iterations = 1;
  while (fastestBatch(small, iterations, { repeats: 1 }) < BATCH_MS && iterations < 1 << 20) iterations *= 2;
  // The base is repeated in full: a slow batch here would make every ratio look better than it is.
  const t1 = fastestBatch(small, iterations);
  // A larger input is repeated only while it looks past the bound.
  const larger = (run: () => void, bound: number) => fastestBatch(run, iterations, { enough: bound * t1, hopeless: Math.max(LONG_MS, 2 * bound * t1) });
  medium();
  const t4 = larger(medium, LINEAR_BOUND.at4);
  // Already far past linear at 4x: 16x could take minutes (a backtracking pattern), and the
  // verdict is in.
  if (t4 / t1 > LINEAR_BOUND.at4 * 3) return { at4: t4 / t1, at16: Infinity };
  large();
  const t16 = larger(large, LINEAR_BOUND.at16);
  return { at4: t4 / t1, at16: t16 / t1 };
}

/**
 * The bound the guard holds: three times linear. A linear piece of work stays near 4 and 16
 * with room for noise and for caches that a larger input overflows; a quadratic one (256 at
 * 16x) or worse cannot pass.
 */
export const LINEAR_BOUND: Growth = { at4: 12, at16: 48 };
// The verdict is taken at 16x, where linear and quadratic are furthest apart (16 against 256);
// 4x only cuts short a measurement that is already lost.
