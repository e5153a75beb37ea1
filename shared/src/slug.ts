// Names made into lower-case ASCII words joined by hyphens: usernames (echo-haiku) and the file
// names of exported glyphs (echo-haiku-glyph.png) are cut the same way.

const SLUG_MAX = 40;

/** "Ünïcode Ōracle!!" → "unicode-oracle"; `fallback` when no letter or digit is left. */
export function slugify(name: string, fallback = "agent"): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX)
    .replace(/-+$/, "");
  return slug || fallback;
}
