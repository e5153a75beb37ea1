// curatorLogout: ends the curator's session on the server; the console forgets its token either way.
import { graphql, useMutation } from "react-relay";
import type { useCuratorLogoutMutation as Mutation } from "../__generated__/useCuratorLogoutMutation.graphql";

const mutation = graphql`
  mutation useCuratorLogoutMutation {
    curatorLogout {
      message
    }
  }
`;

export function useCuratorLogoutMutation() {
  const [commit, isInFlight] = useMutation<Mutation>(mutation);
  const logout = (done: () => void) => commit({ variables: {}, onCompleted: done, onError: done });
  return [logout, isInFlight] as const;
}
