// Stopping an answer while it is spoken. The process running the seat's call holds its abort
// controller; a stop asked of another process (several replicas behind one address) travels on
// the event bus to whichever holds it. The words already spoken are kept by the speaker.
import { setTimeout as sleep } from "node:timers/promises";
import type { Logger } from "../../logger.ts";
import type { EventBus } from "../events.ts";

/** How long a stop waits for the speaker to store what was said before answering. */
const SETTLE_WAIT_MS = 5_000;

type Running = { controller: AbortController; settled: Promise<void>; settle: () => void };

export function createStops(bus: Pick<EventBus, "publish" | "subscribe">, log: Logger) {
  const running = new Map<string, Running>();
  let listening = false;

  /** Stops asked of other processes reach this one's running answers. */
  function listen() {
    if (listening) return;
    listening = true;
    void (async () => {
      for await (const { messageId } of bus.subscribe("messageStopRequested")) running.get(messageId)?.controller.abort();
    })().catch((error: unknown) => log.warn({ err: error }, "stop requests are no longer heard"));
  }

  return {
    /** An answer starts: its signal aborts on a stop; `settle` once its row is stored. */
    register(messageId: string) {
      listen();
      let settle!: () => void;
      const settled = new Promise<void>((resolve) => (settle = resolve));
      const entry: Running = { controller: new AbortController(), settled, settle };
      running.set(messageId, entry);
      return {
        signal: entry.controller.signal,
        settle: () => {
          running.delete(messageId);
          settle();
        },
      };
    },

    /** Stops the answer wherever it is spoken; resolves once this process has stored it, or soon after asking. */
    async stop(messageId: string): Promise<void> {
      const here = running.get(messageId);
      if (!here) {
        bus.publish("messageStopRequested", { messageId });
        return;
      }
      here.controller.abort();
      await Promise.race([here.settled, sleep(SETTLE_WAIT_MS, undefined, { ref: false })]);
    },
  };
}
