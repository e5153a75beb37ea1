// removeCouncilWhisper (curators only): deletes a whisper to the Council. No screen calls it yet
// (the curator console comes later), but this is where a removal reaches the client: the whisper
// leaves the store (@deleteRecord) and every Recent Whispers list given (@deleteEdge), so no screen
// keeps showing words the Council no longer keeps.
import { graphql, useMutation } from "react-relay";
import type { useRemoveCouncilWhisperMutation as Mutation, useRemoveCouncilWhisperMutation$data } from "../__generated__/useRemoveCouncilWhisperMutation.graphql";
import { rejectErrors, type Callbacks } from "./callbacks";

const mutation = graphql`
  mutation useRemoveCouncilWhisperMutation($input: RemoveCouncilWhisperInput!, $connections: [ID!]!) {
    removeCouncilWhisper(input: $input) {
      # The edges first: once the record is deleted, an edge can no longer be matched to it.
      fromLists: removedWhisperId @deleteEdge(connections: $connections)
      removedWhisperId @deleteRecord
    }
  }
`;

/** `connections`: the Recent Whispers connections on screen (`councilWhispers.__id`). */
export function useRemoveCouncilWhisperMutation(connections: string[]) {
  const [commit, isInFlight] = useMutation<Mutation>(mutation);
  const remove = (whisperId: string, callbacks: Callbacks<string>) =>
    commit({
      variables: { input: { whisperId }, connections },
      ...rejectErrors(callbacks, (data: useRemoveCouncilWhisperMutation$data) => data.removeCouncilWhisper.removedWhisperId),
    });
  return [remove, isInFlight] as const;
}
