// Authentication at the REST edge: the bearer token becomes the request's actor. A token that
// names no live session is refused (401) instead of being quietly ignored, except where a
// client signs in afresh, so a stale token left in a browser cannot lock anyone out.
import type { MiddlewareHandler } from "hono";
import type { Sessions } from "../domains/accounts/sessions.ts";
import { SESSION_ENDED } from "../domains/accounts/sessions.ts";
import { unauthenticated } from "../errors.ts";

/** Routes that work the same with or without a session, and so ignore a stale token. */
const FRESH_START = new Set(["/api/auth/login", "/api/auth/register", "/api/auth/verify", "/api/curator/login"]);

export function authenticate(sessions: Sessions, addressOf: (c: Parameters<MiddlewareHandler>[0]) => string): MiddlewareHandler {
  return async (c, next) => {
    const { actor, refused } = await sessions.authenticate(c.req.header("authorization"), addressOf(c));
    if (refused && !FRESH_START.has(c.req.path)) throw unauthenticated(SESSION_ENDED);
    c.set("actor", actor);
    await next();
  };
}
