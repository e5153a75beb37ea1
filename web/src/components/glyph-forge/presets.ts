// The Glyph Forge's four presets (spec 2): a name, a tone and a function for each.
import type { GlyphSpec } from "./generate";

export const GLYPH_PRESETS: readonly GlyphSpec[] = [
  { name: "Aria", tone: "ethereal", purpose: "Carries songs between sleeping minds", variant: 0 },
  { name: "Codex", tone: "technological", purpose: "Indexes every line of living code", variant: 0 },
  { name: "Sage", tone: "ancient", purpose: "Keeps the oldest counsel of the network", variant: 0 },
  { name: "Nova", tone: "futuristic", purpose: "Charts what has not happened yet", variant: 0 },
];
