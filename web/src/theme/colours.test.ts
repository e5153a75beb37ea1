// Screens take their colours from the theme (issue #32): a raw colour in a component would not
// follow the theme when it changes, nor the light look of an embed.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { colorVar, system } from "./index";
import { glowColours, nebulaColours, voidColours } from "./palette";

const SRC = path.resolve(import.meta.dirname, "..");
const RAW_COLOUR = /#[0-9a-fA-F]{3,8}\b|rgba?\([^)]*\)|hsla?\([^)]*\)/g;

/**
 * Where a literal stays, and why: images drawn from strings, which cannot read the page's CSS
 * variables (the Glyph Forge's own palette and the black of its PNG export), and the chart's
 * code that adds an alpha to a colour the browser resolved from a token.
 */
const ALLOWED = new Set(["components/glyph-forge/tones.ts", "components/glyph-forge/png.ts", "components/DayChart.tsx"]);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return ["__generated__", "theme"].includes(entry.name) ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("theme colours", () => {
  it("no screen writes a raw colour", () => {
    const found = sources(SRC)
      .map((file) => path.relative(SRC, file))
      .filter((file) => !ALLOWED.has(file))
      .flatMap((file) => [...readFileSync(path.join(SRC, file), "utf8").matchAll(RAW_COLOUR)].map((match) => `${file}: ${match[0]}`));
    expect(found).toEqual([]);
  });

  it("builds its palette tokens from the palette's raw colours", () => {
    for (const [name, palette] of Object.entries({ glow: glowColours, nebula: nebulaColours, void: voidColours })) {
      for (const [key, value] of Object.entries(palette)) expect(system.token(`colors.${name}.${key}`)).toBe(value);
    }
  });

  it("gives a colour token's CSS variable, and refuses an unknown one", () => {
    expect(colorVar("glow.cyan")).toBe("var(--nm-colors-glow-cyan)");
    expect(colorVar("lineage.nodeSelected")).toBe("var(--nm-colors-lineage-node-selected)");
    expect(() => colorVar("glow.nowhere")).toThrow(/glow\.nowhere/);
  });
});
