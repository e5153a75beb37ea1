// stopMessage: ends an answer while it is spoken. The seat's call is cancelled; the words so far
// are kept, marked stopped, and the running stream ends with them.
import { graphql, useMutation } from "react-relay";
import type { useStopMessageMutation as Mutation, useStopMessageMutation$data } from "../__generated__/useStopMessageMutation.graphql";
import { rejectErrors, type Callbacks } from "./callbacks";

const mutation = graphql`
  mutation useStopMessageMutation($input: StopMessageInput!) {
    stopMessage(input: $input) {
      message {
        id
        status
        text
      }
    }
  }
`;

export function useStopMessageMutation() {
  const [commit, isInFlight] = useMutation<Mutation>(mutation);
  const stop = (messageId: string, callbacks: Callbacks<string>) =>
    commit({
      variables: { input: { messageId } },
      ...rejectErrors(callbacks, (data: useStopMessageMutation$data) => data.stopMessage.message.status),
    });
  return [stop, isInFlight] as const;
}
