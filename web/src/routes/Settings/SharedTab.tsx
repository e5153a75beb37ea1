// Settings → Shared (#27): everything the account has shared, its threads and its Council
// sessions, each with its link and Unshare. Whispers are not listed apart: a whisper has no owner
// of its own, and the answers of a shared thread are public at their links exactly as far as the
// thread is shared, so the line above the lists says so. Read when the tab opens (the Settings
// tabs mount lazily), fresh each time.
import { Stack, Text } from "@chakra-ui/react";
import { graphql, useLazyLoadQuery } from "react-relay";
import type { SharedTabQuery } from "../../__generated__/SharedTabQuery.graphql";
import { PanelBoundary } from "../../components/PanelBoundary";
import { SharedSessions } from "./SharedSessions";
import { SharedThreads } from "./SharedThreads";

const query = graphql`
  query SharedTabQuery {
    ...SharedThreads_query
    ...SharedSessions_query
  }
`;

export function SharedTab() {
  return (
    <Stack gap={8}>
      <Text color="fg.muted" maxW="3xl">
        The answers of a shared thread can be read at their own whisper links exactly as far as the thread is shared. Unshare a thread and its whisper links go
        private with it.
      </Text>
      <PanelBoundary loading="Gathering what you shared..." failure="What you shared could not be read. Try again in a moment.">
        <SharedLists />
      </PanelBoundary>
    </Stack>
  );
}

function SharedLists() {
  const data = useLazyLoadQuery<SharedTabQuery>(query, {}, { fetchPolicy: "store-and-network" });
  return (
    <Stack gap={10}>
      <SharedThreads query={data} />
      <SharedSessions query={data} />
    </Stack>
  );
}
