// The six most remixed agents (spec 9), each with its way to be remixed again.
import { Box, Flex, Heading, SimpleGrid, Text, chakra } from "@chakra-ui/react";
import { graphql, useFragment } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import type { TopRemixed_query$key } from "../../__generated__/TopRemixed_query.graphql";
import { VeilButton } from "../../components/Buttons";
import { Glyph } from "../../components/Glyph";
import { panelRecipe } from "../../theme/recipes";
import { paths, pathTo } from "@nomina/shared/paths";

/** Spec 9: the top remixed list shows 6. */
export const TOP_REMIXED = 6;

const Card = chakra("article", panelRecipe);

const fragment = graphql`
  fragment TopRemixed_query on Query {
    topRemixedAgents(first: 6) {
      edges {
        node {
          id
          rawId
          name
          glyph
          description
          personality
          remixCount
        }
      }
    }
  }
`;

export function TopRemixed({ query }: { query: TopRemixed_query$key }) {
  const data = useFragment(fragment, query);
  const agents = data.topRemixedAgents.edges.map((edge) => edge.node).slice(0, TOP_REMIXED);
  return (
    <Box as="section" aria-labelledby="top-remixed-title">
      <Heading id="top-remixed-title" as="h2" fontFamily="heading" fontSize={{ base: "2xl", md: "3xl" }} mb={6}>
        Top Remixed Agents
      </Heading>
      {agents.length === 0 ? (
        <Text color="fg.muted">No agent has been remixed yet. Be the first to evolve one.</Text>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap={5}>
          {agents.map((agent, rank) => (
            <Card key={agent.id} interactive p={5} display="flex" flexDirection="column" gap={3} aria-label={agent.name}>
              <Flex align="center" gap={3}>
                <Text textStyle="terminalBody" color="accent.violet">
                  #{rank + 1}
                </Text>
                <Glyph glyph={agent.glyph} size="md" label={`${agent.name}'s glyph`} />
                <Box minW={0}>
                  <Heading as="h3" fontSize="lg" fontFamily="heading" truncate>
                    {agent.name}
                  </Heading>
                  <Text textStyle="caption" color="fg.subtle">
                    {agent.remixCount} {agent.remixCount === 1 ? "remix" : "remixes"}
                  </Text>
                </Box>
              </Flex>
              <Text color="fg.muted" fontSize="sm" lineClamp={2}>
                {agent.description ?? agent.personality}
              </Text>
              <VeilButton asChild size="sm" mt="auto" alignSelf="flex-start">
                <RouterLink to={pathTo(paths.remixForm, { name: agent.rawId })} aria-label={`Remix ${agent.name}`}>
                  Remix →
                </RouterLink>
              </VeilButton>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Box>
  );
}
