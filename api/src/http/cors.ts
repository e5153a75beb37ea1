// Cross-origin access. The app calls its own origin and needs no CORS; other origins get it
// only when listed in CORS_ORIGINS. Embeds are the exception: any site may read an agent and
// invoke it (without credentials), which is what a third-party embed needs.
import type { MiddlewareHandler } from "hono";
import { cors } from "hono/cors";

const EMBED_READ = /^\/api\/agents\/[^/]+$/;
const EMBED_INVOKE = /^\/api\/agents\/[^/]+\/invoke$/;

export function isEmbedApi(method: string, path: string): boolean {
  return EMBED_INVOKE.test(path) || (EMBED_READ.test(path) && (method === "GET" || method === "OPTIONS") && !path.endsWith("/remix"));
}

export function corsPolicy(allowedOrigins: readonly string[]): MiddlewareHandler {
  const allowed = new Set(allowedOrigins);
  const forApp = cors({
    origin: (origin) => (allowed.has(origin) ? origin : null),
    credentials: true,
    allowMethods: ["GET", "POST", "OPTIONS"],
    allowHeaders: ["Content-Type", "Authorization", "x-graphql-yoga-csrf"],
    maxAge: 600,
  });
  const forEmbeds = cors({ origin: "*", allowMethods: ["GET", "POST", "OPTIONS"], allowHeaders: ["Content-Type"], maxAge: 600 });
  return (c, next) => (isEmbedApi(c.req.method, c.req.path) ? forEmbeds(c, next) : forApp(c, next));
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
