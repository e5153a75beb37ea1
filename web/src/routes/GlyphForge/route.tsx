// /glyphs: the Glyph Forge (spec 2). Four presets and a generator: a sigil drawn from a name,
// a tone and a function, the same every time until Regenerate, exported as a 240 PNG on black.
import { Box, Button, Flex, Heading, SimpleGrid, Stack, Text, chakra } from "@chakra-ui/react";
import { useState } from "react";
import { PageMeta, withBrand } from "../../components/PageMeta";
import { GLYPH_PRESETS, GlyphCanvas, GlyphControls, glyphPng, pngFileName, saveBlob, useGlyphForge } from "../../components/glyph-forge";
import { notify } from "../../components/Toaster";
import { glowButton, terminalRecipe } from "../../theme/ritual";
import { PresetCard } from "./PresetCard";

const Frame = chakra("section", terminalRecipe);

export function Component() {
  const forge = useGlyphForge(GLYPH_PRESETS[1]);
  const [exporting, setExporting] = useState(false);
  const name = forge.spec.name.trim() || "an unnamed agent";

  const exportPng = async () => {
    setExporting(true);
    try {
      saveBlob(await glyphPng(forge.glyph), pngFileName(forge.spec.name));
    } catch (error) {
      notify("error", "Export Failed", error instanceof Error ? error.message : "The glyph could not be exported");
    } finally {
      setExporting(false);
    }
  };

  return (
    <Box maxW="5xl" mx="auto">
      <PageMeta title={withBrand("Glyph Forge")} />
      <Box textAlign="center" mt={6} mb={8}>
        <Heading as="h1" textStyle="screenTitle">
          Glyph Forge
        </Heading>
        <Text color="fg.muted" mt={2}>
          Every name casts a shape. Speak a name, a tone and a purpose, and the forge draws the sigil it has always had.
        </Text>
      </Box>

      <Box as="section" aria-labelledby="presets-heading" mb={8}>
        <Heading id="presets-heading" as="h2" textStyle="sectionLabel" color="fg.muted" mb={3}>
          PRESETS
        </Heading>
        <SimpleGrid columns={{ base: 2, md: 4 }} gap={4}>
          {GLYPH_PRESETS.map((preset) => (
            <PresetCard
              key={preset.name}
              preset={preset}
              selected={forge.spec.name === preset.name && forge.spec.tone === preset.tone && forge.spec.purpose === preset.purpose}
              onChoose={() => forge.load(preset)}
            />
          ))}
        </SimpleGrid>
      </Box>

      <Frame aria-labelledby="generator-heading" p={{ base: 4, md: 8 }}>
        <Heading id="generator-heading" as="h2" textStyle="sectionLabel" color="glow.cyan" mb={6}>
          GENERATOR
        </Heading>
        <Flex direction={{ base: "column", md: "row" }} gap={8} align={{ base: "stretch", md: "flex-start" }}>
          <Box flex="1" minW={0}>
            <GlyphControls forge={forge} />
          </Box>
          <Stack align="center" gap={4} minW={{ md: "220px" }}>
            <GlyphCanvas glyph={forge.glyph} label={`Glyph of ${name}, ${forge.spec.tone}`} />
            <Flex gap={3} wrap="wrap" justify="center">
              <Button variant="outline" onClick={forge.regenerate}>
                Regenerate
              </Button>
              <Button {...glowButton} onClick={exportPng} loading={exporting}>
                Export PNG
              </Button>
            </Flex>
            <Text fontSize="xs" color="fg.subtle" textAlign="center" maxW="14rem">
              Its text mark:{" "}
              <Text as="span" fontSize="lg" color="fg">
                {forge.glyph.mark}
              </Text>
            </Text>
          </Stack>
        </Flex>
      </Frame>
    </Box>
  );
}
