// The server's DOM for the shared glyph image rule (@nomina/shared/glyph-image): a jsdom window,
// made once, at the first image to check. jsdom takes about a second to load, and most
// processes (tests, the curator CLI) and most requests never carry an image.
import { createRequire } from "node:module";
import type * as jsdom from "jsdom";
import { isInertSvgDataUrl as isInertIn, type WindowLike } from "@nomina/shared/glyph-image";

let window: WindowLike | undefined;

export function serverWindow(): WindowLike {
  if (!window) {
    const { JSDOM } = createRequire(import.meta.url)("jsdom") as typeof jsdom;
    window = new JSDOM("").window;
  }
  return window;
}

export const isInertSvgDataUrl = (value: string) => isInertIn(value, serverWindow());
