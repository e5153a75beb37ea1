// The page's one graphql-ws socket, routed through Playwright so that a spec can tell when the
// page's live subscriptions are in place on the server, make one operation fail as the server
// would, or cut the connection as a lost network would.
import type { Page, WebSocketRoute } from "@playwright/test";

type Message = { id?: string; type: string; payload?: { operationName?: string; query?: string } };

export type LiveSocket = {
  /**
   * Resolves once the page has subscribed to each named operation and the server has set them
   * up: graphql-ws handles one socket's messages in order, so a probe sent after them is
   * answered only when they are in place (the API tests' `subscribed` does the same).
   */
  ready(...operations: string[]): Promise<void>;
  /** Answers the page's next `operation` with a GraphQL error instead of forwarding it. */
  failNext(operation: string, message: string): void;
  /** Holds the page's next `operation` back from the server until `release()`, to show its pending state. */
  holdNext(operation: string): { release(): void };
  /** Closes the page's socket with a non-normal code, as a lost network or a restart would. */
  drop(): Promise<void>;
};

export async function routeLiveSocket(page: Page): Promise<LiveSocket> {
  let current: { page: WebSocketRoute; server: WebSocketRoute } | undefined;
  const subscribed = new Set<string>();
  const waiters: (() => void)[] = [];
  const failing = new Map<string, string>();
  const holding = new Map<string, (send: () => void) => void>();
  const probes = new Map<string, () => void>();
  let probeCount = 0;

  await page.routeWebSocket(/\/graphql$/, (route) => {
    const server = route.connectToServer();
    current = { page: route, server };
    route.onMessage((raw) => {
      const message = JSON.parse(String(raw)) as Message;
      const operation = message.type === "subscribe" ? message.payload?.operationName : undefined;
      if (operation && failing.has(operation)) {
        const error = failing.get(operation)!;
        failing.delete(operation);
        route.send(JSON.stringify({ id: message.id, type: "error", payload: [{ message: error }] }));
        return;
      }
      const hold = operation ? holding.get(operation) : undefined;
      if (hold) {
        holding.delete(operation!);
        hold(() => server.send(raw));
      } else {
        server.send(raw);
      }
      if (operation) {
        subscribed.add(operation);
        waiters.splice(0).forEach((wake) => wake());
      }
    });
    server.onMessage((raw) => {
      const message = JSON.parse(String(raw)) as Message;
      if (message.id && probes.has(message.id)) {
        if (message.type === "complete") probes.get(message.id)!();
        return;
      }
      route.send(raw);
    });
  });

  const probe = () =>
    new Promise<void>((resolve) => {
      const id = `e2e-probe-${++probeCount}`;
      probes.set(id, resolve);
      current!.server.send(JSON.stringify({ id, type: "subscribe", payload: { query: "{ __typename }" } }));
    });

  return {
    async ready(...operations) {
      while (!operations.every((operation) => subscribed.has(operation))) {
        await new Promise<void>((wake) => waiters.push(wake));
      }
      await probe();
    },
    failNext(operation, message) {
      failing.set(operation, message);
    },
    holdNext(operation) {
      let send: (() => void) | undefined;
      let released = false;
      holding.set(operation, (forward) => (released ? forward() : (send = forward)));
      return {
        release() {
          released = true;
          send?.();
        },
      };
    },
    async drop() {
      subscribed.clear();
      // Closing the page's side closes the server's side too (Playwright forwards closure).
      await current?.page.close({ code: 1012, reason: "Service Restart" });
    },
  };
}
