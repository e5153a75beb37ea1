// Persisted operations, the Relay way (#31): the Relay compiler writes every operation of the
// web app to shared/src/generated/persisted-operations.json (id: the SHA-256 of its text) and the
// app sends the id alone. The server runs it by id on HTTP (`extensions.persistedQuery.sha256Hash`,
// Yoga's persisted-operations plugin) and on WebSocket (the same field of graphql-ws' subscribe
// payload, ws.ts). Where only persisted operations are allowed (production), any other document
// is run for curators alone (their console's explorer): everyone else is refused before
// execution, so the operations a stranger can run are the app's own.
import { usePersistedOperations } from "@graphql-yoga/plugin-persisted-operations";
import persistedTexts from "@nomina/shared/generated/persisted-operations.json";
import { getDocumentString } from "@envelop/core";
import { GraphQLError, type DocumentNode } from "graphql";
import type { Plugin } from "graphql-yoga";
import type { GraphQLContext } from "./context.ts";

export const PERSISTED_ONLY = "This server runs the app's own operations only: send a persisted operation's id";
export const PERSISTED_NOT_FOUND = "No persisted operation has this id";

export type PersistedOperations = {
  /** The text persisted under `id`, or undefined. */
  text(id: string): string | undefined;
  /**
   * Whether `document` is one of them: its source (envelop keeps each parsed document's) is a
   * persisted text, whether it came by id or, word for word, as a query.
   */
  has(document: DocumentNode): boolean;
};

export function persistedOperations(texts: Readonly<Record<string, string>> = persistedTexts): PersistedOperations {
  const known = new Set(Object.values(texts));
  return {
    text: (id) => (Object.hasOwn(texts, id) ? texts[id] : undefined),
    has: (document) => {
      const source = getDocumentString(document);
      return source !== undefined && known.has(source);
    },
  };
}

/** The persisted operation id a request names (Apollo's and Relay's shared field), if any. */
export function persistedIdOf(extensions: unknown): string | undefined {
  if (typeof extensions !== "object" || extensions === null) return undefined;
  const query = (extensions as { persistedQuery?: unknown }).persistedQuery;
  if (typeof query !== "object" || query === null) return undefined;
  const hash = (query as { sha256Hash?: unknown }).sha256Hash;
  return typeof hash === "string" ? hash : undefined;
}

/**
 * The plugins: Yoga's, which turns an id sent over HTTP into its text, and the rule that runs
 * any other document only for curators when `only` is set.
 */
export function persistedOperationPlugins(operations: PersistedOperations, only: boolean): Plugin<GraphQLContext>[] {
  const lookUp: Plugin<GraphQLContext> = usePersistedOperations({
    // Arbitrary documents are parsed and validated as ever (armor's limits apply); whether they
    // may run is decided below, once the caller is known.
    allowArbitraryOperations: true,
    extractPersistedOperationId: (params) => persistedIdOf(params.extensions) ?? null,
    // The text, not a parsed document: Yoga's parse cache and the response cache's reading of
    // an operation (response-cache.ts) work from it as they do for any query.
    getPersistedOperation: (id) => operations.text(id) ?? null,
    customErrors: {
      notFound: { message: PERSISTED_NOT_FOUND, extensions: { code: "PERSISTED_QUERY_NOT_FOUND", http: { status: 400 } } },
      keyNotFound: { message: "Send a query, or a persisted operation's id", extensions: { code: "BAD_REQUEST", http: { status: 400 } } },
    },
  });
  if (!only) return [lookUp];
  const refusal = () => ({ errors: [new GraphQLError(PERSISTED_ONLY, { extensions: { code: "PERSISTED_QUERY_ONLY", http: { status: 400 } } })] });
  const mayRun = (document: DocumentNode, context: GraphQLContext) => operations.has(document) || context.actor.curatorId !== null;
  const persistedOnly: Plugin<GraphQLContext> = {
    onExecute({ args, setResultAndStopExecution }) {
      if (!mayRun(args.document as DocumentNode, args.contextValue)) setResultAndStopExecution(refusal());
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      if (!mayRun(args.document as DocumentNode, args.contextValue)) setResultAndStopExecution(refusal());
    },
  };
  return [lookUp, persistedOnly];
}
