// invokeAgent: one message (or glyph ritual) to an agent; the exchange is kept as a whisper.
import { graphql, useMutation } from "react-relay";
import type { InvokeAgentInput, useInvokeAgentMutation as Mutation, useInvokeAgentMutation$data } from "../__generated__/useInvokeAgentMutation.graphql";
import { rejectErrors, type Callbacks } from "./callbacks";

const mutation = graphql`
  mutation useInvokeAgentMutation($input: InvokeAgentInput!) {
    invokeAgent(input: $input) {
      response
      mode
      whisper {
        id
        rawId
      }
    }
  }
`;

export type Invocation = useInvokeAgentMutation$data["invokeAgent"];

export function useInvokeAgentMutation() {
  const [commit, isInFlight] = useMutation<Mutation>(mutation);
  const invoke = (input: InvokeAgentInput, callbacks: Callbacks<Invocation>) =>
    commit({ variables: { input }, ...rejectErrors(callbacks, (data: useInvokeAgentMutation$data) => data.invokeAgent) });
  return [invoke, isInFlight] as const;
}
