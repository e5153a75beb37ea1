// "In your messages": what a search finds in the words of the caller's threads (full text,
// newest first), each result the words around the match, the match marked, linking to the
// message in its thread.
import { Box, Link, Stack, Text, chakra } from "@chakra-ui/react";
import { useTransition } from "react";
import { graphql, useLazyLoadQuery, usePaginationFragment } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import { SNIPPET_MARK_END, SNIPPET_MARK_START } from "@nomina/shared/conversations";
import { paths, pathTo } from "@nomina/shared/paths";
import type { MessageResultsQuery } from "../../__generated__/MessageResultsQuery.graphql";
import type { MessageResults_query$key } from "../../__generated__/MessageResults_query.graphql";
import { VeilButton } from "../../components/Buttons";
import { timeAgo } from "../../components/format";
import { panelRecipe } from "../../theme/recipes";

const Panel = chakra("section", panelRecipe);
const RESULTS_PAGE = 10;

const query = graphql`
  query MessageResultsQuery($search: String!) {
    ...MessageResults_query @arguments(search: $search)
  }
`;

const fragment = graphql`
  fragment MessageResults_query on Query
  @argumentDefinitions(search: { type: "String!" }, count: { type: "Int", defaultValue: 10 }, cursor: { type: "String" })
  @refetchable(queryName: "MessageResultsPaginationQuery") {
    messageSearch(query: $search, first: $count, after: $cursor) @connection(key: "MessageResults_messageSearch", filters: ["query"]) {
      edges {
        node {
          messageId
          role
          snippet
          createdAt
          conversation {
            rawId
            title
            agent {
              name
            }
          }
        }
      }
    }
  }
`;

/** The snippet's words, the matched ones marked: text nodes only, whatever the message held. */
export function markedSnippet(snippet: string) {
  const parts: { text: string; match: boolean }[] = [];
  let rest = snippet;
  while (rest.length > 0) {
    const start = rest.indexOf(SNIPPET_MARK_START);
    if (start < 0) break;
    const end = rest.indexOf(SNIPPET_MARK_END, start);
    if (end < 0) break;
    if (start > 0) parts.push({ text: rest.slice(0, start), match: false });
    parts.push({ text: rest.slice(start + 1, end), match: true });
    rest = rest.slice(end + 1);
  }
  if (rest) parts.push({ text: rest.replaceAll(SNIPPET_MARK_START, "").replaceAll(SNIPPET_MARK_END, ""), match: false });
  return parts;
}

export function MessageResults({ search }: { search: string }) {
  const data = useLazyLoadQuery<MessageResultsQuery>(query, { search }, { fetchPolicy: "store-and-network" });
  return <Results query={data} search={search} />;
}

function Results({ query: ref, search }: { query: MessageResults_query$key; search: string }) {
  const { data, hasNext, loadNext, isLoadingNext } = usePaginationFragment(fragment, ref);
  const [, startTransition] = useTransition();
  const hits = data.messageSearch.edges.map((edge) => edge.node);
  return (
    <Panel aria-labelledby="message-results-title" p={{ base: 4, md: 6 }}>
      <Text id="message-results-title" as="h2" textStyle="ritualLabel" fontSize="lg" mb={3}>
        In your messages
      </Text>
      {hits.length === 0 ? (
        <Text color="fg.muted" textStyle="terminalBody">
          No message of yours holds “{search}”.
        </Text>
      ) : (
        <Stack as="ol" listStyle="none" gap={3} aria-label="Messages found">
          {hits.map((hit) => (
            <chakra.li key={hit.messageId} borderBottomWidth="1px" borderColor="border" pb={3} _last={{ borderBottomWidth: 0, pb: 0 }}>
              <Link asChild color="accent" fontFamily="heading">
                <RouterLink to={`${pathTo(paths.conversation, { id: hit.conversation.rawId })}?message=${hit.messageId}`}>{hit.conversation.title}</RouterLink>
              </Link>
              <Text textStyle="caption" color="fg.subtle">
                {hit.role === "user" ? "You" : hit.conversation.agent.name} · <time dateTime={hit.createdAt}>{timeAgo(hit.createdAt)}</time>
              </Text>
              <Text mt={1} color="fg.muted" fontSize="sm" data-testid="message-snippet">
                {markedSnippet(hit.snippet).map((part, index) =>
                  part.match ? (
                    <chakra.mark key={index} bg="bg.match" color="fg" px="0.5" borderRadius="sm">
                      {part.text}
                    </chakra.mark>
                  ) : (
                    <chakra.span key={index}>{part.text}</chakra.span>
                  ),
                )}
              </Text>
            </chakra.li>
          ))}
        </Stack>
      )}
      {hasNext && (
        <Box textAlign="center" mt={4}>
          <VeilButton size="xs" loading={isLoadingNext} onClick={() => startTransition(() => void loadNext(RESULTS_PAGE))}>
            More messages
          </VeilButton>
        </Box>
      )}
    </Panel>
  );
}
