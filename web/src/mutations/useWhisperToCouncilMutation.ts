// Sends a whisper to the Council (spec 2, 8): it shows in Recent Whispers at once, unanswered
// (optimistic; gone again if the Council cannot receive it), then the answered whisper is
// prepended to the connection (a live echo of it from the subscription is not added twice).
import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import type { useWhisperToCouncilMutation as Mutation } from "../__generated__/useWhisperToCouncilMutation.graphql";
import { notify } from "../components/Toaster";
import { pendingWhisper } from "./optimistic";

const mutation = graphql`
  mutation useWhisperToCouncilMutation($input: WhisperToCouncilInput!, $connections: [ID!]!) {
    whisperToCouncil(input: $input) {
      whisper @prependNode(connections: $connections, edgeTypeName: "QueryCouncilWhispersConnectionEdge") {
        id
        councilResponse
        responseMode
        ...RecentWhisper_whisper
      }
    }
  }
`;

export function useWhisperToCouncilMutation(connectionId: string): [(content: string, onSent: () => void) => void, boolean] {
  const [commit, isInFlight] = useMutation<Mutation>(mutation);
  const send = useCallback(
    (content: string, onSent: () => void) => {
      commit({
        variables: { input: { content }, connections: [connectionId] },
        optimisticUpdater: pendingWhisper(connectionId, content),
        onCompleted: (response, errors) => {
          if (errors?.length) {
            notify("error", "Ritual Failed", "The Council could not receive your whisper");
            return;
          }
          onSent();
          const { councilResponse, responseMode } = response.whisperToCouncil.whisper;
          // The offline oracle's answer says so, as the Summoning Gate's do.
          notify("success", "Whisper Received", councilResponse ? (responseMode === "oracle" ? `Oracle: ${councilResponse}` : councilResponse) : undefined);
        },
        onError: () => notify("error", "Ritual Failed", "The Council could not receive your whisper"),
      });
    },
    [commit, connectionId],
  );
  return [send, isInFlight];
}
