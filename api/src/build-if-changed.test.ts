// `npm start` builds only when an input of the build changed (scripts/build-if-changed.mjs, #21):
// run here against a small tree of its own whose `npm run build` counts its runs.
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "./paths.ts";

const SCRIPT = path.join(PROJECT_ROOT, "scripts/build-if-changed.mjs");
/** Writes both outputs and counts its runs in builds.txt. */
const BUILD = `const fs = require("fs");
fs.mkdirSync("web/dist", { recursive: true }); fs.mkdirSync("api/dist", { recursive: true });
fs.writeFileSync("web/dist/index.html", "<!doctype html>"); fs.writeFileSync("api/dist/main.js", "");
fs.appendFileSync("builds.txt", "x"); console.log("the build ran");`;

describe("npm start's build step", () => {
  let root: string;
  const start = () => execFileSync(process.execPath, [SCRIPT, "--root", root], { cwd: root, encoding: "utf8", stdio: "pipe" });
  const builds = async () => (await readFile(path.join(root, "builds.txt"), "utf8").catch(() => "")).length;
  const write = async (file: string, text: string) => {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  };

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "nomina-build-if-changed-"));
    await write("package.json", JSON.stringify({ name: "tree", private: true, scripts: { build: "node build.cjs" } }));
    await write("build.cjs", BUILD);
    await write("web/src/main.tsx", "export {};\n");
    await write("api/src/main.ts", "export {};\n");
    await write("shared/src/paths.ts", "export {};\n");
  });

  it("builds the first time, saying so before the build, then serves that build while nothing it reads changed", async () => {
    const said = start();
    expect(await builds()).toBe(1);
    // A newcomer's first start is half a minute of building: it says why before it starts.
    expect(said.indexOf("building the web app and the server")).toBeGreaterThanOrEqual(0);
    expect(said.indexOf("building the web app and the server")).toBeLessThan(said.indexOf("the build ran"));
    expect(start()).toContain("nothing changed");
    expect(await builds()).toBe(1);
  });

  it("builds again when a source's contents change, not for what only the tests read", async () => {
    await write("web/e2e/new.spec.ts", "export {};\n");
    start();
    expect(await builds()).toBe(1);
    await write("shared/src/paths.ts", "export const changed = true;\n");
    start();
    expect(await builds()).toBe(2);
    await write("api/src/main.ts", "export {};\n");
    start();
    expect(await builds()).toBe(2);
    await write("package-lock.json", "{}\n");
    start();
    expect(await builds()).toBe(3);
  });
});
