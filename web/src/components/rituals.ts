// The whisper box's three glyph rituals (spec 2): each sends its own fixed prompt and its id.
import type { GlyphType } from "../__generated__/agentInvocationSubscription.graphql";

export const GLYPH_RITUALS: { id: GlyphType; label: string; glyph: string }[] = [
  { id: "truth", label: "Offer a Truth", glyph: "☼" },
  { id: "poem", label: "Gift a Poem", glyph: "❦" },
  { id: "secret", label: "Reveal a Secret", glyph: "◬" },
];
