// forgeAgent: binds a new agent and puts it at the top of The Named's default listing.
import { graphql, useMutation } from "react-relay";
import type { ForgeAgentInput, useForgeAgentMutation as Mutation, useForgeAgentMutation$data } from "../__generated__/useForgeAgentMutation.graphql";
import { namedListingConnection } from "../relay/connections";
import { rejectErrors, type Callbacks } from "./callbacks";

const mutation = graphql`
  mutation useForgeAgentMutation($input: ForgeAgentInput!, $connections: [ID!]!) {
    forgeAgent(input: $input) {
      agent @prependNode(connections: $connections, edgeTypeName: "AgentEdge") {
        id
        rawId
        name
        username
        glyph
        apiModel
        ...ForgedCard_essence
        ...AgentCard_agent
      }
    }
  }
`;

export type ForgedAgent = useForgeAgentMutation$data["forgeAgent"]["agent"];

export function useForgeAgentMutation() {
  const [commit, isInFlight] = useMutation<Mutation>(mutation);
  const forge = (input: ForgeAgentInput, callbacks: Callbacks<ForgedAgent>) =>
    commit({
      variables: { input, connections: [namedListingConnection()] },
      ...rejectErrors(callbacks, (data: useForgeAgentMutation$data) => data.forgeAgent.agent),
    });
  return [forge, isInFlight] as const;
}
