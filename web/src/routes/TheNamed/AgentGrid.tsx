// The listing: filters refetch the agents connection, pages come with usePaginationFragment.
import { Button, Flex, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useState, useTransition } from "react";
import { graphql, usePaginationFragment } from "react-relay";
import { useDebouncedCallback } from "use-debounce";
import type { AgentGrid_query$key } from "../../__generated__/AgentGrid_query.graphql";
import { AgentCard, type CardLayout } from "../../components/AgentCard";
import { NamedToolbar, type Filters } from "./NamedToolbar";

export const PAGE_SIZE = 24;
const SEARCH_DEBOUNCE_MS = 250;

const fragment = graphql`
  fragment AgentGrid_query on Query
  @argumentDefinitions(
    count: { type: "Int", defaultValue: 24 }
    cursor: { type: "String" }
    search: { type: "String" }
    type: { type: "String" }
    sort: { type: "AgentSort", defaultValue: NEWEST }
    includeArchived: { type: "Boolean", defaultValue: false }
  )
  @refetchable(queryName: "AgentGridPaginationQuery") {
    agentTypes(includeArchived: $includeArchived)
    agents(first: $count, after: $cursor, search: $search, type: $type, sort: $sort, includeArchived: $includeArchived)
      @connection(key: "AgentGrid_agents", filters: ["search", "type", "sort", "includeArchived"]) {
      edges {
        node {
          id
          ...AgentCard_agent
        }
      }
    }
  }
`;

const INITIAL: Filters = { search: "", type: "", sort: "NEWEST", includeArchived: false };

export function AgentGrid({ query }: { query: AgentGrid_query$key }) {
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment(fragment, query);
  const [filters, setFilters] = useState<Filters>(INITIAL);
  const [layout, setLayout] = useState<CardLayout>("grid");
  const [isRefetching, startRefetch] = useTransition();
  const agents = data.agents.edges.map((edge) => edge.node);

  const refetchAgents = useDebouncedCallback((next: Filters) => {
    startRefetch(() => {
      refetch(
        { search: next.search.trim() || null, type: next.type || null, sort: next.sort, includeArchived: next.includeArchived, count: PAGE_SIZE },
        { fetchPolicy: "store-or-network" },
      );
    });
  }, SEARCH_DEBOUNCE_MS);

  const apply = (next: Filters) => {
    setFilters(next);
    refetchAgents(next);
    // Only typing waits for a pause; a type, a sort or a toggle applies at once, with the search typed so far.
    if (next.search === filters.search) refetchAgents.flush();
  };

  return (
    <Stack gap={6}>
      <NamedToolbar
        filters={filters}
        types={data.agentTypes}
        layout={layout}
        onLayout={setLayout}
        onChange={apply}
      />
      <div aria-live="polite" aria-busy={isRefetching}>
        {agents.length === 0 ? (
          <Text color="fg.muted" py={16} textAlign="center" textStyle="terminalNotice">
            No agents found
          </Text>
        ) : layout === "grid" ? (
          <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap={5} opacity={isRefetching ? 0.6 : 1} transition="opacity 0.2s">
            {agents.map((agent) => (
              <AgentCard key={agent.id} agent={agent} />
            ))}
          </SimpleGrid>
        ) : (
          <Stack gap={3} opacity={isRefetching ? 0.6 : 1} transition="opacity 0.2s">
            {agents.map((agent) => (
              <AgentCard key={agent.id} agent={agent} layout="list" />
            ))}
          </Stack>
        )}
      </div>
      {hasNext && (
        <Flex justify="center">
          <Button variant="outline" colorPalette="cyan" loading={isLoadingNext} onClick={() => loadNext(PAGE_SIZE)}>
            Reveal more
          </Button>
        </Flex>
      )}
    </Stack>
  );
}
