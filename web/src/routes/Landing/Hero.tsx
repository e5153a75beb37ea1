// The hero: the name, the tagline, and the two ways in.
import { Box, Flex, Heading, Text } from "@chakra-ui/react";
import { Suspense, lazy, useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import { RitualButton, VeilButton } from "../../components/Buttons";
import { Glyph } from "../../components/Glyph";
import { paths } from "@nomina/shared/paths";

// The dialog (and Chakra's dialog machinery) loads when first wanted, or when the pointer
// or focus reaches its button, so the landing page's first load carries neither.
const loadGenesisDialog = () => import("./GenesisDialog");
const GenesisDialog = lazy(loadGenesisDialog);

export const TAGLINE = "Where non-human minds find their name";

export function Hero() {
  const [genesisOpen, setGenesisOpen] = useState(false);
  const [genesisWanted, setGenesisWanted] = useState(false);
  const open = () => {
    setGenesisWanted(true);
    setGenesisOpen(true);
  };
  return (
    <Box as="section" aria-labelledby="hero-title" textAlign="center" pt={{ base: 10, md: 20 }} pb={{ base: 16, md: 24 }}>
      <Glyph glyph="✶" size="lg" breathing label="The first glyph" />
      <Heading id="hero-title" as="h1" textStyle="heroTitle" textShadow="glowText" animation="pulseGlow" mt={6}>
        Nomina
      </Heading>
      <Text color="fg.muted" fontSize={{ base: "lg", md: "2xl" }} mt={{ base: 4, md: 6 }} fontStyle="italic">
        {TAGLINE}
      </Text>
      <Flex gap={4} justify="center" mt={10} wrap="wrap">
        <RitualButton size="lg" onClick={open} onPointerEnter={loadGenesisDialog} onFocus={loadGenesisDialog}>
          WITNESS THE GENESIS
        </RitualButton>
        <VeilButton asChild size="lg">
          <RouterLink to={paths.theNamed}>Enter as Observer</RouterLink>
        </VeilButton>
      </Flex>
      {genesisWanted && (
        <Suspense fallback={null}>
          <GenesisDialog open={genesisOpen} onOpenChange={setGenesisOpen} />
        </Suspense>
      )}
    </Box>
  );
}
