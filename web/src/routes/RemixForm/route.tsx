// /agent/:name/fork: the Remix form (spec 2), loaded with the original agent.
import { Box, Link, Text } from "@chakra-ui/react";
import { Suspense } from "react";
import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import { Link as RouterLink, useLoaderData, type LoaderFunctionArgs } from "react-router-dom";
import type { RemixFormRouteQuery } from "../../__generated__/RemixFormRouteQuery.graphql";
import { Glyph } from "../../components/Glyph";
import { PageMeta, withBrand } from "../../components/PageMeta";
import { RitualLoader } from "../../components/RitualLoader";
import { RouteError } from "../../components/RouteError";
import { ScreenTitle } from "../../components/ScreenTitle";
import { preloadQuery } from "../../relay/preload";
import { paths, pathTo } from "@nomina/shared/paths";
import { RemixForm } from "./RemixForm";

const query = graphql`
  query RemixFormRouteQuery($ref: String!) {
    agent(ref: $ref) {
      rawId
      name
      glyph
      ...RemixForm_original
    }
  }
`;

export function loader({ params }: LoaderFunctionArgs) {
  return preloadQuery<RemixFormRouteQuery>(query, { ref: params.name ?? "" });
}

export function Component() {
  return (
    <Box maxW="3xl" mx="auto">
      <Suspense fallback={<RitualLoader label="Reading the original's essence..." />}>
        <Remix />
      </Suspense>
    </Box>
  );
}

function Remix() {
  const ref = useLoaderData<PreloadedQuery<RemixFormRouteQuery>>();
  const { agent } = usePreloadedQuery<RemixFormRouteQuery>(query, ref);
  if (!agent) return <OriginalMissing />;
  return (
    <>
      <PageMeta title={withBrand(`Remix ${agent.name}`)} />
      <ScreenTitle
        eyebrow="EVOLUTION"
        title={`Remix ${agent.name}`}
        subtitle={
          <>
            <Glyph glyph={agent.glyph} size="sm" label={`${agent.name}'s glyph`} /> Evolving from{" "}
            <Link asChild color="accent">
              <RouterLink to={pathTo(paths.agentProfile, { agentId: agent.rawId })}>{agent.name}</RouterLink>
            </Link>
            . Keep what serves, change what must.
          </>
        }
      />
      <RemixForm original={agent} />
    </>
  );
}

function OriginalMissing() {
  return (
    <Box role="alert" textAlign="center" py={16}>
      <PageMeta title={withBrand("Original agent not found")} />
      <Glyph glyph="⌀" size="lg" label="an empty seat" />
      <Text as="h1" fontFamily="heading" fontSize={{ base: "2xl", md: "4xl" }} mt={6} color="danger">
        Original agent not found
      </Text>
      <Text color="fg.muted" mt={3}>
        Original agent data not available
      </Text>
      <Link asChild color="accent" mt={8} display="inline-block">
        <RouterLink to={paths.remix}>Return to the Evolution Gate</RouterLink>
      </Link>
    </Box>
  );
}

export const ErrorBoundary = RouteError;
