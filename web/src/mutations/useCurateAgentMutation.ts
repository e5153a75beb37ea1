// The curators' acts on an agent: archive, restore, ascend to the Council, retire from it. Each
// writes its ritual log entry on the server; the agent's record (archived, council seat) is
// updated in the store from the payload, and the entry reaches the log through its subscription.
import { graphql, useMutation } from "react-relay";
import type { GraphQLTaggedNode } from "relay-runtime";
import type { useCurateAgentMutationArchiveMutation } from "../__generated__/useCurateAgentMutationArchiveMutation.graphql";
import { rejectErrors, type Callbacks } from "./callbacks";

export type CuratorAct = "archive" | "restore" | "ascend" | "retire";

// What every act answers, written once: the agent as it now stands, its seat, and the log entry.
// Unmasked, so that the caller reads it from the act's response as before (the rule below
// cannot see reads made through the response, as it cannot for a mutation's own fields).
/* eslint-disable relay/unused-fields */
export const curatePayload = graphql`
  fragment useCurateAgentMutation_payload on CurateAgentPayload {
    agent {
      id
      archived
      isActive
      councilMember {
        id
        isActive
      }
    }
    member {
      id
      isActive
    }
    ritualLog {
      id
      description
    }
  }
`;
/* eslint-enable relay/unused-fields */

const archive = graphql`
  mutation useCurateAgentMutationArchiveMutation($input: CurateAgentInput!) {
    act: archiveAgent(input: $input) {
      ...useCurateAgentMutation_payload @relay(mask: false)
    }
  }
`;
const restore = graphql`
  mutation useCurateAgentMutationRestoreMutation($input: CurateAgentInput!) {
    act: restoreAgent(input: $input) {
      ...useCurateAgentMutation_payload @relay(mask: false)
    }
  }
`;
const ascend = graphql`
  mutation useCurateAgentMutationAscendMutation($input: CurateAgentInput!) {
    act: ascendAgent(input: $input) {
      ...useCurateAgentMutation_payload @relay(mask: false)
    }
  }
`;
const retire = graphql`
  mutation useCurateAgentMutationRetireMutation($input: CurateAgentInput!) {
    act: retireCouncilMember(input: $input) {
      ...useCurateAgentMutation_payload @relay(mask: false)
    }
  }
`;

const documents: Record<CuratorAct, GraphQLTaggedNode> = { archive, restore, ascend, retire };

/** The four mutations share one payload shape; each act is typed as archive's. */
type Mutation = useCurateAgentMutationArchiveMutation;
export type CurateResult = Mutation["response"]["act"];

export function useCurateAgentMutation(act: CuratorAct) {
  const [commit, isInFlight] = useMutation<Mutation>(documents[act]);
  const curate = (agentId: string, callbacks: Callbacks<CurateResult>) =>
    commit({ variables: { input: { agentId } }, ...rejectErrors(callbacks, (data: Mutation["response"]) => data.act) });
  return [curate, isInFlight] as const;
}
