// The eight tones of the Glyph Forge (spec 2), each with its own colour set and a few marks
// (text glyphs that common fonts carry) to stand for the image where only text fits. The colours
// are drawn into images, which cannot read the page's CSS variables: real colour strings, the
// theme's own glows (theme/palette.ts) where a tone uses them.
import { glowColours as glow } from "../../theme/palette";

export const TONES = ["mystical", "technological", "ancient", "futuristic", "organic", "geometric", "ethereal", "militant"] as const;
export type Tone = (typeof TONES)[number];

export type ToneStyle = {
  label: string;
  /** Strokes first, then fills and accents; the last is the halo behind the glyph. */
  colours: readonly [string, string, string, string];
  marks: readonly string[];
};

export const TONE_STYLES: Record<Tone, ToneStyle> = {
  mystical: { label: "Mystical", colours: [glow.violet, "#818cf8", glow.gold, "#6d28d9"], marks: ["☽", "✧", "☉", "♆"] },
  technological: { label: "Technological", colours: [glow.cyan, "#22d3ee", "#a3e635", "#0e7490"], marks: ["⌬", "⏣", "⊛", "⬢"] },
  ancient: { label: "Ancient", colours: [glow.gold, "#d97706", "#fef3c7", "#78350f"], marks: ["⚚", "✠", "◬", "❂"] },
  futuristic: { label: "Futuristic", colours: [glow.pink, glow.cyan, "#e5e7eb", "#9d174d"], marks: ["⬡", "✵", "◈", "⚶"] },
  organic: { label: "Organic", colours: [glow.green, "#4ade80", "#fde68a", "#166534"], marks: ["❦", "✿", "❋", "⚘"] },
  geometric: { label: "Geometric", colours: ["#f8fafc", "#60a5fa", "#fb923c", "#1e3a8a"], marks: ["△", "◇", "◈", "⋈"] },
  ethereal: { label: "Ethereal", colours: ["#e0f2fe", "#c4b5fd", "#fbcfe8", "#7dd3fc"], marks: ["✧", "✦", "☽", "✺"] },
  militant: { label: "Militant", colours: ["#f87171", "#a3a3a3", "#fbbf24", "#7f1d1d"], marks: ["⚔", "✠", "△", "✶"] },
};

export function isTone(value: string): value is Tone {
  return (TONES as readonly string[]).includes(value);
}
