// Search the network for an agent to remix.
import { Box, Input, Link, Stack, Text, chakra } from "@chakra-ui/react";
import { useState, useTransition } from "react";
import { graphql, useRefetchableFragment } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import { useDebouncedCallback } from "use-debounce";
import type { EvolutionSearch_query$key } from "../../__generated__/EvolutionSearch_query.graphql";
import { AgentNameplate } from "../../components/AgentNameplate";
import { paths, pathTo } from "@nomina/shared/paths";
import { panelRecipe } from "../../theme/recipes";

const Row = chakra("li", panelRecipe);

const DEBOUNCE_MS = 250;

const fragment = graphql`
  fragment EvolutionSearch_query on Query
  @argumentDefinitions(search: { type: "String" }, active: { type: "Boolean", defaultValue: false })
  @refetchable(queryName: "EvolutionSearchRefetchQuery") {
    agents(first: 8, search: $search) @include(if: $active) {
      edges {
        node {
          id
          rawId
          name
          remixCount
          ...AgentNameplate_agent
        }
      }
    }
  }
`;

export function EvolutionSearch({ query }: { query: EvolutionSearch_query$key }) {
  const [data, refetch] = useRefetchableFragment(fragment, query);
  const [search, setSearch] = useState("");
  const [isSearching, startSearch] = useTransition();
  const searchAgents = useDebouncedCallback((value: string) => {
    const text = value.trim();
    startSearch(() => {
      refetch({ search: text || null, active: text !== "" }, { fetchPolicy: "store-or-network" });
    });
  }, DEBOUNCE_MS);

  const onSearch = (value: string) => {
    setSearch(value);
    searchAgents(value);
  };

  const results = data.agents?.edges.map((edge) => edge.node) ?? [];
  return (
    <Box as="section" aria-label="Search agents to remix" role="search">
      <Input
        type="search"
        aria-label="Search agents to remix"
        placeholder="Search for an agent to evolve..."
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        size="lg"
        bg="surface"
        borderColor="border"
      />
      {data.agents && (
        <Box mt={4} opacity={isSearching ? 0.6 : 1} aria-live="polite">
          {results.length === 0 ? (
            <Text color="fg.muted" textStyle="terminal">
              No agents found
            </Text>
          ) : (
            <Stack gap={2} as="ul" listStyleType="none">
              {results.map((agent) => (
                <Row key={agent.id} size="sm" display="flex" alignItems="center" gap={4} px={4} py={3}>
                  <AgentNameplate agent={agent} note={`${agent.remixCount} remixes`} />
                  <Link asChild color="accent" textStyle="terminalBody">
                    <RouterLink to={pathTo(paths.remixForm, { name: agent.rawId })} aria-label={`Remix ${agent.name}`}>
                      Remix →
                    </RouterLink>
                  </Link>
                </Row>
              ))}
            </Stack>
          )}
        </Box>
      )}
    </Box>
  );
}
