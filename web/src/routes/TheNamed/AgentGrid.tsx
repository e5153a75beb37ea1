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
import { TagFilter } from "./TagFilter";

export const PAGE_SIZE = 24;
const SEARCH_DEBOUNCE_MS = 250;

const fragment = graphql`
  fragment AgentGrid_query on Query
  @argumentDefinitions(
    count: { type: "Int", defaultValue: 24 }
    cursor: { type: "String" }
    search: { type: "String" }
    type: { type: "String" }
    tag: { type: "String" }
    sort: { type: "AgentSort", defaultValue: NEWEST }
    includeArchived: { type: "Boolean", defaultValue: false }
  )
  @refetchable(queryName: "AgentGridPaginationQuery") {
    agentTypes(includeArchived: $includeArchived)
    ...TagFilter_query
    agents(first: $count, after: $cursor, search: $search, type: $type, tag: $tag, sort: $sort, includeArchived: $includeArchived)
      @connection(key: "AgentGrid_agents", filters: ["search", "type", "tag", "sort", "includeArchived"]) {
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
  // do, so a slow render of the address cannot undo a change made since. A tag's chip on a card
  // is a link here too (/the-named?tag=poetry): an address whose tag is not the one the grid last
  // wrote came from such a link, and is taken as a whole (typing never changes the tag).
  const [filters, setFilters] = useState<Filters>(() => filtersFrom(params));
  const [seen, setSeen] = useState(location.key);
  const [writtenTag, setWrittenTag] = useState(filters.tag);
  if (location.key !== seen) {
    setSeen(location.key);
    const addressed = filtersFrom(params);
    const linked = navigation !== NavigationType.Pop && addressed.tag !== writtenTag;
    if ((navigation === NavigationType.Pop || linked) && !sameQuery(addressed, filters)) {
      setFilters(addressed);
      setWrittenTag(addressed.tag);
    }
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
    const filtersOf = (variables: typeof next): Filters => ({
      ...variables,
      search: variables.search ?? "",
      type: variables.type ?? "",
      tag: variables.tag ?? "",
    });
    if (!sameBesidesSearch(filtersOf(next), filtersOf(before))) refetchAgents.flush();
  }, [wanted, refetchAgents]);

  const apply = (next: Filters) => {
    const typing = next.search !== filters.search;
    setFilters(next);
    setWrittenTag(next.tag);
    // Typing replaces the address's entry (no entry a keystroke); a type, sort or toggle pushes one, so Back undoes it.
    setParams((current) => paramsOf(next, current), { replace: typing, preventScrollReset: true });
  };

  return (
    <Stack gap={6}>
      <NamedToolbar
        filters={filters}
        types={data.agentTypes}
        tagFilter={<TagFilter tags={data} value={filters.tag} onChange={(tag) => apply({ ...filters, tag })} />}
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
            {(filters.search.trim() || filters.tag) && <EmptySearch filters={filters} />}
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

/** Why a search (or a tag) found nothing, and what to try: the search reads names, traits, skills, tags and descriptions. */
function EmptySearch({ filters }: { filters: Filters }) {
  const among = [filters.type && `${filters.type} agents`, filters.tag && `agents tagged #${filters.tag}`].filter(Boolean).join(" and ");
  const where = among ? ` among the ${among}` : "";
  const archived = filters.includeArchived ? "." : ", or show the archived agents too.";
  if (!filters.search.trim()) {
    return (
      <Text color="fg.subtle" fontSize="sm" maxW="30rem">
        No {filters.includeArchived ? "" : "visible "}agent carries #{filters.tag}
        {filters.type ? ` among the ${filters.type} agents` : ""}. Try another tag{archived}
      </Text>
    );
  }
  return (
    <Text color="fg.subtle" fontSize="sm" maxW="30rem">
      No name, trait, skill, tag or description{where} matches “{filters.search.trim()}”. Try fewer words or another spelling
      {archived}
    </Text>
  );
}
