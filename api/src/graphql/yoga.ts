// GraphQL over HTTP: Yoga with the schema, the per-request context, and error masking that
// shows clients their own mistakes and logs everything else for operators.
import { GraphQLError } from "graphql";
import { useCSRFPrevention } from "@graphql-yoga/plugin-csrf-prevention";
import { createYoga, type YogaServerInstance } from "graphql-yoga";
import { unavailable } from "../errors.ts";
import { judge } from "./judged-errors.ts";
import type { Logger } from "../logger.ts";
import { currentRequestId } from "../request-context.ts";
import { INTERNAL_ERROR_MESSAGE } from "../errors.ts";
import { armorPlugins } from "./armor.ts";
import { limitEventStreams } from "./event-streams.ts";
import { codeEveryError, remade } from "./error-codes.ts";
import { curatorsOnlyIntrospection } from "./introspection.ts";
import { refuseNulPlugin } from "./nul.ts";
import type { ResponseCache } from "./response-cache.ts";
import { observeOperations } from "./observe.ts";
import { compressAnswers } from "./compress.ts";
import { undoOnFailure } from "./undo.ts";
import { persistedOperationPlugins, persistedOperations, type PersistedOperations } from "./persisted.ts";
import type { ContextSource, EdgeContext, GraphQLContext } from "./context.ts";
import { createContextFactory } from "./context.ts";
import { schema } from "./schema.ts";
import { paths } from "@nomina/shared/paths";

export type { EdgeContext } from "./context.ts";

const EXPLORER_REDIRECT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>GraphQL explorer · Nomina</title><meta http-equiv="refresh" content="0; url=${paths.curatorExplorer}"></head><body><p>The GraphQL explorer lives in the <a href="${paths.curatorExplorer}">curator console</a>.</p></body></html>`;

export type GraphQLServer = YogaServerInstance<EdgeContext, GraphQLContext>;

export type GraphQLOptions = ContextSource & {
  log: Logger;
  graphiql: boolean;
  /** Production describes the schema to curators only. */
  introspection: "everyone" | "curators";
  /** Strangers may run the web app's persisted operations only; curators any document (persisted.ts). */
  persistedOperationsOnly?: boolean;
  /** The persisted operations, the Relay compiler's unless given. */
  persisted?: PersistedOperations;
  /** Public reads served from a cache that every committed write invalidates (response-cache.ts). */
  responseCache?: ResponseCache;
  /** The worst-case cost an operation may have (cost.ts); ARMOR_LIMITS.maxCost unless set. */
  limits?: { maxCost: number };
  /** Streams (server-sent events, multipart) one address may hold open; 50 unless set. */
  eventStreamsPerAddress?: number;
};

/** Where in the answer an error stands ("invokeCouncil.session.settings"), for the log. */
const pathOf = (error: unknown) => (error instanceof GraphQLError && error.path ? error.path.join(".") : undefined);

export function createGraphQLServer(options: GraphQLOptions): GraphQLServer {
  const { log } = options;
  const buildContext = createContextFactory(options);
  // Yoga logs every error it masks; maskError below has already judged each one (a client's
  // mistake is not logged as a fault, a fault is logged once, with its stack).
  const judged = new WeakSet<object>();
  const unjudged = (args: unknown[]) => args.filter((arg) => !(typeof arg === "object" && arg !== null && judged.has(arg)));
  return createYoga<EdgeContext, GraphQLContext>({
    schema,
    graphqlEndpoint: "/graphql",
    landingPage: false,
    // The body limit is the edge's (app.ts): the fast path takes only a declared length within it,
    // which Node's parser holds the body to, and the router counts the bytes of any other. Yoga's
    // own limit (25 MB) would pipe every body through a byte-counting stream as well.
    maxRequestBodySize: false,
    // Development's GET /graphql in a browser: the curators' explorer, which the web app bundles
    // (no CDN, so it works offline and under the app's own content security policy).
    graphiql: options.graphiql,
    renderGraphiQL: () => EXPLORER_REDIRECT,
    context: ({ clientAddress, authorization, visitor }) => buildContext({ clientAddress, authorization, visitor }),
    // CORS is the edge's, one rule for every path (http/cors.ts); Yoga would answer every origin.
    cors: false,
    plugins: [
      limitEventStreams(options.eventStreamsPerAddress ?? 50),
      observeOperations(),
      compressAnswers(),
      ...armorPlugins(options.limits),
      refuseNulPlugin(),
      // A request a browser sends without a preflight (GET, form posts) must carry this
      // header, which another site cannot add: no cross-site request forgery.
      useCSRFPrevention({ requestHeaders: ["x-graphql-yoga-csrf"] }),
      ...(options.introspection === "curators" ? [curatorsOnlyIntrospection()] : []),
      // Before the response cache, which may rewrite the document it caches by.
      ...persistedOperationPlugins(options.persisted ?? persistedOperations(), options.persistedOperationsOnly ?? false),
      ...(options.responseCache?.plugins ?? []),
      undoOnFailure(log),
      // Last: it answers a body no earlier plugin (the CSRF check among them) refused or read.
      codeEveryError(),
    ],
    logging: {
      debug: (...args) => log.debug(args.map(String).join(" ")),
      info: (...args) => log.info(args.map(String).join(" ")),
      warn: (...args) => log.warn(args.map(String).join(" ")),
      error: (...args) => {
        const rest = unjudged(args);
        if (rest.length) log.error(rest.map(String).join(" "));
      },
    },
    maskedErrors: {
      maskError(error) {
        if (typeof error === "object" && error !== null) judged.add(error);
        const judgement = judge(error);
        switch (judgement.kind) {
          case "refused": {
            const refused = judgement.error;
            // A refusal is the client's to read, and the operators' to see with its request id.
            log.info({ code: refused.code, status: refused.status, path: pathOf(error), message: refused.message }, "graphql operation refused");
            return remade(error, refused.message, {
              code: refused.code,
              ...(refused.field ? { field: refused.field } : {}),
              ...(refused.retryAfter !== undefined ? { retryAfter: refused.retryAfter } : {}),
            });
          }
          case "invalid":
            log.info({ code: "BAD_USER_INPUT", path: pathOf(error), message: judgement.message }, "graphql operation refused");
            return remade(error, judgement.message, { code: "BAD_USER_INPUT" });
          case "request":
            return error as GraphQLError;
          case "unavailable": {
            log.warn({ err: judgement.cause }, "the database could not answer an operation");
            const refusal = unavailable();
            return remade(error, refusal.message, {
              code: refusal.code,
              retryAfter: refusal.retryAfter,
              http: { status: 503, headers: { "Retry-After": String(refusal.retryAfter) } },
            });
          }
          case "fault": {
            log.error({ err: judgement.cause, path: pathOf(error) }, "graphql operation failed");
            // The request's id goes with the masked message, so that what a visitor quotes finds the log line.
            const requestId = currentRequestId();
            return remade(error, INTERNAL_ERROR_MESSAGE, { code: "INTERNAL_SERVER_ERROR", ...(requestId ? { requestId } : {}) });
          }
        }
      },
    },
  });
}
