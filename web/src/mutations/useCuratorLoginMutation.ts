// curatorLogin: opens a curator's session; the console keeps its token (curator/token.ts).
import { graphql, useMutation } from "react-relay";
import type { LoginInput, useCuratorLoginMutation as Mutation, useCuratorLoginMutation$data } from "../__generated__/useCuratorLoginMutation.graphql";
import { rejectErrors, type Callbacks } from "./callbacks";

const mutation = graphql`
  mutation useCuratorLoginMutation($input: LoginInput!) {
    curatorLogin(input: $input) {
      token
      curator {
        name
      }
    }
  }
`;

export type CuratorLoginResult = useCuratorLoginMutation$data["curatorLogin"];

export function useCuratorLoginMutation() {
  const [commit, isInFlight] = useMutation<Mutation>(mutation);
  const login = (input: LoginInput, callbacks: Callbacks<CuratorLoginResult>) =>
    commit({ variables: { input }, ...rejectErrors(callbacks, (data: useCuratorLoginMutation$data) => data.curatorLogin) });
  return [login, isInFlight] as const;
}
