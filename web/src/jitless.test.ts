// The web app never evaluates a string as code (#42 finding 9): zod 4 probes `new Function("")`
// when it builds an object schema, and compiles its parsers so, and the content security policy
// (script-src 'self') reports each as a violation on every page that loads a schema. The web
// entry's first import makes zod jitless before anything builds one (@nomina/shared/jitless).
// Run in a process of its own, as a page loads its modules once: `Function` is watched there,
// the entry's first import is loaded, then every shared module, and their schemas parse input.
import { spawnSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const ENTRY = path.join(ROOT, "web/src/main.tsx");

/** The module the web entry imports first. */
function firstImport(): string {
  const match = /^import\s+(?:[^"']*\s+from\s+)?["']([^"']+)["'];?$/m.exec(readFileSync(ENTRY, "utf8"));
  if (!match) throw new Error(`${ENTRY} imports nothing`);
  return match[1]!;
}

/** Every module of the shared package the browser may load. */
const SHARED = readdirSync(path.join(ROOT, "shared/src"))
  .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts") && name !== "jitless.ts")
  .map((name) => `@nomina/shared/${name.replace(/\.ts$/, "")}`);

/** How many times code was made from a string while `first` and then the shared modules loaded and parsed. */
function functionsMade(first: string | null): number {
  const script = `
    let made = 0;
    globalThis.Function = new Proxy(Function, {
      construct: (target, args) => ((made += 1), Reflect.construct(target, args)),
      apply: (target, self, args) => ((made += 1), Reflect.apply(target, self, args)),
    });
    ${first ? `await import(${JSON.stringify(first)});` : ""}
    const { z } = await import("zod");
    for (const specifier of ${JSON.stringify(SHARED)}) {
      for (const value of Object.values(await import(specifier))) {
        if (value instanceof z.ZodObject) value.safeParse({}), value.safeParse({ name: "x", email: "a@b.c" });
      }
    }
    z.object({ name: z.string(), count: z.number() }).parse({ name: "Nomina", count: 1 });
    console.log(JSON.stringify({ made }));`;
  const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: ROOT, encoding: "utf8" });
  if (run.status !== 0) throw new Error(`the probe process failed: ${run.stderr}`);
  return (JSON.parse(run.stdout.trim().split("\n").at(-1)!) as { made: number }).made;
}

describe("the web entry", () => {
  it("makes zod jitless first: nothing it or the shared package loads makes code from a string", () => {
    expect(firstImport()).toBe("@nomina/shared/jitless");
    expect(functionsMade(firstImport())).toBe(0);
  }, 60_000);

  it("would otherwise probe and compile: the watch sees zod's new Function", () => {
    expect(functionsMade(null)).toBeGreaterThan(0);
  }, 60_000);
});
