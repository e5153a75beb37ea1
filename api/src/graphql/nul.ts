// NUL characters in an operation, refused before it runs, on HTTP and WebSocket alike (both
// build their executions from Yoga's plugins): in its variables, or in its string literals.
import type { Plugin } from "@envelop/core";
import { GraphQLError, Kind, visit, type DocumentNode } from "graphql";
import { NUL_REFUSED, nulPath } from "../nul.ts";

/** Literals are checked once per document: Yoga keeps parsed documents, so each is the same object. */
const literalsWithNul = new WeakMap<DocumentNode, boolean>();

function hasNulLiteral(document: DocumentNode): boolean {
  let found = literalsWithNul.get(document);
  if (found === undefined) {
    found = false;
    visit(document, {
      [Kind.STRING]: (node) => {
        if (node.value.includes("\0")) found = true;
      },
    });
    literalsWithNul.set(document, found);
  }
  return found;
}

function refusal(args: { document: DocumentNode; variableValues?: unknown }): GraphQLError | undefined {
  const path = nulPath(args.variableValues ?? {});
  if (path === undefined && !hasNulLiteral(args.document)) return undefined;
  // Named as the validation plugin names fields: without the `input` argument's own name.
  const field = path?.split(".").filter((part) => part !== "input").join(".") || undefined;
  return new GraphQLError(NUL_REFUSED, { extensions: { code: "BAD_USER_INPUT", ...(field ? { field } : {}) } });
}

export function refuseNulPlugin(): Plugin {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const error = refusal(args);
      if (error) setResultAndStopExecution({ errors: [error] });
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      const error = refusal(args);
      if (error) setResultAndStopExecution({ errors: [error] });
    },
  };
}
