// The map's controls and canvas: search and filters refetch the lineage connection.
import { Box, Flex, Input, Text, chakra } from "@chakra-ui/react";
import { useMemo, useState, useTransition } from "react";
import { graphql, useRefetchableFragment } from "react-relay";
import { useDebouncedCallback } from "use-debounce";
import type { AncestryMap_query$key } from "../../__generated__/AncestryMap_query.graphql";
import type { LineageFilter } from "../../__generated__/AncestryMapRefetchQuery.graphql";
import { LineageDetail } from "./LineageDetail";
import { LineageTree } from "./LineageTree";
import { layoutForest } from "./layout";

const FILTERS: { value: LineageFilter; label: string }[] = [
  { value: "ALL", label: "All" },
  { value: "ANCESTORS", label: "Ancestors" },
  { value: "REMIXED", label: "Remixed" },
];
const DEBOUNCE_MS = 250;

const FilterButton = chakra("button");

// No `first`: the server pages the map at its own size (200 agents), as the map is meant to
// show the whole forest at once.
const fragment = graphql`
  fragment AncestryMap_query on Query
  @argumentDefinitions(filter: { type: "LineageFilter", defaultValue: ALL }, search: { type: "String" })
  @refetchable(queryName: "AncestryMapRefetchQuery") {
    lineage(filter: $filter, search: $search) {
      pageInfo {
        hasNextPage
      }
      edges {
        node {
          id
          parent {
            id
          }
          ...LineageTree_agent
          ...LineageDetail_agent
        }
      }
    }
  }
`;

export function AncestryMap({ query }: { query: AncestryMap_query$key }) {
  const [data, refetch] = useRefetchableFragment(fragment, query);
  const [filter, setFilter] = useState<LineageFilter>("ALL");
  const [search, setSearch] = useState("");
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [isRefetching, startRefetch] = useTransition();

  const agents = data.lineage.edges.map((edge) => edge.node);
  const layout = useMemo(() => layoutForest(agents.map((agent) => ({ id: agent.id, parentId: agent.parent?.id ?? null }))), [agents]);
  const selected = agents.find((agent) => agent.id === selectedId) ?? null;

  const load = useDebouncedCallback((next: { filter: LineageFilter; search: string }) => {
    startRefetch(() => {
      refetch({ filter: next.filter, search: next.search.trim() || null }, { fetchPolicy: "store-or-network" });
    });
  }, DEBOUNCE_MS);

  return (
    <Box>
      <Flex gap={3} wrap="wrap" align="center" mb={5} role="search" aria-label="Search the ancestry map">
        <Input
          type="search"
          aria-label="Search agents on the map"
          placeholder="Search lineages..."
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            load({ filter, search: event.target.value });
          }}
          flex={{ base: "1 1 100%", md: "0 1 22rem" }}
          bg="surface"
          borderColor="border"
        />
        <Flex role="group" aria-label="Show" gap={2}>
          {FILTERS.map((option) => (
            <FilterButton
              key={option.value}
              type="button"
              aria-pressed={filter === option.value}
              onClick={() => {
                setFilter(option.value);
                // A filter applies at once, with the search typed so far (and replaces a search still waiting).
                load({ filter: option.value, search });
                load.flush();
              }}
              px={4}
              py={2}
              borderRadius="full"
              borderWidth="1px"
              borderColor={filter === option.value ? "accent" : "border"}
              bg={filter === option.value ? "rgba(139, 233, 253, 0.14)" : "surface"}
              color={filter === option.value ? "accent" : "fg.muted"}
              textStyle="terminalBody"
              cursor="pointer"
            >
              {option.label}
            </FilterButton>
          ))}
        </Flex>
      </Flex>
      <Flex gap={5} direction={{ base: "column", xl: "row" }} align="flex-start" opacity={isRefetching ? 0.6 : 1} transition="opacity 0.2s">
        {agents.length === 0 ? (
          <Text color="fg.muted" py={16} textAlign="center" w="full" textStyle="terminal">
            No lineages found
          </Text>
        ) : (
          <LineageTree agents={agents} layout={layout} selectedId={selectedId} onSelect={setSelectedId} />
        )}
        {selected && <LineageDetail agent={selected} onClose={() => setSelectedId(null)} />}
      </Flex>
      {data.lineage.pageInfo.hasNextPage && (
        <Text color="fg.subtle" fontSize="sm" mt={3}>
          The map shows the {agents.length} oldest agents of this view; search to find a lineage beyond them.
        </Text>
      )}
    </Box>
  );
}
