// REST errors in the contract's shape: {"message": "..."} with the right status. Server faults
// are logged with their stack and answered with a masked message.
import type { Context, ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ClientError } from "../errors.ts";
import type { Logger } from "../logger.ts";

export const INTERNAL_ERROR_MESSAGE = "The network faltered. Try again in a moment.";

/** The contract gives the remix route's errors as {error, message}, both the same text. */
const ERROR_AND_MESSAGE = new Set(["/api/agents/remix"]);

export function errorBody(error: Pick<ClientError, "message" | "field">, path?: string): Record<string, string> {
  return {
    ...(path && ERROR_AND_MESSAGE.has(path) ? { error: error.message } : {}),
    message: error.message,
    ...(error.field ? { field: error.field } : {}),
  };
}

export function restErrorHandler(log: Logger): ErrorHandler {
  return (error, c) => {
    if (error instanceof ClientError) {
      if (error.retryAfter !== undefined) c.header("Retry-After", String(error.retryAfter));
      return c.json(errorBody(error, c.req.path), error.status);
    }
    if (error instanceof HTTPException && error.status < 500) {
      return c.json({ message: error.message || "Bad request" }, error.status as ContentfulStatusCode);
    }
    log.error({ err: error, method: c.req.method, path: c.req.path }, "request failed");
    return c.json({ message: INTERNAL_ERROR_MESSAGE }, 500);
  };
}

export const restNotFound: NotFoundHandler = (c: Context) =>
  c.json({ message: `No such route: ${c.req.method} ${c.req.path}` }, 404);
