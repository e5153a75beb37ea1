// resendVerification: a fresh link to the account's email (a few an hour).
import { graphql, useMutation } from "react-relay";
import type { useResendVerificationMutation as Mutation, useResendVerificationMutation$data } from "../__generated__/useResendVerificationMutation.graphql";
import { rejectErrors, type Callbacks } from "./callbacks";

const mutation = graphql`
  mutation useResendVerificationMutation {
    resendVerification {
      message
    }
  }
`;

export function useResendVerificationMutation() {
  const [commit, isInFlight] = useMutation<Mutation>(mutation);
  const resend = (callbacks: Callbacks<string>) =>
    commit({ variables: {}, ...rejectErrors(callbacks, (data: useResendVerificationMutation$data) => data.resendVerification.message) });
  return [resend, isInFlight] as const;
}
