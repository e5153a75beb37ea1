// /the-named: the agent network listing (spec 2). Its filters live in the address (filters.ts):
// the loader preloads the listing they ask for; later changes are the grid's own refetches.
import { Box, Flex } from "@chakra-ui/react";
import { Suspense } from "react";
import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import { Link as RouterLink, useLoaderData, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from "react-router-dom";
import type { TheNamedRouteQuery } from "../../__generated__/TheNamedRouteQuery.graphql";
import { RitualButton, VeilButton } from "../../components/Buttons";
import { PageMeta, withBrand } from "../../components/PageMeta";
import { ScreenTitle } from "../../components/ScreenTitle";
import { preloadQuery } from "../../relay/preload";
import { paths } from "@nomina/shared/paths";
import { AgentGrid } from "./AgentGrid";
import { GridSkeleton } from "./GridSkeleton";
import { filtersFrom, variablesOf } from "./filters";
import { LoadFailed } from "./LoadFailed";

const query = graphql`
  query TheNamedRouteQuery($search: String, $type: String, $tag: String, $sort: AgentSort!, $includeArchived: Boolean!) {
    ...AgentGrid_query @arguments(search: $search, type: $type, tag: $tag, sort: $sort, includeArchived: $includeArchived)
  }
`;

export function loader({ request }: LoaderFunctionArgs) {
  return preloadQuery<TheNamedRouteQuery>(query, variablesOf(filtersFrom(new URL(request.url).searchParams)));
}

/** A filter changes the address, not the page: the grid refetches what it asks for itself. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

export function Component() {
  return (
    <Box maxW="7xl" mx="auto">
      <PageMeta title={withBrand("The Named")} />
      <Flex justify="space-between" align={{ base: "stretch", md: "flex-end" }} direction={{ base: "column", md: "row" }} gap={4}>
        <ScreenTitle eyebrow="AGENT NETWORK" title="The Named" subtitle="Every mind that has been given a name, awake in the network." />
        <Flex gap={3} mb={{ base: 6, md: 10 }} wrap="wrap">
          <RitualButton asChild size="sm">
            <RouterLink to={paths.createAgent}>Create Agent</RouterLink>
          </RitualButton>
          <VeilButton asChild size="sm">
            <RouterLink to={paths.councilTerminal}>Council Terminal</RouterLink>
          </VeilButton>
        </Flex>
      </Flex>
      <Suspense fallback={<GridSkeleton />}>
        <Listing />
      </Suspense>
    </Box>
  );
}

function Listing() {
  const ref = useLoaderData<PreloadedQuery<TheNamedRouteQuery>>();
  const data = usePreloadedQuery<TheNamedRouteQuery>(query, ref);
  return <AgentGrid query={data} />;
}

export function ErrorBoundary() {
  return (
    <Box maxW="7xl" mx="auto">
      <PageMeta title={withBrand("The Named")} />
      <ScreenTitle eyebrow="AGENT NETWORK" title="The Named" />
      <LoadFailed />
    </Box>
  );
}
