// What a first visit costs on the wire (#21): the bytes transferred (headers and bodies as they
// crossed the network, compressed or not) and the requests made by a cold load of / and
// /the-named in headless Chromium until the network is quiet, with the page's Largest
// Contentful Paint. Each page is loaded twice per round: as Chromium asks (Accept-Encoding:
// gzip, deflate, br, zstd) and with Accept-Encoding: identity (nothing compressed, as the
// server answered before #21). `BENCH_TRANSFER_LABEL` names what was measured.
import { loadavg } from "node:os";
import type { Browser } from "playwright-core";
import { median } from "./report.ts";
import { withAppInBrowser } from "./servers.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PORT = Number(process.env.BENCH_WEB_PORT ?? process.env.PORT ?? 4731);
const PAGES = ["/", "/the-named"] as const;

type Load = { bytes: number; requests: number; lcpMs: number; encodings: Record<string, number> };

/** One cold load: every response's encoded length from CDP, the request count, and LCP. */
async function loadOf(browser: Browser, url: string, identity: boolean): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  if (identity) await cdp.send("Network.setExtraHTTPHeaders", { headers: { "Accept-Encoding": "identity" } });
  let bytes = 0;
  let requests = 0;
  const encodings: Record<string, number> = {};
  const encodingOf = new Map<string, string>();
  cdp.on("Network.requestWillBeSent", () => void requests++);
  cdp.on("Network.responseReceived", (event) => {
    const headers = Object.fromEntries(Object.entries(event.response.headers).map(([key, value]) => [key.toLowerCase(), value]));
    encodingOf.set(event.requestId, headers["content-encoding"] ?? "identity");
  });
  cdp.on("Network.loadingFinished", (event) => {
    bytes += event.encodedDataLength;
    const encoding = encodingOf.get(event.requestId) ?? "identity";
    encodings[encoding] = (encodings[encoding] ?? 0) + 1;
  });
  await page.goto(url, { waitUntil: "networkidle" });
  await page.waitForTimeout(1000);
  const lcpMs = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]!.startTime);
        }).observe({ type: "largest-contentful-paint", buffered: true });
      }),
  );
  await context.close();
  return { bytes, requests, lcpMs, encodings };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export async function transferBenchmark(): Promise<string> {
  const load = loadavg()[0]!.toFixed(2);
  return withAppInBrowser(PORT, async (app, browser) => {
    const results: Record<string, { compressed: Load[]; identity: Load[] }> = {};
    for (const path of PAGES) results[path] = { compressed: [], identity: [] };
    for (let i = 0; i < RUNS; i++) {
      for (const path of PAGES) {
        results[path]!.compressed.push(await loadOf(browser, `${app.url}${path}`, false));
        results[path]!.identity.push(await loadOf(browser, `${app.url}${path}`, true));
      }
    }
    const row = (path: string, label: string, loads: Load[]) => {
      const encodings = Object.entries(loads[loads.length - 1]!.encodings)
        .map(([encoding, count]) => `${encoding} ${count}`)
        .join(", ");
      return `| \`${path}\` | ${label} | ${median(loads.map((l) => l.requests))} | **${kb(median(loads.map((l) => l.bytes)))}** | ${median(loads.map((l) => l.lcpMs)).toFixed(0)} ms | ${encodings} |`;
    };
    return [
      `## Web app on the wire: bytes transferred, requests, LCP${process.env.BENCH_TRANSFER_LABEL ? ` (${process.env.BENCH_TRANSFER_LABEL})` : ""}`,
      "",
      "The built app (`node api/dist/main.js`, `NODE_ENV=production`, PGlite with the genesis agents) and headless",
      "Chromium at 1280x800, a fresh context (cold cache) per load, until the network is quiet. **Transferred** is the sum",
      "of CDP's `encodedDataLength` over every response (headers and bodies as sent); LCP as in the section above.",
      `Medians of ${RUNS} loads each; the two rows of a page alternate, the second asking for \`Accept-Encoding: identity\`.`,
      "",
      "| page | asked for | requests | transferred | LCP | answers by content encoding (last load) |",
      "|---|---|---|---|---|---|",
      ...PAGES.flatMap((path) => [row(path, "br, gzip (Chromium's default)", results[path]!.compressed), row(path, "identity", results[path]!.identity)]),
      "",
      `Load average (1 min) when the benchmark started: ${load}; other work on the machine shares its cores.`,
    ].join("\n");
  });
}
