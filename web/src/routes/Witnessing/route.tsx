// /witnessing: the network, live (spec 2 asked for a placeholder; this is the real thing). The
// feed starts from recent history, then every new ritual (a question asked at the Summoning Gate
// among them), forging, remix and whisper arrives through subscriptions; the signal status says
// whether the live connection is up, and a signal that comes back after a loss catches up on
// what happened meanwhile.
import { Box, Flex, Heading, Text } from "@chakra-ui/react";
import { useEffect, useRef } from "react";
import { fetchQuery, graphql, usePreloadedQuery, useRelayEnvironment, type PreloadedQuery } from "react-relay";
import { useLoaderData } from "react-router-dom";
import type { WitnessingRouteAgentsQuery } from "../../__generated__/WitnessingRouteAgentsQuery.graphql";
import type { WitnessingRouteQuery } from "../../__generated__/WitnessingRouteQuery.graphql";
import { PageMeta, withBrand } from "../../components/PageMeta";
import { preloadQuery } from "../../relay/preload";
import { useSignal } from "../../relay/signal";
import { SignalStatus } from "./SignalStatus";
import { WitnessFeed } from "./WitnessFeed";

const activityQuery = graphql`
  query WitnessingRouteQuery {
    ...WitnessFeed_activity
  }
`;

const agentsQuery = graphql`
  query WitnessingRouteAgentsQuery {
    ...WitnessFeed_agents
  }
`;

type Queries = { activity: PreloadedQuery<WitnessingRouteQuery>; agents: PreloadedQuery<WitnessingRouteAgentsQuery> };

export function loader(): Queries {
  return {
    activity: preloadQuery<WitnessingRouteQuery>(activityQuery, {}),
    agents: preloadQuery<WitnessingRouteAgentsQuery>(agentsQuery, {}),
  };
}

/** After a lost signal comes back, fetch the recent history again: events sent meanwhile were missed. */
function useCatchUp() {
  const environment = useRelayEnvironment();
  const signal = useSignal();
  const wasLost = useRef(false);
  useEffect(() => {
    if (signal === "lost") wasLost.current = true;
    if (signal !== "live" || !wasLost.current) return;
    wasLost.current = false;
    const fetches = [
      fetchQuery<WitnessingRouteQuery>(environment, activityQuery, {}, { fetchPolicy: "network-only" }).subscribe({}),
      fetchQuery<WitnessingRouteAgentsQuery>(environment, agentsQuery, {}, { fetchPolicy: "network-only" }).subscribe({}),
    ];
    return () => fetches.forEach((fetching) => fetching.unsubscribe());
  }, [signal, environment]);
}

export function Component() {
  const queries = useLoaderData<Queries>();
  const activity = usePreloadedQuery<WitnessingRouteQuery>(activityQuery, queries.activity);
  const agents = usePreloadedQuery<WitnessingRouteAgentsQuery>(agentsQuery, queries.agents);
  useCatchUp();
  return (
    <Box maxW="4xl" mx="auto">
      <PageMeta title={withBrand("Witnessing")} />
      <Flex direction={{ base: "column", md: "row" }} align={{ base: "flex-start", md: "flex-end" }} justify="space-between" gap={4} mt={6} mb={6}>
        <Box>
          <Heading as="h1" textStyle="screenTitle">
            Witnessing
          </Heading>
          <Text color="fg.muted" mt={2}>
            The network as it moves: minds forged and remixed, rituals of the Council, questions at the Summoning Gate, whispers and their echoes.
          </Text>
        </Box>
        <SignalStatus />
      </Flex>
      <WitnessFeed activity={activity} agents={agents} />
    </Box>
  );
}

export function ErrorBoundary() {
  return (
    <Box role="alert" textAlign="center" py={20}>
      <PageMeta title={withBrand("Witnessing")} />
      <Text color="danger" fontSize="lg">
        The feed could not reach the network
      </Text>
    </Box>
  );
}
