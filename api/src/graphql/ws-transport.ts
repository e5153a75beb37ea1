// graphql-ws over the `ws` package, through graphql-ws's own makeServer (its documented way to
// carry the protocol over any socket). Its ready-made `ws` adapter prints to the console and
// treats a client that vanished mid-answer (a write that meets EPIPE) as an internal error; here
// a vanished client is ordinary, and what does go wrong is logged once, in the app's log.
import type { IncomingMessage } from "node:http";
import { CloseCode, handleProtocols, makeServer, type ServerOptions } from "graphql-ws";
import type { WebSocket, WebSocketServer } from "ws";
import type { Logger } from "../logger.ts";
import { metrics } from "../metrics.ts";

/** What each operation's context sees of its connection (as graphql-ws's own adapter gives it, and the client's address). */
export type SocketExtra = { socket: WebSocket; request: IncomingMessage; address: string };

/** How often an idle client is pinged; one that does not answer by the next ping is cut. */
const KEEP_ALIVE_MS = 12_000;

/** True when `work` settles within `ms`. */
async function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const settled = await Promise.race([work.then(() => true), new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)))]);
  clearTimeout(timer);
  return settled;
}

/** Errors that only say the other side has gone away. */
const GONE = new Set(["EPIPE", "ECONNRESET", "ERR_STREAM_DESTROYED", "ERR_STREAM_WRITE_AFTER_END"]);
const isGone = (error: unknown) => GONE.has((error as NodeJS.ErrnoException | null)?.code ?? "");

/** What one socket may hold of the server's memory for a client that does not read. */
export type SocketBuffers = {
  /** Unsent bytes past which an answer waits for the client to read (`socket.bufferedAmount`). */
  bufferedBytes: number;
  /** How long it waits; a client that has read nothing by then is dropped, and its buffer with it. */
  drainTimeoutMs: number;
  /** The largest single answer; a larger one closes the socket (1009) rather than be buffered. */
  maxAnswerBytes: number;
};

export const ANSWER_TOO_LARGE = "Answer too large for a WebSocket message: ask for fewer items";

export function serveGraphQLOverWs(
  options: ServerOptions<Record<string, unknown> | undefined, SocketExtra>,
  wss: WebSocketServer,
  log: Logger,
  buffers: SocketBuffers,
) {
  const server = makeServer(options);
  wss.options.handleProtocols = handleProtocols;
  wss.on("error", (error) => log.error({ err: error }, "the WebSocket server failed"));

  // ws.ts emits each admitted handshake with the client's address, as the edge decided it.
  wss.on("connection", (socket: WebSocket, request: IncomingMessage, address: string) => {
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

    // Settles once everything sent so far has been written out to the client.
    let flushed: Promise<void> = Promise.resolve();
    /** Back-pressure: past the bound, an answer waits for the client to read; one that never does is dropped. */
    const room = async (): Promise<boolean> => {
      if (socket.bufferedAmount <= buffers.bufferedBytes) return true;
      const drained = await within(flushed, buffers.drainTimeoutMs);
      if (drained || socket.bufferedAmount <= buffers.bufferedBytes) return socket.readyState === socket.OPEN;
      log.warn({ bufferedAmount: socket.bufferedAmount, limit: buffers.bufferedBytes }, "dropped a WebSocket client that stopped reading");
      socket.terminate();
      return false;
    };

    const closed = server.opened(
      {
        protocol: socket.protocol,
        send: async (data) => {
          if (socket.readyState !== socket.OPEN) return;
          const bytes = Buffer.byteLength(data);
          if (bytes > buffers.maxAnswerBytes) {
            log.warn({ bytes, limit: buffers.maxAnswerBytes }, "closed a WebSocket whose answer was too large");
            socket.close(1009, ANSWER_TOO_LARGE);
            return;
          }
          if (!(await room()) || socket.readyState !== socket.OPEN) return;
          const sent = new Promise<void>((resolve) => {
            // A failed write means the client is gone: its close follows and ends its operations.
            socket.send(data, (error) => {
              if (error) log.debug({ err: error }, "a WebSocket message could not be delivered");
              resolve();
            });
          });
          flushed = sent;
          // Within the bound the next answer goes on at once (a broadcast's watchers are written to
          // one after another, with no timer each); past it, it waits for this one to be written
          // out, but not for ever: a socket still over the bound by then is dropped.
          if (socket.bufferedAmount <= buffers.bufferedBytes) return;
          if (!(await within(sent, buffers.drainTimeoutMs))) await room();
        },
        close: (code, reason) => socket.close(code, reason),
        onMessage: (handle) =>
          socket.on("message", (message: Buffer) => {
            handle(message.toString()).catch((error: unknown) => {
              log.error({ err: error }, "a WebSocket message could not be handled");
              socket.close(CloseCode.InternalServerError, "Internal server error");
            });
          }),
      },
      { socket, request, address },
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
