// archiveMyAgent and restoreMyAgent: the owner takes an agent out of the network's listings,
// or brings it back; it stays on their own list either way.
import { graphql, useMutation } from "react-relay";
import type { useArchiveMyAgentMutation as Mutation, useArchiveMyAgentMutation$data } from "../__generated__/useArchiveMyAgentMutation.graphql";
import { rejectErrors, type Callbacks } from "./callbacks";

const mutation = graphql`
  mutation useArchiveMyAgentMutation($input: MyAgentInput!, $archive: Boolean!) {
    archiveMyAgent(input: $input) @include(if: $archive) {
      agent {
        id
        archived
        isActive
      }
    }
    restoreMyAgent(input: $input) @skip(if: $archive) {
      agent {
        id
        archived
        isActive
      }
    }
  }
`;

export function useArchiveMyAgentMutation() {
  const [commit, isInFlight] = useMutation<Mutation>(mutation);
  /** `archive` true archives, false restores; the result is whether it is archived now. */
  const setArchived = (agentId: string, archive: boolean, callbacks: Callbacks<boolean>) =>
    commit({
      variables: { input: { agentId }, archive },
      ...rejectErrors(callbacks, (data: useArchiveMyAgentMutation$data) => (data.archiveMyAgent ?? data.restoreMyAgent)?.agent.archived ?? archive),
    });
  return [setArchived, isInFlight] as const;
}
