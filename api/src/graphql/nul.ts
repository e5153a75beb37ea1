// NUL characters and lone surrogates in an operation, refused before it runs, on HTTP and WebSocket alike (both
// build their executions from Yoga's plugins): in its variables, or in its string literals.
import type { Plugin } from "@envelop/core";
import { GraphQLError, Kind, visit, type DocumentNode } from "graphql";
import { inspectInput, refusalOf } from "../nul.ts";

/** Literals are checked once per document: Yoga keeps parsed documents, so each is the same object. */
const literalRefusals = new WeakMap<DocumentNode, ReturnType<typeof inspectInput>>();

function badLiteral(document: DocumentNode): ReturnType<typeof inspectInput> {
  if (literalRefusals.has(document)) return literalRefusals.get(document);
  let found: ReturnType<typeof inspectInput>;
  visit(document, {
    [Kind.STRING]: (node) => {
      found ??= inspectInput(node.value);
    },
  });
  literalRefusals.set(document, found);
  return found;
}

function refusal(args: { document: DocumentNode; variableValues?: unknown }): GraphQLError | undefined {
  const found = inspectInput(args.variableValues ?? {}) ?? badLiteral(args.document);
  if (!found) return undefined;
  // Named as the validation plugin names fields: without the `input` argument's own name.
  const field =
    found.kind === "deep"
      ? undefined
      : found.path
          .split(".")
          .filter((part) => part !== "input")
          .join(".") || undefined;
  return new GraphQLError(refusalOf(found), { extensions: { code: "BAD_USER_INPUT", ...(field ? { field } : {}) } });
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
