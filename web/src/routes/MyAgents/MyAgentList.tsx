// The caller's agents, newest first unless another order is chosen (the sort refetches the
// connection); more pages come on request (usePaginationFragment). An imported card joins the
// list by refetching it from the server.
import { Box, Flex, Stack, Text, chakra } from "@chakra-ui/react";
import { useId, useState, useTransition } from "react";
import { graphql, usePaginationFragment } from "react-relay";
import type { MyAgentList_query$key } from "../../__generated__/MyAgentList_query.graphql";
import type { MyAgentSort } from "../../__generated__/MyAgentListPaginationQuery.graphql";
import { VeilButton } from "../../components/Buttons";
import { ChoiceSelect } from "../../components/ChoiceSelect";
import { ImportCard } from "./ImportCard";
import { MyAgentRow } from "./MyAgentRow";

export const PAGE_SIZE = 20;

const SORTS: { value: MyAgentSort; label: string }[] = [
  { value: "newest", label: "Newest first" },
  { value: "oldest", label: "Oldest first" },
  { value: "whispers", label: "Most whispers" },
  { value: "remixes", label: "Most remixes" },
  { value: "nominations", label: "Most nominations" },
];

const fragment = graphql`
  fragment MyAgentList_query on Query
  @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" }, sort: { type: "MyAgentSort", defaultValue: newest })
  @refetchable(queryName: "MyAgentListPaginationQuery") {
    myAgents(first: $count, after: $cursor, sort: $sort) @connection(key: "MyAgentList_myAgents", filters: ["sort"]) {
      edges {
        node {
          id
          ...MyAgentRow_agent
        }
      }
    }
  }
`;

export function MyAgentList({ query }: { query: MyAgentList_query$key }) {
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment(fragment, query);
  const [sort, setSort] = useState<MyAgentSort>("newest");
  const [isRefetching, startRefetch] = useTransition();
  const sortId = useId();
  const agents = data.myAgents.edges.map((edge) => edge.node);

  const reload = (next: MyAgentSort) => startRefetch(() => void refetch({ sort: next, count: PAGE_SIZE }, { fetchPolicy: "network-only" }));

  return (
    <Stack gap={6}>
      <Flex gap={4} justify="space-between" align={{ base: "stretch", sm: "flex-end" }} direction={{ base: "column", sm: "row" }}>
        <ImportCard onImported={() => reload(sort)} />
        <Box minW={{ sm: "14rem" }}>
          <chakra.label htmlFor={sortId} textStyle="fieldLabel" color="fg.muted" display="block" mb={1.5}>
            Order
          </chakra.label>
          <ChoiceSelect
            id={sortId}
            value={sort}
            choices={SORTS}
            onChange={(next) => {
              setSort(next);
              reload(next);
            }}
          />
        </Box>
      </Flex>
      <Box aria-live="polite" aria-busy={isRefetching} opacity={isRefetching ? 0.6 : 1} transition="opacity 0.2s">
        {agents.length === 0 ? (
          <Text color="fg.muted" py={16} textAlign="center" textStyle="terminalNotice">
            No agents yet. Forge one, remix one, or import a card.
          </Text>
        ) : (
          <chakra.ul listStyle="none" display="flex" flexDirection="column" gap={3} aria-label="Your agents">
            {agents.map((agent) => (
              <MyAgentRow key={agent.id} agent={agent} />
            ))}
          </chakra.ul>
        )}
      </Box>
      {hasNext && (
        <Box textAlign="center">
          <VeilButton loading={isLoadingNext} onClick={() => loadNext(PAGE_SIZE)}>
            Show more agents
          </VeilButton>
        </Box>
      )}
    </Stack>
  );
}
