// Errors a client can cause, and a model seat's failure, which the client must see too (never
// silently). Each carries its HTTP status; GraphQL surfaces the same message with
// `extensions.code`. Anything else is a server fault: masked for clients, logged for operators.
export type ClientErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 502 | 504;

const CODES: Record<ClientErrorStatus, string> = {
  400: "BAD_USER_INPUT",
  401: "UNAUTHENTICATED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "RATE_LIMITED",
  502: "SEAT_FAILED",
  504: "SEAT_TIMEOUT",
};

export class ClientError extends Error {
  readonly status: ClientErrorStatus;
  readonly code: string;
  /** The input field at fault, when there is one. */
  readonly field: string | undefined;

  constructor(status: ClientErrorStatus, message: string, field?: string) {
    super(message);
    this.name = "ClientError";
    this.status = status;
    this.code = CODES[status];
    this.field = field;
  }
}

export const badInput = (message: string, field?: string) => new ClientError(400, message, field);
export const notFound = (message: string) => new ClientError(404, message);
export const conflict = (message: string, field?: string) => new ClientError(409, message, field);
/** A model seat could not answer; `reason` is already safe to show (no keys in it). */
export const seatFailed = (reason: string, timedOut: boolean) => new ClientError(timedOut ? 504 : 502, reason);
