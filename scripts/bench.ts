// `npm run bench`: builds the app, runs each benchmark and writes its figures into
// docs/BENCHMARKS.md (each in its own marked section, so others are kept). `scale` seeds
// 100,000 agents, or as many as `--agents N` says, and writes a section per size; it runs only
// when named (`npm run bench -- scale`), being long. `transfer` measures bytes on the wire
// (`npm run bench -- transfer`); `search` seeds 1,000,000 messages and runs only when named
// (`npm run bench -- search`); `conclave` times a four-agent round against the sequential
// ideal (`npm run bench -- conclave`); `ascended` times a Council of two ascended members and two
// model seats against the parallel ideal; `watchers` holds 10,000 subscribers over two app processes on
// Redis and runs only when named (`npm run bench -- watchers`); `oracle` times the offline oracle's answers (#41);
// BENCH_NO_BUILD=1 measures the build already there.
import { execSync } from "node:child_process";
import { parseArgs } from "node:util";
import { ascendedBenchmark } from "./bench/ascended.ts";
import { conclaveBenchmark } from "./bench/conclave.ts";
import { conversationsBenchmark } from "./bench/conversations.ts";
import { mindsBenchmark } from "./bench/minds.ts";
import { oracleBenchmark } from "./bench/oracle.ts";
import { loginBenchmark } from "./bench/login.ts";
import { councilCpuBenchmark } from "./bench/council-cpu.ts";
import { machine, writeSection } from "./bench/report.ts";
import { scaleBenchmark } from "./bench/scale.ts";
import { searchBenchmark } from "./bench/search.ts";
import { startupBenchmark } from "./bench/startup.ts";
import { subscribersBenchmark } from "./bench/subscribers.ts";
import { watchersBenchmark } from "./bench/watchers.ts";
import { throughputBenchmark } from "./bench/throughput.ts";
import { transferBenchmark } from "./bench/transfer.ts";
import { webBenchmark } from "./bench/web.ts";

const serverUrl = process.env.DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/test";
const { positionals: only, values } = parseArgs({ allowPositionals: true, options: { agents: { type: "string" } } });
const agents = Number(values.agents ?? 100_000);
if (!Number.isInteger(agents) || agents < 1000) throw new Error("--agents must be a whole number, at least 1000");
/** Run only when asked for by name. */
const ON_REQUEST = new Set(["scale", "search", "watchers"]);
const wanted = (name: string) => (only.length === 0 ? !ON_REQUEST.has(name) : only.includes(name));
/** The BENCHMARKS.md section a benchmark writes. */
const sectionOf = (name: string) => (name === "scale" ? `scale-${agents}` : name);

const benchmarks: [string, () => Promise<string>][] = [
  ["startup", () => startupBenchmark(serverUrl)],
  ["throughput", () => throughputBenchmark(serverUrl)],
  ["subscribers", () => subscribersBenchmark(serverUrl)],
  ["watchers", () => watchersBenchmark(serverUrl)],
  ["minds", () => mindsBenchmark(serverUrl)],
  ["oracle", () => Promise.resolve(oracleBenchmark())],
  ["conversations", () => conversationsBenchmark(serverUrl)],
  ["login", () => loginBenchmark(serverUrl)],
  ["web", () => webBenchmark()],
  ["transfer", () => transferBenchmark()],
  ["council-cpu", () => councilCpuBenchmark()],
  ["conclave", () => conclaveBenchmark(serverUrl)],
  ["ascended", () => ascendedBenchmark(serverUrl)],
  ["scale", () => scaleBenchmark(serverUrl, agents)],
  ["search", () => searchBenchmark(serverUrl)],
];

const unknown = only.filter((name) => !benchmarks.some(([known]) => known === name));
if (unknown.length) throw new Error(`unknown benchmark ${unknown.join(", ")}; known: ${benchmarks.map(([name]) => name).join(", ")}`);

if (!process.env.BENCH_NO_BUILD) execSync("npm run build", { stdio: "inherit" });

for (const [name, run] of benchmarks) {
  if (!wanted(name)) continue;
  console.log(`bench: ${name}...`);
  const section = await run();
  await writeSection(sectionOf(name), `${section}\n\n_Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}, 2 cores._`);
  console.log(section);
}
