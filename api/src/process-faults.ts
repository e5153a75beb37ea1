// The last net under the server: an error no handler caught (an unhandled rejection, an
// uncaught exception) is logged with its stack and counted, and the server keeps serving: one
// request's fault must not end every visitor's. The process exits only for a state it cannot
// trust: a fault while it is still starting (nothing is being served yet; a supervisor
// restarts it) is left to end it.
import type { Logger } from "./logger.ts";

let count = 0;

/** Faults that reached the last net since the process started (a metric for operators). */
export const uncaughtFaults = () => count;

export function catchStrayFaults(log: Logger, serving: () => boolean): void {
  const stray = (kind: string) => (error: unknown) => {
    count++;
    if (!serving()) {
      log.fatal({ err: error, kind }, "a fault before the server was serving: exiting, as its state cannot be trusted");
      process.exit(1);
    }
    log.error({ err: error, kind }, "a fault no handler caught; the server keeps serving");
  };
  process.on("unhandledRejection", stray("unhandledRejection"));
  process.on("uncaughtException", stray("uncaughtException"));
}
