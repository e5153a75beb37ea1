// shareConversation: a thread made public can be read by anyone with its address
// (/conversations/{id}); made private again, by its owner alone.
import { graphql, useMutation } from "react-relay";
import type {
  ConversationVisibility,
  useShareConversationMutation as Mutation,
  useShareConversationMutation$data,
} from "../__generated__/useShareConversationMutation.graphql";
import { rejectErrors, type Callbacks } from "./callbacks";

export type { ConversationVisibility };

const mutation = graphql`
  mutation useShareConversationMutation($input: ShareConversationInput!) {
    shareConversation(input: $input) {
      conversation {
        id
        visibility
      }
    }
  }
`;

export function useShareConversationMutation() {
  const [commit, isInFlight] = useMutation<Mutation>(mutation);
  const share = (conversationId: string, visibility: ConversationVisibility, callbacks: Callbacks<ConversationVisibility>) =>
    commit({
      variables: { input: { conversationId, visibility } },
      optimisticResponse: { shareConversation: { conversation: { id: conversationId, visibility } } },
      ...rejectErrors(callbacks, (data: useShareConversationMutation$data) => data.shareConversation.conversation.visibility),
    });
  return [share, isInFlight] as const;
}
