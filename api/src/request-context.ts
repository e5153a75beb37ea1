// Which request the code running now serves: set by the HTTP edge for everything a request
// causes (its handlers, its queries, its model calls), so that every log line can say so, every
// handler can read the client's address as the edge decided it, and the router can name the
// route that answered for the edge's metrics. One scope per request, instead of side tables.
import { AsyncLocalStorage } from "node:async_hooks";
import type { BaseLogger } from "pino";

export type RequestScope = {
  requestId: string;
  /** The client's address: the socket's peer, or what the trusted proxies say it is. */
  address: string;
  /** The pattern of the route that answered (/api/agents/:ref), once the router knows it. */
  route?: string;
  /** The operators' log of the process serving it: what code without a logger of its own (Pothos' checks) writes to. */
  log?: Pick<BaseLogger, "warn" | "info">;
};

export const requestScope = new AsyncLocalStorage<RequestScope>();

/** The id of the request being served, if any. */
export const currentRequestId = (): string | undefined => requestScope.getStore()?.requestId;

/** The address of the client whose request is being served, if any. */
export const currentAddress = (): string | undefined => requestScope.getStore()?.address;

/** Names the route pattern that answered the request being served, for its metrics. */
export function nameRoute(pattern: string): void {
  const scope = requestScope.getStore();
  if (scope) scope.route = pattern;
}

/** The log of the process serving the current request, if code runs inside one. */
export const requestLog = (): RequestScope["log"] => requestScope.getStore()?.log;

/**
 * `stream` with every step taken in `scope`: a subscription's events are executed as the socket
 * asks for them, long after the operation began, and still belong to it (their log lines say so).
 */
export function streamInScope<T>(scope: RequestScope, stream: AsyncIterable<T>): AsyncIterableIterator<T> {
  const iterator = stream[Symbol.asyncIterator]();
  const within: AsyncIterableIterator<T> = {
    next: () => requestScope.run(scope, () => iterator.next()),
    return: (value?: unknown) => requestScope.run(scope, () => iterator.return?.(value) ?? Promise.resolve({ done: true as const, value: undefined })),
    throw: (error?: unknown) =>
      requestScope.run(scope, () => iterator.throw?.(error) ?? Promise.reject(error instanceof Error ? error : new Error(String(error)))),
    [Symbol.asyncIterator]: () => within,
  };
  return within;
}
