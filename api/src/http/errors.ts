// REST errors in the contract's shape: {"message": "..."} with the right status. Server faults
// are logged with their stack and answered with a masked message.
import type { Context, ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { isDatabaseUnavailable } from "../db/errors.ts";
import { ClientError, INTERNAL_ERROR_MESSAGE, unavailable } from "../errors.ts";
import type { Logger } from "../logger.ts";

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
      // The client's to read, and the operators' to see with the request's id (the logger's mixin).
      log.info({ status: error.status, code: error.code, method: c.req.method, path: c.req.path, message: error.message }, "request refused");
      if (error.retryAfter !== undefined) c.header("Retry-After", String(error.retryAfter));
      return c.json(errorBody(error, c.req.path), error.status);
    }
    if (error instanceof HTTPException && error.status < 500) {
      return c.json({ message: error.message || "Bad request" }, error.status);
    }
    if (isDatabaseUnavailable(error)) {
      log.warn({ err: error, method: c.req.method, path: c.req.path }, "the database could not answer a request");
      const refusal = unavailable();
      c.header("Retry-After", String(refusal.retryAfter));
      return c.json({ message: refusal.message }, 503);
    }
    log.error({ err: error, method: c.req.method, path: c.req.path }, "request failed");
    return c.json({ message: INTERNAL_ERROR_MESSAGE }, 500);
  };
}

export const restNotFound: NotFoundHandler = (c: Context) => c.json({ message: `No such route: ${c.req.method} ${c.req.path}` }, 404);
