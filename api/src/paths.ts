// Where the project's files are, whether running from sources (tsx, tests) or from the
// bundle in api/dist: both find the repository root by walking up to its package.json.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

function findProjectRoot(start: string): string {
  let dir = start;
  for (;;) {
    const manifest = path.join(dir, "package.json");
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, "utf8")) as { name?: unknown }).name === "nomina") return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Cannot find the Nomina project root above ${start}`);
    dir = parent;
  }
}

export const PROJECT_ROOT = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));
export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, "prisma", "migrations");
export const WEB_DIST_DIR = path.join(PROJECT_ROOT, "web", "dist");
