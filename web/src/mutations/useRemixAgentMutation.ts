// remixAgent: a new agent evolved from another. It joins the original's evolutions on its
// profile and The Named's default listing; the original comes back with its raised remixCount.
import { graphql, useMutation } from "react-relay";
import type { RemixAgentInput, useRemixAgentMutation as Mutation, useRemixAgentMutation$data } from "../__generated__/useRemixAgentMutation.graphql";
import { childrenConnection, namedListingConnection } from "../relay/connections";
import { rejectErrors, type Callbacks } from "./callbacks";

const mutation = graphql`
  mutation useRemixAgentMutation($input: RemixAgentInput!, $listing: [ID!]!, $children: [ID!]!) {
    remixAgent(input: $input) {
      agent {
        id
        rawId
        name
        username
        glyph
        ...AgentCard_agent
      }
      childEdge: agent @prependNode(connections: $children, edgeTypeName: "AgentChildEdge") {
        id
      }
      listingEdge: agent @prependNode(connections: $listing, edgeTypeName: "AgentEdge") {
        id
      }
      parent {
        id
        remixCount
      }
    }
  }
`;

export type RemixedAgent = useRemixAgentMutation$data["remixAgent"]["agent"];

/** `parentId` is the original's global id: its evolutions connection gains the remix. */
export function useRemixAgentMutation(parentId: string) {
  const [commit, isInFlight] = useMutation<Mutation>(mutation);
  const remix = (input: RemixAgentInput, callbacks: Callbacks<RemixedAgent>) =>
    commit({
      variables: { input, listing: [namedListingConnection()], children: [childrenConnection(parentId)] },
      ...rejectErrors(callbacks, (data: useRemixAgentMutation$data) => data.remixAgent.agent),
    });
  return [remix, isInFlight] as const;
}
