// changePassword: the current session stays; the account's other sessions end.
import { graphql, useMutation } from "react-relay";
import type {
  ChangePasswordInput,
  useChangePasswordMutation as Mutation,
  useChangePasswordMutation$data,
} from "../__generated__/useChangePasswordMutation.graphql";
import { rejectErrors, type Callbacks } from "./callbacks";

const mutation = graphql`
  mutation useChangePasswordMutation($input: ChangePasswordInput!) {
    changePassword(input: $input) {
      message
      user {
        id
        ...ProfileTab_user
      }
    }
  }
`;

export function useChangePasswordMutation() {
  const [commit, isInFlight] = useMutation<Mutation>(mutation);
  const changePassword = (input: ChangePasswordInput, callbacks: Callbacks<string>) =>
    commit({
      variables: { input },
      ...rejectErrors(callbacks, (data: useChangePasswordMutation$data) => data.changePassword.message),
    });
  return [changePassword, isInFlight] as const;
}
