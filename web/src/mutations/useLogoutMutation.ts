// logout: ends the session on the server, then here. Here it ends whatever the server says, or
// when it has not answered in time (spec 4: the token goes, and the cached data with it,
// also when the call fails).
import { useState } from "react";
import { graphql, useMutation } from "react-relay";
import type { useLogoutMutation as Mutation } from "../__generated__/useLogoutMutation.graphql";
import { endSession } from "../session";

const mutation = graphql`
  mutation useLogoutMutation {
    logout {
      message
    }
  }
`;

/** How long a sign-out waits for the server before forgetting the session anyway. */
export const LOGOUT_WAIT_MS = 5_000;

export function useLogoutMutation() {
  const [commit] = useMutation<Mutation>(mutation);
  const [isInFlight, setInFlight] = useState(false);
  const logout = () =>
    new Promise<void>((resolve) => {
      setInFlight(true);
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        clearTimeout(timer);
        endSession();
        setInFlight(false);
        resolve();
      };
      const timer = setTimeout(end, LOGOUT_WAIT_MS);
      commit({ variables: {}, onCompleted: end, onError: end });
    });
  return [logout, isInFlight] as const;
}
