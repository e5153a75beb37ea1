// `npm start` builds only when something the build reads has changed since the last build
// (#21): the web app and the server are bundled from web/, shared/, api/src, the generated Prisma
// client and the lockfile, and a fresh build of them takes some 13 s. The contents of those
// inputs are hashed (not their times: a checkout or a copy changes times, not contents) and the
// hash is kept beside the build; when it matches and both bundles are there, the build is
// skipped. Plain JavaScript, so that it runs before anything is compiled and without tsx.
import { execSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The project (`--root <dir>` for the tests: another tree with its own `npm run build`). */
const rootAt = process.argv.indexOf("--root");
const root = rootAt > 0 ? path.resolve(process.argv[rootAt + 1]) : path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const STAMP = path.join(root, "api/dist/.build-inputs");
const OUTPUTS = ["web/dist/index.html", "api/dist/main.js"];
const INPUTS = [
  "web",
  "shared",
  "api/src",
  "api/generated",
  "prisma/schema.prisma",
  "package.json",
  "package-lock.json",
  "api/package.json",
  "web/package.json",
  "tsconfig.json",
];
/** Never inputs: outputs, dependencies, and what only the tests read. */
const SKIP = new Set(["node_modules", "dist", "e2e", "test-results", "playwright-report", ".vite"]);

function files(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full, { withFileTypes: true })
    .filter((child) => !SKIP.has(child.name))
    .flatMap((child) => files(path.join(entry, child.name)));
}

function inputsHash() {
  const hash = createHash("sha256");
  for (const file of INPUTS.flatMap(files).sort())
    hash
      .update(file)
      .update("\0")
      .update(readFileSync(path.join(root, file)))
      .update("\0");
  return hash.digest("hex");
}

const before = inputsHash();
const built = OUTPUTS.every((file) => existsSync(path.join(root, file))) && existsSync(STAMP) && readFileSync(STAMP, "utf8").trim() === before;
if (built && !process.argv.includes("--force")) {
  console.log("build: nothing changed since the last build, serving it (npm run build rebuilds)");
} else {
  // Said before the build starts: a first start spends half a minute here before it listens.
  const why = existsSync(STAMP) ? "sources changed since the last build" : "no build yet";
  console.log(`build: ${why}; building the web app and the server (about half a minute), then starting`);
  execSync("npm run build", { cwd: root, stdio: "inherit" });
  writeFileSync(STAMP, `${before}\n`);
}
