// The Glyph Forge's generator: deterministic, changed by Regenerate, coloured by its tone, and
// always an image the server accepts as an agent's avatarUrl (checked here in a browser-like DOM,
// as the forms check it).
// @vitest-environment jsdom
import { GLYPH_IMAGE_MAX, isInertSvgDataUrl } from "@nomina/shared/glyph-image";
import { describe, expect, it } from "vitest";
import { generateGlyph, GLYPH_CANVAS, type GlyphSpec } from "./generate";
import { GLYPH_PRESETS } from "./presets";
import { pngFileName } from "./png";
import { TONE_STYLES, TONES } from "./tones";

const codex: GlyphSpec = { name: "Codex", tone: "technological", purpose: "Indexes every line of living code", variant: 0 };

describe("generateGlyph", () => {
  it("draws the same glyph for the same name, tone, function and variant", () => {
    expect(generateGlyph(codex)).toEqual(generateGlyph({ ...codex }));
    expect(generateGlyph({ ...codex, name: "  codex ", purpose: "INDEXES every  line of living code" }).svg).toBe(generateGlyph(codex).svg);
  });

  it("draws another glyph on Regenerate, and returns to the first with its variant", () => {
    const variants = [0, 1, 2, 3].map((variant) => generateGlyph({ ...codex, variant }).svg);
    expect(new Set(variants).size).toBe(4);
    expect(generateGlyph({ ...codex, variant: 2 }).svg).toBe(variants[2]);
  });

  it("changes with the name and with the function", () => {
    expect(generateGlyph({ ...codex, name: "Codex Prime" }).svg).not.toBe(generateGlyph(codex).svg);
    expect(generateGlyph({ ...codex, purpose: "Forgets on purpose" }).svg).not.toBe(generateGlyph(codex).svg);
  });

  it.each(TONES)("paints a %s glyph in its own colours on a 120 canvas", (tone) => {
    const { svg, mark } = generateGlyph({ ...codex, tone });
    for (const colour of TONE_STYLES[tone].colours) expect(svg).toContain(colour);
    for (const other of TONES.filter((t) => t !== tone)) {
      expect(TONE_STYLES[other].colours.some((colour) => !svg.includes(colour))).toBe(true);
    }
    expect(svg).toMatch(new RegExp(`^<svg [^>]*viewBox="0 0 ${GLYPH_CANVAS} ${GLYPH_CANVAS}"`));
    expect(TONE_STYLES[tone].marks).toContain(mark);
  });

  it("offers a text mark of its tone for every name, whatever its hash", () => {
    for (let i = 0; i < 500; i++) {
      const { mark } = generateGlyph({ ...codex, name: `Sigil Bearer ${i.toString(36)}`, variant: i % 7 });
      expect(TONE_STYLES[codex.tone].marks).toContain(mark);
    }
  });

  it("never carries what was typed, so no name can inject markup", () => {
    const hostile = generateGlyph({ ...codex, name: `<script>alert("x")</script>`, purpose: `" onload="alert(1)` });
    expect(hostile.svg).not.toMatch(/script|onload|alert/i);
  });

  it("is always a glyph image the server stores (inert SVG data URL, within the size limit)", () => {
    const names = ["Aria", "Codex", "Ωmega ☽", "x", "", "The Very Long Name Of An Agent Who Speaks For Many"];
    for (const tone of TONES) {
      for (const [i, name] of names.entries()) {
        const { dataUrl } = generateGlyph({ name, tone, purpose: `purpose ${i}`, variant: i });
        expect(isInertSvgDataUrl(dataUrl, window), `${tone} ${name}`).toBe(true);
        expect(dataUrl.length).toBeLessThan(GLYPH_IMAGE_MAX / 2);
      }
    }
  });
});

describe("the presets", () => {
  it("are Aria ethereal, Codex technological, Sage ancient and Nova futuristic", () => {
    expect(GLYPH_PRESETS.map(({ name, tone }) => `${name} ${tone}`)).toEqual(["Aria ethereal", "Codex technological", "Sage ancient", "Nova futuristic"]);
  });
});

describe("pngFileName", () => {
  it("names the file after the agent", () => {
    expect(pngFileName("Codex")).toBe("codex-glyph.png");
    expect(pngFileName("  Ωmega Nova!  ")).toBe("mega-nova-glyph.png");
    expect(pngFileName("☽☽")).toBe("glyph.png");
  });
});
