// deleteMessage: a message and everything after it go (#27). The thread comes back whole, so the
// arrows and the turns read as the server now keeps them.
import { graphql, useMutation } from "react-relay";
import type { useDeleteMessageMutation as Mutation, useDeleteMessageMutation$data } from "../__generated__/useDeleteMessageMutation.graphql";
import { rejectErrors, type Callbacks } from "./callbacks";

const mutation = graphql`
  mutation useDeleteMessageMutation($input: DeleteMessageInput!) {
    deleteMessage(input: $input) {
      deletedMessageId
      removedCount
      conversation {
        id
        messageCount
        ...WhisperThread_conversation
      }
    }
  }
`;

export function useDeleteMessageMutation() {
  const [commit, isInFlight] = useMutation<Mutation>(mutation);
  const remove = (messageId: string, callbacks: Callbacks<number>) =>
    commit({
      variables: { input: { messageId } },
      ...rejectErrors(callbacks, (data: useDeleteMessageMutation$data) => data.deleteMessage.removedCount),
    });
  return [remove, isInFlight] as const;
}
