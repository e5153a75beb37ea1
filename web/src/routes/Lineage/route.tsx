// /lineage: the Ancestry Map (spec 2): the forest of agents as an SVG tree, searchable,
// filtered All / Ancestors / Remixed, with a detail panel for the chosen agent.
import { Box, Skeleton } from "@chakra-ui/react";
import { Suspense } from "react";
import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import { useLoaderData } from "react-router-dom";
import type { LineageRouteQuery } from "../../__generated__/LineageRouteQuery.graphql";
import { PageMeta, withBrand } from "../../components/PageMeta";
import { RouteError } from "../../components/RouteError";
import { ScreenTitle } from "../../components/ScreenTitle";
import { preloadQuery } from "../../relay/preload";
import { AncestryMap } from "./AncestryMap";

const query = graphql`
  query LineageRouteQuery {
    ...AncestryMap_query
  }
`;

export function loader() {
  return preloadQuery<LineageRouteQuery>(query, {});
}

export function Component() {
  return (
    <Box maxW="1232px" mx="auto">
      <PageMeta title={withBrand("Ancestry Map")} />
      <ScreenTitle eyebrow="LINEAGES" title="Ancestry Map" subtitle="Every origin and every evolution, traced. Choose a node to read its essence." />
      <Suspense fallback={<Skeleton h="600px" borderRadius="xl" aria-label="Loading the ancestry map" />}>
        <Map />
      </Suspense>
    </Box>
  );
}

function Map() {
  const ref = useLoaderData<PreloadedQuery<LineageRouteQuery>>();
  const data = usePreloadedQuery<LineageRouteQuery>(query, ref);
  return <AncestryMap query={data} />;
}

export const ErrorBoundary = RouteError;
