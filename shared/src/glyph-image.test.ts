// The glyph image rule in a browser-like DOM (the server runs the same rule on its own jsdom
// window: api/src/domains/agents/glyph-image.test.ts). Every hostile image here is well-formed
// SVG, so what refuses it is DOMPurify or the reference rule, not a parse error.
// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { growth, LINEAR_BOUND } from "../test/linear.ts";
import { GLYPH_BOUNDS, GLYPH_IMAGE_INVALID, GLYPH_IMAGE_MAX, GLYPH_IMAGE_TOO_LARGE, glyphImage, isInertSvgDataUrl, urlReferences } from "./glyph-image.ts";

const dataUrl = (svg: string) => `data:image/svg+xml;base64,${btoa(String.fromCodePoint(...new TextEncoder().encode(svg)))}`;
const inert = (svg: string) => isInertSvgDataUrl(dataUrl(svg), window);
const NS = `xmlns="http://www.w3.org/2000/svg"`;
const XLINK = `xmlns:xlink="http://www.w3.org/1999/xlink"`;

describe("isInertSvgDataUrl", () => {
  it.each([
    [
      "gradients, filters and references to its own parts",
      `<svg ${NS} viewBox="0 0 120 120"><defs><radialGradient id="h"><stop offset="0" stop-color="#8be9fd"/></radialGradient><filter id="g"><feGaussianBlur stdDeviation="1.6" result="b"/><feMerge><feMergeNode in="b"/><feMergeNode in="SourceGraphic"/></feMerge></filter></defs><circle r="58" fill="url(#h)"/><g filter="url('#g')"><path id="p" d="M0 0L9 9"/></g><use href="#p"/></svg>`,
    ],
    [
      "an XML declaration and an xlink to itself",
      `<?xml version="1.0" encoding="UTF-8"?>\n<svg ${NS} ${XLINK}><circle id="c" r="2"/><use xlink:href="#c"/></svg>\n`,
    ],
    ["text of any script", `<svg ${NS}><text>☽ Ωmega &amp; ◊</text></svg>`],
  ])("accepts %s", (_what, svg) => {
    expect(inert(svg)).toBe(true);
  });

  it.each([
    ["script", `<svg ${NS}><script>alert(1)</script></svg>`],
    ["an event handler", `<svg ${NS} onload="alert(1)"></svg>`],
    ["an animation that writes a link", `<svg ${NS}><a><animate attributeName="href" to="javascript:alert(1)"/></a></svg>`],
    ["an external link", `<svg ${NS}><image href="https://evil.example/x.png"/></svg>`],
    ["an external xlink", `<svg ${NS} ${XLINK}><use xlink:href="http://evil.example/s.svg#a"/></svg>`],
    ["a link to nothing in the image", `<svg ${NS}><use href="&#35;a"/></svg>`],
    ["an external url()", `<svg ${NS}><rect fill="url(https://evil.example/p)"/></svg>`],
    ["a url() written so that it cannot be read", `<svg ${NS}><rect id="p" fill="url(#p) url("/></svg>`],
    ["a javascript: url", `<svg ${NS}><a href="javascript:alert(1)"><text>x</text></a></svg>`],
    ["an embedded document", `<svg ${NS}><foreignObject><div xmlns="http://www.w3.org/1999/xhtml"/></foreignObject></svg>`],
    ["a style element", `<svg ${NS}><style>@import 'https://evil.example/c.css';</style></svg>`],
    ["a style attribute", `<svg ${NS}><rect style="fill:url(https://evil.example/p)"/></svg>`],
    ["a comment", `<svg ${NS}><!-- <script> --></svg>`],
    ["a stylesheet instruction beside the root", `<?xml-stylesheet href="https://evil.example/c.css"?><svg ${NS}/>`],
    ["a doctype with entities", `<!DOCTYPE svg [<!ENTITY x "y">]><svg ${NS}><text>&x;</text></svg>`],
    ["an SVG without its namespace, which no browser draws", `<svg><circle r="1"/></svg>`],
    ["a document that does not parse", `<svg ${NS}><circle>`],
    ["something else than SVG", `<html xmlns="http://www.w3.org/1999/xhtml"><body>hello</body></html>`],
  ])("refuses %s", (_what, svg) => {
    expect(inert(svg)).toBe(false);
  });

  it("refuses other data URLs and broken base64", () => {
    const svg = `<svg ${NS}/>`;
    expect(inert(svg)).toBe(true);
    expect(isInertSvgDataUrl(dataUrl(svg).replace("image/svg+xml", "image/png"), window)).toBe(false);
    expect(isInertSvgDataUrl(`data:image/svg+xml;utf8,${svg}`, window)).toBe(false);
    expect(isInertSvgDataUrl("data:image/svg+xml;base64,PHN2Zz4*", window)).toBe(false);
    expect(isInertSvgDataUrl("https://example.com/glyph.svg", window)).toBe(false);
  });
});

describe("glyphImage", () => {
  const field = glyphImage(() => window);

  it("says why, with the spec's messages, and checks no oversized image", () => {
    expect(field.safeParse(dataUrl(`<svg ${NS}/>`)).success).toBe(true);
    expect(field.safeParse(dataUrl(`<svg ${NS} onload="x()"/>`)).error?.issues[0]?.message).toBe(GLYPH_IMAGE_INVALID);
    expect(field.safeParse(42).error?.issues[0]?.message).toBe(GLYPH_IMAGE_INVALID);
    const oversized = field.safeParse(dataUrl(`<svg ${NS}>${"<g/>".repeat(GLYPH_IMAGE_MAX / 4)}</svg>`));
    expect(oversized.error?.issues.map((issue) => issue.message)).toEqual([GLYPH_IMAGE_TOO_LARGE]);
  });
});

describe("reading url() references", () => {
  it.each([
    ["url(#a)", ["#a"]],
    [`url( '#a' ) url("#b")`, ["#a", "#b"]],
    ["URL(#a), none", ["#a"]],
    ["none", []],
    ["url(#a", null],
    [`url('#a)`, null],
    [`url("#a')`, null],
    [`url(#a'b)`, null],
    ["url(#a) url(", null],
  ])("reads %s as %j", (value, references) => {
    expect(urlReferences(value)).toEqual(references);
  });

  // Issue #26: the pattern this replaced took 33 s on "url(" and 5,000 spaces.
  it.each([
    ["a run of spaces after url(", (n: number) => `url(${" ".repeat(n)}`],
    ["a run of spaces inside url( )", (n: number) => `url(${" ".repeat(n)}#a${" ".repeat(n)})`],
    ["url( written again and again", (n: number) => "url(".repeat(n / 4)],
    ["quotes that never pair", (n: number) => `url(${"'".repeat(n)}`],
  ])("takes time linear in the value on %s", (_what, make) => {
    expect(growth(make, (value) => urlReferences(value), 10_000).at16).toBeLessThan(LINEAR_BOUND.at16);
  });
});

describe("the url() backtracking attack (issue #26)", () => {
  // Spaces then a character: the purifier trims the value, and trailing spaces alone would go.
  const attack = (spaces: number) => dataUrl(`<svg ${NS}><rect fill="url(${" ".repeat(spaces)}x"/></svg>`);

  it("is refused in time linear in its size, up to the largest image accepted for checking", () => {
    const base = 930;
    expect(attack(base * 16).length).toBeLessThanOrEqual(GLYPH_IMAGE_MAX);
    expect(isInertSvgDataUrl(attack(base * 16), window)).toBe(false);
    expect(growth(attack, (image) => isInertSvgDataUrl(image, window), base).at16).toBeLessThan(LINEAR_BOUND.at16);
  });

  // The cost guard: every shape of input to the largest accepted for checking, in time linear in
  // its size. Nesting and attributes are counted before parsing: jsdom's parser is quadratic in both.
  it.each([
    ["nesting", (n: number) => `${"<g>".repeat(n)}${"</g>".repeat(n)}`, 100],
    ["attributes", (n: number) => `<rect ${Array.from({ length: n }, (_, i) => `a${i}="1"`).join(" ")}/>`, 100],
    ["elements", (n: number) => `<circle r="1"/>`.repeat(n), 60],
    ["url() references", (n: number) => `<rect id="a" fill="url(#a)${" url(#a)".repeat(n)}"/>`, 100],
    ["text", (n: number) => `<text>${"ab ".repeat(n)}</text>`, 300],
    ["filtered groups", (n: number) => `<defs><filter id="f"><feGaussianBlur stdDeviation="1"/></filter></defs>${`<g filter="url(#f)"/>`.repeat(n)}`, 40],
  ])("checks any number of %s in time linear in the image", (_what, content, base) => {
    const image = (n: number) => dataUrl(`<svg ${NS}>${content(n)}</svg>`);
    expect(image(base * 16).length).toBeLessThanOrEqual(GLYPH_IMAGE_MAX);
    expect(growth(image, (value) => isInertSvgDataUrl(value, window), base).at16).toBeLessThan(LINEAR_BOUND.at16);
  });

  it("is refused under the attribute bound too", () => {
    expect(isInertSvgDataUrl(attack(GLYPH_BOUNDS.attribute - 10), window)).toBe(false);
  });
});

describe("what a glyph may contain (issue #26)", () => {
  const shapes = (count: number) => `<circle r="1"/>`.repeat(count);
  const nested = (depth: number) => `${"<g>".repeat(depth)}${"</g>".repeat(depth)}`;
  const blur = (id: string, deviation: number | string, primitives = 1) =>
    `<filter id="${id}">${`<feGaussianBlur stdDeviation="${deviation}"/>`.repeat(primitives)}</filter>`;

  it.each([
    [`${GLYPH_BOUNDS.elements} elements`, shapes(GLYPH_BOUNDS.elements - 1)],
    [`elements ${GLYPH_BOUNDS.depth} deep`, nested(GLYPH_BOUNDS.depth - 1)],
    [`${GLYPH_BOUNDS.attributes} attributes on an element`, `<rect ${Array.from({ length: GLYPH_BOUNDS.attributes }, (_, i) => `data-a${i}="1"`).join(" ")}/>`],
    ["quotes and '>' inside values", `<rect data-a="it's > 1" data-b='say "hi" />'/><g><circle r="1"/></g>`],
    [`an attribute of ${GLYPH_BOUNDS.attribute} characters`, `<path d="M0 0${"h1".repeat((GLYPH_BOUNDS.attribute - 4) / 2)}"/>`],
    [`${GLYPH_BOUNDS.uses} uses of a shape`, `<circle id="c" r="1"/>${`<use href="#c"/>`.repeat(GLYPH_BOUNDS.uses)}`],
    ["a use of a group of shapes", `<g id="g">${shapes(5)}</g><use href="#g"/>`],
    [
      `${GLYPH_BOUNDS.filterPrimitives} filter primitives with a blur of ${GLYPH_BOUNDS.blur}`,
      `<defs>${blur("f", GLYPH_BOUNDS.blur, GLYPH_BOUNDS.filterPrimitives)}</defs><g filter="url(#f)"/>`,
    ],
    ["a blur of x and y", `<defs>${blur("f", "2 3")}</defs><g filter="url(#f)"/>`],
    [`${GLYPH_BOUNDS.filterRuns} filter runs`, `<defs>${blur("f", 1, 2)}</defs>${`<g filter="url(#f)"/>`.repeat(GLYPH_BOUNDS.filterRuns / 2)}`],
  ])("accepts %s", (_what, content) => {
    expect(inert(`<svg ${NS}>${content}</svg>`)).toBe(true);
  });

  // The image of the finding: 1.3 KB, each <use> drawing ten of the one before, a blurred rect at the bottom.
  const fanOut = `<defs>${blur("f", 2)}</defs><rect id="r" width="120" height="120" filter="url(#f)"/>${["r", "a", "b"].map((below, i) => `<g id="${"abc"[i]}">${`<use href="#${below}"/>`.repeat(10)}</g>`).join("")}`;

  it.each([
    [`${GLYPH_BOUNDS.elements + 1} elements`, shapes(GLYPH_BOUNDS.elements)],
    [`elements ${GLYPH_BOUNDS.depth + 1} deep`, nested(GLYPH_BOUNDS.depth)],
    [
      `${GLYPH_BOUNDS.attributes + 1} attributes on an element`,
      `<rect ${Array.from({ length: GLYPH_BOUNDS.attributes + 1 }, (_, i) => `data-a${i}="1"`).join(" ")}/>`,
    ],
    [`an attribute of ${GLYPH_BOUNDS.attribute + 2} characters`, `<path d="M0 0${"h1".repeat((GLYPH_BOUNDS.attribute - 2) / 2)}"/>`],
    [`${GLYPH_BOUNDS.uses + 1} uses`, `<circle id="c" r="1"/>${`<use href="#c"/>`.repeat(GLYPH_BOUNDS.uses + 1)}`],
    ["uses of uses fanned out over a blurred rect", fanOut],
    ["a use of a use", `<circle id="c" r="1"/><use id="u" href="#c"/><use href="#u"/>`],
    ["a use of a group holding a use", `<circle id="c" r="1"/><g id="g"><use href="#c"/></g><use href="#g"/>`],
    ["a use of itself", `<use id="u" href="#u"/>`],
    ["a use of its ancestor", `<g id="g"><g><use href="#g"/></g></g>`],
    [`${GLYPH_BOUNDS.filterPrimitives + 1} filter primitives`, `<defs>${blur("f", 1, GLYPH_BOUNDS.filterPrimitives + 1)}</defs>`],
    [`a blur over ${GLYPH_BOUNDS.blur}`, `<defs>${blur("f", GLYPH_BOUNDS.blur + 0.5)}</defs><g filter="url(#f)"/>`],
    ["a blur of x over the bound", `<defs>${blur("f", `1 ${GLYPH_BOUNDS.blur + 1}`)}</defs>`],
    ["a blur that is no number", `<defs>${blur("f", "1e999")}</defs>`],
    ["a shadow blurred over the bound", `<defs><filter id="f"><feDropShadow stdDeviation="400"/></filter></defs>`],
    ["a morphology of a large radius", `<defs><filter id="f"><feMorphology radius="500"/></filter></defs>`],
    ["a convolution of a large order", `<defs><filter id="f"><feConvolveMatrix order="40"/></filter></defs>`],
    [`${GLYPH_BOUNDS.filterRuns + 2} filter runs`, `<defs>${blur("f", 1, 2)}</defs>${`<g filter="url(#f)"/>`.repeat(GLYPH_BOUNDS.filterRuns / 2 + 1)}`],
    ["filter runs multiplied by uses", `<defs>${blur("f", 1, 4)}</defs><rect id="r" filter="url(#f)"/>${`<use href="#r"/>`.repeat(4)}`],
    ["a marker, drawn at every vertex", `<defs><marker id="m"><circle r="1"/></marker></defs><path d="M0 0h1h1" marker-mid="url(#m)"/>`],
    ["a pattern", `<defs><pattern id="p" width="1" height="1"><circle r="1"/></pattern></defs><rect fill="url(#p)"/>`],
    ["a mask", `<defs><mask id="m"><circle r="1"/></mask></defs><rect mask="url(#m)"/>`],
    ["a filter image", `<circle id="c" r="1"/><defs><filter id="f"><feImage href="#c"/></filter></defs>`],
  ])("refuses %s", (_what, content) => {
    expect(inert(`<svg ${NS}>${content}</svg>`)).toBe(false);
  });

  it("refuses the fan-out in about 1.3 KB, as found", () => {
    expect(`<svg ${NS}>${fanOut}</svg>`.length).toBeLessThan(1_400);
  });

  it("says so with the spec's message", () => {
    expect(
      glyphImage(() => window)
        .safeParse(dataUrl(`<svg ${NS}>${fanOut}</svg>`))
        .error?.issues.map((issue) => issue.message),
    ).toEqual([GLYPH_IMAGE_INVALID]);
  });
});
