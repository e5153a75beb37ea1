// One graphql-ws client carries every operation (queries, mutations, subscriptions), so the
// app keeps a single live connection to the server. The token and the visitor key ride in
// connection_init.
import { createClient, type Client } from "graphql-ws";
import {
  Environment,
  Network,
  Observable,
  RecordSource,
  ROOT_ID,
  Store,
  type MissingFieldHandler,
  type GraphQLResponse,
  type RequestParameters,
  type Variables,
} from "relay-runtime";
import { globalIdOf, isPlainId } from "./ids";
import { appSignal, type Signal } from "./signal";
import { readToken } from "./token";
import { visitorKey } from "./visitor";

function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === "https:" ? "wss" : "ws"}://${host}/graphql`;
}

export function createSocketClient(signal: Signal = appSignal): Client {
  return createClient({
    url: socketUrl(),
    lazy: true,
    // Keep the socket between operations: navigating would otherwise reconnect every time.
    lazyCloseTimeout: 30_000,
    keepAlive: 15_000,
    retryAttempts: Number.POSITIVE_INFINITY,
    shouldRetry: () => true,
    connectionParams: () => {
      const token = readToken();
      return { visitor: visitorKey(), ...(token ? { authorization: `Bearer ${token}` } : {}) };
    },
    // The signal status of Witnessing: a socket closed by the lazy client for want of operations
    // is not a lost signal, so only a close with operations still running reads as "lost".
    on: {
      connecting: () => signal.set("connecting"),
      connected: () => signal.set("live"),
      closed: (event) => signal.set((event as CloseEvent | undefined)?.code === 1000 ? "idle" : "lost"),
    },
  });
}

export type EnvironmentOptions = {
  /**
   * The server refused the operation as UNAUTHENTICATED: the token it was sent with names no
   * live session (signed out elsewhere, expired, password changed), so the client must drop it.
   */
  onUnauthenticated?: () => void;
};

export function createEnvironment(client: Client = createSocketClient(), options: EnvironmentOptions = {}): Environment {
  const watch = (errors: unknown) => {
    if (options.onUnauthenticated && hasErrorCode(errors, "UNAUTHENTICATED")) options.onUnauthenticated();
  };
  const execute = (operation: RequestParameters, variables: Variables) =>
    Observable.create<GraphQLResponse>((sink) =>
      client.subscribe(payloadOf(operation, variables), {
        next: (value) => {
          watch((value as { errors?: unknown }).errors);
          sink.next(value as GraphQLResponse);
        },
        error: (error) => {
          watch(error);
          sink.error(error instanceof Error ? error : new Error(describe(error)));
        },
        complete: () => sink.complete(),
      }),
    );
  return new Environment({
    network: Network.create(execute, execute),
    store: new Store(new RecordSource()),
    missingFieldHandlers,
  });
}

/**
 * What is sent for an operation: the built app names it by its persisted id alone (the Relay
 * compiler's, relay.config.js), which the server runs from its own copy (api/src/graphql/persisted.ts);
 * development sends the text, so that an operation edited while the server runs needs no restart.
 */
export function payloadOf(operation: RequestParameters, variables: Variables, persisted = import.meta.env.PROD) {
  if (persisted && operation.id) {
    return { operationName: operation.name, query: "", variables, extensions: { persistedQuery: { version: 1, sha256Hash: operation.id } } };
  }
  return { operationName: operation.name, query: operation.text ?? "", variables };
}

/**
 * `conversation(id:)` named by its global id, or by the plain id an address carries, is that
 * record: a thread a stream has just brought into the store reads from there, without asking the
 * server for it again.
 */
const missingFieldHandlers: MissingFieldHandler[] = [
  {
    kind: "linked",
    handle: (field, record, args) => {
      if (record?.getDataID() !== ROOT_ID || field.name !== "conversation" || typeof args.id !== "string") return undefined;
      return isPlainId(args.id) ? globalIdOf("Conversation", args.id) : args.id;
    },
  },
];

/** True when `errors` (a response's errors, or graphql-ws's error array) carries `code`. */
function hasErrorCode(errors: unknown, code: string): boolean {
  return Array.isArray(errors) && errors.some((error: { extensions?: { code?: unknown } } | null) => error?.extensions?.code === code);
}

function describe(error: unknown): string {
  if (Array.isArray(error)) return error.map((e: { message?: string }) => e.message).join("; ");
  if (error && typeof error === "object" && "reason" in error) return String((error as CloseEvent).reason);
  return "The network could not be reached";
}
