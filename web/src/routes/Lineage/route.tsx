// /lineage: the Ancestry Map (spec 2, issue 20): the most recently active lineages as tidy
// trees, searchable and filtered All / Ancestors / Remixed, with more by cursor; and
// /lineage?focus={agentId}: one agent's whole tree. A detail panel for the chosen agent.
import { Box, Link, Skeleton, Text } from "@chakra-ui/react";
import { Suspense } from "react";
import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import { Link as RouterLink, useLoaderData, type LoaderFunctionArgs } from "react-router-dom";
import type { LineageRouteQuery } from "../../__generated__/LineageRouteQuery.graphql";
import { PageMeta, withBrand } from "../../components/PageMeta";
import { RouteError } from "../../components/RouteError";
import { ScreenTitle } from "../../components/ScreenTitle";
import { preloadQuery } from "../../relay/preload";
import { paths } from "@nomina/shared/paths";
import { AncestryMap } from "./AncestryMap";
import { FocusMap } from "./FocusMap";

const query = graphql`
  query LineageRouteQuery($focus: ID!, $focused: Boolean!) {
    ...AncestryMap_query @skip(if: $focused) @alias(as: "lineages")
    agentTree(agentId: $focus) @include(if: $focused) {
      ...FocusMap_tree
    }
  }
`;

export function loader({ request }: LoaderFunctionArgs) {
  const focus = new URL(request.url).searchParams.get("focus")?.trim().slice(0, 200) ?? "";
  return preloadQuery<LineageRouteQuery>(query, { focus, focused: focus !== "" });
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
  if (data.lineages) return <AncestryMap query={data.lineages} />;
  if (!data.agentTree) {
    return (
      <Box py={16} textAlign="center">
        <Text color="fg.muted" textStyle="terminal" mb={4}>
          No agent by this id to focus on
        </Text>
        <Link asChild color="accent">
          <RouterLink to={paths.lineage}>← All lineages</RouterLink>
        </Link>
      </Box>
    );
  }
  return <FocusMap key={ref.variables.focus} tree={data.agentTree} />;
}

export const ErrorBoundary = RouteError;
