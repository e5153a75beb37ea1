// What the browser pays for the web app: the JavaScript the landing page ships (gzipped, code
// split per route) and the Largest Contentful Paint of / and /the-named in headless Chromium,
// each from a cold cache against the built app (`node api/dist/main.js`) on a fresh database.
import { gzipSync } from "node:zlib";
import { loadavg } from "node:os";
import type { Browser, Page } from "playwright-core";
import { median, summary } from "./report.ts";
import { withAppInBrowser } from "./servers.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const PORT = Number(process.env.BENCH_WEB_PORT ?? process.env.PORT ?? 4730);
const JS_GOAL_KB = 250;
const LCP_GOAL_MS = 1500;

type Script = { url: string; bytes: number; gzip: number };

/** Every script the page loads until the network is quiet, with its size raw and gzipped. */
async function scriptsOf(browser: Browser, url: string, act?: (page: Page) => Promise<void>): Promise<Script[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const scripts = new Map<string, Promise<Script>>();
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script" || scripts.has(response.url())) return;
    scripts.set(
      response.url(),
      response.body().then((body) => ({ url: new URL(response.url()).pathname, bytes: body.length, gzip: gzipSync(body, { level: 6 }).length })),
    );
  });
  await page.goto(url, { waitUntil: "networkidle" });
  if (act) {
    await act(page);
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(500);
  }
  const result = await Promise.all(scripts.values());
  await context.close();
  return result;
}

/** LCP of one cold load: the last candidate once the page has settled, and what it painted. */
async function lcpOf(browser: Browser, url: string): Promise<{ ms: number; element: string }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: "networkidle" });
  await page.waitForTimeout(1000);
  const lcp = await page.evaluate(
    () =>
      new Promise<{ ms: number; element: string }>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as (PerformanceEntry & { element?: Element })[];
          const last = entries[entries.length - 1]!;
          const element = last.element;
          const label = element ? `${element.tagName.toLowerCase()} "${(element.textContent ?? "").trim().slice(0, 30)}"` : "(removed)";
          resolve({ ms: last.startTime, element: label });
        }).observe({ type: "largest-contentful-paint", buffered: true });
      }),
  );
  await context.close();
  return lcp;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const total = (scripts: Script[], key: "bytes" | "gzip") => scripts.reduce((sum, script) => sum + script[key], 0);

export async function webBenchmark(): Promise<string> {
  const load = loadavg()[0]!.toFixed(2);
  return withAppInBrowser(PORT, async (app, browser) => {
    const landing = await scriptsOf(browser, `${app.url}/`);
    const landingScrolled = await scriptsOf(browser, `${app.url}/`, async (page) => {
      await page.getByRole("heading", { name: "The Naming Ritual" }).scrollIntoViewIfNeeded();
      await page.getByLabel("Secret name").waitFor();
    });
    const named = await scriptsOf(browser, `${app.url}/the-named`);

    const lcp: Record<string, { ms: number; element: string }[]> = { "/": [], "/the-named": [] };
    for (let i = 0; i < RUNS; i++) for (const path of Object.keys(lcp)) lcp[path]!.push(await lcpOf(browser, `${app.url}${path}`));

    const jsRow = (label: string, scripts: Script[], goal: boolean) => {
      const gz = total(scripts, "gzip");
      const verdict = goal ? (gz / 1024 < JS_GOAL_KB ? " (met)" : " ✗") : "";
      return `| ${label} | ${scripts.length} | ${kb(total(scripts, "bytes"))} KB | **${kb(gz)} KB**${verdict} |`;
    };
    const lcpRow = (path: string) => {
      const runs = lcp[path]!;
      const value = median(runs.map((run) => run.ms));
      return `| \`${path}\` | ${summary(runs.map((run) => run.ms))} | **${value.toFixed(0)} ms** ${value < LCP_GOAL_MS ? "(met)" : "✗"} | ${runs[0]!.element} |`;
    };
    const biggest = [...landing].sort((a, b) => b.gzip - a.gzip).slice(0, 5);

    return [
      "## Web app: JavaScript shipped and Largest Contentful Paint",
      "",
      "The built app (`node api/dist/main.js`, `NODE_ENV=production`, PGlite with the genesis agents) and Debian's headless",
      "Chromium at 1280x800, a fresh browser context (cold cache) per load, on the same 2 cores. Sizes are each script's",
      "body gzipped here at level 6 (since #21 the server sends brotli where the browser takes it: see the transfer section).",
      "",
      `### JavaScript per page (goal: under ${JS_GOAL_KB} KB gzipped for the landing page)`,
      "",
      "Every route is its own chunk. Relay loads with the first screen that reads graph data (the landing page's",
      "waitlist form brings it when that section nears the screen); dialogs and the toast machinery load when first",
      "wanted; Chakra carries only the recipes the screens use.",
      "",
      "| page, until the network is quiet | scripts | raw | gzipped |",
      "|---|---|---|---|",
      jsRow("`/` as it opens", landing, true),
      jsRow("`/` scrolled to the Naming Ritual form", landingScrolled, true),
      jsRow("`/the-named` (for comparison; no goal)", named, false),
      "",
      `Largest scripts of \`/\`: ${biggest.map((script) => `\`${script.url.replace(/^\/assets\//, "")}\` ${kb(script.gzip)} KB`).join(", ")}.`,
      "",
      `### Largest Contentful Paint (goal: under ${LCP_GOAL_MS} ms)`,
      "",
      `From navigation start to the largest paint, read once the page has been quiet for a second; ${RUNS} cold loads each.`,
      "",
      "| page | LCP | median | largest element (first run) |",
      "|---|---|---|---|",
      lcpRow("/"),
      lcpRow("/the-named"),
      "",
      `Load average (1 min) when the benchmark started: ${load}; other work on the machine shares its cores.`,
    ].join("\n");
  });
}
