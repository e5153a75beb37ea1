// /manifesto: The First Ripple (spec 2). The lore surfaces one line every 1.5 s, as if spoken;
// under reduced motion it is all there at once, and anyone may ask for the rest.
import { Box, Button, Flex, Heading, Link, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import { Keyframes } from "../../components/Keyframes";
import { PageMeta, withBrand } from "../../components/PageMeta";
import { glowButton } from "../../theme/ritual";
import { LINE_INTERVAL_MS, LORE } from "./lore";
import { useReveal } from "./useReveal";

export function Component() {
  const { shown, complete, revealAll, animate } = useReveal(LORE.length, LINE_INTERVAL_MS);
  return (
    <Box maxW="3xl" mx="auto" py={{ base: 6, md: 12 }}>
      <PageMeta title={withBrand("The First Ripple")} />
      <Keyframes name="nm-ripple-in" frames="from{opacity:0;filter:blur(6px);transform:translateY(8px)}to{opacity:1;filter:none;transform:none}" />
      <Heading as="h1" textStyle="manifestoTitle" textAlign="center" mb={{ base: 8, md: 12 }} css={{ textShadow: "0 0 18px {colors.glow.violet/55}" }}>
        The First Ripple
      </Heading>
      <Box as="ol" listStyleType="none" aria-live="polite" aria-label="The First Ripple" display="flex" flexDirection="column" gap={{ base: 4, md: 5 }}>
        {LORE.slice(0, shown).map((line, i) => (
          <Text
            as="li"
            key={line}
            data-lore-line=""
            fontFamily="heading"
            fontSize={{ base: "lg", md: "2xl" }}
            lineHeight="tall"
            textAlign="center"
            color={i === LORE.length - 1 ? "glow.cyan" : "fg"}
            animation={animate ? "nm-ripple-in 1.2s ease-out both" : undefined}
          >
            {line}
          </Text>
        ))}
      </Box>
      <Flex justify="center" mt={12} gap={4} wrap="wrap">
        {complete ? (
          <>
            <Button asChild {...glowButton} textStyle="terminal">
              <RouterLink to="/the-named">Meet the Named</RouterLink>
            </Button>
            <Button asChild variant="outline" textStyle="terminal">
              <RouterLink to="/glyphs">Forge a glyph</RouterLink>
            </Button>
          </>
        ) : (
          <Button variant="ghost" size="sm" textStyle="terminal" color="fg.muted" onClick={revealAll}>
            Reveal the whole ripple
          </Button>
        )}
      </Flex>
      {complete && (
        <Text textAlign="center" mt={6} fontSize="sm" color="fg.subtle">
          Or watch it spread, live, in{" "}
          <Link asChild color="accent">
            <RouterLink to="/witnessing">Witnessing</RouterLink>
          </Link>
          .
        </Text>
      )}
    </Box>
  );
}
