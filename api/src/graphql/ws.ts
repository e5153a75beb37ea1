// GraphQL over WebSocket (graphql-ws) on the same path as HTTP, sharing Yoga's pipeline:
// every operation is built from yoga.getEnveloped, so plugins and context are identical.
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { GraphQLError, type DocumentNode, type ExecutionArgs, type GraphQLSchema } from "graphql";
import { WebSocketServer } from "ws";
import type { Logger } from "../logger.ts";
import type { GraphQLServer } from "./yoga.ts";
import { serveGraphQLOverWs, type SocketBuffers, type SocketExtra } from "./ws-transport.ts";
import type { Context, SubscribePayload } from "graphql-ws";
import { uuidv7 } from "../db/uuid.ts";
import { requestScope, streamInScope, type RequestScope } from "../request-context.ts";
import { PERSISTED_NOT_FOUND, persistedIdOf, type PersistedOperations } from "./persisted.ts";
import { withCodes } from "./error-codes.ts";
import { broadcastReader, broadcasts, tapArrivals, type BroadcastOptions } from "./broadcasts.ts";
import type { GraphQLContext } from "./context.ts";

type EnvelopedArgs = ExecutionArgs & {
  rootValue: { execute: (args: ExecutionArgs) => unknown; subscribe: (args: ExecutionArgs) => unknown };
  /** Set when the operation is a broadcast every socket asking the same may share (broadcasts.ts). */
  broadcastKey?: string;
  /** The operation's own request scope: its id in every log line it causes and in a masked error's extensions. */
  scope: RequestScope;
};

/** What yoga.getEnveloped gives for one operation (envelop types its parts loosely). */
type Enveloped = EnvelopedArgs["rootValue"] & {
  schema: GraphQLSchema;
  parse: (source: string) => DocumentNode;
  validate: (schema: GraphQLSchema, document: DocumentNode) => readonly GraphQLError[];
  contextFactory: () => Promise<unknown>;
};

export type GraphQLSocket = {
  /** Takes a handshake the edge has admitted (http/edge.ts: path, origin, sockets per address), from `address`. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer, address: string): void;
  close(): Promise<void>;
};

export type SocketOptions = {
  maxPayload: number;
  /** Operations one socket may run at once; more are refused with an error. */
  maxOperationsPerSocket: number;
  /** The web app's persisted operations: a subscribe payload may name one by id (persisted.ts). */
  persisted: PersistedOperations;
  /** What a socket may hold unsent, and its largest answer (ws-transport.ts). */
  buffers: SocketBuffers;
  /**
   * Public feeds executed once per event for every socket asking the same (broadcasts.ts), with the
   * events a socket may leave unread before it is ended; undefined: each socket runs its own.
   */
  broadcasts: BroadcastOptions | undefined;
};

/** Refusals before execution, coded as HTTP codes them (error-codes.ts): a syntax error is the client's. */
const coded = (errors: readonly GraphQLError[]): readonly GraphQLError[] => withCodes({ errors }).errors ?? errors;

export const TOO_MANY_OPERATIONS = "Too many operations on this connection";

export function attachGraphQLWebSocket(yoga: GraphQLServer, log: Logger, options: SocketOptions): GraphQLSocket {
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxPayload });
  const shared = options.broadcasts && broadcasts(options.broadcasts);
  let isBroadcast: ReturnType<typeof broadcastReader> | undefined;
  const transport = serveGraphQLOverWs(
    {
      execute: (args) => requestScope.run((args as EnvelopedArgs).scope, () => (args as EnvelopedArgs).rootValue.execute(args)) as never,
      subscribe: (args) => {
        const { rootValue, broadcastKey, scope } = args as EnvelopedArgs;
        const subscribed = requestScope.run(scope, () =>
          !shared || broadcastKey === undefined
            ? rootValue.subscribe(args)
            : shared.subscribe(broadcastKey, (onSource) => {
                // The shared execution notes which event it is executing, so a joiner hears only later ones.
                const context = args.contextValue as GraphQLContext;
                context.bus = tapArrivals(context.bus, onSource);
                return rootValue.subscribe(args) as never;
              }),
        );
        // Each event is executed in the operation's scope too (a shared one in its first watcher's).
        return Promise.resolve(subscribed).then((result) =>
          result && typeof result === "object" && Symbol.asyncIterator in result ? streamInScope(scope, result as AsyncIterable<unknown>) : result,
        ) as never;
      },
      // Each operation on a socket is a request of its own, with its own id, as an HTTP request is.
      onSubscribe: (ctx, _id, payload) => requestScope.run({ requestId: uuidv7(), address: ctx.extra.address, log }, () => admit(ctx, payload)),
      // Every error a client reads carries a code, as on HTTP (error-codes.ts): graphql-js words a
      // variable of the wrong type without one.
      onNext: (_ctx, _id, _payload, _args, result) => {
        const coded = withCodes(result);
        return coded === result ? undefined : { ...coded, errors: coded.errors?.map((error) => error.toJSON()) };
      },
      onError: (_ctx, _id, _payload, errors) => {
        log.warn({ errors: errors.map((e) => e.message) }, "websocket operation rejected");
      },
    },
    wss,
    log,
    options.buffers,
  );

  /** An operation's document and context, or the refusal it gets before it runs. */
  async function admit(
    ctx: Context<Record<string, unknown> | undefined, SocketExtra>,
    payload: SubscribePayload,
  ): Promise<EnvelopedArgs | readonly GraphQLError[]> {
    // graphql-ws lists the socket's operations, this one included, and forgets one as soon
    // as the client completes it.
    if (Object.keys(ctx.subscriptions).length > options.maxOperationsPerSocket) {
      return [new GraphQLError(TOO_MANY_OPERATIONS, { extensions: { code: "RATE_LIMITED" } })];
    }
    const request = ctx.extra.request;
    const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped({
      ...ctx,
      req: request,
      socket: ctx.extra.socket,
      params: payload,
      clientAddress: ctx.extra.address,
      // The web client sends {authorization: "Bearer ..."} in connection_init.
      authorization: ctx.connectionParams?.authorization ?? ctx.connectionParams?.Authorization,
      visitor: ctx.connectionParams?.visitor,
    }) as Enveloped;
    // Parsing and validation (armor's limits among them) may throw: answer with the
    // rejection instead of letting graphql-ws treat it as an internal fault.
    let document: DocumentNode;
    let source: string;
    try {
      const id = persistedIdOf(payload.extensions);
      const persisted = id === undefined ? undefined : options.persisted.text(id);
      if (id !== undefined && persisted === undefined) return [new GraphQLError(PERSISTED_NOT_FOUND, { extensions: { code: "PERSISTED_QUERY_NOT_FOUND" } })];
      source = persisted ?? payload.query;
      document = parse(source);
      const errors = validate(schema, document);
      if (errors.length > 0) return coded(errors);
    } catch (error) {
      if (error instanceof GraphQLError) return coded([error]);
      throw error;
    }
    const contextValue = (await contextFactory()) as GraphQLContext;
    isBroadcast ??= broadcastReader(schema);
    const broadcast = shared !== undefined && !contextValue.tokenRefused && isBroadcast(document, payload.operationName ?? undefined);
    const args: EnvelopedArgs = {
      schema,
      operationName: payload.operationName,
      document,
      variableValues: payload.variables,
      contextValue,
      rootValue: { execute, subscribe },
      broadcastKey: broadcast ? JSON.stringify([source, payload.operationName ?? null, payload.variables ?? null]) : undefined,
      scope: requestScope.getStore()!,
    };
    return args;
  }

  return {
    handleUpgrade(request, socket, head, address) {
      wss.handleUpgrade(request, socket, head, (ws) => wss.emit("connection", ws, request, address));
    },
    async close() {
      for (const client of wss.clients) client.close(1001, "Server shutting down");
      await transport.dispose();
    },
  };
}
