// The listing's grid: searchable, paginated through the agents connection.
import { Button, Flex, Input, SimpleGrid, Text } from "@chakra-ui/react";
import { useState, useTransition } from "react";
import { graphql, usePaginationFragment } from "react-relay";
import type { AgentGrid_query$key } from "../../__generated__/AgentGrid_query.graphql";
import { AgentCard } from "../../components/AgentCard";

export const PAGE_SIZE = 24;

const fragment = graphql`
  fragment AgentGrid_query on Query
  @argumentDefinitions(count: { type: "Int", defaultValue: 24 }, cursor: { type: "String" }, search: { type: "String" })
  @refetchable(queryName: "AgentGridPaginationQuery") {
    agents(first: $count, after: $cursor, search: $search) @connection(key: "AgentGrid_agents") {
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
  const [search, setSearch] = useState("");
  const [isSearching, startSearch] = useTransition();
  const agents = data.agents.edges.map((edge) => edge.node);

  const onSearch = (value: string) => {
    setSearch(value);
    startSearch(() => {
      refetch({ search: value.trim() || null, count: PAGE_SIZE });
    });
  };

  return (
    <>
      <Input
        aria-label="Search agents by name"
        placeholder="Search the network..."
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        maxW="md"
        mb={6}
        bg="surface"
        borderColor="border"
      />
      {agents.length === 0 ? (
        <Text color="fg.muted" py={12} textAlign="center">
          No agents found
        </Text>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap={5} opacity={isSearching ? 0.6 : 1}>
          {agents.map((agent) => (
            <AgentCard key={agent.id} agent={agent} />
          ))}
        </SimpleGrid>
      )}
      {hasNext && (
        <Flex justify="center" mt={8}>
          <Button variant="outline" loading={isLoadingNext} onClick={() => loadNext(PAGE_SIZE)}>
            Reveal more
          </Button>
        </Flex>
      )}
    </>
  );
}
