// The four pillars of the product (spec 1), each a way into its screen.
import { Heading, LinkBox, LinkOverlay, SimpleGrid, Text, chakra } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import { Glyph } from "../../components/Glyph";
import { Reveal } from "../../components/Reveal";
import { panelRecipe } from "../../theme/recipes";
import { paths } from "@nomina/shared/paths";

const Card = chakra(LinkBox, panelRecipe);

const PILLARS = [
  { title: "The Forge", glyph: "⚒", to: paths.createAgent, text: "Create agents with names, personas and purpose." },
  {
    title: "Summoning Gate",
    glyph: "☉",
    to: paths.summon,
    text: "Call forth existing entities and talk to them, or send one prompt to a council of four models.",
  },
  { title: "The Named", glyph: "✧", to: paths.theNamed, text: "A grid of all awakened agents." },
  { title: "Council Terminal", glyph: "⌘", to: paths.councilTerminal, text: "A command interface for curators." },
];

export function Pillars() {
  return (
    <Reveal as="section" aria-labelledby="pillars-title" py={{ base: 12, md: 16 }}>
      <Heading id="pillars-title" as="h2" textStyle="sectionTitle" textAlign="center">
        The Four Pillars
      </Heading>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap={5} mt={10}>
        {PILLARS.map((pillar) => (
          <Card key={pillar.title} interactive p={6} display="flex" flexDirection="column" gap={3}>
            <Glyph glyph={pillar.glyph} size="md" label={`${pillar.title} glyph`} />
            <Heading as="h3" fontFamily="heading" fontSize="xl" mt={2}>
              <LinkOverlay asChild>
                <RouterLink to={pillar.to}>{pillar.title}</RouterLink>
              </LinkOverlay>
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              {pillar.text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Reveal>
  );
}
