// A generated glyph image (the Glyph Forge's SVG) kept in an agent's avatarUrl as a data URL:
// no file storage, and the image travels with the agent. Only small, inert SVG is accepted, so
// the stored value can never carry script or fetch anything when a page shows it.
import { z } from "zod";

export const GLYPH_IMAGE_PREFIX = "data:image/svg+xml;base64,";

/** Characters of the whole data URL; a generated glyph is a few kilobytes. */
export const GLYPH_IMAGE_MAX = 20_000;

export const GLYPH_IMAGE_INVALID = "Glyph image must be an SVG data URL";

/** Script, embedded documents, event handlers and references to anything outside the image. */
const ACTIVE_CONTENT =
  /<script|<foreignObject|<iframe|<embed|<object|<!ENTITY|<!DOCTYPE|\son[a-z]+\s*=|javascript:|@import|(?:href|src)\s*=\s*(?:["']\s*[^#\s"']|[^#\s"'])|url\(\s*(?:["']\s*[^#\s"']|[^#\s"'])/i;

export function isInertSvgDataUrl(value: string): boolean {
  if (!value.startsWith(GLYPH_IMAGE_PREFIX)) return false;
  const payload = value.slice(GLYPH_IMAGE_PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(payload) || payload.length % 4 !== 0) return false;
  const svg = Buffer.from(payload, "base64").toString("utf8");
  return /^\s*(?:<\?xml[^>]*\?>\s*)?<svg[\s>]/.test(svg) && /<\/svg>\s*$/.test(svg) && !ACTIVE_CONTENT.test(svg);
}

export const glyphImage = z
  .string({ error: GLYPH_IMAGE_INVALID })
  .max(GLYPH_IMAGE_MAX, "Glyph image is too large")
  .refine(isInertSvgDataUrl, GLYPH_IMAGE_INVALID);
