// /creators/{id} (#30): a creator's page. Their name and when they joined, the totals kept as
// they work (agents forged or remixed, lineages started, remixes others made of theirs), and
// their agents anyone may see, newest first, a page at a time. "Created by" on a profile leads here.
import { Box, Button, Flex, Heading, Link, SimpleGrid, Stack, Text, chakra } from "@chakra-ui/react";
import { creatorMeta } from "@nomina/shared/meta";
import { Suspense } from "react";
import { graphql, usePaginationFragment, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import { Link as RouterLink, useLoaderData, type LoaderFunctionArgs } from "react-router-dom";
import { paths } from "@nomina/shared/paths";
import type { CreatorAgents_query$key } from "../../__generated__/CreatorAgents_query.graphql";
import type { CreatorAgentsPaginationQuery } from "../../__generated__/CreatorAgentsPaginationQuery.graphql";
import type { CreatorRouteQuery } from "../../__generated__/CreatorRouteQuery.graphql";
import { AgentCard } from "../../components/AgentCard";
import { formatDay } from "../../components/moment";
import { PageMeta } from "../../components/PageMeta";
import { RitualLoader } from "../../components/RitualLoader";
import { ScreenTitle } from "../../components/ScreenTitle";
import { preloadQuery } from "../../relay/preload";
import { panelRecipe } from "../../theme/recipes";

const Panel = chakra("div", panelRecipe);

const PAGE = 12;

const query = graphql`
  query CreatorRouteQuery($id: ID!) {
    creator(id: $id) {
      name
      joinedAt
      agentsCreated
      lineagesStarted
      remixesReceived
    }
    ...CreatorAgents_query @arguments(id: $id)
  }
`;

// The creator is no Node: its agents page through the query that found it.
const agentsFragment = graphql`
  fragment CreatorAgents_query on Query
  @argumentDefinitions(id: { type: "ID!" }, count: { type: "Int", defaultValue: 12 }, cursor: { type: "String" })
  @refetchable(queryName: "CreatorAgentsPaginationQuery") {
    creator(id: $id) {
      agents(first: $count, after: $cursor) @connection(key: "CreatorAgents_agents") {
        edges {
          node {
            id
            ...AgentCard_agent
          }
        }
      }
    }
  }
`;

export function loader({ params }: LoaderFunctionArgs) {
  return preloadQuery<CreatorRouteQuery>(query, { id: params.creatorId ?? "" }, { fetchPolicy: "store-and-network" });
}

export function Component() {
  return (
    <Box maxW="6xl" mx="auto">
      <Suspense fallback={<RitualLoader label="Finding the creator..." />}>
        <CreatorPage />
      </Suspense>
    </Box>
  );
}

function CreatorPage() {
  const ref = useLoaderData<PreloadedQuery<CreatorRouteQuery>>();
  const data = usePreloadedQuery<CreatorRouteQuery>(query, ref);
  const creator = data.creator;
  if (!creator) return <NoCreator />;
  return (
    <Stack gap={8}>
      <PageMeta {...creatorMeta(creator)} />
      <ScreenTitle eyebrow="CREATOR" title={creator.name} subtitle={`Forging on Nomina since ${formatDay(creator.joinedAt)}.`} />
      <SimpleGrid as="dl" columns={{ base: 1, sm: 3 }} gap={{ base: 3, md: 6 }} maxW="3xl" aria-label={`What ${creator.name} has made`}>
        <Total label="Agents forged or remixed" value={creator.agentsCreated} />
        <Total label="Lineages started" value={creator.lineagesStarted} />
        <Total label="Remixes by others" value={creator.remixesReceived} />
      </SimpleGrid>
      <CreatorAgents query={data} name={creator.name} />
    </Stack>
  );
}

/** An address that names no creator: an account that has made no agent, or none. */
function NoCreator() {
  return (
    <Box textAlign="center" py={24}>
      <PageMeta title="No such creator · Nomina" description="This address names no creator of the network." />
      <Heading as="h1" fontFamily="heading" fontSize={{ base: "3xl", md: "5xl" }} mb={4}>
        No such creator
      </Heading>
      <Text color="fg.muted" mb={8}>
        No one who has forged an agent answers to this address.
      </Text>
      <Link asChild color="accent">
        <RouterLink to={paths.theNamed}>Find agents and their creators in The Named</RouterLink>
      </Link>
    </Box>
  );
}

function Total({ label, value }: { label: string; value: number }) {
  return (
    <Panel size="sm" px={5} py={3} bg="blackAlpha.300">
      <Text as="dt" textStyle="fieldLabel" color="fg.muted">
        {label}
      </Text>
      <Text as="dd" fontFamily="heading" fontSize="3xl" color="glow.cyan" textShadow="0 0 12px currentColor">
        {value.toLocaleString("en")}
      </Text>
    </Panel>
  );
}

function CreatorAgents({ query: root, name }: { query: CreatorAgents_query$key; name: string }) {
  const { data, hasNext, loadNext, isLoadingNext } = usePaginationFragment<CreatorAgentsPaginationQuery, CreatorAgents_query$key>(agentsFragment, root);
  const agents = data.creator?.agents.edges.map((edge) => edge.node) ?? [];
  return (
    <Box as="section" aria-label={`${name}'s agents`}>
      {agents.length === 0 ? (
        <Text color="fg.subtle" textAlign="center" py={10}>
          {name} has no agent on show: what they made rests in the archive.
        </Text>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap={5}>
          {agents.map((agent) => (
            <AgentCard key={agent.id} agent={agent} />
          ))}
        </SimpleGrid>
      )}
      {hasNext && (
        <Flex justify="center" mt={6}>
          <Button variant="outline" colorPalette="cyan" loading={isLoadingNext} onClick={() => loadNext(PAGE)}>
            More of {name}'s agents
          </Button>
        </Flex>
      )}
    </Box>
  );
}
