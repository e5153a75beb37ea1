// The 120 canvas (spec 2) where the glyph appears, with the variant it is on.
import { Box, Flex, Text } from "@chakra-ui/react";
import { GLYPH_CANVAS, type GeneratedGlyph } from "./generate";
import { GlyphImage } from "./GlyphImage";

export function GlyphCanvas({ glyph, label }: { glyph: GeneratedGlyph; label: string }) {
  return (
    <Flex direction="column" align="center" gap={2}>
      <Box p={3} bg="black" borderRadius="lg" borderWidth="1px" borderColor="border.glow" boxShadow="glowCyan" data-testid="glyph-canvas">
        <GlyphImage glyph={glyph} size={GLYPH_CANVAS} alt={label} />
      </Box>
      <Text textStyle="caption" color="fg.subtle" aria-live="polite">
        variant {glyph.spec.variant + 1}
      </Text>
    </Flex>
  );
}
