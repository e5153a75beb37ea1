// mergeTag and removeTag (curators only, issue #30): a tag merged into another or removed leaves
// the store and every tags list given (@deleteEdge / @deleteRecord); a merge hands back the tag it
// became with its count as it now is.
import { graphql, useMutation } from "react-relay";
import type {
  useCurateTagMutationsMergeMutation as Merge,
  useCurateTagMutationsMergeMutation$data,
} from "../__generated__/useCurateTagMutationsMergeMutation.graphql";
import type {
  useCurateTagMutationsRemoveMutation as Remove,
  useCurateTagMutationsRemoveMutation$data,
} from "../__generated__/useCurateTagMutationsRemoveMutation.graphql";
import { rejectErrors, type Callbacks } from "./callbacks";

const merge = graphql`
  mutation useCurateTagMutationsMergeMutation($input: MergeTagInput!, $connections: [ID!]!) {
    mergeTag(input: $input) {
      # The edges first: once the record is deleted, an edge can no longer be matched to it.
      fromLists: removedTagId @deleteEdge(connections: $connections)
      removedTagId @deleteRecord
      agentCount
      tag {
        id
        name
        agentCount
      }
      ritualLog {
        id
        description
      }
    }
  }
`;

const remove = graphql`
  mutation useCurateTagMutationsRemoveMutation($input: RemoveTagInput!, $connections: [ID!]!) {
    removeTag(input: $input) {
      fromLists: removedTagId @deleteEdge(connections: $connections)
      removedTagId @deleteRecord
      agentCount
      ritualLog {
        id
        description
      }
    }
  }
`;

export type TagMerge = useCurateTagMutationsMergeMutation$data["mergeTag"];
export type TagRemoval = useCurateTagMutationsRemoveMutation$data["removeTag"];

/** `connections`: the tags lists on screen (`tags.__id`). */
export function useCurateTagMutations(connections: string[]) {
  const [commitMerge] = useMutation<Merge>(merge);
  const [commitRemove] = useMutation<Remove>(remove);
  return {
    merge: (tag: string, into: string, callbacks: Callbacks<TagMerge>) =>
      commitMerge({
        variables: { input: { tag, into }, connections },
        ...rejectErrors(callbacks, (data: useCurateTagMutationsMergeMutation$data) => data.mergeTag),
      }),
    remove: (tag: string, callbacks: Callbacks<TagRemoval>) =>
      commitRemove({
        variables: { input: { tag }, connections },
        ...rejectErrors(callbacks, (data: useCurateTagMutationsRemoveMutation$data) => data.removeTag),
      }),
  };
}
