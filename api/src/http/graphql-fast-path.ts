// GraphQL queries and mutations over HTTP, straight to Yoga's own Node listener. Routed through
// Hono, every request became a WHATWG Request built by one adapter and read by another, which
// cost a fifth of the listing's throughput (docs/BENCHMARKS.md). The fast path takes what every
// client sends, a POST to /graphql declaring a length within the body limit; anything else on
// /graphql (GraphiQL, GET queries, preflights, chunked or oversized bodies) goes through the
// router, whose body limit counts streamed bytes.
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { GraphQLServer } from "../graphql/yoga.ts";
import type { Logger } from "../logger.ts";
import { INTERNAL_ERROR_MESSAGE } from "./errors.ts";
import { securityHeaders } from "./security.ts";

export type FastPathOptions = {
  bodyLimit: number;
  /** The client's address, as the router's routes read it. */
  addressOf(request: IncomingMessage): string;
  /** Everything the fast path does not take. */
  fallback: RequestListener;
  log: Logger;
};

export function graphqlFastPath(yoga: GraphQLServer, { bodyLimit, addressOf, fallback, log }: FastPathOptions): RequestListener {
  const headers = securityHeaders("/graphql");
  return (request: IncomingMessage, response: ServerResponse) => {
    const declared = request.headers["content-length"];
    if (request.method !== "POST" || request.url !== "/graphql" || declared === undefined || Number(declared) > bodyLimit) {
      return fallback(request, response);
    }
    for (const [name, value] of headers) response.setHeader(name, value);
    yoga.handle(request, response, { clientAddress: addressOf(request), authorization: request.headers.authorization }).catch((error: unknown) => {
      // Yoga masks what goes wrong inside an operation; this is the transport itself failing.
      log.error({ err: error }, "graphql request failed");
      if (response.headersSent) response.end();
      else response.writeHead(500, { "Content-Type": "application/json" }).end(JSON.stringify({ message: INTERNAL_ERROR_MESSAGE }));
    });
  };
}
