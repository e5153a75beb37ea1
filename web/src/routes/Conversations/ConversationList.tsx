// The history: a search refetches the threads by title and, below them, finds the words in the
// threads' messages (MessageResults); more pages come on request (usePaginationFragment), newest
// activity first.
import { Box, Input, Stack, Text, chakra } from "@chakra-ui/react";
import { Suspense, useState, useTransition } from "react";
import { graphql, usePaginationFragment } from "react-relay";
import { useDebouncedCallback } from "use-debounce";
import type { ConversationList_query$key } from "../../__generated__/ConversationList_query.graphql";
import { VeilButton } from "../../components/Buttons";
import { PanelBoundary } from "../../components/PanelBoundary";
import { RitualLoader } from "../../components/RitualLoader";
import { MessageResults } from "./MessageResults";
import { ConversationRow } from "./ConversationRow";

export const PAGE_SIZE = 20;
const SEARCH_DEBOUNCE_MS = 250;

const fragment = graphql`
  fragment ConversationList_query on Query
  @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" }, search: { type: "String" })
  @refetchable(queryName: "ConversationListPaginationQuery") {
    conversations(first: $count, after: $cursor, search: $search) @connection(key: "ConversationList_conversations", filters: ["search"]) {
      __id
      edges {
        node {
          id
          ...ConversationRow_conversation
        }
      }
    }
  }
`;

export function ConversationList({ query }: { query: ConversationList_query$key }) {
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment(fragment, query);
  const [search, setSearch] = useState("");
  // What the message search reads: the words once typing pauses.
  const [words, setWords] = useState("");
  const [isRefetching, startRefetch] = useTransition();
  const threads = data.conversations.edges.map((edge) => edge.node);
  const connections = [data.conversations.__id];

  const refetchThreads = useDebouncedCallback((text: string) => {
    startRefetch(() => {
      void refetch({ search: text.trim() || null, count: PAGE_SIZE }, { fetchPolicy: "store-and-network" });
      setWords(text.trim());
    });
  }, SEARCH_DEBOUNCE_MS);

  return (
    <Stack gap={6}>
      <Box role="search" aria-label="Search your conversations">
        <Input
          type="search"
          aria-label="Search your conversations: titles and messages"
          placeholder="Search your threads and what was said..."
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            refetchThreads(event.target.value);
          }}
          bg="surface"
          borderColor="border"
        />
      </Box>
      {words !== "" && (
        <PanelBoundary failure="Your messages could not be searched">
          <Suspense fallback={<RitualLoader label="Searching your messages..." />}>
            <MessageResults search={words} />
          </Suspense>
        </PanelBoundary>
      )}
      <Box aria-live="polite" aria-busy={isRefetching} opacity={isRefetching ? 0.6 : 1} transition="opacity 0.2s">
        {threads.length === 0 ? (
          <Text color="fg.muted" py={16} textAlign="center" textStyle="terminalNotice">
            {search.trim() ? "No thread answers to that name" : "No conversations yet. Whisper to an agent to begin one."}
          </Text>
        ) : (
          <chakra.ul listStyle="none" display="flex" flexDirection="column" gap={3} aria-label="Your conversations">
            {threads.map((thread) => (
              <ConversationRow key={thread.id} conversation={thread} connections={connections} />
            ))}
          </chakra.ul>
        )}
      </Box>
      {hasNext && (
        <Box textAlign="center">
          <VeilButton loading={isLoadingNext} onClick={() => loadNext(PAGE_SIZE)}>
            Show older threads
          </VeilButton>
        </Box>
      )}
    </Stack>
  );
}
