// The state of one glyph being forged: name, tone, function and the variant that Regenerate
// raises. The glyph itself is derived, never stored, so it always matches the inputs.
import { useMemo, useState } from "react";
import { generateGlyph, type GlyphSpec } from "./generate";
import type { Tone } from "./tones";

export const DEFAULT_GLYPH_SPEC: GlyphSpec = { name: "", tone: "mystical", purpose: "", variant: 0 };

export function useGlyphForge(initial: Partial<GlyphSpec> = {}) {
  const [spec, setSpec] = useState<GlyphSpec>({ ...DEFAULT_GLYPH_SPEC, ...initial });
  const glyph = useMemo(() => generateGlyph(spec), [spec]);
  // Stable actions, so that effects may depend on them.
  const actions = useMemo(
    () => ({
      setName: (name: string) => setSpec((current) => ({ ...current, name })),
      setTone: (tone: Tone) => setSpec((current) => ({ ...current, tone })),
      setPurpose: (purpose: string) => setSpec((current) => ({ ...current, purpose })),
      regenerate: () => setSpec((current) => ({ ...current, variant: current.variant + 1 })),
      load: (next: GlyphSpec) => setSpec(next),
    }),
    [],
  );
  return { spec, glyph, ...actions };
}

export type GlyphForgeState = ReturnType<typeof useGlyphForge>;
