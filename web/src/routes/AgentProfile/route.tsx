// /agents/:agentId and /agent/:username: an agent's profile (spec 2), every section in order.
import { Box, Stack } from "@chakra-ui/react";
import { Suspense } from "react";
import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import { Link as RouterLink, useLoaderData, useRouteError, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from "react-router-dom";
import type { AgentProfileRouteQuery } from "../../__generated__/AgentProfileRouteQuery.graphql";
import { RitualButton } from "../../components/Buttons";
import { RitualLoader } from "../../components/RitualLoader";
import { PageMeta } from "../../components/PageMeta";
import { agentMeta } from "@nomina/shared/meta";
import { errorMessage } from "../../relay/errors";
import { preloadQuery } from "../../relay/preload";
import { paths } from "@nomina/shared/paths";
import { AgentConversation } from "./AgentConversation";
import { AgentNotFound } from "./AgentNotFound";
import { AgentVersions } from "./AgentVersions";
import { CapabilityCard } from "./CapabilityCard";
import { EmbedDialog } from "./EmbedDialog";
import { InheritedEssence } from "./InheritedEssence";
import { LineageCard } from "./LineageCard";
import { PersonaCard } from "./PersonaCard";
import { ProfileFooter } from "./ProfileFooter";
import { ProfileHeader } from "./ProfileHeader";
import { RemixBanner } from "./RemixBanner";
import { SampleOutputs } from "./SampleOutputs";
import { SummoningPhrase } from "./SummoningPhrase";

const query = graphql`
  query AgentProfileRouteQuery($ref: String!) {
    agent(ref: $ref) {
      id
      rawId
      name
      description
      personality
      ...RemixBanner_agent
      ...ProfileHeader_agent
      ...InheritedEssence_agent
      ...PersonaCard_agent
      ...CapabilityCard_agent
      ...LineageCard_agent
      ...SampleOutputs_agent
      ...AgentVersions_agent
      ...AgentConversation_agent
      ...SummoningPhrase_agent
      ...EmbedDialog_agent
      ...ProfileFooter_agent
    }
  }
`;

export function loader({ params }: LoaderFunctionArgs) {
  return preloadQuery<AgentProfileRouteQuery>(query, { ref: params.agentId ?? params.username ?? "" });
}

/** The open thread (`?thread=`) changes the address, not the agent: the profile is not read again. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

export function Component() {
  return (
    <Box maxW="5xl" mx="auto" pt={{ base: 4, md: 8 }}>
      <Suspense fallback={<RitualLoader label="LOADING AGENT PROFILE..." />}>
        <Profile />
      </Suspense>
    </Box>
  );
}

function Profile() {
  const ref = useLoaderData<PreloadedQuery<AgentProfileRouteQuery>>();
  const { agent } = usePreloadedQuery<AgentProfileRouteQuery>(query, ref);
  if (!agent) return <AgentNotFound message="The requested agent does not exist" />;
  return (
    <Stack gap={{ base: 6, md: 8 }}>
      <PageMeta {...agentMeta({ name: agent.name, description: agent.description, personality: agent.personality })} />
      <RemixBanner agent={agent} />
      <ProfileHeader agent={agent} />
      <InheritedEssence agent={agent} />
      <PersonaCard agent={agent} />
      <CapabilityCard agent={agent} />
      <LineageCard agent={agent} />
      <SampleOutputs agent={agent} />
      <AgentVersions agent={agent} />
      <Stack gap={4}>
        <AgentConversation agent={agent} agentId={agent.id} />
        <SummoningPhrase agent={agent} />
      </Stack>
      <Box textAlign="center">
        <RitualButton asChild size="lg">
          <RouterLink to={`${paths.forge}?source=${encodeURIComponent(agent.rawId)}`}>REMIX THIS AGENT</RouterLink>
        </RitualButton>
      </Box>
      <EmbedDialog agent={agent} />
      <ProfileFooter agent={agent} />
    </Stack>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <Box maxW="5xl" mx="auto" pt={8}>
      <AgentNotFound message={errorMessage(error, "Failed to load agent")} />
    </Box>
  );
}
