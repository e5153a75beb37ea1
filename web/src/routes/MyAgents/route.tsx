// /my-agents: the agents the caller forged, remixed or imported (a signed-in user's, or this
// browser's visitor key's), with their whispers, remixes and nominations, sortable, each to
// edit, archive or restore and export as a card; and a card to import (issue #18).
import { Box, Text } from "@chakra-ui/react";
import { Suspense } from "react";
import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import { useLoaderData } from "react-router-dom";
import { myAgentsMeta } from "@nomina/shared/meta";
import type { MyAgentsRouteQuery } from "../../__generated__/MyAgentsRouteQuery.graphql";
import { PageMeta } from "../../components/PageMeta";
import { RitualLoader } from "../../components/RitualLoader";
import { ScreenTitle } from "../../components/ScreenTitle";
import { preloadQuery } from "../../relay/preload";
import { MyAgentList } from "./MyAgentList";

const query = graphql`
  query MyAgentsRouteQuery {
    ...MyAgentList_query
  }
`;

export function loader() {
  // Agents are forged, edited and imported on other screens: the store's copy shows at once, then the server's.
  return preloadQuery<MyAgentsRouteQuery>(query, {}, { fetchPolicy: "store-and-network" });
}

function Heading() {
  return (
    <>
      <PageMeta {...myAgentsMeta()} />
      <ScreenTitle
        eyebrow="CREATIONS"
        title="My agents"
        subtitle="The minds you forged, remixed or carried in: reshape them, rest them, take them elsewhere as cards."
      />
    </>
  );
}

export function Component() {
  return (
    <Box maxW="4xl" mx="auto">
      <Heading />
      <Suspense fallback={<RitualLoader label="Gathering your creations..." />}>
        <Creations />
      </Suspense>
    </Box>
  );
}

function Creations() {
  const ref = useLoaderData<PreloadedQuery<MyAgentsRouteQuery>>();
  const data = usePreloadedQuery<MyAgentsRouteQuery>(query, ref);
  return <MyAgentList query={data} />;
}

export function ErrorBoundary() {
  return (
    <Box maxW="4xl" mx="auto">
      <Heading />
      <Box role="alert" textAlign="center" py={12}>
        <Text color="danger">Your agents could not be gathered. Try again in a moment.</Text>
      </Box>
    </Box>
  );
}
