// /agents/:agentId/edit: the owner's (or a curator's) edit of an agent (issue #18). Anyone else
// is told it is not theirs to change, and sent back to the profile.
import { Box } from "@chakra-ui/react";
import { Suspense } from "react";
import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import { useLoaderData, useRouteError, type LoaderFunctionArgs } from "react-router-dom";
import { agentEditMeta } from "@nomina/shared/meta";
import type { AgentEditRouteQuery } from "../../__generated__/AgentEditRouteQuery.graphql";
import { PageMeta } from "../../components/PageMeta";
import { RitualLoader } from "../../components/RitualLoader";
import { ScreenTitle } from "../../components/ScreenTitle";
import { errorMessage } from "../../relay/errors";
import { preloadQuery } from "../../relay/preload";
import { AgentNotFound, NotItsCreator } from "../AgentProfile/AgentNotFound";
import { AgentEditForm } from "./AgentEditForm";
import { AvatarUpload } from "./AvatarUpload";

const query = graphql`
  query AgentEditRouteQuery($ref: String!) {
    agent(ref: $ref) {
      rawId
      name
      canEdit
      ...AgentEditForm_agent
      ...AvatarUpload_agent
    }
  }
`;

export function loader({ params }: LoaderFunctionArgs) {
  // The form starts from the agent as the server has it now, not as this tab last saw it.
  return preloadQuery<AgentEditRouteQuery>(query, { ref: params.agentId ?? "" }, { fetchPolicy: "network-only" });
}

export function Component() {
  return (
    <Box maxW="3xl" mx="auto">
      <Suspense fallback={<RitualLoader label="Opening the agent's essence..." />}>
        <Edit />
      </Suspense>
    </Box>
  );
}

function Edit() {
  const ref = useLoaderData<PreloadedQuery<AgentEditRouteQuery>>();
  const { agent } = usePreloadedQuery<AgentEditRouteQuery>(query, ref);
  if (!agent) return <AgentNotFound message="The requested agent does not exist" />;
  return (
    <>
      <PageMeta {...agentEditMeta(agent)} />
      <ScreenTitle eyebrow="RESHAPE" title={`Edit ${agent.name}`} subtitle="Every save is a new version; the earlier ones stay readable on its profile." />
      {agent.canEdit ? (
        <>
          <AvatarUpload agent={agent} />
          <AgentEditForm agent={agent} />
        </>
      ) : (
        <NotItsCreator message="Only the agent's creator or a curator may edit it." agentId={agent.rawId} />
      )}
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <Box maxW="3xl" mx="auto" pt={8}>
      <AgentNotFound message={errorMessage(error, "Failed to load agent")} />
    </Box>
  );
}
