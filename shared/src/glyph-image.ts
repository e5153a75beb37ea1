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

/**
 * What a glyph may hold, so that drawing it costs a reader (a browser, the card's rasteriser)
 * about what sending it cost its author (issue #26: a 1.3 KB image of `<use>` fanned out over a
 * blurred rect took 20 s to rasterise and 26 s to draw in Chromium). Every image the Glyph Forge
 * draws passes with room to spare: at most 57 elements, depth 5, one filter of two primitives, no
 * `<use>`, no attribute over 731 characters (web/src/components/glyph-forge/bounds.test.ts).
 */
export const GLYPH_BOUNDS = {
  /** Elements in the image, the root included. */
  elements: 300,
  /** Elements nested in one another, the root being 1. */
  depth: 16,
  /** Attributes of one element (the Forge's have at most 8). */
  attributes: 32,
  /** Characters of one attribute's value (a path's `d` of the Forge is under 800). */
  attribute: 2_000,
  /** `<use>` elements; none may name an element that holds a `<use>`, nor itself or an ancestor. */
  uses: 20,
  /** Filter primitives (`fe*` children of a `<filter>`) in the image. */
  filterPrimitives: 8,
  /** Filter primitives run to draw the image: each filtered element runs its filter's, again for each `<use>` of it. */
  filterRuns: 16,
  /** `stdDeviation` of a blur or shadow, and `radius` of a morphology, in user units. */
  blur: 20,
} as const;

/** Elements that draw other content once per reference, point or tile: none is a glyph's. */
const FANNING_OUT = new Set(["marker", "pattern", "mask", "feImage"]);

/** Numbers of a filter primitive's attributes, each held between 0 and its bound. */
const PRIMITIVE_NUMBERS: Record<string, number> = {
  stdDeviation: GLYPH_BOUNDS.blur,
  radius: GLYPH_BOUNDS.blur,
  order: 5,
  numOctaves: 4,
};

const numbersWithin = (value: string, max: number) =>
  value
    .trim()
    .split(/[\s,]+/)
    .every((token) => {
      const number = Number(token);
      return Number.isFinite(number) && number >= 0 && number <= max;
    });

const isPrimitive = (element: Element) => element.localName.startsWith("fe") && element.parentElement?.localName === "filter";

/** What an element links to (`href`, `xlink:href`). */
const linksOf = (element: Element) => [...element.attributes].filter((attribute) => attribute.localName === "href").map((attribute) => attribute.value);

/**
 * Before parsing, from the text: no more elements, nesting or attributes per element than the
 * bounds allow. jsdom's XML parser takes time quadratic in nesting depth (2,000 nested groups,
 * which fit in the size limit, took about 0.4 s to parse) and in an element's attributes, so they
 * are counted first, in one pass. Tags are read as XML writes them (quoted values skipped); what
 * is not a start or end tag (comments, declarations) is passed over for the parser and the
 * purifier to refuse, and may only make the count larger than the parser's, never smaller.
 */
function tagsWithinBounds(svg: string): boolean {
  let elements = 0;
  let depth = 0;
  for (let at = svg.indexOf("<"); at >= 0; at = svg.indexOf("<", at)) {
    const next = svg[at + 1];
    if (next === "/") depth -= 1;
    if (next === "/" || next === "?" || next === "!") {
      at += 2;
      continue;
    }
    elements += 1;
    depth += 1;
    if (elements > GLYPH_BOUNDS.elements || depth > GLYPH_BOUNDS.depth) return false;
    let attributes = 0;
    let quote: string | null = null;
    let end = at + 1;
    for (; end < svg.length; end++) {
      const char = svg[end];
      if (quote !== null) {
        if (char === quote) quote = null;
      } else if (char === '"' || char === "'") quote = char;
      else if (char === "=" && ++attributes > GLYPH_BOUNDS.attributes) return false;
      else if (char === ">") break;
    }
    // An unterminated tag does not parse.
    if (end >= svg.length) return false;
    if (svg[end - 1] === "/") depth -= 1;
    at = end + 1;
  }
  return true;
}

/**
 * True when the image stays inside GLYPH_BOUNDS. One walk over the elements (iterative, so depth
 * costs no stack), then one over each `<use>`'s target: time linear in the image's size.
 */
function withinBounds(root: Element): boolean {
  const document = root.ownerDocument;
  const uses: Element[] = [];
  let elements = 0;
  let primitives = 0;
  const stack: [Element, number][] = [[root, 1]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [element, depth] = next;
    elements += 1;
    if (elements > GLYPH_BOUNDS.elements || depth > GLYPH_BOUNDS.depth || FANNING_OUT.has(element.localName)) return false;
    const primitive = isPrimitive(element);
    if (element.attributes.length > GLYPH_BOUNDS.attributes) return false;
    for (const attribute of element.attributes) {
      if (attribute.value.length > GLYPH_BOUNDS.attribute) return false;
      const bound = primitive ? PRIMITIVE_NUMBERS[attribute.localName] : undefined;
      if (bound !== undefined && !numbersWithin(attribute.value, bound)) return false;
    }
    if (primitive && ++primitives > GLYPH_BOUNDS.filterPrimitives) return false;
    if (element.localName === "use" && uses.push(element) > GLYPH_BOUNDS.uses) return false;
    for (const child of element.children) stack.push([child, depth + 1]);
  }

  const primitivesOf = new Map<Element, number>();
  /** Filter primitives run to draw `subtree` once. */
  const runsIn = (subtree: Element) => {
    let runs = 0;
    for (const element of [subtree, ...subtree.getElementsByTagNameNS("*", "*")]) {
      for (const reference of urlReferences(element.getAttribute("filter") ?? "") ?? []) {
        const filter = targetOf(reference, document);
        if (filter?.localName !== "filter") continue;
        if (!primitivesOf.has(filter)) primitivesOf.set(filter, [...filter.children].filter(isPrimitive).length);
        runs += primitivesOf.get(filter)!;
        if (runs > GLYPH_BOUNDS.filterRuns) return runs;
      }
    }
    return runs;
  };
  let runs = runsIn(root);
  for (const use of uses) {
    for (const link of linksOf(use)) {
      // A link to nothing in the image is the purifier's to refuse.
      const target = targetOf(link, document);
      if (target === null) continue;
      if (target.contains(use) || target.localName === "use" || target.getElementsByTagNameNS("*", "use").length > 0) return false;
      runs += runsIn(target);
      if (runs > GLYPH_BOUNDS.filterRuns) return false;
    }
  }
  return runs <= GLYPH_BOUNDS.filterRuns;
}

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
  return targetOf(reference, element.ownerDocument) !== null;
}

/** The element `#id` names in `document`, or null. The id is what follows `#`: no space, no second `#`. */
function targetOf(reference: string, document: Document): Element | null {
  const id = /^#([^\s#]+)$/.exec(reference.trim())?.[1];
  return id === undefined ? null : document.getElementById(id);
}

const URL_OPEN = /url\(/gi;

/**
 * What every `url(...)` in an attribute value names (quotes and surrounding space taken off), or
 * null when one is not closed or its quotes do not pair. One pass, each character read at most
 * twice: a pattern that matched the inside of `url( ... )` with its spaces, quotes and spaces
 * again backtracked in time cubic in a run of spaces (issue #26: 5,000 spaces took 33 s).
 */
export function urlReferences(value: string): string[] | null {
  const references: string[] = [];
  URL_OPEN.lastIndex = 0;
  for (let open = URL_OPEN.exec(value); open !== null; open = URL_OPEN.exec(value)) {
    const start = open.index + open[0].length;
    const end = value.indexOf(")", start);
    if (end < 0) return null;
    let inside = value.slice(start, end).trim();
    const quote = inside[0];
    if (quote === "'" || quote === '"') {
      if (inside.length < 2 || inside.at(-1) !== quote) return null;
      inside = inside.slice(1, -1);
    }
    if (inside.includes("'") || inside.includes('"')) return null;
    references.push(inside);
    URL_OPEN.lastIndex = end + 1;
  }
  return references;
}

/** Links and url() references may only name parts of the image: nothing is ever fetched. */
function referencesStayInside(name: string, value: string, element: Element): boolean {
  if ((name === "href" || name === "xlink:href") && !pointsInside(value, element)) return false;
  const references = urlReferences(value);
  return references !== null && references.every((reference) => pointsInside(reference, element));
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
  if (svg === null || !tagsWithinBounds(svg)) return false;
  const image = new window.DOMParser().parseFromString(svg, "image/svg+xml");
  const root = image.documentElement;
  // The root alone: no doctype (its entities expand), no processing instruction beside it, and
  // an SVG root, which a parse error or a missing namespace would replace.
  if (image.childNodes.length !== 1 || root.namespaceURI !== SVG_NAMESPACE || root.localName !== "svg") return false;
  if (!withinBounds(root)) return false;
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
