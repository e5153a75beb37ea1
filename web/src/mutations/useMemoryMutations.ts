// An agent's notes about the caller (#27 item 6): one rewritten, one forgotten, all forgotten.
// The notes on screen are the root field `memories(agentId:)`, updated here as the server is.
import { graphql, useMutation } from "react-relay";
import type {
  useMemoryMutationsUpdateMutation as UpdateMutation,
  useMemoryMutationsUpdateMutation$data,
} from "../__generated__/useMemoryMutationsUpdateMutation.graphql";
import type {
  useMemoryMutationsDeleteMutation as DeleteMutation,
  useMemoryMutationsDeleteMutation$data,
} from "../__generated__/useMemoryMutationsDeleteMutation.graphql";
import type {
  useMemoryMutationsForgetMutation as ForgetMutation,
  useMemoryMutationsForgetMutation$data,
} from "../__generated__/useMemoryMutationsForgetMutation.graphql";
import { rejectErrors, type Callbacks } from "./callbacks";

const updateMutation = graphql`
  mutation useMemoryMutationsUpdateMutation($id: ID!, $text: String!) {
    updateMemory(id: $id, text: $text) {
      id
      text
      updatedAt
    }
  }
`;

const deleteMutation = graphql`
  mutation useMemoryMutationsDeleteMutation($id: ID!) {
    deleteMemory(id: $id)
  }
`;

const forgetMutation = graphql`
  mutation useMemoryMutationsForgetMutation($agentId: ID!) {
    forgetAgentMemories(agentId: $agentId)
  }
`;

export function useUpdateMemoryMutation() {
  const [commit, isInFlight] = useMutation<UpdateMutation>(updateMutation);
  const update = (id: string, text: string, callbacks: Callbacks<string>) =>
    commit({ variables: { id, text }, ...rejectErrors(callbacks, (data: useMemoryMutationsUpdateMutation$data) => data.updateMemory.text) });
  return [update, isInFlight] as const;
}

/** `agentId`: the agent whose notes are on screen (as the memories query was given it). */
export function useDeleteMemoryMutation(agentId: string) {
  const [commit, isInFlight] = useMutation<DeleteMutation>(deleteMutation);
  const remove = (id: string, callbacks: Callbacks<string>) =>
    commit({
      variables: { id },
      updater: (store, data) => {
        const gone = data?.deleteMemory;
        if (!gone) return;
        const root = store.getRoot();
        const notes = root.getLinkedRecords("memories", { agentId });
        if (notes)
          root.setLinkedRecords(
            notes.filter((note) => note != null && note.getDataID() !== gone),
            "memories",
            { agentId },
          );
        store.delete(gone);
      },
      ...rejectErrors(callbacks, (data: useMemoryMutationsDeleteMutation$data) => data.deleteMemory),
    });
  return [remove, isInFlight] as const;
}

export function useForgetMemoriesMutation(agentId: string) {
  const [commit, isInFlight] = useMutation<ForgetMutation>(forgetMutation);
  const forget = (callbacks: Callbacks<number>) =>
    commit({
      variables: { agentId },
      updater: (store) => {
        const root = store.getRoot();
        for (const note of root.getLinkedRecords("memories", { agentId }) ?? []) if (note) store.delete(note.getDataID());
        root.setLinkedRecords([], "memories", { agentId });
      },
      ...rejectErrors(callbacks, (data: useMemoryMutationsForgetMutation$data) => data.forgetAgentMemories),
    });
  return [forget, isInFlight] as const;
}
