// Helpers shared by the benchmarks: summary statistics and the BENCHMARKS.md section writer.
import { readFile, writeFile } from "node:fs/promises";

export const BENCHMARKS_FILE = new URL("../../docs/BENCHMARKS.md", import.meta.url);

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Nearest-rank percentile (p in 0..100). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

export function summary(values: number[], unit = "ms", digits = 0): string {
  const fmt = (v: number) => `${v.toFixed(digits)} ${unit}`;
  return `median ${fmt(median(values))} (min ${fmt(Math.min(...values))}, max ${fmt(Math.max(...values))}, n=${values.length})`;
}

/** Replaces (or appends) the section between <!-- bench:KEY --> markers. */
export async function writeSection(key: string, markdown: string): Promise<void> {
  const start = `<!-- bench:${key} -->`;
  const end = `<!-- /bench:${key} -->`;
  const current = await readFile(BENCHMARKS_FILE, "utf8").catch(() => "# Benchmarks\n");
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const pattern = new RegExp(`${start}[\\s\\S]*?${end}`);
  const next = pattern.test(current) ? current.replace(pattern, block) : `${current.trimEnd()}\n\n${block}\n`;
  await writeFile(BENCHMARKS_FILE, next);
}

export function machine(): string {
  return `Node ${process.version}, ${process.platform}/${process.arch}`;
}
