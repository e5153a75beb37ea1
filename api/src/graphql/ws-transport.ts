// graphql-ws over the `ws` package, through graphql-ws's own makeServer (its documented way to
// carry the protocol over any socket). Its ready-made `ws` adapter prints to the console and
// treats a client that vanished mid-answer (a write that meets EPIPE) as an internal error; here
// a vanished client is ordinary, and what does go wrong is logged once, in the app's log.
import type { IncomingMessage } from "node:http";
import { CloseCode, handleProtocols, makeServer, type ServerOptions } from "graphql-ws";
import type { WebSocket, WebSocketServer } from "ws";
import type { Logger } from "../logger.ts";
import { metrics } from "../metrics.ts";

/** What each operation's context sees of its connection (as graphql-ws's own adapter gives it). */
export type SocketExtra = { socket: WebSocket; request: IncomingMessage };

/** How often an idle client is pinged; one that does not answer by the next ping is cut. */
const KEEP_ALIVE_MS = 12_000;

/** Errors that only say the other side has gone away. */
const GONE = new Set(["EPIPE", "ECONNRESET", "ERR_STREAM_DESTROYED", "ERR_STREAM_WRITE_AFTER_END"]);
const isGone = (error: unknown) => GONE.has((error as NodeJS.ErrnoException | null)?.code ?? "");

export function serveGraphQLOverWs(options: ServerOptions<Record<string, unknown> | undefined, SocketExtra>, wss: WebSocketServer, log: Logger) {
  const server = makeServer(options);
  wss.options.handleProtocols = handleProtocols;
  wss.on("error", (error) => log.error({ err: error }, "the WebSocket server failed"));

  wss.on("connection", (socket: WebSocket, request: IncomingMessage) => {
    metrics.websocketConnections.inc();
    socket.on("error", (error) => {
      if (isGone(error)) log.debug({ err: error }, "a WebSocket client went away");
      else log.warn({ err: error }, "a WebSocket connection failed");
    });
    const keepAlive = setInterval(() => {
      if (socket.readyState !== socket.OPEN) return;
      if (!alive) return void socket.terminate();
      alive = false;
      socket.ping();
    }, KEEP_ALIVE_MS);
    let alive = true;
    socket.on("pong", () => (alive = true));

    const closed = server.opened(
      {
        protocol: socket.protocol,
        send: (data) =>
          new Promise<void>((resolve) => {
            if (socket.readyState !== socket.OPEN) return resolve();
            // A failed write means the client is gone: its close follows and ends its operations.
            socket.send(data, (error) => {
              if (error) log.debug({ err: error }, "a WebSocket message could not be delivered");
              resolve();
            });
          }),
        close: (code, reason) => socket.close(code, reason),
        onMessage: (handle) =>
          socket.on("message", (message: Buffer) => {
            handle(message.toString()).catch((error: unknown) => {
              log.error({ err: error }, "a WebSocket message could not be handled");
              socket.close(CloseCode.InternalServerError, "Internal server error");
            });
          }),
      },
      { socket, request },
    );
    socket.once("close", (code, reason) => {
      clearInterval(keepAlive);
      metrics.websocketConnections.dec();
      log.debug({ code }, "a WebSocket connection closed");
      closed(code, reason.toString()).catch((error: unknown) => log.warn({ err: error }, "a WebSocket connection did not close cleanly"));
    });
  });

  return {
    async dispose() {
      for (const client of wss.clients) client.close(1001, "Going away");
      wss.removeAllListeners();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
