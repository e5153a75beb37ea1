// stopCouncilInvocation: ends every seat, review and synthesis still speaking; what was said stays.
import { graphql, useMutation } from "react-relay";
import type { useStopCouncilInvocationMutation as Mutation } from "../__generated__/useStopCouncilInvocationMutation.graphql";
import { rejectErrors, type Callbacks } from "./callbacks";

const mutation = graphql`
  mutation useStopCouncilInvocationMutation($input: StopCouncilInvocationInput!) {
    stopCouncilInvocation(input: $input) {
      invocation {
        id
        status
        ...QuestionBlock_invocation
        session {
          id
          costUsd
        }
      }
    }
  }
`;

export function useStopCouncilInvocationMutation() {
  const [commit, isInFlight] = useMutation<Mutation>(mutation);
  const stop = (invocationId: string, callbacks: Callbacks<unknown>) =>
    commit({ variables: { input: { invocationId } }, ...rejectErrors(callbacks, (data) => data) });
  return [stop, isInFlight] as const;
}
