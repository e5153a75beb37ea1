// The one HTTP pipeline every request passes through, whatever its path: it decides who is
// calling (the client's address, proxies considered), how large a body may be, and the
// security headers, then hands the request to GraphQL Yoga's own Node listener (/graphql) or
// to the router (everything else). Yoga writes its responses itself: routed through the
// router, a streamed answer (server-sent events) went through Node's web streams, which throw
// outside any handler when the client goes away (nodejs/undici#5715).
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import type { Logger } from "../logger.ts";
import { metrics } from "../metrics.ts";
import { uuidv7 } from "../db/uuid.ts";
import { requestScope, type RequestScope } from "../request-context.ts";
import { clientAddress } from "./actor.ts";
import { isAllowedSocketOrigin } from "./cors.ts";
import { INTERNAL_ERROR_MESSAGE } from "../errors.ts";
import { placesPerKey } from "../places.ts";
import { errorBody } from "./errors.ts";
import type { BodyRefusal, RoutePolicies } from "./route-policy.ts";

export type EdgeOptions = {
  bodyLimit: number;
  /** The routes with a body limit of their own (a file upload), declared with them (route-policy.ts). */
  routes?: Pick<RoutePolicies, "bodyOf">;
  trustProxy: number;
  /** Sets the security headers on a response before anything writes it. */
  secure(request: IncomingMessage, response: ServerResponse): void;
  /** Sets the CORS headers, answers a preflight itself, and calls `next` for anything else. */
  cors(request: IncomingMessage, response: ServerResponse, next: () => void): void;
  /** GraphQL Yoga's Node listener, given the client's address. */
  graphql(request: IncomingMessage, response: ServerResponse, address: string): unknown;
  /** The router (Hono): everything that is not /graphql. Its promise is handled here. */
  router(request: IncomingMessage, response: ServerResponse): Promise<unknown> | void;
  log: Logger;
};

/** A streamed (chunked) body, read here up to the limit, as the router and Yoga both accept it. */
type BufferedRequest = IncomingMessage & { rawBody?: Buffer; body?: Buffer };

/** What an incoming X-Request-Id may be to be kept: short, printable, no spaces. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@-]{1,128}$/;

/**
 * The request's id: the one a trusted proxy sent (TRUST_PROXY > 0), when it is sane, so that
 * the proxy's log and ours can be joined; otherwise a new UUID v7 (time-ordered).
 */
export function requestIdOf(request: IncomingMessage, trustProxy: number): string {
  const given = trustProxy > 0 ? headerText(request.headers["x-request-id"])?.trim() : undefined;
  return given !== undefined && SANE_REQUEST_ID.test(given) ? given : uuidv7();
}

/** The client's address: the socket's peer, or what the trusted proxies say it is. */
export function requestAddress(request: IncomingMessage, trustProxy: number): string {
  return clientAddress(request.socket.remoteAddress, headerText(request.headers["x-forwarded-for"]), trustProxy);
}

export function isGraphQLPath(url: string | undefined): boolean {
  return url === "/graphql" || (url?.startsWith("/graphql?") ?? false);
}

export function createEdge(options: EdgeOptions): RequestListener {
  const { log } = options;
  const TOO_LARGE: BodyRefusal = { status: 413, message: "Request body is too large" };
  const limitOf = (request: IncomingMessage) => {
    const pathname = (request.url ?? "/").split("?")[0]!;
    return options.routes?.bodyOf(request.method ?? "GET", pathname) ?? { limit: options.bodyLimit, refusal: TOO_LARGE };
  };

  const dispatch = (request: IncomingMessage, response: ServerResponse, address: string) => {
    // Yoga answers most requests asynchronously but may answer some at once (a CSRF refusal):
    // a handler's result is a promise or nothing, and neither may escape as an unhandled failure.
    try {
      const handled = isGraphQLPath(request.url) ? options.graphql(request, response, address) : options.router(request, response);
      Promise.resolve(handled).catch((error: unknown) => fail(response, error));
    } catch (error) {
      fail(response, error);
    }
  };

  const fail = (response: ServerResponse, error: unknown) => {
    // Yoga masks what goes wrong inside an operation; this is the transport itself failing.
    log.error({ err: error }, "request failed at the edge");
    if (response.headersSent) response.destroy();
    else response.writeHead(500, { "Content-Type": "application/json" }).end(JSON.stringify({ message: INTERNAL_ERROR_MESSAGE }));
  };

  const listener: RequestListener = (request, response) => {
    const requestId = requestIdOf(request, options.trustProxy);
    response.setHeader("X-Request-Id", requestId);
    // Everything the request causes runs in its scope: each log line says which request it
    // serves, and the router reads the address from it and names its route in it.
    const scope: RequestScope = { requestId, address: requestAddress(request, options.trustProxy), log };
    observe(request, response, scope);
    requestScope.run(scope, () => {
      const address = scope.address;
      options.secure(request, response);
      options.cors(request, response, () => receive(request, response, address));
    });
  };

  const receive = (request: IncomingMessage, response: ServerResponse, address: string) => {
    const { limit, refusal } = limitOf(request);
    const declared = request.headers["content-length"];
    if (declared !== undefined) {
      // Node's parser holds the body to its declared length; only the declaration needs a check.
      if (!(Number(declared) <= limit)) return refuseTooLarge(request, response, refusal);
      return dispatch(request, response, address);
    }
    if (request.headers["transfer-encoding"] === undefined) return dispatch(request, response, address);
    readLimited(request, limit).then(
      (body) => {
        if (body === undefined) return refuseTooLarge(request, response, refusal);
        const buffered = request as BufferedRequest;
        buffered.rawBody = body;
        buffered.body = body;
        dispatch(request, response, address);
      },
      (error: unknown) => {
        log.debug({ err: error }, "a request body could not be read");
        response.destroy();
      },
    );
  };
  return listener;
}

/** Counts the request once its answer is sent (or its connection closes first), by route pattern and status. */
function observe(request: IncomingMessage, response: ServerResponse, scope: RequestScope): void {
  const started = performance.now();
  let counted = false;
  const count = () => {
    if (counted) return;
    counted = true;
    const route = scope.route ?? (isGraphQLPath(request.url) ? "/graphql" : "unrouted");
    const method = KNOWN_METHODS.has(request.method ?? "") ? request.method! : "other";
    metrics.httpRequests.inc({ method, route, status: String(response.statusCode) });
    metrics.httpDuration.observe({ method, route }, (performance.now() - started) / 1000);
  };
  response.once("finish", count);
  response.once("close", count);
}

const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

const headerText = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(",") : value);

/** The body, or undefined once it passes `limit` bytes (the rest is not read). */
function readLimited(request: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        request.off("data", onData);
        request.pause();
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    };
    request.on("data", onData);
    request.once("end", () => resolve(Buffer.concat(chunks)));
    request.once("error", reject);
  });
}

/**
 * 413 (or the path's own refusal), and the connection closes after it: the client is told so
 * (Connection: close) instead of finding its keep-alive connection cut under its next request.
 * What it is still sending is read and dropped, so that it can read the answer rather than meet
 * a reset.
 */
function refuseTooLarge(request: IncomingMessage, response: ServerResponse, refusal: BodyRefusal): void {
  const body = JSON.stringify(errorBody({ message: refusal.message, field: refusal.field }, (request.url ?? "/").split("?")[0]));
  response.shouldKeepAlive = false;
  response.writeHead(refusal.status, { "Content-Type": "application/json", Connection: "close", "Content-Length": Buffer.byteLength(body) });
  response.end(body);
  request.resume();
  request.on("error", () => {});
  // A client that keeps sending is not read forever.
  const cut = setTimeout(() => request.socket.destroy(), 5_000).unref();
  request.socket.once("close", () => clearTimeout(cut));
}

export type UpgradeOptions = {
  trustProxy: number;
  /** The one path that speaks WebSocket (GraphQL's). */
  path: string;
  /** Other origins whose pages may open a socket (CORS_ORIGINS); the app's own always may. */
  allowedOrigins: readonly string[];
  /** Open sockets one address may hold; more are refused (429) at the handshake. */
  maxSocketsPerAddress: number;
  /** Completes an admitted handshake; `address` is the client's, as decided here. */
  accept(request: IncomingMessage, socket: Duplex, head: Buffer, address: string): void;
};

/** Admits WebSocket handshakes: the right path, an allowed origin, and room for the address. */
export function createUpgradeGate(options: UpgradeOptions) {
  const socketsByAddress = placesPerKey(options.maxSocketsPerAddress);
  return (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if ((request.url ?? "/").split("?")[0] !== options.path) {
      socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    // Cross-site WebSocket hijacking: a page elsewhere must not speak as our visitor.
    if (!isAllowedSocketOrigin(request.headers.origin, request.headers.host, options.allowedOrigins)) {
      socket.end("HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    const address = requestAddress(request, options.trustProxy);
    const release = socketsByAddress.take(address);
    if (!release) {
      socket.end("HTTP/1.1 429 Too Many Requests\r\nRetry-After: 60\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    // The connection's end, whether the handshake completed or not, gives its place back.
    socket.once("close", release);
    socket.on("error", () => {});
    options.accept(request, socket, head, address);
  };
}

/**
 * Node's HTTP parser refuses a request it cannot read (headers or URL over 16 KB, malformed
 * syntax) before any handler runs, with an empty body: it is answered in the contract's shape.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable) return void socket.destroy();
  const [status, reason, message] =
    error.code === "HPE_HEADER_OVERFLOW"
      ? [431, "Request Header Fields Too Large", "The request's address or headers are too large"]
      : [400, "Bad Request", "The request could not be read"];
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
