// Settings → Shared, its threads: each with its agent, since when it is shared and how much of it
// (up to the moment shared, or the whole of a thread shared before that moment was kept), most
// recently active first, more on request.
import { Box, Heading, Stack, Text, chakra } from "@chakra-ui/react";
import { useId } from "react";
import { graphql, useFragment, usePaginationFragment } from "react-relay";
import { paths, pathTo } from "@nomina/shared/paths";
import type { SharedThreads_query$key } from "../../__generated__/SharedThreads_query.graphql";
import type { SharedThreads_thread$key } from "../../__generated__/SharedThreads_thread.graphql";
import { VeilButton } from "../../components/Buttons";
import { formatDateTime, timeAgo } from "../../components/format";
import { Glyph } from "../../components/Glyph";
import { notify } from "../../components/Toaster";
import { useShareConversationMutation } from "../../mutations/useShareConversationMutation";
import { errorMessage } from "../../relay/errors";
import { Moment, SharedRow } from "./SharedRow";

const PAGE_SIZE = 20;

const fragment = graphql`
  fragment SharedThreads_query on Query
  @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" })
  @refetchable(queryName: "SharedThreadsPaginationQuery") {
    sharedConversations(first: $count, after: $cursor) @connection(key: "SharedThreads_sharedConversations") {
      edges {
        node {
          id
          visibility
          ...SharedThreads_thread
        }
      }
    }
  }
`;

const threadFragment = graphql`
  fragment SharedThreads_thread on Conversation {
    id
    rawId
    title
    sharedAt
    sharedUntil
    agent {
      name
      glyph
    }
  }
`;

export function SharedThreads({ query }: { query: SharedThreads_query$key }) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment(fragment, query);
  const heading = useId();
  // A thread unshared here (or anywhere since) leaves the list at once.
  const threads = data.sharedConversations.edges.map((edge) => edge.node).filter((thread) => thread.visibility === "public");
  return (
    <Stack as="section" aria-labelledby={heading} gap={4}>
      <Heading as="h2" id={heading} textStyle="accountHeading">
        Threads
      </Heading>
      {threads.length === 0 && !hasNext ? (
        <Text color="fg.muted" textStyle="terminalNotice" py={4}>
          No thread is shared. Share one from its page, and it is listed here.
        </Text>
      ) : (
        <chakra.ul listStyle="none" display="flex" flexDirection="column" gap={3} aria-label="Your shared threads">
          {threads.map((thread) => (
            <SharedThread key={thread.id} thread={thread} />
          ))}
        </chakra.ul>
      )}
      {hasNext && (
        <Box>
          <VeilButton size="sm" loading={isLoadingNext} onClick={() => loadNext(PAGE_SIZE)}>
            Show more threads
          </VeilButton>
        </Box>
      )}
    </Stack>
  );
}

function SharedThread({ thread }: { thread: SharedThreads_thread$key }) {
  const data = useFragment(threadFragment, thread);
  const [share, sharing] = useShareConversationMutation();
  const unshare = () =>
    share(data.id, "private", {
      onCompleted: () => notify("info", "Thread Unshared", "The link no longer opens it: only you can read this thread now."),
      onError: (error) => notify("error", "Could not unshare the thread", errorMessage(error, "Try again in a moment")),
    });
  return (
    <SharedRow
      kind="thread"
      title={data.title}
      path={pathTo(paths.conversation, { id: data.rawId })}
      leading={<Glyph glyph={data.agent.glyph} size="sm" label={`${data.agent.name}'s glyph`} />}
      details={
        <>
          with {data.agent.name}
          <br />
          {data.sharedAt && (
            <>
              shared <Moment at={data.sharedAt}>{timeAgo(data.sharedAt)}</Moment> ·{" "}
            </>
          )}
          {data.sharedUntil ? (
            <>
              readers see it up to <Moment at={data.sharedUntil}>{formatDateTime(data.sharedUntil)}</Moment>
            </>
          ) : (
            "readers see all of it"
          )}
        </>
      }
      unsharing={sharing}
      onUnshare={unshare}
    />
  );
}
