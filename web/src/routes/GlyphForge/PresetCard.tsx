// One of the four presets: its glyph, name and tone; choosing it loads the generator.
import { Box, Text, chakra } from "@chakra-ui/react";
import { useMemo } from "react";
import { generateGlyph, GlyphImage, TONE_STYLES, type GlyphSpec } from "../../components/glyph-forge";
import { panelRecipe } from "../../theme/recipes";

const Card = chakra("button", panelRecipe);

export function PresetCard({ preset, selected, onChoose }: { preset: GlyphSpec; selected: boolean; onChoose: () => void }) {
  const glyph = useMemo(() => generateGlyph(preset), [preset]);
  return (
    <Card
      type="button"
      interactive
      onClick={onChoose}
      aria-pressed={selected}
      p={4}
      display="flex"
      flexDirection="column"
      alignItems="center"
      gap={2}
      cursor="pointer"
      borderColor={selected ? "border.glow" : undefined}
    >
      <Box bg="black" borderRadius="md" p={1}>
        <GlyphImage glyph={glyph} size={72} alt="" />
      </Box>
      <Text fontFamily="heading" fontSize="lg">
        {preset.name}
      </Text>
      <Text textStyle="caption" color={TONE_STYLES[preset.tone].colours[0]} textTransform="lowercase">
        {preset.tone}
      </Text>
    </Card>
  );
}
