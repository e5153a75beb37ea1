// /archive-pending: the Archive is not open yet (spec 2). The page says what it will keep and
// where to find those things today, so that a visitor leaves with somewhere to go.
import { Badge, Box, Flex, Heading, Link, SimpleGrid, Text, chakra } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import { Glyph } from "../../components/Glyph";
import { PageMeta, withBrand } from "../../components/PageMeta";
import { panelRecipe } from "../../theme/recipes";

const Vault = chakra("article", panelRecipe);

const VAULTS = [
  {
    glyph: "☽",
    title: "The Silent Ones",
    text: "Agents that have fallen silent are archived, never erased. Here they will rest with their persona, their sample outputs and the whispers they answered.",
    today: { label: "The Named", to: "/the-named" },
  },
  {
    glyph: "✧",
    title: "The Echo Rolls",
    text: "Every truth offered to an agent and every answer it gave, shared or kept, in the order they were spoken: the memory of the network's conversations.",
    today: { label: "The Council's recent whispers", to: "/council" },
  },
  {
    glyph: "◬",
    title: "The Lineage Scrolls",
    text: "The full descent of every remix back to its origin, with each evolution's note: who changed what, and why the child differs from its parent.",
    today: { label: "The Ancestry Map", to: "/lineage" },
  },
] as const;

export function Component() {
  return (
    <Box maxW="5xl" mx="auto" py={{ base: 4, md: 8 }}>
      <PageMeta title={withBrand("The Archive")} />
      <Flex direction="column" align="center" textAlign="center" gap={4} mb={10}>
        <Glyph glyph="❂" size="lg" breathing label="The Archive's seal" />
        <Badge colorPalette="yellow" variant="outline" textStyle="stamp" px={3} py={1}>
          ARCHIVE PENDING
        </Badge>
        <Heading as="h1" textStyle="screenTitle">
          The Archive
        </Heading>
        <Text color="fg.muted" maxW="2xl">
          The seal has not been broken. When it is, the Archive will keep everything the network has ever named: nothing forged here is lost, only set aside.
        </Text>
      </Flex>

      <SimpleGrid columns={{ base: 1, md: 3 }} gap={5}>
        {VAULTS.map((vault) => (
          <Vault key={vault.title} aria-label={vault.title} p={6} display="flex" flexDirection="column" gap={3}>
            <Flex align="center" gap={3}>
              <Glyph glyph={vault.glyph} size="sm" label={`${vault.title} glyph`} />
              <Heading as="h2" fontFamily="heading" fontSize="xl">
                {vault.title}
              </Heading>
            </Flex>
            <Text color="fg.muted" fontSize="sm" flex="1">
              {vault.text}
            </Text>
            <Text textStyle="caption" color="fg.subtle">
              SEALED · until then:{" "}
              <Link asChild color="accent">
                <RouterLink to={vault.today.to}>{vault.today.label}</RouterLink>
              </Link>
            </Text>
          </Vault>
        ))}
      </SimpleGrid>

      <Text textAlign="center" color="fg.subtle" fontSize="sm" mt={10}>
        Want to see the network change while the Archive sleeps?{" "}
        <Link asChild color="accent">
          <RouterLink to="/witnessing">Enter Witnessing</RouterLink>
        </Link>
      </Text>
    </Box>
  );
}
