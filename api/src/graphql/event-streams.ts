// GraphQL over server-sent events (and multipart answers): Yoga streams an operation's answer on
// the request itself when the client accepts `text/event-stream` or `multipart/mixed`. graphql-ws
// holds an address to 50 sockets of 50 operations; this holds it to as many open streams, each one
// operation, refused with 429 past it (issue #26). A stream counts until its response closes.
import type { ServerResponse } from "node:http";
import type { Plugin } from "graphql-yoga";
import { placesPerKey } from "../places.ts";
import type { EdgeContext } from "./context.ts";

export const TOO_MANY_STREAMS = "Too many open event streams from this address";

/** Retry-After for a refused stream: an open one must end first, which this cannot predict. */
const RETRY_AFTER_SECONDS = 60;

const STREAMED = /\b(text\/event-stream|multipart\/mixed)\b/i;

export function limitEventStreams(perAddress: number): Plugin<Record<string, unknown>, EdgeContext> {
  const open = placesPerKey(perAddress);
  return {
    onRequest(payload) {
      const {
        request,
        serverContext,
        fetchAPI: { Response },
      } = payload;
      if (!STREAMED.test(request.headers.get("accept") ?? "")) return;
      // The Node listener's response: the stream ends when it closes (the client left or it completed).
      const response = (serverContext as Partial<{ res: ServerResponse }>).res;
      if (!response) return;
      const release = open.take(serverContext.clientAddress);
      if (!release) {
        const body = JSON.stringify({ errors: [{ message: TOO_MANY_STREAMS, extensions: { code: "RATE_LIMITED", retryAfter: RETRY_AFTER_SECONDS } }] });
        payload.endResponse(new Response(body, { status: 429, headers: { "Content-Type": "application/json", "Retry-After": String(RETRY_AFTER_SECONDS) } }));
        return;
      }
      response.once("close", release);
    },
  };
}
