// The curators' acts on an agent: archive, restore, ascend to the Council, retire from it. Each
// writes its ritual log entry on the server; the agent's record (archived, council seat) is
// updated in the store from the payload, and the entry reaches the log through its subscription.
import { graphql, useMutation } from "react-relay";
import type { GraphQLTaggedNode } from "relay-runtime";
import type { useCurateAgentMutationArchiveMutation } from "../__generated__/useCurateAgentMutationArchiveMutation.graphql";
import { rejectErrors, type Callbacks } from "./callbacks";

export type CuratorAct = "archive" | "restore" | "ascend" | "retire";

const archive = graphql`
  mutation useCurateAgentMutationArchiveMutation($input: CurateAgentInput!) {
    act: archiveAgent(input: $input) {
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
  }
`;
const restore = graphql`
  mutation useCurateAgentMutationRestoreMutation($input: CurateAgentInput!) {
    act: restoreAgent(input: $input) {
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
  }
`;
const ascend = graphql`
  mutation useCurateAgentMutationAscendMutation($input: CurateAgentInput!) {
    act: ascendAgent(input: $input) {
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
  }
`;
const retire = graphql`
  mutation useCurateAgentMutationRetireMutation($input: CurateAgentInput!) {
    act: retireCouncilMember(input: $input) {
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
