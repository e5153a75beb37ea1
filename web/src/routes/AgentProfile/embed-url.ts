// The embed snippet (spec 2): {origin}/embed/{agentId}, with theme=light only when light,
// glyphs=false only when glyphs are off and autoFocus=true only when on.
export type EmbedOptions = { width: string; height: number; theme: "dark" | "light"; glyphs: boolean; autoFocus: boolean };

export const EMBED_DEFAULTS: EmbedOptions = { width: "100%", height: 400, theme: "dark", glyphs: true, autoFocus: false };

/** The height the snippet takes from the field as typed: a whole number of pixels up to 2000, else the default (never 0). */
export function embedHeight(typed: string): number {
  const height = Math.round(Number(typed.trim()));
  return typed.trim() && Number.isFinite(height) && height > 0 ? Math.min(height, 2000) : EMBED_DEFAULTS.height;
}

export function embedUrl(origin: string, agentId: string, options: EmbedOptions): string {
  const params = new URLSearchParams();
  if (options.theme === "light") params.set("theme", "light");
  if (!options.glyphs) params.set("glyphs", "false");
  if (options.autoFocus) params.set("autoFocus", "true");
  const query = params.toString();
  return `${origin}/embed/${encodeURIComponent(agentId)}${query ? `?${query}` : ""}`;
}

const attribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

export function embedSnippet(url: string, name: string, options: EmbedOptions): string {
  return `<iframe src="${attribute(url)}" width="${attribute(options.width)}" height="${options.height}" style="border:0;border-radius:12px" title="${attribute(name)} on Nomina" loading="lazy" allow="clipboard-write"></iframe>`;
}
