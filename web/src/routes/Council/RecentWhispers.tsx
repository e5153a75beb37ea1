// Recent Whispers (spec 2): newest first in a list of about 16rem; a whisper sent from any
// terminal is prepended live with the Council's answer.
import { Box, Heading } from "@chakra-ui/react";
import { useMemo } from "react";
import { graphql, usePaginationFragment, useSubscription } from "react-relay";
import type { GraphQLSubscriptionConfig } from "relay-runtime";
import type { RecentWhispers_query$key } from "../../__generated__/RecentWhispers_query.graphql";
import type { RecentWhispersSubscription } from "../../__generated__/RecentWhispersSubscription.graphql";
import { RecentWhisper } from "./RecentWhisper";
import { ScrollingLog } from "./ScrollingLog";

export const WHISPERS_PAGE = 20;

const fragment = graphql`
  fragment RecentWhispers_query on Query
  @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" })
  @refetchable(queryName: "RecentWhispersPaginationQuery") {
    councilWhispers(first: $count, after: $cursor) @connection(key: "RecentWhispers_councilWhispers") {
      __id
      edges {
        node {
          id
          ...RecentWhisper_whisper
        }
      }
    }
  }
`;

const whisperAdded = graphql`
  subscription RecentWhispersSubscription($connections: [ID!]!) {
    councilWhisperAdded @prependNode(connections: $connections, edgeTypeName: "QueryCouncilWhispersConnectionEdge") {
      id
      ...RecentWhisper_whisper
    }
  }
`;

/** The connection the whisper mutation prepends to; read by the panel's form. */
export function useRecentWhispers(query: RecentWhispers_query$key) {
  return usePaginationFragment(fragment, query);
}

export function RecentWhispers({ pagination }: { pagination: ReturnType<typeof useRecentWhispers> }) {
  const { data, hasNext, loadNext, isLoadingNext } = pagination;
  const connectionId = data.councilWhispers.__id;
  const config = useMemo<GraphQLSubscriptionConfig<RecentWhispersSubscription>>(
    () => ({ subscription: whisperAdded, variables: { connections: [connectionId] } }),
    [connectionId],
  );
  useSubscription(config);
  const whispers = data.councilWhispers.edges;

  return (
    <Box as="section" aria-labelledby="recent-whispers-heading" mt={6}>
      <Heading id="recent-whispers-heading" as="h3" textStyle="terminalLabel" color="fg.muted" mb={3}>
        Recent Whispers
      </Heading>
      <ScrollingLog
        label="Recent whispers"
        maxH="16rem"
        live
        empty={whispers.length === 0}
        emptyText="The Council has heard nothing yet."
        older={{ label: "Older whispers", hasNext, loading: isLoadingNext, onLoad: () => loadNext(WHISPERS_PAGE) }}
      >
        {whispers.map(({ node }) => (
          <RecentWhisper key={node.id} whisper={node} />
        ))}
      </ScrollingLog>
    </Box>
  );
}
