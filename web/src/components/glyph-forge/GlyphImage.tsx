// A generated glyph shown as an image: drawn from its data URL, so the SVG never enters the
// page's DOM (an <img> runs no script and loads nothing).
import { chakra } from "@chakra-ui/react";
import type { GeneratedGlyph } from "./generate";

type Props = { glyph: Pick<GeneratedGlyph, "dataUrl">; size: number; alt: string };

export function GlyphImage({ glyph, size, alt }: Props) {
  // Sizes in px: a bare number would be read as a spacing token by Chakra.
  return (
    <chakra.img src={glyph.dataUrl} htmlWidth={size} htmlHeight={size} width={`${size}px`} height={`${size}px`} alt={alt} display="block" draggable={false} />
  );
}
