// In production the schema is described to curators only (their console's explorer); everyone
// else keeps the operations the app sends and armor's limits. Field suggestions are off anyway
// (armor), so a refused visitor learns nothing of the schema from error messages either.
import type { Plugin } from "@envelop/core";
import { GraphQLError, Kind, visit, type DocumentNode } from "graphql";
import type { GraphQLContext } from "./context.ts";

export const INTROSPECTION_REFUSED = "The schema is described to curators only";

const introspects = new WeakMap<DocumentNode, boolean>();

function asksForSchema(document: DocumentNode): boolean {
  let found = introspects.get(document);
  if (found === undefined) {
    found = false;
    visit(document, {
      [Kind.FIELD]: (node) => {
        if (node.name.value === "__schema" || node.name.value === "__type") found = true;
      },
    });
    introspects.set(document, found);
  }
  return found;
}

export function curatorsOnlyIntrospection(): Plugin<GraphQLContext> {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      if (args.contextValue.actor.curatorId || !asksForSchema(args.document as DocumentNode)) return;
      setResultAndStopExecution({ errors: [new GraphQLError(INTROSPECTION_REFUSED, { extensions: { code: "FORBIDDEN" } })] });
    },
  };
}
