// renameConversation: a thread's title, as its owner calls it (the first exchange names it).
import { graphql, useMutation } from "react-relay";
import type { useRenameConversationMutation as Mutation, useRenameConversationMutation$data } from "../__generated__/useRenameConversationMutation.graphql";
import { rejectErrors, type Callbacks } from "./callbacks";

const mutation = graphql`
  mutation useRenameConversationMutation($input: RenameConversationInput!) {
    renameConversation(input: $input) {
      conversation {
        id
        title
        updatedAt
      }
    }
  }
`;

export function useRenameConversationMutation() {
  const [commit, isInFlight] = useMutation<Mutation>(mutation);
  const rename = (conversationId: string, title: string, callbacks: Callbacks<string>) =>
    commit({
      variables: { input: { conversationId, title } },
      ...rejectErrors(callbacks, (data: useRenameConversationMutation$data) => data.renameConversation.conversation.title),
    });
  return [rename, isInFlight] as const;
}
