// The app's one Relay environment, reachable from route loaders (which run outside React).
// A change of session token replaces it: a new socket (the token rides in connection_init,
// read only when it connects) and an empty store (no data of the last session survives).
import type { Client } from "graphql-ws";
import type { Environment } from "relay-runtime";
import { createEnvironment, createSocketClient } from "./environment";
import { clearToken, readToken, subscribeToken } from "./token";

let current: { environment: Environment; client: Client } | undefined;
let watchingToken = false;
const listeners = new Set<() => void>();

function build() {
  if (!watchingToken) {
    watchingToken = true;
    subscribeToken(resetEnvironment);
  }
  const client = createSocketClient();
  const token = readToken();
  // A refused token is dropped, which replaces the environment through the token's listener;
  // a late refusal on a replaced environment concerns a token already gone, not the new one.
  const onUnauthenticated = () => {
    if (token !== null && current?.client === client && readToken() === token) clearToken();
  };
  return { client, environment: createEnvironment(client, { onUnauthenticated }) };
}

export function getEnvironment(): Environment {
  current ??= build();
  return current.environment;
}

/** Closes the socket, forgets the store and starts afresh; screens re-render on the new one. */
export function resetEnvironment() {
  const previous = current;
  current = build();
  // Later, so an operation whose answer triggered this finishes delivering it first.
  if (previous) setTimeout(() => void previous.client.dispose(), 0);
  for (const listener of listeners) listener();
}

/** Calls `listener` after the environment has been replaced. */
export function subscribeEnvironment(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
