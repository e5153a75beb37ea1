// Every glyph the Forge draws stays well inside what the server lets a glyph contain (issue #26's
// bounds on elements, depth, attributes, <use> and filters, shared/src/glyph-image.ts): over
// hundreds of names, functions, tones and variants, each is accepted, and none comes near a bound.
// @vitest-environment jsdom
import { GLYPH_BOUNDS, isInertSvgDataUrl } from "@nomina/shared/glyph-image";
import { describe, expect, it } from "vitest";
import { generateGlyph } from "./generate";
import { GLYPH_PRESETS } from "./presets";
import { TONES } from "./tones";

/** What a drawn glyph holds, in the measures the bounds use. */
function measure(svg: string) {
  const root = new DOMParser().parseFromString(svg, "image/svg+xml").documentElement;
  const all = [root, ...root.getElementsByTagName("*")];
  const depthOf = (element: Element) => {
    let depth = 1;
    for (let at = element.parentElement; at; at = at.parentElement) depth += 1;
    return depth;
  };
  return {
    elements: all.length,
    depth: Math.max(...all.map(depthOf)),
    attributes: Math.max(...all.map((element) => element.attributes.length)),
    attribute: Math.max(...all.flatMap((element) => [...element.attributes].map((attribute) => attribute.value.length))),
    uses: all.filter((element) => element.localName === "use").length,
    primitives: all.filter((element) => element.localName.startsWith("fe") && element.parentElement?.localName === "filter").length,
  };
}

const NAMES = [
  "Aria",
  "Codex",
  "Ωmega ☽",
  "x",
  "",
  "The Very Long Name Of An Agent Who Speaks For Many",
  "abcdefghijklmnopqrstuvwxyz",
  "Zz Zz Zz Zz Zz Zz Zz Zz",
];

describe("the Glyph Forge's glyphs within the glyph bounds", () => {
  it("are accepted for every tone, over many names, functions and variants, with room to spare", () => {
    const most = { elements: 0, depth: 0, attributes: 0, attribute: 0, uses: 0, primitives: 0 };
    let drawn = 0;
    const specs = [
      ...GLYPH_PRESETS,
      ...TONES.flatMap((tone) =>
        Array.from({ length: 60 }, (_, i) => ({
          name: `${NAMES[i % NAMES.length]} ${i.toString(36)}`,
          tone,
          purpose: `purpose ${i % 13} of ${i % 7}`,
          variant: i % 9,
        })),
      ),
    ];
    for (const spec of specs) {
      const { svg, dataUrl } = generateGlyph(spec);
      expect(isInertSvgDataUrl(dataUrl, window), JSON.stringify(spec)).toBe(true);
      const measured = measure(svg);
      for (const key of Object.keys(most) as (keyof typeof most)[]) most[key] = Math.max(most[key], measured[key]);
      drawn += 1;
    }
    expect(drawn).toBeGreaterThan(480);
    // At most half of each bound: a Forge change that nears one fails here before users meet it.
    expect(most.elements).toBeLessThanOrEqual(GLYPH_BOUNDS.elements / 2);
    expect(most.depth).toBeLessThanOrEqual(GLYPH_BOUNDS.depth / 2);
    expect(most.attributes).toBeLessThanOrEqual(GLYPH_BOUNDS.attributes / 2);
    expect(most.attribute).toBeLessThanOrEqual(GLYPH_BOUNDS.attribute / 2);
    expect(most.uses).toBeLessThanOrEqual(GLYPH_BOUNDS.uses / 2);
    expect(most.primitives).toBeLessThanOrEqual(GLYPH_BOUNDS.filterPrimitives / 2);
  });
});
