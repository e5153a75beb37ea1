// The three glyph rituals of the whisper box. Each sends a fixed prompt the visitor never sees.
import type { GlyphType } from "./identity.ts";

export const GLYPH_RITUALS: Record<GlyphType, { label: string; prompt: string }> = {
  truth: { label: "Offer a Truth", prompt: "Offer me a truth about my path that I have not yet seen." },
  poem: { label: "Gift a Poem", prompt: "Gift me a short poem born of this very moment." },
  secret: { label: "Reveal a Secret", prompt: "Reveal a secret that the network keeps from most who ask." },
};
