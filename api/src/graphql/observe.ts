// GraphQL operations counted for operators (/metrics), on HTTP and WebSocket alike (both run
// Yoga's envelop pipeline): each operation by name (the web app's own; any other is "other"),
// type and outcome with its latency, and the subscriptions streaming now. @graphql-yoga/plugin-prometheus does the same and more (a
// histogram per phase), but brings its own /metrics endpoint and label set; these few hooks
// keep every figure in the app's one registry under its names (docs/DECISIONS.md, #21).
import { getOperationAST, type DocumentNode, type ExecutionResult } from "graphql";
import type { Plugin } from "graphql-yoga";
import { metrics, operationLabel } from "../metrics.ts";
import { WEB_OPERATION_NAMES } from "./operation-names.ts";

/** The operation names counted as themselves; any other is "other" (operation-names.ts). */
const KNOWN_OPERATIONS: ReadonlySet<string> = new Set(WEB_OPERATION_NAMES);

type Labels = { operation: string; type: string };

function labelsOf(document: DocumentNode, operationName: string | null | undefined): Labels {
  const operation = getOperationAST(document, operationName);
  return { operation: operationLabel(operationName ?? operation?.name?.value, KNOWN_OPERATIONS), type: operation?.operation ?? "unknown" };
}

/** What envelop hands the hooks (it types them loosely). */
type OperationArgs = { document: DocumentNode; operationName?: string | null };

const outcomeOf = (result: unknown) => ((result as ExecutionResult | null)?.errors?.length ? "error" : "ok");

export function observeOperations(): Plugin {
  return {
    onExecute({ args }) {
      const { document, operationName } = args as OperationArgs;
      const labels = labelsOf(document, operationName);
      const started = performance.now();
      return {
        onExecuteDone({ result }) {
          metrics.graphqlDuration.observe(labels, (performance.now() - started) / 1000);
          // An incremental (deferred) result is counted once, as it starts.
          metrics.graphqlOperations.inc({ ...labels, outcome: Symbol.asyncIterator in Object(result) ? "ok" : outcomeOf(result) });
        },
      };
    },
    onSubscribe({ args }) {
      const { document, operationName } = args as OperationArgs;
      const labels = labelsOf(document, operationName);
      const started = performance.now();
      return {
        onSubscribeResult({ result }) {
          metrics.graphqlDuration.observe(labels, (performance.now() - started) / 1000);
          const streaming = Symbol.asyncIterator in Object(result);
          metrics.graphqlOperations.inc({ ...labels, outcome: streaming ? "ok" : outcomeOf(result) });
          if (!streaming) return;
          metrics.activeSubscriptions.inc();
          let ended = false;
          return {
            onEnd() {
              if (ended) return;
              ended = true;
              metrics.activeSubscriptions.dec();
            },
          };
        },
      };
    },
  };
}
