// Chakra types `textStyle` as any string, even with the theme's own typings (`npm run
// generate:theme`, whose --strict narrows recipe variants only), so a misspelt or removed name
// would silently render unstyled text: every name the screens use must be one the theme defines.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { textStyles } from "./text-styles";

const SRC = path.resolve(import.meta.dirname, "..");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "__generated__" ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

function usedNames(): Map<string, string[]> {
  const used = new Map<string, string[]>();
  for (const file of sources(SRC)) {
    for (const match of readFileSync(file, "utf8").matchAll(/textStyle(?:=|: )"([^"]+)"/g)) {
      used.set(match[1]!, [...(used.get(match[1]!) ?? []), path.relative(SRC, file)]);
    }
  }
  return used;
}

describe("text styles", () => {
  const used = usedNames();

  it("are used by the screens", () => {
    expect(used.size).toBeGreaterThan(20);
  });

  it("every name a screen uses is defined in the theme", () => {
    const unknown = [...used].filter(([name]) => !(name in textStyles)).map(([name, files]) => `${name} (${files.join(", ")})`);
    expect(unknown).toEqual([]);
  });

  it("every style the theme defines is used somewhere", () => {
    expect(Object.keys(textStyles).filter((name) => !used.has(name))).toEqual([]);
  });
});
