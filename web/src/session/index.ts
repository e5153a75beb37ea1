// The session for the rest of the app: who is signed in (useSession / useViewer), and the two
// moves that change it. Both replace the Relay environment (relay/current.ts): a new socket that
// carries the new token, and an empty store.
import { useSyncExternalStore } from "react";
import { clearToken, writeToken } from "../relay/token";
import { getSession, subscribeSession, whenSessionKnown, type SessionState, type Viewer } from "./store";

export type { SessionState, SessionStatus, Viewer } from "./store";
export { whenSessionKnown } from "./store";

export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** The signed-in user, or null (also while the session is being checked). */
export function useViewer(): Viewer | null {
  return useSession().viewer;
}

/** Keeps the token of a session just opened and resolves once the server has confirmed it. */
export function startSession(token: string): Promise<SessionState> {
  writeToken(token);
  return whenSessionKnown();
}

/** Forgets the session here: the token, and with it the store and the socket. */
export function endSession() {
  clearToken();
}
