// The console's own Relay environment: a graphql-ws connection that carries the curator's token
// (never the user's), and a store of its own. A new token brings a new environment, as a user's
// sign-in does for the app (relay/current.ts).
import { createClient, type Client } from "graphql-ws";
import { useSyncExternalStore } from "react";
import type { Environment } from "relay-runtime";
import { createEnvironment } from "../relay/environment";
import { clearCuratorToken, readCuratorToken, subscribeCuratorToken } from "./token";

export function graphqlSocketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === "https:" ? "wss" : "ws"}://${host}/graphql`;
}

/** graphql-ws's connection_init as the server reads it (api/src/graphql/ws.ts). */
export function curatorConnectionParams(): Record<string, string> {
  const token = readCuratorToken();
  return token ? { authorization: `Bearer ${token}` } : {};
}

export function createCuratorSocket(): Client {
  return createClient({
    url: graphqlSocketUrl(),
    lazy: true,
    lazyCloseTimeout: 30_000,
    keepAlive: 15_000,
    retryAttempts: Number.POSITIVE_INFINITY,
    shouldRetry: () => true,
    connectionParams: curatorConnectionParams,
  });
}

let current: { environment: Environment; client: Client; token: string | null } | undefined;

function build() {
  const token = readCuratorToken();
  const client = createCuratorSocket();
  // A token the server no longer knows (signed out elsewhere, deactivated) is dropped.
  const onUnauthenticated = () => {
    if (token !== null && readCuratorToken() === token) clearCuratorToken();
  };
  return { client, token, environment: createEnvironment(client, { onUnauthenticated }) };
}

function currentEnvironment(): Environment {
  if (!current || current.token !== readCuratorToken()) {
    const previous = current;
    current = build();
    if (previous) setTimeout(() => void previous.client.dispose(), 0);
  }
  return current.environment;
}

/** The console's environment of the moment; screens re-render on a new one after sign-in or out. */
export function useCuratorEnvironment(): Environment {
  return useSyncExternalStore(subscribeCuratorToken, currentEnvironment, currentEnvironment);
}

/** Whether a curator's token is kept in this browser. */
export function useCuratorToken(): string | null {
  return useSyncExternalStore(subscribeCuratorToken, readCuratorToken, () => null);
}
