// setNotificationPreferences: the kinds of notification the caller does not want; the settings on
// screen take the server's answer.
import { graphql, useMutation } from "react-relay";
import type {
  NotificationKind,
  useSetNotificationPreferencesMutation as Mutation,
  useSetNotificationPreferencesMutation$data,
} from "../__generated__/useSetNotificationPreferencesMutation.graphql";
import { rejectErrors, type Callbacks } from "./callbacks";

const mutation = graphql`
  mutation useSetNotificationPreferencesMutation($input: NotificationPreferencesInput!) {
    setNotificationPreferences(input: $input) {
      muted
    }
  }
`;

export function useSetNotificationPreferencesMutation() {
  const [commit, isInFlight] = useMutation<Mutation>(mutation);
  const setMuted = (muted: readonly NotificationKind[], callbacks: Callbacks<readonly NotificationKind[]>) =>
    commit({
      variables: { input: { muted } },
      updater: (store, data) => {
        if (data)
          store
            .getRoot()
            .getLinkedRecord("notificationPreferences")
            ?.setValue([...data.setNotificationPreferences.muted], "muted");
      },
      ...rejectErrors(callbacks, (data: useSetNotificationPreferencesMutation$data) => data.setNotificationPreferences.muted),
    });
  return [setMuted, isInFlight] as const;
}
