// Process entry: configuration from the environment, one app, a clean stop on SIGTERM/SIGINT.
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { createLogger } from "./logger.ts";

const config = loadConfig();
const log = createLogger(config.logLevel);
const app = buildApp(config, { logger: log });

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

app.start().catch((error: unknown) => {
  log.fatal({ err: error }, "could not start");
  process.exit(1);
});
