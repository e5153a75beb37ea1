// CPU used by headless Chromium while a page sits idle: the kernel's count (user + system time
// from /proc/<pid>/stat) over every process of the browser (browser, renderers, GPU/compositor,
// utility), plus what the page's renderer reports through CDP Performance.getMetrics.
import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { Browser } from "playwright-core";
import { median } from "./report.ts";
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
    for (const [child, parent] of parents) {
      if (parent !== pid) continue;
      found.push(child);
      queue.push(child);
    }
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
export async function measureIdleCpu(
  browser: Browser,
  url: string,
  { exclude, settleMs, windowMs, ready, reducedMotion = "no-preference", prepare }: IdleOptions,
): Promise<IdleCpu> {
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
    await sleep(windowMs);
    const [cpuAfter, after, elapsed] = [totalCpuMs(pids), await metrics(), performance.now() - started];
    return {
      browserPercent: ((cpuAfter - cpuBefore) / elapsed) * 100,
      rendererMainPercent: (((after.TaskDuration ?? 0) - (before.TaskDuration ?? 0)) * 1000 * 100) / elapsed,
    };
  } finally {
    await context.close();
  }
}

export type FrameDrawing = {
  /** Frames the display compositor drew per second. */
  framesPerSecond: number;
  /** Median software drawing time of one frame (viz `DirectRenderer::DrawFrame`), in ms. */
  drawMs: number;
  /** Quads drawn per frame: every tile of every composited layer inside the frame's damage. */
  quadsPerFrame: number;
};

/** Traces `windowMs` of an idle 1280x800 page and reads how the display compositor drew its frames. */
export async function traceFrameDrawing(
  browser: Browser,
  url: string,
  { settleMs, windowMs, ready, prepare }: Omit<IdleOptions, "exclude">,
): Promise<FrameDrawing> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const dir = await mkdtemp(path.join(tmpdir(), "nomina-trace-"));
  try {
    const page = await context.newPage();
    await page.goto(url);
    if (ready) await page.locator(ready).first().waitFor();
    if (prepare) await page.evaluate(prepare);
    await page.waitForTimeout(settleMs);
    const file = path.join(dir, "trace.json");
    await browser.startTracing(page, { path: file, categories: ["viz"] });
    await page.waitForTimeout(windowMs);
    await browser.stopTracing();
    type TraceEvent = { name: string; ph: string; dur?: number };
    const events = (JSON.parse(await readFile(file, "utf8")) as { traceEvents: TraceEvent[] }).traceEvents.filter((event) => event.ph === "X");
    const frames = events.filter((event) => event.name === "DirectRenderer::DrawFrame").map((event) => (event.dur ?? 0) / 1000);
    const quads = events.filter((event) => event.name === "SoftwareRenderer::DoDrawQuad").length;
    return {
      framesPerSecond: (frames.length * 1000) / windowMs,
      drawMs: frames.length ? median(frames) : 0,
      quadsPerFrame: frames.length ? quads / frames.length : 0,
    };
  } finally {
    await context.close();
    await rm(dir, { recursive: true, force: true });
  }
}
