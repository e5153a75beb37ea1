// Every error a client reads carries `extensions.code`, and comes as JSON. graphql-js words some refusals without
// one (a variable of the wrong type or missing, Yoga's own request refusals such as the CSRF
// check): each is the client's mistake, coded by its HTTP status.
import { GraphQLError, type ExecutionResult } from "graphql";
import type { Plugin } from "graphql-yoga";

const BY_STATUS: Record<number, string> = {
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
  406: "NOT_ACCEPTABLE",
  415: "UNSUPPORTED_MEDIA_TYPE",
};

function coded(error: GraphQLError): GraphQLError {
  if (typeof error.extensions.code === "string") return error;
  const status = error.extensions.http?.status;
  return remade(error, error.message, { ...error.extensions, code: (status && BY_STATUS[status]) ?? "BAD_USER_INPUT" }, error.originalError);
}

/**
 * `error` told to the client as `message` with `extensions`, at the same place in the answer and
 * the document; what it wraps only when `originalError` is given (a masked fault wraps nothing).
 */
export function remade(error: unknown, message: string, extensions: Record<string, unknown>, originalError?: Error | null): GraphQLError {
  if (!(error instanceof GraphQLError)) return new GraphQLError(message, { extensions });
  return new GraphQLError(message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError,
    extensions,
  });
}

/** `result` with a code on each of its errors (the HTTP answers' rule, which graphql-ws' answers share: ws.ts). */
export const withCodes = (result: ExecutionResult): ExecutionResult =>
  result.errors?.some((error) => typeof error.extensions?.code !== "string") ? { ...result, errors: result.errors.map(coded) } : result;

export const UNSUPPORTED_MEDIA = "Send the operation as JSON (Content-Type: application/json)";

export function codeEveryError(): Plugin {
  return {
    // A body no parser reads: Yoga would answer an empty 415.
    onRequestParse({ request, requestParser, endResponse, fetchAPI: { Response } }) {
      if (requestParser || request.method !== "POST") return;
      const body = JSON.stringify({ errors: [{ message: UNSUPPORTED_MEDIA, extensions: { code: "UNSUPPORTED_MEDIA_TYPE" } }] });
      endResponse(new Response(body, { status: 415, headers: { "Content-Type": "application/json" } }));
    },
    onResultProcess(payload) {
      const { result } = payload;
      if (Array.isArray(result)) payload.setResult(result.map((one) => withCodes(one as ExecutionResult)));
      else if (result && typeof result === "object" && "errors" in result) payload.setResult(withCodes(result as ExecutionResult));
    },
  };
}
