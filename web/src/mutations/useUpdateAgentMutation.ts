// updateAgent: the owner's edit, saved as the agent's next version. The agent comes back with
// its new essence and version, and its versions list gains the one just saved.
import { graphql, useMutation } from "react-relay";
import type { UpdateAgentInput, useUpdateAgentMutation as Mutation, useUpdateAgentMutation$data } from "../__generated__/useUpdateAgentMutation.graphql";
import { rejectErrors, type Callbacks } from "./callbacks";

const mutation = graphql`
  mutation useUpdateAgentMutation($input: UpdateAgentInput!) {
    updateAgent(input: $input) {
      agent {
        id
        rawId
        name
        version
        ...AgentEditForm_agent
        ...ProfileHeader_agent
        ...PersonaCard_agent
        ...CapabilityCard_agent
        ...SampleOutputs_agent
        ...AgentVersions_agent
        ...MyAgentRow_agent
      }
    }
  }
`;

export type UpdatedAgent = useUpdateAgentMutation$data["updateAgent"]["agent"];
export type { UpdateAgentInput };

export function useUpdateAgentMutation() {
  const [commit, isInFlight] = useMutation<Mutation>(mutation);
  const update = (input: UpdateAgentInput, callbacks: Callbacks<UpdatedAgent>) =>
    commit({ variables: { input }, ...rejectErrors(callbacks, (data: useUpdateAgentMutation$data) => data.updateAgent.agent) });
  return [update, isInFlight] as const;
}
