// The session, outside React so route loaders can wait for it: whether a token is stored, and
// whether the server still knows it. Each environment (one per token, relay/current.ts) is
// asked once who its viewer is; a refused token is dropped by the network layer, which brings
// a new environment and a new answer: anonymous.
import { createOperationDescriptor, fetchQuery, getRequest, type Disposable, type Environment } from "relay-runtime";
import type { SessionViewerQuery, SessionViewerQuery$data } from "../__generated__/SessionViewerQuery.graphql";
import { getEnvironment, subscribeEnvironment } from "../relay/current";
import { clearToken, readToken } from "../relay/token";
import { sameViewer, sessionViewerQuery, viewerOf, type Viewer } from "./SessionViewer";

export type { Viewer };

/** checking: a token is stored and the server has not yet said whose it is. */
export type SessionStatus = "checking" | "signed-in" | "anonymous";

export type SessionState = { status: SessionStatus; viewer: Viewer | null };

let state: SessionState = { status: readToken() ? "checking" : "anonymous", viewer: null };
let checked: Environment | undefined;
let held: Disposable[] = [];
const listeners = new Set<() => void>();

function set(next: SessionState) {
  if (next.status === state.status && sameViewer(next.viewer, state.viewer)) return;
  state = next;
  for (const listener of listeners) listener();
}

function fromData(data: SessionViewerQuery$data | undefined): SessionState {
  const viewer = viewerOf(data);
  return { status: viewer ? "signed-in" : "anonymous", viewer };
}

/** Asks the current environment who is signed in, once, and follows the answer in its store. */
function check() {
  const environment = getEnvironment();
  if (checked === environment) return;
  checked = environment;
  for (const disposable of held) disposable.dispose();
  held = [];
  if (!readToken()) return set({ status: "anonymous", viewer: null });
  set({ status: "checking", viewer: null });
  const subscription = fetchQuery<SessionViewerQuery>(environment, sessionViewerQuery, {}, { fetchPolicy: "network-only" }).subscribe({
    complete: () => {
      if (checked !== environment) return;
      const operation = createOperationDescriptor(getRequest(sessionViewerQuery), {});
      const snapshot = environment.lookup(operation.fragment);
      held.push(environment.retain(operation));
      // The viewer's record changes with mutations (verification, a new password): follow it.
      held.push(environment.subscribe(snapshot, (next) => set(fromData(next.data as SessionViewerQuery$data))));
      const next = fromData(snapshot.data as SessionViewerQuery$data);
      // A token the server does not tie to a user is no session at all.
      if (next.status === "anonymous") clearToken();
      set(next);
    },
    // A refused token has already been dropped (a new environment follows); anything else
    // leaves the token for the next attempt, and the app acts as a visitor meanwhile.
    error: () => {
      if (checked === environment) set({ status: "anonymous", viewer: null });
    },
  });
  held.push({ dispose: () => subscription.unsubscribe() });
}

let started = false;

/** Follows the session from now on: every new environment is asked again. */
function follow() {
  if (!started) {
    started = true;
    subscribeEnvironment(check);
  }
  check();
}

/** The session as last known (pure: safe as a useSyncExternalStore snapshot). */
export function getSession(): SessionState {
  return state;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  follow();
  return () => void listeners.delete(listener);
}

/** The session once the server has answered (at once when no token is stored). */
export function whenSessionKnown(): Promise<SessionState> {
  follow();
  if (state.status !== "checking") return Promise.resolve(state);
  return new Promise((resolve) => {
    const stop = subscribeSession(() => {
      if (state.status === "checking") return;
      stop();
      resolve(state);
    });
  });
}
