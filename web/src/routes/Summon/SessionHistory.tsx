// The asker's past sessions (a signed-in user's, or this browser's as a visitor), newest activity
// first, a page at a time; each opens at its own address. A session just begun joins the top.
import { Box, Button, Flex, Heading, List, Text } from "@chakra-ui/react";
import { paths } from "@nomina/shared/paths";
import { graphql, usePaginationFragment, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import type { SessionHistory_query$key } from "../../__generated__/SessionHistory_query.graphql";
import type { SessionHistoryQuery } from "../../__generated__/SessionHistoryQuery.graphql";
import { SessionHistoryItem } from "./SessionHistoryItem";

export const SESSIONS_PAGE = 10;

export const sessionHistoryQuery = graphql`
  query SessionHistoryQuery {
    ...SessionHistory_query
  }
`;

const fragment = graphql`
  fragment SessionHistory_query on Query
  @argumentDefinitions(count: { type: "Int", defaultValue: 10 }, cursor: { type: "String" })
  @refetchable(queryName: "SessionHistoryPaginationQuery") {
    councilSessions(first: $count, after: $cursor) @connection(key: "SessionHistory_councilSessions") {
      edges {
        node {
          id
          rawId
          ...SessionHistoryItem_session
        }
      }
    }
  }
`;

type Props = { queryRef: PreloadedQuery<SessionHistoryQuery>; currentId: string | undefined };

export function SessionHistory({ queryRef, currentId }: Props) {
  const query = usePreloadedQuery<SessionHistoryQuery>(sessionHistoryQuery, queryRef);
  const { data, hasNext, loadNext, isLoadingNext } = usePaginationFragment(fragment, query as SessionHistory_query$key);
  const sessions = data.councilSessions.edges;
  return (
    <Box as="nav" aria-labelledby="past-sessions-heading">
      <Flex align="center" justify="space-between" gap={3} mb={3}>
        <Heading id="past-sessions-heading" as="h2" textStyle="fieldLabel" color="fg.muted" whiteSpace="nowrap">
          PAST SESSIONS
        </Heading>
        {currentId && (
          <Button asChild size="xs" variant="outline" colorPalette="cyan">
            <RouterLink to={paths.summon}>New session</RouterLink>
          </Button>
        )}
      </Flex>
      {sessions.length === 0 ? (
        <Text color="fg.subtle" fontSize="sm">
          No sessions yet. Your questions to the Council gather here.
        </Text>
      ) : (
        <List.Root listStyleType="none" gap={2}>
          {sessions.map(({ node }) => (
            <SessionHistoryItem key={node.id} session={node} current={node.rawId === currentId} />
          ))}
        </List.Root>
      )}
      {hasNext && (
        <Button mt={3} size="xs" variant="ghost" color="fg.muted" loading={isLoadingNext} onClick={() => loadNext(SESSIONS_PAGE)}>
          Older sessions
        </Button>
      )}
    </Box>
  );
}
