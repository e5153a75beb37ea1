// joinWaitlist: the Naming Ritual. A repeated email updates its entry rather than failing.
import { graphql, useMutation } from "react-relay";
import type { JoinWaitlistInput, useJoinWaitlistMutation as Mutation } from "../__generated__/useJoinWaitlistMutation.graphql";
import { rejectErrors, type Callbacks } from "./callbacks";

const mutation = graphql`
  mutation useJoinWaitlistMutation($input: JoinWaitlistInput!) {
    joinWaitlist(input: $input) {
      created
      entry {
        id
        name
        agentType
      }
    }
  }
`;

export function useJoinWaitlistMutation() {
  const [commit, isInFlight] = useMutation<Mutation>(mutation);
  const join = (input: JoinWaitlistInput, callbacks: Callbacks<{ name: string }>) =>
    commit({
      variables: { input },
      ...rejectErrors(callbacks, (data) => data.joinWaitlist.entry),
    });
  return [join, isInFlight] as const;
}
