// After the run (playwright.config.ts: globalTeardown): what the development server logged while
// the newcomer's specs ran through it. A developer's check (Pothos' unused query) may only warn
// there, never fail a page (#41); a warning is still a fault to fix, so it fails the run, named.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

export default function developerChecks(): void {
  const dir = process.env.E2E_DEV_DATA_DIR;
  const log = dir && path.join(dir, "server.log");
  if (!log || !existsSync(log)) return;
  const warned = readFileSync(log, "utf8")
    .split("\n")
    .filter((line) => line.includes('"check":'))
    .map((line) => JSON.parse(line) as { check: string; field?: string; requestId?: string });
  if (warned.length > 0) {
    const named = warned.map((entry) => `${entry.check} at ${entry.field ?? "?"} (request ${entry.requestId ?? "?"})`);
    throw new Error(`the development server's checks warned while the specs ran:\n${[...new Set(named)].join("\n")}`);
  }
}
