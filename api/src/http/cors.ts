// Cross-origin access, decided at the edge for every path (REST, GraphQL, pages) by one rule.
// The app calls its own origin and needs no CORS; other origins get it, with credentials, only
// when listed in CORS_ORIGINS. Embeds are the exception: any site may read an agent and invoke
// it (without credentials), which is what a third-party embed needs. Which routes are an embed's
// is declared with the routes (route-policy.ts); a preflight is judged by the method it announces.
import type { IncomingMessage, ServerResponse } from "node:http";
import cors from "cors";
import { VISITOR_HEADER } from "../actor.ts";
import type { RoutePolicies } from "./route-policy.ts";

/** The headers a listed origin may send: the app's own, and Yoga's CSRF header. */
const ALLOWED_HEADERS = ["Content-Type", "Authorization", "x-graphql-yoga-csrf", VISITOR_HEADER];

type Handler = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;

/** Sets the CORS headers (and answers a preflight itself); `next` runs for every other request. */
export function corsPolicy(allowedOrigins: readonly string[], routes: Pick<RoutePolicies, "isEmbed">): Handler {
  const allowed = new Set(allowedOrigins);
  const forApp = cors({
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin) ? origin : false),
    credentials: true,
    methods: ["GET", "POST", "OPTIONS"],
    allowedHeaders: ALLOWED_HEADERS,
    maxAge: 600,
  }) as unknown as Handler;
  const forEmbeds = cors({
    origin: "*",
    methods: ["GET", "POST", "OPTIONS"],
    allowedHeaders: ["Content-Type", VISITOR_HEADER],
    maxAge: 600,
  }) as unknown as Handler;
  return (request, response, next) => {
    const path = (request.url ?? "/").split("?")[0]!;
    // Not a browser's cross-origin request: nothing to decide.
    if (request.headers.origin === undefined) return next();
    const preflight = request.method === "OPTIONS";
    const method = preflight ? String(request.headers["access-control-request-method"] ?? "GET").toUpperCase() : (request.method ?? "GET");
    (routes.isEmbed(method, path) ? forEmbeds : forApp)(request, response, next);
  };
}

/** A WebSocket handshake from a browser page of another origin is refused. */
export function isAllowedSocketOrigin(origin: string | undefined, host: string | undefined, allowedOrigins: readonly string[]): boolean {
  if (!origin) return true; // not a browser: no ambient credentials to abuse
  if (allowedOrigins.includes(origin)) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
