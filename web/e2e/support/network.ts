// Steering the app's one graphql-ws connection from a spec: every message passes through to
// the real server, except the operations a test wants to fail, hold back or answer itself.
// This is how a spec shows the screens' loading and error states.
import type { Page } from "@playwright/test";

type Subscribe = { type: "subscribe"; id: string; payload: { operationName?: string; variables?: Record<string, unknown> } };

export type Steer = {
  /** Answer with a GraphQL error carrying this message. */
  fail?: string;
  /** Forward to the server only after this many milliseconds. */
  delayMs?: number;
  /** Answer with this data instead of asking the server. */
  data?: Record<string, unknown>;
};

/** Steers the named operations (by Relay operation name) on every connection the page opens. */
export async function steerOperations(page: Page, steering: Record<string, Steer>) {
  await page.routeWebSocket(/\/graphql$/, (socket) => {
    const server = socket.connectToServer();
    socket.onMessage((raw) => {
      const message = JSON.parse(String(raw)) as { type: string } | Subscribe;
      const steer = message.type === "subscribe" ? steering[(message as Subscribe).payload.operationName ?? ""] : undefined;
      if (!steer) return server.send(raw);
      const { id } = message as Subscribe;
      if (steer.fail !== undefined) {
        socket.send(JSON.stringify({ type: "next", id, payload: { data: null, errors: [{ message: steer.fail, extensions: { code: "BAD_REQUEST" } }] } }));
        socket.send(JSON.stringify({ type: "complete", id }));
      } else if (steer.data) {
        socket.send(JSON.stringify({ type: "next", id, payload: { data: steer.data } }));
        socket.send(JSON.stringify({ type: "complete", id }));
      } else {
        setTimeout(() => server.send(raw), steer.delayMs ?? 0);
      }
    });
  });
}

/** Records the operation names the page sends, to show that something was (not) sent. */
export async function recordOperations(page: Page): Promise<string[]> {
  const sent: string[] = [];
  page.on("websocket", (socket) => {
    socket.on("framesent", (frame) => {
      try {
        const message = JSON.parse(String(frame.payload)) as Subscribe;
        if (message.type === "subscribe" && message.payload.operationName) sent.push(message.payload.operationName);
      } catch {
        // not JSON: not ours
      }
    });
  });
  return sent;
}
