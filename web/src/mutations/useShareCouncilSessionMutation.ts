// shareCouncilSession: public, anyone with its address may read the session; private, its owner alone.
import { graphql, useMutation } from "react-relay";
import type { ConversationVisibility, useShareCouncilSessionMutation as Mutation } from "../__generated__/useShareCouncilSessionMutation.graphql";
import { rejectErrors, type Callbacks } from "./callbacks";

const mutation = graphql`
  mutation useShareCouncilSessionMutation($input: ShareCouncilSessionInput!) {
    shareCouncilSession(input: $input) {
      session {
        id
        visibility
      }
    }
  }
`;

export function useShareCouncilSessionMutation() {
  const [commit, isInFlight] = useMutation<Mutation>(mutation);
  const share = (sessionId: string, visibility: ConversationVisibility, callbacks: Callbacks<unknown>) =>
    commit({
      variables: { input: { sessionId, visibility } },
      optimisticResponse: { shareCouncilSession: { session: { id: sessionId, visibility } } },
      ...rejectErrors(callbacks, (data) => data),
    });
  return [share, isInFlight] as const;
}
