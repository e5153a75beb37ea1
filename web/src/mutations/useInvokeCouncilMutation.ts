// invokeCouncil: puts a question to the Council; the answers stream through councilInvocation.
import { graphql, useMutation } from "react-relay";
import type { useInvokeCouncilMutation as Mutation, useInvokeCouncilMutation$data } from "../__generated__/useInvokeCouncilMutation.graphql";
import { rejectErrors, type Callbacks } from "./callbacks";

const mutation = graphql`
  mutation useInvokeCouncilMutation($input: InvokeCouncilInput!) {
    invokeCouncil(input: $input) {
      invocation {
        id
        rawId
        status
      }
    }
  }
`;

export type StartedInvocation = useInvokeCouncilMutation$data["invokeCouncil"]["invocation"];

export function useInvokeCouncilMutation() {
  const [commit, isInFlight] = useMutation<Mutation>(mutation);
  const invoke = (prompt: string, callbacks: Callbacks<StartedInvocation>) =>
    commit({
      variables: { input: { prompt } },
      ...rejectErrors(callbacks, (data: useInvokeCouncilMutation$data) => data.invokeCouncil.invocation),
    });
  return [invoke, isInFlight] as const;
}
