// CPU of headless Chromium on the Council Terminal while it sits idle with its 25 motes
// drifting (goal: under 5 % of one core), next to an empty tab, a screen with only the shared
// star field, and the terminal under reduced motion (motes still), so the motes' own cost shows.
import { launchBrowser } from "../browser.ts";
import { browserPids, measureIdleCpu, type IdleCpu } from "./browser-cpu.ts";
import { median } from "./report.ts";
import { pgliteDatabase, startApp } from "./servers.ts";

const PORT = 4740;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SETTLE_MS = 5_000;
const WINDOW_MS = Number(process.env.BENCH_WINDOW_MS ?? 20_000);
const GOAL_PERCENT = 5;

type Target = { label: string; path: string; ready?: string; reducedMotion?: "reduce"; prepare?: string };

/** Removes the shell's star field (StarField.tsx: every fixed, aria-hidden layer but the motes'). */
const WITHOUT_STAR_FIELD = `document.querySelectorAll("[aria-hidden]").forEach((element) => {
  if (getComputedStyle(element).position === "fixed" && !element.matches("[data-testid=council-particles]")) element.style.display = "none";
})`;

/** The least any 20 fps motion costs here: one 4 px square on a black page, moved the same way (50 ms steps). */
const FLOOR_PAGE = `data:text/html,${encodeURIComponent(
  `<body style="margin:0;background:#000"><div id="m" style="position:fixed;width:4px;height:4px;background:cyan;will-change:transform"></div>` +
    `<script>m.animate([{transform:"translate(0,0)"},{transform:"translate(1200px,760px)"}],{duration:30000,easing:"steps(600)",iterations:Infinity})</script></body>`,
)}`;

const TARGETS: Target[] = [
  { label: "empty tab (`about:blank`)", path: "about:blank" },
  { label: "floor: one 4 px square stepped every 50 ms, nothing else", path: FLOOR_PAGE },
  { label: "The Named (star field only)", path: "/the-named", ready: "h3" },
  { label: "**Council Terminal, motes drifting**", path: "/council", ready: "[data-particle] >> nth=24" },
  { label: "Council Terminal, motes drifting, the shell's star field removed", path: "/council", ready: "[data-particle] >> nth=24", prepare: WITHOUT_STAR_FIELD },
  { label: "Council Terminal, reduced motion (motes still)", path: "/council", ready: "[data-particle] >> nth=24", reducedMotion: "reduce" },
];

const pct = (value: number) => `${value.toFixed(2)} %`;

export async function councilCpuBenchmark(): Promise<string> {
  const database = await pgliteDatabase();
  const server = await startApp(database.env, PORT);
  const browser = await launchBrowser();
  const results = new Map<Target, IdleCpu[]>(TARGETS.map((target) => [target, []]));
  try {
    // Rounds alternate the targets, so a busy moment on the shared machine spreads over all.
    for (let round = 0; round < ROUNDS; round++) {
      for (const target of TARGETS) {
        const url = target.path.startsWith("/") ? server.url + target.path : target.path;
        const options = { exclude: [server.pid], settleMs: SETTLE_MS, windowMs: WINDOW_MS, ready: target.ready, reducedMotion: target.reducedMotion, prepare: target.prepare };
        results.get(target)!.push(await measureIdleCpu(browser, url, options));
      }
    }
    const processes = browserPids([server.pid]).length;
    const rows = TARGETS.map((target) => {
      const runs = results.get(target)!;
      const total = runs.map((run) => run.browserPercent);
      const main = runs.map((run) => run.rendererMainPercent);
      const verdict = target.label.startsWith("**") ? (median(total) < GOAL_PERCENT ? " (met)" : " (**missed**)") : "";
      return `| ${target.label} | ${pct(median(total))}${verdict} (${total.map((v) => v.toFixed(2)).join(", ")}) | ${pct(median(main))} |`;
    });
    return [
      "## Council Terminal: browser CPU while idle with the motes drifting",
      "",
      "The built app on PGlite; Debian's Chromium, headless, launched as every benchmark and test launches it",
      "([scripts/browser.ts](../scripts/browser.ts): `--disable-gpu`, so compositing and raster run on the CPU). One",
      `1280x800 tab per measurement: the page loads, rests ${SETTLE_MS / 1000} s, then nothing touches it for ${WINDOW_MS / 1000} s.`,
      `**Browser CPU** is the user + system time of every Chromium process (${processes} while the last tab was open: browser,`,
      "GPU/compositor, renderers, utilities) read from `/proc/<pid>/stat` before and after the window, divided by the window:",
      "100 % is one core. **Renderer main thread** is the page's own `TaskDuration` from CDP `Performance.getMetrics`.",
      `${ROUNDS} rounds alternate the targets; each figure is the median (every round in brackets). Goal: under ${GOAL_PERCENT} % of one core.`,
      "",
      "The motes are 25 spans, each on its own compositor layer, each driven by one looping Web Animation of",
      "`transform` eased in `steps()` of 50 ms, all sharing one start time: the compositor moves them, the page's main",
      "thread does nothing per tick, and the 25 motes change in the same frame, 20 frames a second. The animations",
      "pause while the tab is hidden and are never started under reduced motion.",
      "",
      "| page | browser CPU, % of one core | renderer main thread |",
      "|---|---|---|",
      ...rows,
      "",
      "Reading the rows: a still page costs nothing, but this browser (software compositing, `--disable-gpu`) spends the",
      "*floor* row on producing 20 frames a second at all, whatever moves: each frame is composited in full on the CPU.",
      "Above that floor a frame costs in proportion to the full-screen layers it composites. Content painted above a",
      "composited layer gets layers of its own: the terminal sits above the motes, and every screen sits above the shell's",
      "star field (`StarField.tsx`, a composited fixed layer), so the page is squashed into full-screen layers that are",
      "redrawn on each of the 20 frames; the row without the star field shows that layer's share. The page's main thread",
      "stays idle throughout. A browser with GPU compositing does this drawing on the GPU.",
    ].join("\n");
  } finally {
    await browser.close();
    await server.stop();
    await database.drop();
  }
}
