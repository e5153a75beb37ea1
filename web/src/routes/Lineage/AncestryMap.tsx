// The map's lineages: the most recently active first, ten at a time with more by cursor;
// search finds a lineage by any member's name, anywhere in history; the filters All /
// Ancestors / Remixed choose which lineages, and how much of each, are drawn.
import { Box, Button, Flex, Input, Text, chakra } from "@chakra-ui/react";
import { useMemo, useState, useTransition } from "react";
import { graphql, usePaginationFragment } from "react-relay";
import { useDebouncedCallback } from "use-debounce";
import type { AncestryMap_query$key } from "../../__generated__/AncestryMap_query.graphql";
import type { LineageFilter } from "../../__generated__/AncestryMapPaginationQuery.graphql";
import { MapView } from "./MapView";

const FILTERS: { value: LineageFilter; label: string }[] = [
  { value: "ALL", label: "All" },
  { value: "ANCESTORS", label: "Ancestors" },
  { value: "REMIXED", label: "Remixed" },
];
const DEBOUNCE_MS = 250;
export const LINEAGES_PAGE = 10;

const FilterButton = chakra("button");

const fragment = graphql`
  fragment AncestryMap_query on Query
  @argumentDefinitions(
    count: { type: "Int", defaultValue: 10 }
    cursor: { type: "String" }
    filter: { type: "LineageFilter", defaultValue: ALL }
    search: { type: "String" }
  )
  @refetchable(queryName: "AncestryMapPaginationQuery") {
    lineages(first: $count, after: $cursor, filter: $filter, search: $search) @connection(key: "AncestryMap_lineages", filters: ["filter", "search"]) {
      edges {
        node {
          agents {
            ...MapView_agent
          }
        }
      }
    }
  }
`;

export function AncestryMap({ query }: { query: AncestryMap_query$key }) {
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment(fragment, query);
  const [filter, setFilter] = useState<LineageFilter>("ALL");
  const [search, setSearch] = useState("");
  // The view the lineages on screen were read for (what the map outlines, when it resets).
  const [shown, setShown] = useState<{ filter: LineageFilter; search: string | null }>({ filter: "ALL", search: null });
  const [isRefetching, startRefetch] = useTransition();

  const lineages = useMemo(() => data.lineages.edges.map((edge) => edge.node.agents), [data.lineages]);

  const load = useDebouncedCallback((next: { filter: LineageFilter; search: string }) => {
    const term = next.search.trim() || null;
    startRefetch(() => {
      refetch({ filter: next.filter, search: term, count: LINEAGES_PAGE }, { fetchPolicy: "store-or-network" });
      setShown({ filter: next.filter, search: term });
    });
  }, DEBOUNCE_MS);

  const count = lineages.length;
  return (
    <Box>
      <Flex gap={3} wrap="wrap" align="center" mb={3} role="search" aria-label="Search the ancestry map">
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
              bg={filter === option.value ? "bg.pressed" : "surface"}
              color={filter === option.value ? "accent" : "fg.muted"}
              textStyle="terminalBody"
              cursor="pointer"
            >
              {option.label}
            </FilterButton>
          ))}
        </Flex>
      </Flex>
      <Text color="fg.subtle" fontSize="sm" mb={4} aria-live="polite">
        {count === 0
          ? ""
          : shown.search
            ? `${count} ${count === 1 ? "lineage" : "lineages"} with an agent named or described like “${shown.search}”, most recently active first.`
            : `The ${count} most recently active ${count === 1 ? "lineage" : "lineages"}${shown.filter === "REMIXED" ? " that evolved" : ""}, newest activity first.`}
      </Text>
      <MapView lineages={lineages} search={shown.search} viewKey={`${shown.filter}|${shown.search ?? ""}`} empty="No lineages found" busy={isRefetching} />
      {hasNext && (
        <Flex justify="center" mt={5}>
          <Button variant="outline" colorPalette="cyan" loading={isLoadingNext} onClick={() => loadNext(LINEAGES_PAGE)}>
            Load more lineages
          </Button>
        </Flex>
      )}
    </Box>
  );
}
