// removeCouncilWhisper (curators only): deletes a whisper to the Council, from the curator console.
// This is where a removal reaches the client: the whisper
// leaves the store (@deleteRecord) and every Recent Whispers list given (@deleteEdge), so no screen
// keeps showing words the Council no longer keeps.
import { graphql, useMutation } from "react-relay";
import type {
  useRemoveCouncilWhisperMutation as Mutation,
  useRemoveCouncilWhisperMutation$data,
} from "../__generated__/useRemoveCouncilWhisperMutation.graphql";
import { rejectErrors, type Callbacks } from "./callbacks";

const mutation = graphql`
  mutation useRemoveCouncilWhisperMutation($input: RemoveCouncilWhisperInput!, $connections: [ID!]!) {
    removeCouncilWhisper(input: $input) {
      # The edges first: once the record is deleted, an edge can no longer be matched to it.
      fromLists: removedWhisperId @deleteEdge(connections: $connections)
      removedWhisperId @deleteRecord
      ritualLog {
        id
        description
      }
    }
  }
`;

/** `connections`: the Recent Whispers connections on screen (`councilWhispers.__id`). */
export type WhisperRemoval = useRemoveCouncilWhisperMutation$data["removeCouncilWhisper"];

export function useRemoveCouncilWhisperMutation(connections: string[]) {
  const [commit, isInFlight] = useMutation<Mutation>(mutation);
  const remove = (whisperId: string, callbacks: Callbacks<WhisperRemoval>) =>
    commit({
      variables: { input: { whisperId }, connections },
      ...rejectErrors(callbacks, (data: useRemoveCouncilWhisperMutation$data) => data.removeCouncilWhisper),
    });
  return [remove, isInFlight] as const;
}
