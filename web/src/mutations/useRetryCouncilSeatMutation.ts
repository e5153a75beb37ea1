// retryCouncilSeat: asks a seat that failed again, keeping the others' answers; the review and
// the synthesis are spoken anew, and the question is followed live again (its status: running).
import { graphql, useMutation } from "react-relay";
import type { ModelSeat, useRetryCouncilSeatMutation as Mutation } from "../__generated__/useRetryCouncilSeatMutation.graphql";
import { rejectErrors, type Callbacks } from "./callbacks";

const mutation = graphql`
  mutation useRetryCouncilSeatMutation($input: RetryCouncilSeatInput!) {
    retryCouncilSeat(input: $input) {
      invocation {
        id
        status
        ...QuestionBlock_invocation
      }
    }
  }
`;

export function useRetryCouncilSeatMutation() {
  const [commit, isInFlight] = useMutation<Mutation>(mutation);
  const retry = (invocationId: string, seat: ModelSeat, callbacks: Callbacks<unknown>) =>
    commit({ variables: { input: { invocationId, seat } }, ...rejectErrors(callbacks, (data) => data) });
  return [retry, isInFlight] as const;
}
