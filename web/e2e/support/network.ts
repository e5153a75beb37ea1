// Steering the app's one graphql-ws connection from a spec: every message passes through to
// the real server, except the operations a test wants to fail, hold back or answer itself.
// This is how a spec shows the screens' loading and error states.
import type { Page } from "@playwright/test";

type Subscribe = { type: "subscribe"; id: string; payload: { operationName?: string; variables?: Record<string, unknown> } };

export type Steer = {
  /** Answer with a GraphQL error carrying this message. */
  fail?: string;
  /** Hold back from the server until the test releases it, to show the pending state. */
  hold?: true;
  /** Answer with this data instead of asking the server. */
  data?: Record<string, unknown>;
};

export type Steering = {
  /**
   * Forwards what was held of `operation` and lets the rest through. A test releases once it
   * has seen the pending state, so the state is seen however slow the machine is.
   */
  release(operation: string): void;
};

/** Steers the named operations (by Relay operation name) on every connection the page opens. */
export async function steerOperations(page: Page, steering: Record<string, Steer>): Promise<Steering> {
  const held = new Map<string, (() => void)[]>();
  const released = new Set<string>();
  await page.routeWebSocket(/\/graphql$/, (socket) => {
    const server = socket.connectToServer();
    socket.onMessage((raw) => {
      const message = JSON.parse(String(raw)) as { type: string } | Subscribe;
      const operation = message.type === "subscribe" ? ((message as Subscribe).payload.operationName ?? "") : "";
      const steer = steering[operation];
      if (!steer) return server.send(raw);
      const { id } = message as Subscribe;
      if (steer.fail !== undefined) {
        socket.send(JSON.stringify({ type: "next", id, payload: { data: null, errors: [{ message: steer.fail, extensions: { code: "BAD_REQUEST" } }] } }));
        socket.send(JSON.stringify({ type: "complete", id }));
      } else if (steer.data) {
        socket.send(JSON.stringify({ type: "next", id, payload: { data: steer.data } }));
        socket.send(JSON.stringify({ type: "complete", id }));
      } else if (steer.hold && !released.has(operation)) {
        held.set(operation, [...(held.get(operation) ?? []), () => server.send(raw)]);
      } else {
        server.send(raw);
      }
    });
  });
  return {
    release(operation) {
      released.add(operation);
      for (const send of held.get(operation) ?? []) send();
      held.delete(operation);
    },
  };
}

/** Records the operation names the page sends, to show that something was (not) sent. */
export function recordOperations(page: Page): string[] {
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
