// Which request the code running now serves: set by the HTTP edge for everything a request
// causes (its handlers, its queries, its model calls), so that every log line can say so, every
// handler can read the client's address as the edge decided it, and the router can name the
// route that answered for the edge's metrics. One scope per request, instead of side tables.
import { AsyncLocalStorage } from "node:async_hooks";

export type RequestScope = {
  requestId: string;
  /** The client's address: the socket's peer, or what the trusted proxies say it is. */
  address: string;
  /** The pattern of the route that answered (/api/agents/:ref), once the router knows it. */
  route?: string;
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
