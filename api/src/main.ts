// Process entry: configuration from the environment, one app, a clean stop on SIGTERM/SIGINT.
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { createLogger } from "./logger.ts";
import { catchStrayFaults } from "./process-faults.ts";

const config = loadConfig();
const log = createLogger(config.logLevel);
const app = buildApp(config, { logger: log });
let serving = false;
catchStrayFaults(log, () => serving);

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    log.info({ signal }, "signal received");
    app.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, "unclean shutdown");
        process.exit(1);
      },
    );
  });
}

app.start().then(
  () => void (serving = true),
  (error: unknown) => {
    log.fatal({ err: error }, "could not start");
    process.exit(1);
  },
);
