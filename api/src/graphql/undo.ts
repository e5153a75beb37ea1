// A field that charged for something notes how to give it back (context.ts: undoIfFailed); when
// the operation's answer then carries a fault of the server's at that field or inside it, the
// asker could not read what they were charged for, and it is given back (#41: a question whose
// payload failed to read still spent one of the day's questions). A client's own mistake inside
// the payload (a bad nested argument) gives nothing back: it would make every question free.
// graphql-ws runs the same plugins (ws.ts), so both transports undo alike.
import type { ExecutionResult, GraphQLError } from "graphql";
import type { Plugin } from "graphql-yoga";
import type { Logger } from "../logger.ts";
import type { GraphQLContext } from "./context.ts";
import { isServersFault } from "./judged-errors.ts";

/** Whether `error` stands at `path` or inside what the field there answered. */
const within = (error: GraphQLError, path: readonly (string | number)[]) => path.every((key, i) => error.path?.[i] === key);

export function undoOnFailure(log: Logger): Plugin<GraphQLContext> {
  return {
    onExecute({ args }) {
      const context = args.contextValue as GraphQLContext;
      return {
        // Before Yoga masks the errors (its plugin comes after the app's): each is judged as it was thrown.
        onExecuteDone({ result }) {
          // A subscription's stream is not one answer: only operations with a single result undo.
          if (Symbol.asyncIterator in result) return;
          const errors = (result as ExecutionResult).errors ?? [];
          for (const { undo, path } of context.undos.splice(0)) {
            if (!errors.some((error) => within(error, path) && isServersFault(error))) continue;
            undo().catch((error: unknown) => log.error({ err: error }, "could not undo what a failed operation did"));
          }
        },
      };
    },
  };
}
