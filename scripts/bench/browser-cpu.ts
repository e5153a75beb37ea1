// CPU used by headless Chromium while a page sits idle: the kernel's count (user + system time
// from /proc/<pid>/stat) over every process of the browser (browser, renderers, GPU/compositor,
// utility), plus what the page's renderer reports through CDP Performance.getMetrics.
import { readdirSync, readFileSync } from "node:fs";
import type { Browser } from "playwright-core";
import { cpuMs } from "./servers.ts";

/** Every live process below `root` in the process tree. */
export function descendants(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // The process ended while we looked.
    }
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length) {
    const pid = queue.shift()!;
    for (const [child, parent] of parents) if (parent === pid) (found.push(child), queue.push(child));
  }
  return found;
}

/** The browser's processes: this process's descendants, minus the servers it started. */
export function browserPids(exclude: number[]): number[] {
  const excluded = new Set(exclude.flatMap((pid) => [pid, ...descendants(pid)]));
  return descendants(process.pid).filter((pid) => !excluded.has(pid) && /chrom/i.test(safeRead(`/proc/${pid}/cmdline`)));
}

function safeRead(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

function totalCpuMs(pids: number[]): number {
  return pids.reduce((sum, pid) => {
    try {
      return sum + cpuMs(pid);
    } catch {
      return sum; // ended: its time is lost, which can only lower the figure slightly
    }
  }, 0);
}

export type IdleCpu = {
  /** All browser processes, in percent of one core. */
  browserPercent: number;
  /** The page's renderer main thread (CDP TaskDuration), in percent of one core. */
  rendererMainPercent: number;
};

export type IdleOptions = {
  /** Server processes started by the benchmark: not the browser's. */
  exclude: number[];
  settleMs: number;
  windowMs: number;
  /** A selector that is present once the page has rendered its data. */
  ready?: string;
  reducedMotion?: "reduce" | "no-preference";
  /** A script run once the page is ready, to take something out of the picture. */
  prepare?: string;
};

/** Opens `url` at 1280x800, waits `settleMs`, then measures for `windowMs` with no input. */
export async function measureIdleCpu(browser: Browser, url: string, { exclude, settleMs, windowMs, ready, reducedMotion = "no-preference", prepare }: IdleOptions): Promise<IdleCpu> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion });
  try {
    const page = await context.newPage();
    await page.goto(url);
    if (ready) await page.locator(ready).first().waitFor();
    if (prepare) await page.evaluate(prepare);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");
    await page.waitForTimeout(settleMs);
    const metrics = async () => {
      const { metrics: list } = await cdp.send("Performance.getMetrics");
      return Object.fromEntries(list.map((m: { name: string; value: number }) => [m.name, m.value]));
    };
    const pids = browserPids(exclude);
    const [cpuBefore, before, started] = [totalCpuMs(pids), await metrics(), performance.now()];
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const [cpuAfter, after, elapsed] = [totalCpuMs(pids), await metrics(), performance.now() - started];
    return {
      browserPercent: ((cpuAfter - cpuBefore) / elapsed) * 100,
      rendererMainPercent: (((after.TaskDuration ?? 0) - (before.TaskDuration ?? 0)) * 1000 * 100) / elapsed,
    };
  } finally {
    await context.close();
  }
}
