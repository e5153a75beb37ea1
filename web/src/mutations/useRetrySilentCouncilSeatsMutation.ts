// retrySilentCouncilSeats: asks every seat of a finished question that has not answered (failed
// or stopped) again, keeping the answers; the question is followed live again (status: running).
import { graphql, useMutation } from "react-relay";
import type { useRetrySilentCouncilSeatsMutation as Mutation } from "../__generated__/useRetrySilentCouncilSeatsMutation.graphql";
import { rejectErrors, type Callbacks } from "./callbacks";

const mutation = graphql`
  mutation useRetrySilentCouncilSeatsMutation($input: RetrySilentCouncilSeatsInput!) {
    retrySilentCouncilSeats(input: $input) {
      invocation {
        id
        status
        ...QuestionBlock_invocation
      }
    }
  }
`;

export function useRetrySilentCouncilSeatsMutation() {
  const [commit, isInFlight] = useMutation<Mutation>(mutation);
  const retry = (invocationId: string, callbacks: Callbacks<unknown>) =>
    commit({ variables: { input: { invocationId } }, ...rejectErrors(callbacks, (data) => data) });
  return [retry, isInFlight] as const;
}
