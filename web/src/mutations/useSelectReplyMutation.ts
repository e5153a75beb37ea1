// selectReply: which of a message's answers (after regenerating) the thread shows and continues
// from. The thread comes back whole, so "2 of 3" and the turns after it read as the server keeps them.
import { graphql, useMutation } from "react-relay";
import type { useSelectReplyMutation as Mutation, useSelectReplyMutation$data } from "../__generated__/useSelectReplyMutation.graphql";
import { rejectErrors, type Callbacks } from "./callbacks";

const mutation = graphql`
  mutation useSelectReplyMutation($input: SelectReplyInput!) {
    selectReply(input: $input) {
      message {
        id
        active
        conversation {
          id
          ...WhisperThread_conversation
        }
      }
    }
  }
`;

export function useSelectReplyMutation() {
  const [commit, isInFlight] = useMutation<Mutation>(mutation);
  const select = (messageId: string, callbacks: Callbacks<string>) =>
    commit({
      variables: { input: { messageId } },
      ...rejectErrors(callbacks, (data: useSelectReplyMutation$data) => data.selectReply.message.id),
    });
  return [select, isInFlight] as const;
}
