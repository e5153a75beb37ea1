// The server's DOM for the shared glyph image rule (@nomina/shared/glyph-image): a jsdom window,
// made once. jsdom takes one to four seconds to load, all of it on the event loop, and most
// processes (tests, the curator CLI) never check an image: the server makes it before it listens
// (main.ts, warmGlyphImage), so that no visitor's request waits on it; anything else makes it at
// the first image it checks.
import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";
import type * as jsdom from "jsdom";
import { GLYPH_IMAGE_PREFIX, isInertSvgDataUrl as isInertIn, type WindowLike } from "@nomina/shared/glyph-image";

let window: WindowLike | undefined;

export function serverWindow(): WindowLike {
  if (!window) {
    const { JSDOM } = createRequire(import.meta.url)("jsdom") as typeof jsdom;
    window = new JSDOM("").window;
  }
  return window;
}

export const isInertSvgDataUrl = (value: string) => isInertIn(value, serverWindow());

/** A glyph as the Forge draws one (a gradient, a filter, a `<use>`): what the warm-up checks. */
const WARM_GLYPH = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120"><defs><radialGradient id="g"><stop offset="0" stop-color="#8be9fd"/></radialGradient><filter id="f"><feGaussianBlur stdDeviation="2"/></filter><path id="p" d="M10 10 L110 110"/></defs><circle cx="60" cy="60" r="40" fill="url(#g)" filter="url(#f)"/><use href="#p"/></svg>`;

/**
 * Loads jsdom, makes the window and its purifier, and checks one glyph through every step (XML
 * parse, bounds, sanitising), so that the first image a visitor sends costs what any other does.
 * Returns the milliseconds it took.
 */
export function warmGlyphImage(): number {
  const started = performance.now();
  if (!isInertSvgDataUrl(`${GLYPH_IMAGE_PREFIX}${Buffer.from(WARM_GLYPH).toString("base64")}`)) throw new Error("the warm-up glyph is refused");
  return Math.round(performance.now() - started);
}
