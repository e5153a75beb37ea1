// deleteConversation: a thread and its messages are gone (the whispers kept from it stay
// shareable). It leaves every history given (@deleteEdge), then the store (@deleteRecord).
import { graphql, useMutation } from "react-relay";
import type { useDeleteConversationMutation as Mutation, useDeleteConversationMutation$data } from "../__generated__/useDeleteConversationMutation.graphql";
import { rejectErrors, type Callbacks } from "./callbacks";

const mutation = graphql`
  mutation useDeleteConversationMutation($input: ConversationInput!, $connections: [ID!]!) {
    deleteConversation(input: $input) {
      # The edges first: once the record is deleted, an edge can no longer be matched to it.
      fromLists: deletedConversationId @deleteEdge(connections: $connections)
      deletedConversationId @deleteRecord
    }
  }
`;

/** `connections`: the histories on screen that list the thread. */
export function useDeleteConversationMutation(connections: string[]) {
  const [commit, isInFlight] = useMutation<Mutation>(mutation);
  const remove = (conversationId: string, callbacks: Callbacks<string>) =>
    commit({
      variables: { input: { conversationId }, connections },
      ...rejectErrors(callbacks, (data: useDeleteConversationMutation$data) => data.deleteConversation.deletedConversationId),
    });
  return [remove, isInFlight] as const;
}
