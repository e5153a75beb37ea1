// RITUALS LOG (spec 2): the Council Activity Log, newest first, about 24rem tall. Every new
// entry (from any terminal, any API) is prepended live; its related agent arrives with its new
// nomination count and membership, which updates the nomination cards and badges as well.
import { Box, Button, Flex, Heading, Text } from "@chakra-ui/react";
import { useMemo } from "react";
import { graphql, usePaginationFragment, usePreloadedQuery, useSubscription, type PreloadedQuery } from "react-relay";
import type { GraphQLSubscriptionConfig } from "relay-runtime";
import type { RitualLogPanelQuery } from "../../__generated__/RitualLogPanelQuery.graphql";
import type { RitualLogPanelPaginationQuery } from "../../__generated__/RitualLogPanelPaginationQuery.graphql";
import type { RitualLogPanel_query$key } from "../../__generated__/RitualLogPanel_query.graphql";
import type { RitualLogPanelSubscription } from "../../__generated__/RitualLogPanelSubscription.graphql";
import { RitualIcon } from "../../components/RitualIcon";
import { RitualLogEntry } from "./RitualLogEntry";

export const LOGS_PAGE = 30;

const fragment = graphql`
  fragment RitualLogPanel_query on Query
  @argumentDefinitions(count: { type: "Int", defaultValue: 30 }, cursor: { type: "String" })
  @refetchable(queryName: "RitualLogPanelPaginationQuery") {
    ritualLogs(first: $count, after: $cursor) @connection(key: "RitualLogPanel_ritualLogs") {
      __id
      edges {
        node {
          id
          ...RitualLogEntry_log
        }
      }
    }
  }
`;

export const ritualLogPanelQuery = graphql`
  query RitualLogPanelQuery {
    ...RitualLogPanel_query
  }
`;

const logAdded = graphql`
  subscription RitualLogPanelSubscription($connections: [ID!]!) {
    ritualLogAdded @prependNode(connections: $connections, edgeTypeName: "QueryRitualLogsConnectionEdge") {
      id
      ...RitualLogEntry_log
      relatedAgent {
        id
        nominationCount
        councilMember {
          id
        }
      }
    }
  }
`;

export function RitualLogPanel({ queryRef }: { queryRef: PreloadedQuery<RitualLogPanelQuery> }) {
  const root = usePreloadedQuery<RitualLogPanelQuery>(ritualLogPanelQuery, queryRef);
  const { data, hasNext, loadNext, isLoadingNext } = usePaginationFragment<RitualLogPanelPaginationQuery, RitualLogPanel_query$key>(fragment, root);
  const connectionId = data.ritualLogs.__id;
  const config = useMemo<GraphQLSubscriptionConfig<RitualLogPanelSubscription>>(
    () => ({ subscription: logAdded, variables: { connections: [connectionId] } }),
    [connectionId],
  );
  useSubscription(config);
  const logs = data.ritualLogs.edges;

  return (
    <Box as="section" aria-labelledby="activity-log-heading">
      <Flex align="center" gap={2} mb={3} color="glow.cyan">
        <RitualIcon kind="echo" />
        <Heading id="activity-log-heading" as="h3" textStyle="terminalLabel">
          Council Activity Log
        </Heading>
      </Flex>
      <Box maxH="24rem" overflowY="auto" borderWidth="1px" borderColor="border" borderRadius="lg" tabIndex={0} role="region" aria-label="Council activity, scrollable">
        {logs.length === 0 ? (
          <Text color="fg.subtle" p={6} textAlign="center" fontSize="sm">
            No ritual has been performed yet.
          </Text>
        ) : (
          <Box as="ul" listStyleType="none" aria-label="Council activity">
            {logs.map(({ node }) => (
              <RitualLogEntry key={node.id} log={node} />
            ))}
          </Box>
        )}
        {hasNext && (
          <Flex justify="center" p={2}>
            <Button size="xs" variant="ghost" loading={isLoadingNext} onClick={() => loadNext(LOGS_PAGE)}>
              Older rituals
            </Button>
          </Flex>
        )}
      </Box>
    </Box>
  );
}
