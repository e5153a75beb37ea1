// /conversations: the visitor's (or user's) threads with every agent, newest activity first,
// searchable by title, each to read, continue, rename or delete (issue #16).
import { Box, Flex, Text } from "@chakra-ui/react";
import { Suspense } from "react";
import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import { useLoaderData } from "react-router-dom";
import { conversationsMeta } from "@nomina/shared/meta";
import type { ConversationsRouteQuery } from "../../__generated__/ConversationsRouteQuery.graphql";
import { PageMeta } from "../../components/PageMeta";
import { RitualLoader } from "../../components/RitualLoader";
import { ScreenTitle } from "../../components/ScreenTitle";
import { preloadQuery } from "../../relay/preload";
import { ConversationList } from "./ConversationList";
import { VeilButton } from "../../components/Buttons";
import { StartConclaveDialog } from "../Conclave/StartConclaveDialog";

const query = graphql`
  query ConversationsRouteQuery {
    ...ConversationList_query
  }
`;

export function loader() {
  // Threads change in other tabs and on other screens: the store's copy shows at once, then the server's.
  return preloadQuery<ConversationsRouteQuery>(query, {}, { fetchPolicy: "store-and-network" });
}

function Heading() {
  return (
    <>
      <PageMeta {...conversationsMeta()} />
      <ScreenTitle eyebrow="THREADS" title="Conversations" subtitle="Every thread you have spun with the network's minds, the latest first." />
      <Flex justify="flex-end" mb={4}>
        <StartConclaveDialog trigger={<VeilButton>Start a conclave</VeilButton>} />
      </Flex>
    </>
  );
}

export function Component() {
  return (
    <Box maxW="4xl" mx="auto">
      <Heading />
      <Suspense fallback={<RitualLoader label="Recalling your threads..." />}>
        <History />
      </Suspense>
    </Box>
  );
}

function History() {
  const ref = useLoaderData<PreloadedQuery<ConversationsRouteQuery>>();
  const data = usePreloadedQuery<ConversationsRouteQuery>(query, ref);
  return <ConversationList query={data} />;
}

export function ErrorBoundary() {
  return (
    <Box maxW="4xl" mx="auto">
      <Heading />
      <Box role="alert" textAlign="center" py={12}>
        <Text color="danger">Your threads could not be recalled. Try again in a moment.</Text>
      </Box>
    </Box>
  );
}
