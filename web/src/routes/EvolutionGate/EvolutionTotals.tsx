// The network's evolution in three numbers.
import { SimpleGrid, Text, chakra } from "@chakra-ui/react";
import { graphql, useFragment } from "react-relay";
import type { EvolutionTotals_query$key } from "../../__generated__/EvolutionTotals_query.graphql";
import { panelRecipe } from "../../theme/recipes";

const Stat = chakra("div", panelRecipe);

const fragment = graphql`
  fragment EvolutionTotals_query on Query {
    evolutionStats {
      totalAgents
      totalRemixes
      activeLineages
    }
  }
`;

export function EvolutionTotals({ query }: { query: EvolutionTotals_query$key }) {
  const { evolutionStats: stats } = useFragment(fragment, query);
  const totals = [
    { label: "Total Agents", value: stats.totalAgents },
    { label: "Total Remixes", value: stats.totalRemixes },
    { label: "Active Lineages", value: stats.activeLineages },
  ];
  return (
    <SimpleGrid as="section" aria-label="Totals" columns={{ base: 1, sm: 3 }} gap={5}>
      {totals.map((total) => (
        <Stat key={total.label} p={6} textAlign="center">
          <Text fontFamily="heading" fontSize={{ base: "4xl", md: "5xl" }} color="accent" textShadow="0 0 14px {colors.glow.cyan/50}" data-testid={total.label}>
            {total.value}
          </Text>
          <Text textStyle="statLabel" color="fg.muted" mt={1}>
            {total.label}
          </Text>
        </Stat>
      ))}
    </SimpleGrid>
  );
}
