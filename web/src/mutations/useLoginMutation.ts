// login: opens a session; the caller keeps its token (session/startSession).
import { graphql, useMutation } from "react-relay";
import type { LoginInput, useLoginMutation as Mutation, useLoginMutation$data } from "../__generated__/useLoginMutation.graphql";
import { rejectErrors, type Callbacks } from "./callbacks";

const mutation = graphql`
  mutation useLoginMutation($input: LoginInput!) {
    login(input: $input) {
      token
      message
      user {
        id
        name
      }
    }
  }
`;

export type LoginResult = useLoginMutation$data["login"];

export function useLoginMutation() {
  const [commit, isInFlight] = useMutation<Mutation>(mutation);
  const login = (input: LoginInput, callbacks: Callbacks<LoginResult>) =>
    commit({ variables: { input }, ...rejectErrors(callbacks, (data: useLoginMutation$data) => data.login) });
  return [login, isInFlight] as const;
}
