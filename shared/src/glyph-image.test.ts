// The glyph image rule in a browser-like DOM (the server runs the same rule on its own jsdom
// window: api/src/domains/agents/glyph-image.test.ts). Every hostile image here is well-formed
// SVG, so what refuses it is DOMPurify or the reference rule, not a parse error.
// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { GLYPH_IMAGE_INVALID, GLYPH_IMAGE_MAX, GLYPH_IMAGE_TOO_LARGE, glyphImage, isInertSvgDataUrl } from "./glyph-image.ts";

const dataUrl = (svg: string) => `data:image/svg+xml;base64,${btoa(String.fromCodePoint(...new TextEncoder().encode(svg)))}`;
const inert = (svg: string) => isInertSvgDataUrl(dataUrl(svg), window);
const NS = `xmlns="http://www.w3.org/2000/svg"`;
const XLINK = `xmlns:xlink="http://www.w3.org/1999/xlink"`;

describe("isInertSvgDataUrl", () => {
  it.each([
    ["gradients, filters and references to its own parts", `<svg ${NS} viewBox="0 0 120 120"><defs><radialGradient id="h"><stop offset="0" stop-color="#8be9fd"/></radialGradient><filter id="g"><feGaussianBlur stdDeviation="1.6" result="b"/><feMerge><feMergeNode in="b"/><feMergeNode in="SourceGraphic"/></feMerge></filter></defs><circle r="58" fill="url(#h)"/><g filter="url('#g')"><path id="p" d="M0 0L9 9"/></g><use href="#p"/></svg>`],
    ["an XML declaration and an xlink to itself", `<?xml version="1.0" encoding="UTF-8"?>\n<svg ${NS} ${XLINK}><circle id="c" r="2"/><use xlink:href="#c"/></svg>\n`],
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
