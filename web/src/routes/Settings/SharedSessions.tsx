// Settings → Shared, its Council sessions: a session is shared whole (the questions asked after
// it was shared too), so each says since when and how many questions it holds; most recently
// active first, more on request.
import { Box, Heading, Stack, Text, chakra } from "@chakra-ui/react";
import { useId } from "react";
import { graphql, useFragment, usePaginationFragment } from "react-relay";
import { paths, pathTo } from "@nomina/shared/paths";
import type { SharedSessions_query$key } from "../../__generated__/SharedSessions_query.graphql";
import type { SharedSessions_session$key } from "../../__generated__/SharedSessions_session.graphql";
import { VeilButton } from "../../components/Buttons";
import { timeAgo } from "../../components/format";
import { Glyph } from "../../components/Glyph";
import { notify } from "../../components/Toaster";
import { useShareCouncilSessionMutation } from "../../mutations/useShareCouncilSessionMutation";
import { errorMessage } from "../../relay/errors";
import { Moment, SharedRow } from "./SharedRow";

const PAGE_SIZE = 20;

const fragment = graphql`
  fragment SharedSessions_query on Query
  @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" })
  @refetchable(queryName: "SharedSessionsPaginationQuery") {
    sharedCouncilSessions(first: $count, after: $cursor) @connection(key: "SharedSessions_sharedCouncilSessions") {
      edges {
        node {
          id
          visibility
          ...SharedSessions_session
        }
      }
    }
  }
`;

const sessionFragment = graphql`
  fragment SharedSessions_session on CouncilSession {
    id
    rawId
    title
    sharedAt
    questionCount
  }
`;

export function SharedSessions({ query }: { query: SharedSessions_query$key }) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment(fragment, query);
  const heading = useId();
  const sessions = data.sharedCouncilSessions.edges.map((edge) => edge.node).filter((session) => session.visibility === "public");
  return (
    <Stack as="section" aria-labelledby={heading} gap={4}>
      <Heading as="h2" id={heading} textStyle="accountHeading">
        Council sessions
      </Heading>
      {sessions.length === 0 && !hasNext ? (
        <Text color="fg.muted" textStyle="terminalNotice" py={4}>
          No Council session is shared. Share one from the Summoning Gate, and it is listed here.
        </Text>
      ) : (
        <chakra.ul listStyle="none" display="flex" flexDirection="column" gap={3} aria-label="Your shared Council sessions">
          {sessions.map((session) => (
            <SharedSession key={session.id} session={session} />
          ))}
        </chakra.ul>
      )}
      {hasNext && (
        <Box>
          <VeilButton size="sm" loading={isLoadingNext} onClick={() => loadNext(PAGE_SIZE)}>
            Show more sessions
          </VeilButton>
        </Box>
      )}
    </Stack>
  );
}

function SharedSession({ session }: { session: SharedSessions_session$key }) {
  const data = useFragment(sessionFragment, session);
  const [share, sharing] = useShareCouncilSessionMutation();
  const unshare = () =>
    share(data.id, "private", {
      onCompleted: () => notify("info", "The session is private again", "Only you can read it now."),
      onError: (error) => notify("error", "Could not unshare the session", errorMessage(error, "Try again in a moment")),
    });
  return (
    <SharedRow
      kind="session"
      title={data.title}
      path={pathTo(paths.summonSession, { id: data.rawId })}
      leading={<Glyph glyph="✶" size="sm" label="The Council" />}
      details={
        <>
          {data.questionCount} {data.questionCount === 1 ? "question" : "questions"}
          {data.sharedAt && (
            <>
              {" "}
              · shared <Moment at={data.sharedAt}>{timeAgo(data.sharedAt)}</Moment>
            </>
          )}
          <br />
          readers see all of it, later questions too
        </>
      }
      unsharing={sharing}
      onUnshare={unshare}
    />
  );
}
