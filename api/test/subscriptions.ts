// A real graphql-ws client for tests: subscribes, keeps every payload, and says when it ends.
import type { Client } from "graphql-ws";
import { wsClient } from "./live.ts";

/** A graphql-ws client of the app; `headers` given as REST would send them (a visitor key) ride in connection_init, as the web app sends them. */
export function socketClient(httpUrl: string, headers: Record<string, string> = {}): Client {
  const visitor = headers["x-nomina-visitor"];
  return wsClient(httpUrl, { connectionParams: visitor ? { visitor } : undefined });
}

export type Subscription<T> = {
  /** `data` of every payload, in order. */
  events: T[];
  errors: { message: string; extensions?: Record<string, unknown> }[];
  /** Resolves when the server completes the stream (or it fails). */
  ended: Promise<void>;
  /** Resolves once `predicate` holds for the events received so far. */
  until(predicate: (events: T[]) => boolean): Promise<void>;
  stop(): void;
};

export function subscribe<T>(client: Client, query: string, variables: Record<string, unknown>): Subscription<T> {
  const events: T[] = [];
  const errors: Subscription<T>["errors"] = [];
  const waiters = new Set<() => void>();
  const check = () => waiters.forEach((waiter) => waiter());
  let stop = () => {};
  const ended = new Promise<void>((resolve) => {
    stop = client.subscribe<T>(
      { query, variables },
      {
        next: (result) => {
          if (result.data) events.push(result.data);
          if (result.errors) errors.push(...(result.errors as Subscription<T>["errors"]));
          check();
        },
        error: (error) => {
          errors.push({ message: error instanceof Error ? error.message : JSON.stringify(error) });
          resolve();
          check();
        },
        complete: () => {
          resolve();
          check();
        },
      },
    );
  });
  return {
    events,
    errors,
    ended,
    stop: () => stop(),
    until: (predicate) =>
      new Promise<void>((resolve, reject) => {
        const waiter = () => {
          if (predicate(events)) {
            waiters.delete(waiter);
            resolve();
          }
        };
        waiters.add(waiter);
        waiter();
        void ended.then(() => {
          if (!predicate(events)) reject(new Error(`the stream ended first: ${JSON.stringify({ events: events.length, errors })}`));
        });
      }),
  };
}
