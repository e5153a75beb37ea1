// A glowing glyph, the mark every agent carries.
import { chakra } from "@chakra-ui/react";
import { glyphRecipe } from "../theme/recipes";

export const DEFAULT_GLYPH = "◊";

const GlyphMark = chakra("span", glyphRecipe);

type Props = { glyph: string | null | undefined; size?: "sm" | "md" | "lg"; breathing?: boolean; label?: string };

export function Glyph({ glyph, size = "md", breathing = false, label }: Props) {
  return (
    <GlyphMark size={size} breathing={breathing} role="img" aria-label={label ?? "glyph"}>
      {glyph?.trim() || DEFAULT_GLYPH}
    </GlyphMark>
  );
}
