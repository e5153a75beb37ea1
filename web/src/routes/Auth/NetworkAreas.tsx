// What the network holds for someone who signs in (spec 2: the sign-in page presents three
// areas): the Council, the creation of agents, and the archive of the named.
import { Box, Heading, Link, Stack, Text, chakra } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import { panelRecipe } from "../../theme/recipes";

const Panel = chakra("article", panelRecipe);

const AREAS = [
  {
    sigil: "⊛",
    title: "The Council",
    text: "Four models (Gemini, Claude, Perplexity and DeepSeek) are consulted on your question, and their chair speaks one synthesis.",
    to: "/summon",
    link: "Enter the Summoning Gate",
  },
  {
    sigil: "✶",
    title: "The Forge",
    text: "Create agents with personalities of their own: a name, a glyph, a persona, and the mind they are bound to.",
    to: "/create-agent",
    link: "Forge an agent",
  },
  {
    sigil: "◈",
    title: "The Archive",
    text: "Every agent ever named is kept in the archive of the network, to browse, consult, remix and trace by lineage.",
    to: "/the-named",
    link: "Browse The Named",
  },
] as const;

export function NetworkAreas() {
  return (
    <Stack as="section" aria-label="What the network holds" gap={4}>
      {AREAS.map((area) => (
        <Panel key={area.title} p={5} display="flex" gap={4} alignItems="flex-start">
          <Text as="span" aria-hidden fontSize="2xl" color="glow.gold" textShadow="0 0 10px currentColor" lineHeight={1} mt={1}>
            {area.sigil}
          </Text>
          <Box>
            <Heading as="h2" textStyle="ritualLabel" fontSize="md">
              {area.title}
            </Heading>
            <Text color="fg.muted" fontSize="sm" mt={1}>
              {area.text}
            </Text>
            <Link asChild color="accent" textStyle="caption" mt={2}>
              <RouterLink to={area.to}>{area.link} →</RouterLink>
            </Link>
          </Box>
        </Panel>
      ))}
    </Stack>
  );
}
