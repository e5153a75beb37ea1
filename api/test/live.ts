// Live feeds in tests: a real graphql-ws client on the test app, and a queue of the events
// one subscription delivers.
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import type { Json } from "./json.ts";
import type { TestApp } from "./harness.ts";

export type SocketOptions = {
  /** What connection_init carries, as the web app sends it (authorization, visitor). */
  connectionParams?: Record<string, string>;
  /** Headers of the handshake itself (an origin, a forwarded address). */
  headers?: Record<string, string>;
  /** false: connect at once rather than on the first operation. */
  lazy?: boolean;
};

/** The one graphql-ws client of the tests, on the server at `httpUrl`; it never retries, so a refusal is seen. */
export function wsClient(httpUrl: string, { connectionParams, headers, lazy = true }: SocketOptions = {}): Client {
  return createClient({
    url: `${httpUrl.replace(/^http/, "ws")}/graphql`,
    webSocketImpl: headers
      ? class extends WebSocket {
          constructor(address: string, protocols?: string | string[]) {
            super(address, protocols, { headers });
          }
        }
      : WebSocket,
    retryAttempts: 0,
    lazy,
    connectionParams,
  });
}

/** A socket on the test app, connected; `connectionParams` as the web app sends them (authorization, visitor). */
export async function connect(app: Pick<TestApp, "url">, connectionParams?: Record<string, string>): Promise<Client> {
  const client = wsClient(app.url, { connectionParams, lazy: false });
  await new Promise<void>((resolve, reject) => {
    client.on("connected", () => resolve());
    client.on("error", reject);
  });
  return client;
}

/** The events of one subscription, in order of arrival; a failed event fails the test when reached. */
export function listen<T = Json>(client: Client, query: string) {
  const arrived: (T | Error)[] = [];
  const waiting: ((event: T | Error) => void)[] = [];
  const arrive = (event: T | Error) => {
    const waiter = waiting.shift();
    if (waiter) waiter(event);
    else arrived.push(event);
  };
  const stop = client.subscribe<Record<string, T>>(
    { query },
    {
      next: ({ data, errors }) =>
        arrive(errors?.length || !data ? new Error(`event with errors: ${errors?.map((e) => e.message).join("; ")}`) : (Object.values(data)[0] as T)),
      error: (error) => arrive(error instanceof Error ? error : new Error(`subscription failed: ${JSON.stringify(error)}`)),
      complete: () => arrive(new Error("subscription completed")),
    },
  );
  const take = (event: T | Error) => (event instanceof Error ? Promise.reject(event) : Promise.resolve(event));
  return {
    /** Completes the subscription, as a client leaving a screen does. */
    stop,
    /** The next event; a guard turns a missing event into a failure instead of a hung test. */
    next(): Promise<T> {
      if (arrived.length > 0) return take(arrived.shift()!);
      return new Promise<T | Error>((resolve, reject) => {
        const guard = setTimeout(() => reject(new Error(`no event for ${query}`)), 5_000);
        waiting.push((event) => (clearTimeout(guard), resolve(event)));
      }).then(take);
    },
  };
}

/**
 * Answers once the server has set up every subscription sent before on this socket (graphql-ws
 * handles a socket's messages in order). Only then may a test write what it expects to hear.
 */
export async function subscribed(client: Client): Promise<void> {
  await new Promise<void>((resolve, reject) => client.subscribe({ query: "{ __typename }" }, { next: () => {}, error: reject, complete: resolve }));
}

/** The errors a subscription is refused with (validation happens before any event). */
export function refusal(client: Client, query: string): Promise<string[]> {
  return new Promise((resolve, reject) =>
    client.subscribe(
      { query },
      {
        next: ({ errors }) => resolve((errors ?? []).map((e) => e.message)),
        error: (error) => resolve(Array.isArray(error) ? error.map((e: { message: string }) => e.message) : [String(error)]),
        complete: () => reject(new Error("completed without a refusal")),
      },
    ),
  );
}
