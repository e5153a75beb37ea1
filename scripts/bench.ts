// `npm run bench`: builds the app, runs each benchmark and writes its figures into
// docs/BENCHMARKS.md (each in its own marked section, so others are kept).
import { execSync } from "node:child_process";
import { conversationsBenchmark } from "./bench/conversations.ts";
import { mindsBenchmark } from "./bench/minds.ts";
import { loginBenchmark } from "./bench/login.ts";
import { councilCpuBenchmark } from "./bench/council-cpu.ts";
import { machine, writeSection } from "./bench/report.ts";
import { startupBenchmark } from "./bench/startup.ts";
import { subscribersBenchmark } from "./bench/subscribers.ts";
import { throughputBenchmark } from "./bench/throughput.ts";
import { webBenchmark } from "./bench/web.ts";

const serverUrl = process.env.DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/test";
const only = process.argv.slice(2);
const wanted = (name: string) => only.length === 0 || only.includes(name);

const benchmarks: [string, () => Promise<string>][] = [
  ["startup", () => startupBenchmark(serverUrl)],
  ["throughput", () => throughputBenchmark(serverUrl)],
  ["subscribers", () => subscribersBenchmark(serverUrl)],
  ["minds", () => mindsBenchmark(serverUrl)],
  ["conversations", () => conversationsBenchmark(serverUrl)],
  ["login", () => loginBenchmark(serverUrl)],
  ["web", () => webBenchmark()],
  ["council-cpu", () => councilCpuBenchmark()],
];

const unknown = only.filter((name) => !benchmarks.some(([known]) => known === name));
if (unknown.length) throw new Error(`unknown benchmark ${unknown.join(", ")}; known: ${benchmarks.map(([name]) => name).join(", ")}`);

execSync("npm run build", { stdio: "inherit" });

for (const [name, run] of benchmarks) {
  if (!wanted(name)) continue;
  console.log(`bench: ${name}...`);
  const section = await run();
  await writeSection(name, `${section}\n\n_Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}, 2 cores._`);
  console.log(section);
}
