// Which request the code running now serves: set by the HTTP edge for everything a request
// causes (its handlers, its queries, its model calls), so that every log line can say so.
import { AsyncLocalStorage } from "node:async_hooks";

export type RequestScope = { requestId: string };

export const requestScope = new AsyncLocalStorage<RequestScope>();

/** The id of the request being served, if any. */
export const currentRequestId = (): string | undefined => requestScope.getStore()?.requestId;
