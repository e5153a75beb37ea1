// shareConversation: a thread made public can be read by anyone with its address
// (/conversations/{id}) as it is now, or up to one of its messages; what is said after stays
// private until shared again. Made private again, by its owner alone.
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
        sharedUntil
      }
    }
  }
`;

export function useShareConversationMutation() {
  const [commit, isInFlight] = useMutation<Mutation>(mutation);
  /** `throughMessageId`: share up to that message; the thread as it is now when absent. */
  const share = (conversationId: string, visibility: ConversationVisibility, callbacks: Callbacks<ConversationVisibility>, throughMessageId?: string) =>
    commit({
      variables: { input: { conversationId, visibility, throughMessageId: throughMessageId ?? null } },
      ...rejectErrors(callbacks, (data: useShareConversationMutation$data) => data.shareConversation.conversation.visibility),
    });
  return [share, isInFlight] as const;
}
