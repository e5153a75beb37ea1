// Whose an error an operation's answer carries is: the client's own mistake (shown as it is
// worded), the database being away for a moment (503, worth a retry), or a fault of the server's
// (masked, logged with its stack). Yoga's masking (yoga.ts) and the undo of a failed operation
// (undo.ts) judge alike.
import { PothosError, PothosValidationError } from "@pothos/core";
import { GraphQLError } from "graphql";
import { isDatabaseUnavailable, isMalformedUuid } from "../db/errors.ts";
import { ClientError } from "../errors.ts";

export type Judgement =
  | { kind: "refused"; error: ClientError }
  /** Pothos refuses a cursor or global id it cannot decode, or impossible paging arguments; an id no UUID is refused by the database. */
  | { kind: "invalid"; message: string }
  /** Yoga's own request errors (malformed JSON, wrong method) and graphql-js' validation: the client's, as worded. */
  | { kind: "request" }
  | { kind: "unavailable"; cause: unknown }
  | { kind: "fault"; cause: unknown };

export function judge(error: unknown): Judgement {
  const original = error instanceof GraphQLError ? error.originalError : error;
  if (original instanceof ClientError) return { kind: "refused", error: original };
  if (original instanceof PothosValidationError) return { kind: "invalid", message: original.message };
  if (isMalformedUuid(original)) return { kind: "invalid", message: "No such id" };
  // Any other error of Pothos' (a failed check of its own) is the server's fault.
  if (error instanceof GraphQLError && !(original instanceof PothosError)) {
    const status = error.extensions.http?.status;
    if (status !== undefined && status < 500) return { kind: "request" };
    if (!original || original instanceof GraphQLError) return { kind: "request" };
  }
  if (isDatabaseUnavailable(original ?? error)) return { kind: "unavailable", cause: original ?? error };
  return { kind: "fault", cause: original ?? error };
}

/** The server's to answer for: a fault, or the database away. */
export const isServersFault = (error: unknown) => {
  const { kind } = judge(error);
  return kind === "fault" || kind === "unavailable";
};
