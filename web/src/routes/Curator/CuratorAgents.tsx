// The agents to archive or restore, seat or retire: every agent, archived ones included, newest
// first, searched by what they are (name, tags, traits, description), a page at a time (the
// `agents` connection, keyset-paged).
import { Box, Input, Text, chakra } from "@chakra-ui/react";
import { useState, useTransition } from "react";
import { graphql, useLazyLoadQuery, usePaginationFragment } from "react-relay";
import { useDebouncedCallback } from "use-debounce";
import type { CuratorAgentsPaginationQuery } from "../../__generated__/CuratorAgentsPaginationQuery.graphql";
import type { CuratorAgentsQuery } from "../../__generated__/CuratorAgentsQuery.graphql";
import type { CuratorAgents_query$key } from "../../__generated__/CuratorAgents_query.graphql";
import { CuratorAgentRow } from "./CuratorAgentRow";
import type { Ask } from "./useCuratorAct";
import { MoreRows } from "./MoreRows";
import { panelRecipe } from "../../theme/recipes";

const Panel = chakra("div", panelRecipe);

export const AGENTS_PAGE = 20;

const fragment = graphql`
  fragment CuratorAgents_query on Query
  @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" }, search: { type: "String" })
  @refetchable(queryName: "CuratorAgentsPaginationQuery") {
    agents(search: $search, includeArchived: true, first: $count, after: $cursor) @connection(key: "CuratorAgents_agents", filters: ["search"]) {
      edges {
        node {
          id
          ...CuratorAgentRow_agent
        }
      }
    }
  }
`;

const query = graphql`
  query CuratorAgentsQuery {
    ...CuratorAgents_query
  }
`;

export function CuratorAgents({ ask }: { ask: Ask }) {
  const root = useLazyLoadQuery<CuratorAgentsQuery>(query, {}, { fetchPolicy: "store-and-network" });
  const { data, hasNext, loadNext, isLoadingNext, refetch } = usePaginationFragment<CuratorAgentsPaginationQuery, CuratorAgents_query$key>(fragment, root);
  const [search, setSearch] = useState("");
  const [searching, startSearch] = useTransition();
  const find = useDebouncedCallback(
    (term: string) =>
      startSearch(() => {
        refetch({ search: term.trim() || null }, { fetchPolicy: "store-or-network" });
      }),
    300,
  );
  const agents = data.agents.edges;

  return (
    <Box as="section" aria-label="Agents">
      <Input
        type="search"
        aria-label="Search agents"
        placeholder="Search agents by name, tag, trait or description"
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          find(event.target.value);
        }}
        mb={4}
      />
      <Panel size="sm" opacity={searching ? 0.6 : 1}>
        {agents.length === 0 ? (
          <Text color="fg.subtle" p={6} textAlign="center" fontSize="sm">
            No agent answers to that name.
          </Text>
        ) : (
          <Box as="ul" listStyleType="none" aria-label="Agents to curate">
            {agents.map(({ node }) => (
              <CuratorAgentRow key={node.id} agent={node} ask={ask} />
            ))}
          </Box>
        )}
        <MoreRows hasNext={hasNext} loading={isLoadingNext} onMore={() => loadNext(AGENTS_PAGE)} label="More agents" />
      </Panel>
    </Box>
  );
}
