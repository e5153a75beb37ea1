// markNotificationsRead: the notifications named (or all) become read; the menu's unread count
// takes the server's figure after it.
import { graphql, useMutation } from "react-relay";
import type {
  useMarkNotificationsReadMutation as Mutation,
  useMarkNotificationsReadMutation$data,
} from "../__generated__/useMarkNotificationsReadMutation.graphql";
import { rejectErrors, type Callbacks } from "./callbacks";

const mutation = graphql`
  mutation useMarkNotificationsReadMutation($input: MarkNotificationsReadInput!) {
    markNotificationsRead(input: $input) {
      unreadCount
      notifications {
        id
        read
        readAt
      }
    }
  }
`;

export function useMarkNotificationsReadMutation() {
  const [commit, isInFlight] = useMutation<Mutation>(mutation);
  /** `ids`: the notifications to mark read; none: all of them. */
  const markRead = (ids: readonly string[] | null, callbacks: Callbacks<number>) =>
    commit({
      variables: { input: ids ? { ids } : { all: true } },
      updater: (store, data) => {
        if (data) store.getRoot().setValue(data.markNotificationsRead.unreadCount, "unreadNotificationCount");
      },
      ...rejectErrors(callbacks, (data: useMarkNotificationsReadMutation$data) => data.markNotificationsRead.unreadCount),
    });
  return [markRead, isInFlight] as const;
}
