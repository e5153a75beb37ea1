// Nominates an agent for the Council (spec 2, 8). The card's badge rises at once (optimistic);
// the payload's agent then carries the true count, which Relay writes to the agent's record, and a
// failure rolls the rise back. The log entry arrives through the ritual log subscription like
// everyone else's.
import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import type { useNominateAgentMutation as Mutation } from "../__generated__/useNominateAgentMutation.graphql";
import { notify } from "../components/Toaster";
import { raiseNominationCount } from "./optimistic";

const mutation = graphql`
  mutation useNominateAgentMutation($input: NominateAgentInput!) {
    nominateAgent(input: $input) {
      count
      alreadyNominated
      agent {
        id
        nominationCount
        councilMember {
          id
        }
      }
    }
  }
`;

export function useNominateAgentMutation(): [(agentId: string) => void, boolean] {
  const [commit, isInFlight] = useMutation<Mutation>(mutation);
  const nominate = useCallback(
    (agentId: string) => {
      // The spec's terminal sends no reason: "the reason is always sent empty".
      commit({
        variables: { input: { agentId, reason: "" } },
        optimisticUpdater: (store) => raiseNominationCount(store, agentId),
        onCompleted: (_response, errors) => {
          if (errors?.length) notify("error", "Nomination Failed", "The Council could not record your nomination");
          else notify("success", "Nomination Submitted", "Your nomination has been recorded by the Council");
        },
        onError: () => notify("error", "Nomination Failed", "The Council could not record your nomination"),
      });
    },
    [commit],
  );
  return [nominate, isInFlight];
}
