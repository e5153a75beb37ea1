// /remix: the Evolution Gate (spec 2): search, totals, the six most remixed, recent activity.
import { Box, SimpleGrid, Skeleton, Stack } from "@chakra-ui/react";
import { Suspense } from "react";
import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import { useLoaderData } from "react-router-dom";
import type { EvolutionGateRouteQuery } from "../../__generated__/EvolutionGateRouteQuery.graphql";
import { PageMeta, withBrand } from "../../components/PageMeta";
import { RouteError } from "../../components/RouteError";
import { ScreenTitle } from "../../components/ScreenTitle";
import { preloadQuery } from "../../relay/preload";
import { EvolutionSearch } from "./EvolutionSearch";
import { EvolutionTotals } from "./EvolutionTotals";
import { RemixActivity } from "./RemixActivity";
import { TopRemixed } from "./TopRemixed";

const query = graphql`
  query EvolutionGateRouteQuery {
    ...EvolutionSearch_query
    ...EvolutionTotals_query
    ...TopRemixed_query
    ...RemixActivity_query
  }
`;

export function loader() {
  return preloadQuery<EvolutionGateRouteQuery>(query, {});
}

export function Component() {
  return (
    <Box maxW="6xl" mx="auto">
      <PageMeta title={withBrand("Evolution Gate")} />
      <ScreenTitle
        eyebrow="LINEAGES"
        title="Evolution Gate"
        subtitle="Every mind can be remixed into another. Find one to evolve, or see who has been evolving."
      />
      <Suspense fallback={<GateSkeleton />}>
        <Gate />
      </Suspense>
    </Box>
  );
}

function Gate() {
  const ref = useLoaderData<PreloadedQuery<EvolutionGateRouteQuery>>();
  const data = usePreloadedQuery<EvolutionGateRouteQuery>(query, ref);
  return (
    <Stack gap={{ base: 10, md: 14 }}>
      <EvolutionSearch query={data} />
      <EvolutionTotals query={data} />
      <TopRemixed query={data} />
      <RemixActivity query={data} />
    </Stack>
  );
}

function GateSkeleton() {
  return (
    <Stack gap={8} aria-busy="true" aria-label="Loading the Evolution Gate">
      <Skeleton h={10} />
      <SimpleGrid columns={{ base: 1, md: 3 }} gap={5}>
        <Skeleton h={28} />
        <Skeleton h={28} />
        <Skeleton h={28} />
      </SimpleGrid>
      <Skeleton h={64} />
    </Stack>
  );
}

export const ErrorBoundary = RouteError;
