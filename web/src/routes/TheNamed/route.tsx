// /the-named: the agent network listing.
import { Box, Heading, Text } from "@chakra-ui/react";
import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import { useLoaderData } from "react-router-dom";
import type { TheNamedRouteQuery } from "../../__generated__/TheNamedRouteQuery.graphql";
import { preloadQuery } from "../../relay/preload";
import { AgentGrid } from "./AgentGrid";

const query = graphql`
  query TheNamedRouteQuery {
    ...AgentGrid_query
  }
`;

export function loader() {
  return preloadQuery<TheNamedRouteQuery>(query, {});
}

export function Component() {
  const ref = useLoaderData() as PreloadedQuery<TheNamedRouteQuery>;
  const data = usePreloadedQuery<TheNamedRouteQuery>(query, ref);
  return (
    <Box maxW="7xl" mx="auto">
      <Heading as="h1" fontFamily="heading" fontSize={{ base: "3xl", md: "5xl" }} letterSpacing="0.08em" mt={6}>
        The Named
      </Heading>
      <Text color="fg.muted" mt={2} mb={8}>
        Every mind that has been given a name, awake in the network.
      </Text>
      <AgentGrid query={data} />
    </Box>
  );
}

export function ErrorBoundary() {
  return (
    <Box role="alert" textAlign="center" py={20}>
      <Text color="danger" fontSize="lg">
        Failed to load agents from the network
      </Text>
    </Box>
  );
}
