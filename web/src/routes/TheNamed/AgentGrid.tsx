// The listing: filters refetch the agents connection, pages come with usePaginationFragment. The
// filters are kept in the address (filters.ts): a change writes them there (typing replaces the
// entry, a type, sort or toggle pushes one), and an address Back/Forward brings refetches to match.
import { Button, Flex, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useEffect, useRef, useState, useTransition } from "react";
import { graphql, usePaginationFragment } from "react-relay";
import { NavigationType, useLocation, useNavigationType, useSearchParams } from "react-router-dom";
import { useDebouncedCallback } from "use-debounce";
import type { AgentGrid_query$key } from "../../__generated__/AgentGrid_query.graphql";
import { AgentCard, type CardLayout } from "../../components/AgentCard";
import { filtersFrom, paramsOf, sameBesidesSearch, sameQuery, variablesOf, type Filters } from "./filters";
import { NamedToolbar } from "./NamedToolbar";

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

export function AgentGrid({ query }: { query: AgentGrid_query$key }) {
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment(fragment, query);
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigation = useNavigationType();
  // The filters are the grid's own state, set at once as they change and written to the address;
  // the loader read the same address, so the first page is already the one they ask for. An
  // address that comes back with Back/Forward (a POP) replaces them: the grid's own writes never
  // do, so a slow render of the address cannot undo a change made since.
  const [filters, setFilters] = useState<Filters>(() => filtersFrom(params));
  const [seen, setSeen] = useState(location.key);
  if (location.key !== seen) {
    setSeen(location.key);
    const addressed = filtersFrom(params);
    if (navigation === NavigationType.Pop && !sameQuery(addressed, filters)) setFilters(addressed);
  }
  const [layout, setLayout] = useState<CardLayout>("grid");
  const [isRefetching, startRefetch] = useTransition();
  const agents = data.agents.edges.map((edge) => edge.node);

  const refetchAgents = useDebouncedCallback((variables: ReturnType<typeof variablesOf>) => {
    startRefetch(() => {
      refetch({ ...variables, count: PAGE_SIZE }, { fetchPolicy: "store-or-network" });
    });
  }, SEARCH_DEBOUNCE_MS);

  // The listing follows the filters, wherever they changed (here, or the address): the loader
  // read the first page for the address it opened at, so that one is already requested.
  const wanted = JSON.stringify(variablesOf(filters));
  const requested = useRef(wanted);
  useEffect(() => {
    if (wanted === requested.current) return;
    const next = JSON.parse(wanted) as ReturnType<typeof variablesOf>;
    const before = JSON.parse(requested.current) as ReturnType<typeof variablesOf>;
    requested.current = wanted;
    refetchAgents(next);
    // Only typing waits for a pause; a type, a sort or a toggle applies at once, with the search typed so far.
    const filtersOf = (variables: typeof next): Filters => ({ ...variables, search: variables.search ?? "", type: variables.type ?? "" });
    if (!sameBesidesSearch(filtersOf(next), filtersOf(before))) refetchAgents.flush();
  }, [wanted, refetchAgents]);

  const apply = (next: Filters) => {
    const typing = next.search !== filters.search;
    setFilters(next);
    // Typing replaces the address's entry (no entry a keystroke); a type, sort or toggle pushes one, so Back undoes it.
    setParams((current) => paramsOf(next, current), { replace: typing, preventScrollReset: true });
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
          <Stack py={16} gap={2} align="center" textAlign="center">
            <Text color="fg.muted" textStyle="terminalNotice">
              No agents found
            </Text>
            {filters.search.trim() && <EmptySearch filters={filters} />}
          </Stack>
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

/** Why a search found nothing, and what to try: the search reads names, traits, skills and descriptions. */
function EmptySearch({ filters }: { filters: Filters }) {
  const among = filters.type ? ` among the ${filters.type} agents` : "";
  return (
    <Text color="fg.subtle" fontSize="sm" maxW="30rem">
      No name, trait, skill or description{among} matches “{filters.search.trim()}”. Try fewer words or another spelling
      {filters.includeArchived ? "." : ", or show the archived agents too."}
    </Text>
  );
}
