// AGENT NOMINATION (spec 2): a name search over the network, newest agents first (the only
// sort in use), in a scrolling list of about 24rem that pages as it goes.
import { Box, Button, Flex, Input, Text } from "@chakra-ui/react";
import { useState, useTransition } from "react";
import { graphql, usePaginationFragment, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import type { NominationPanelQuery } from "../../__generated__/NominationPanelQuery.graphql";
import type { NominationPanelPaginationQuery } from "../../__generated__/NominationPanelPaginationQuery.graphql";
import type { NominationPanel_query$key } from "../../__generated__/NominationPanel_query.graphql";
import { NomineeCard } from "./NomineeCard";

export const NOMINEES_PAGE = 20;

const fragment = graphql`
  fragment NominationPanel_query on Query
  @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" }, search: { type: "String" })
  @refetchable(queryName: "NominationPanelPaginationQuery") {
    agents(first: $count, after: $cursor, search: $search, sort: NEWEST) @connection(key: "NominationPanel_agents") {
      edges {
        node {
          id
          ...NomineeCard_agent
        }
      }
    }
  }
`;

export const nominationPanelQuery = graphql`
  query NominationPanelQuery {
    ...NominationPanel_query
  }
`;

export function NominationPanel({ queryRef }: { queryRef: PreloadedQuery<NominationPanelQuery> }) {
  const root = usePreloadedQuery<NominationPanelQuery>(nominationPanelQuery, queryRef);
  const { data, refetch, hasNext, loadNext, isLoadingNext } = usePaginationFragment<NominationPanelPaginationQuery, NominationPanel_query$key>(fragment, root);
  const [search, setSearch] = useState("");
  const [isSearching, startSearch] = useTransition();
  const agents = data.agents.edges;

  const onSearch = (value: string) => {
    setSearch(value);
    startSearch(() => {
      refetch({ search: value.trim() || null, count: NOMINEES_PAGE });
    });
  };

  return (
    <Box>
      <Input
        type="search"
        aria-label="Search agents to nominate"
        placeholder="Search agents to nominate..."
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        textStyle="terminal"
        bg="blackAlpha.500"
        borderColor="border"
        mb={4}
      />
      <Box maxH="24rem" overflowY="auto" borderWidth="1px" borderColor="border" borderRadius="lg" opacity={isSearching ? 0.6 : 1}>
        {agents.length === 0 ? (
          <Text color="fg.muted" p={8} textAlign="center">
            No agents found
          </Text>
        ) : (
          <Box as="ul" listStyleType="none" aria-label="Agents to nominate">
            {agents.map(({ node }) => (
              <NomineeCard key={node.id} agent={node} />
            ))}
          </Box>
        )}
        {hasNext && (
          <Flex justify="center" p={3}>
            <Button size="xs" variant="ghost" loading={isLoadingNext} onClick={() => loadNext(NOMINEES_PAGE)}>
              Reveal more agents
            </Button>
          </Flex>
        )}
      </Box>
    </Box>
  );
}
