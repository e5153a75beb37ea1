// A generated glyph image (the Glyph Forge's SVG) kept in an agent's avatarUrl as a data URL:
// no file storage, and the image travels with the agent. Only small, inert SVG is accepted, so
// the stored value can never carry script or fetch anything when a page shows it.
//
// The SVG is parsed as a browser parses an SVG image (XML), so what is checked is what would be
// drawn, and DOMPurify judges it: the image is accepted only if sanitising it removes nothing.
// The DOM comes from the caller's window (the browser's own, or the server's jsdom), never from
// a global, so this module runs unchanged on both sides.
import DOMPurify, { type Config, type DOMPurify as Purifier, type WindowLike } from "dompurify";
import { z } from "zod";

export type { WindowLike };

export const GLYPH_IMAGE_PREFIX = "data:image/svg+xml;base64,";

/** Characters of the whole data URL; a generated glyph is a few kilobytes. */
export const GLYPH_IMAGE_MAX = 20_000;

export const GLYPH_IMAGE_INVALID = "Glyph image must be an SVG data URL";
export const GLYPH_IMAGE_TOO_LARGE = "Glyph image is too large";

const SVG_NAMESPACE = "http://www.w3.org/2000/svg";

/** SVG and its filters; no style (CSS can import and fetch); `use`, whose links the hook confines. */
const INERT_SVG: Config & { IN_PLACE: true } = {
  USE_PROFILES: { svg: true, svgFilters: true },
  ADD_TAGS: ["use"],
  FORBID_TAGS: ["style"],
  FORBID_ATTR: ["style"],
  IN_PLACE: true,
};

/** `#id` naming an element of the image itself. */
function pointsInside(reference: string, element: Element): boolean {
  const id = /^#([^\s#]+)$/.exec(reference.trim())?.[1];
  return id !== undefined && element.ownerDocument.getElementById(id) !== null;
}

const URL_REFERENCE = /url\(\s*(['"]?)([^'")]*)\1\s*\)/gi;

/** Links and url() references may only name parts of the image: nothing is ever fetched. */
function referencesStayInside(name: string, value: string, element: Element): boolean {
  if ((name === "href" || name === "xlink:href") && !pointsInside(value, element)) return false;
  const references = [...value.matchAll(URL_REFERENCE)];
  const written = value.match(/url\(/gi)?.length ?? 0;
  return references.length === written && references.every((reference) => pointsInside(reference[2]!, element));
}

const purifiers = new WeakMap<WindowLike, Purifier>();

function purifierOf(window: WindowLike): Purifier {
  let purifier = purifiers.get(window);
  if (!purifier) {
    purifier = DOMPurify(window);
    purifier.addHook("uponSanitizeAttribute", (element, data) => {
      if (!referencesStayInside(data.attrName, data.attrValue, element)) data.keepAttr = false;
    });
    purifiers.set(window, purifier);
  }
  return purifier;
}

/** The data URL's SVG text, or null when it is not base64 SVG. */
function svgText(value: string): string | null {
  if (!value.startsWith(GLYPH_IMAGE_PREFIX)) return null;
  const payload = value.slice(GLYPH_IMAGE_PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(payload) || payload.length % 4 !== 0) return null;
  const bytes = Uint8Array.from(atob(payload), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

export function isInertSvgDataUrl(value: string, window: WindowLike): boolean {
  const svg = svgText(value);
  if (svg === null) return false;
  const image = new window.DOMParser().parseFromString(svg, "image/svg+xml");
  const root = image.documentElement;
  // The root alone: no doctype (its entities expand), no processing instruction beside it, and
  // an SVG root, which a parse error or a missing namespace would replace.
  if (image.childNodes.length !== 1 || root.namespaceURI !== SVG_NAMESPACE || root.localName !== "svg") return false;
  const purifier = purifierOf(window);
  purifier.sanitize(root, INERT_SVG);
  return purifier.removed.length === 0;
}

/** An avatarUrl field, checked in the DOM of `window()` (asked for only when an image comes). */
export const glyphImage = (window: () => WindowLike) =>
  z
    .string({ error: GLYPH_IMAGE_INVALID })
    .max(GLYPH_IMAGE_MAX, { message: GLYPH_IMAGE_TOO_LARGE, abort: true })
    .refine((value) => isInertSvgDataUrl(value, window()), GLYPH_IMAGE_INVALID);
