// Authentication at the REST edge: the bearer token becomes the request's actor. A token that
// names no live session is refused (401) instead of being quietly ignored, except where a
// client signs in afresh, so a stale token left in a browser cannot lock anyone out.
import type { MiddlewareHandler } from "hono";
import type { Sessions } from "../domains/accounts/sessions.ts";
import { FRESH_START_PATHS, sessionEndedRefusal } from "../domains/accounts/access.ts";
import { VISITOR_HEADER } from "../actor.ts";

export function authenticate(sessions: Sessions, addressOf: (c: Parameters<MiddlewareHandler>[0]) => string): MiddlewareHandler {
  return async (c, next) => {
    const { actor, refused } = await sessions.authenticate(c.req.header("authorization"), addressOf(c), c.req.header(VISITOR_HEADER));
    if (refused && !FRESH_START_PATHS.has(c.req.path)) throw sessionEndedRefusal();
    c.set("actor", actor);
    await next();
  };
}
