// GraphQL over WebSocket (graphql-ws) on the same path as HTTP, sharing Yoga's pipeline:
// every operation is built from yoga.getEnveloped, so plugins and context are identical.
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { GraphQLError, type ExecutionArgs } from "graphql";
import { useServer } from "graphql-ws/use/ws";
import { WebSocketServer } from "ws";
import { isAllowedSocketOrigin } from "../http/cors.ts";
import type { Logger } from "../logger.ts";
import type { GraphQLServer } from "./yoga.ts";

type EnvelopedArgs = ExecutionArgs & {
  rootValue: { execute: (args: ExecutionArgs) => unknown; subscribe: (args: ExecutionArgs) => unknown };
};

export type GraphQLSocket = { close(): Promise<void> };

export type SocketOptions = {
  allowedOrigins: readonly string[];
  maxPayload: number;
  /** The client's address, as the HTTP edge would see it (proxies considered). */
  addressOf: (request: IncomingMessage) => string;
};

export function attachGraphQLWebSocket(server: Server, yoga: GraphQLServer, log: Logger, options: SocketOptions): GraphQLSocket {
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxPayload });
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const { pathname } = new URL(request.url ?? "/", "http://localhost");
    if (pathname !== yoga.graphqlEndpoint) {
      socket.end("HTTP/1.1 404 Not Found\r\n\r\n");
      return;
    }
    // Cross-site WebSocket hijacking: a page elsewhere must not speak as our visitor.
    if (!isAllowedSocketOrigin(request.headers.origin, request.headers.host, options.allowedOrigins)) {
      socket.end("HTTP/1.1 403 Forbidden\r\n\r\n");
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit("connection", ws, request));
  };
  server.on("upgrade", onUpgrade);

  const disposable = useServer(
    {
      execute: (args) => (args as EnvelopedArgs).rootValue.execute(args) as never,
      subscribe: (args) => (args as EnvelopedArgs).rootValue.subscribe(args) as never,
      onSubscribe: async (ctx, _id, payload) => {
        const request = ctx.extra.request;
        const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped({
          ...ctx,
          req: request,
          socket: ctx.extra.socket,
          params: payload,
          clientAddress: options.addressOf(request),
          // The web client sends {authorization: "Bearer ..."} in connection_init.
          authorization: ctx.connectionParams?.authorization ?? ctx.connectionParams?.Authorization,
        });
        // Parsing and validation (armor's limits among them) may throw: answer with the
        // rejection instead of letting graphql-ws treat it as an internal fault.
        let document;
        try {
          document = parse(payload.query);
          const errors = validate(schema, document);
          if (errors.length > 0) return errors;
        } catch (error) {
          if (error instanceof GraphQLError) return [error];
          throw error;
        }
        const args: EnvelopedArgs = {
          schema,
          operationName: payload.operationName,
          document,
          variableValues: payload.variables,
          contextValue: await contextFactory(),
          rootValue: { execute, subscribe },
        };
        return args;
      },
      onError: (_ctx, _id, _payload, errors) => {
        log.warn({ errors: errors.map((e) => e.message) }, "websocket operation rejected");
      },
    },
    wss,
  );

  return {
    async close() {
      server.off("upgrade", onUpgrade);
      for (const client of wss.clients) client.close(1001, "Server shutting down");
      await disposable.dispose();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
