// Errors a client can cause, and a model seat's failure, which the client must see too (never
// silently). Each carries its HTTP status; GraphQL surfaces the same message with
// `extensions.code`. Anything else is a server fault: masked for clients, logged for operators.
/** What a client is told of a server fault: the fault itself is for the operators' log. */
export const INTERNAL_ERROR_MESSAGE = "The network faltered. Try again in a moment.";

export type ClientErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 502 | 503 | 504;

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
  503: "SERVICE_UNAVAILABLE",
  504: "SEAT_TIMEOUT",
};

export class ClientError extends Error {
  readonly status: ClientErrorStatus;
  readonly code: string;
  /** The input field at fault, when there is one. */
  readonly field: string | undefined;
  /** Seconds until trying again can succeed (429): REST sends it as Retry-After. */
  readonly retryAfter: number | undefined;

  constructor(status: ClientErrorStatus, message: string, field?: string, options: { code?: string; retryAfter?: number } = {}) {
    super(message);
    this.name = "ClientError";
    this.status = status;
    this.code = options.code ?? CODES[status];
    this.field = field;
    this.retryAfter = options.retryAfter === undefined ? undefined : Math.max(1, Math.ceil(options.retryAfter));
  }
}

export const badInput = (message: string, field?: string) => new ClientError(400, message, field);
export const notFound = (message: string) => new ClientError(404, message);
export const conflict = (message: string, field?: string) => new ClientError(409, message, field);
/** A model seat could not answer; `reason` is already safe to show (no keys in it). */
export const seatFailed = (reason: string, timedOut: boolean) => new ClientError(timedOut ? 504 : 502, reason);
export const unauthenticated = (message: string) => new ClientError(401, message);
export const forbidden = (message: string) => new ClientError(403, message);
/** Too many attempts in a short time: an abuse limit, not a quota. */
export const rateLimited = (message: string, retryAfter: number) => new ClientError(429, message, undefined, { retryAfter });
/** A daily quota is spent; the message contains the word 'quota', which clients look for. */
export const quotaReached = (message: string, retryAfter: number) => new ClientError(429, message, undefined, { code: "QUOTA_EXCEEDED", retryAfter });

/** What a client is told while the database cannot answer: nothing it did, and worth a retry. */
export const UNAVAILABLE_MESSAGE = "The archive is out of reach for a moment. Try again shortly.";
export const UNAVAILABLE_RETRY_SECONDS = 5;
export const unavailable = () => new ClientError(503, UNAVAILABLE_MESSAGE, undefined, { retryAfter: UNAVAILABLE_RETRY_SECONDS });
