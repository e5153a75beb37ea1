// redrawAgentEssence: the agent's seat (or the oracle) drafts its description, persona,
// capabilities and sample again, saved as its next version; the store takes the new essence.
import { graphql, useMutation } from "react-relay";
import type { useRedrawAgentEssenceMutation as Mutation, useRedrawAgentEssenceMutation$data } from "../__generated__/useRedrawAgentEssenceMutation.graphql";
import { rejectErrors, type Callbacks } from "./callbacks";

const mutation = graphql`
  mutation useRedrawAgentEssenceMutation($input: MyAgentInput!) {
    redrawAgentEssence(input: $input) {
      agent {
        id
        version
        ...ForgedCard_essence
      }
    }
  }
`;

export type RedrawnAgent = useRedrawAgentEssenceMutation$data["redrawAgentEssence"]["agent"];

export function useRedrawAgentEssenceMutation() {
  const [commit, isInFlight] = useMutation<Mutation>(mutation);
  const redraw = (agentId: string, callbacks: Callbacks<RedrawnAgent>) =>
    commit({ variables: { input: { agentId } }, ...rejectErrors(callbacks, (data: useRedrawAgentEssenceMutation$data) => data.redrawAgentEssence.agent) });
  return [redraw, isInFlight] as const;
}
