// register: creates the account and mails a verification link; it does not sign in.
import { graphql, useMutation } from "react-relay";
import type { RegisterInput, useRegisterMutation as Mutation, useRegisterMutation$data } from "../__generated__/useRegisterMutation.graphql";
import { rejectErrors, type Callbacks } from "./callbacks";

const mutation = graphql`
  mutation useRegisterMutation($input: RegisterInput!) {
    register(input: $input) {
      message
      user {
        id
        email
      }
    }
  }
`;

export type RegisterResult = useRegisterMutation$data["register"];

export function useRegisterMutation() {
  const [commit, isInFlight] = useMutation<Mutation>(mutation);
  const register = (input: RegisterInput, callbacks: Callbacks<RegisterResult>) =>
    commit({ variables: { input }, ...rejectErrors(callbacks, (data: useRegisterMutation$data) => data.register) });
  return [register, isInFlight] as const;
}
