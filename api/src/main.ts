// Process entry: configuration from the environment, one app, a clean stop on SIGTERM/SIGINT.
// On the embedded database, SIGUSR2 asks for the backups `npm run backup` requested (backup.ts).
import { rmSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { buildApp, type RunningApp } from "./app.ts";
import { answerBackupRequests, serverPidFile } from "./db/backup.ts";
import { checkDataDirectory, PRIVATE_FILE, PRIVATE_UMASK } from "./db/private-files.ts";
import { loadConfig } from "./config.ts";
import { warmGlyphImage } from "./domains/agents/glyph-image.ts";
import { createLogger } from "./logger.ts";
import { catchStrayFaults } from "./process-faults.ts";

// Whatever the server writes (the database, backups, the signing key, the outbox) is its user's
// alone, whatever umask it was started with (db/private-files.ts).
process.umask(PRIVATE_UMASK);

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

/** The embedded database's owner says who it is, and writes the backups it is asked for. */
async function serveBackups(running: RunningApp) {
  if (!running.db.dump || config.dataDir.startsWith("memory://")) return;
  const db = running.db;
  await writeFile(serverPidFile(config.dataDir), `${process.pid}\n`, { mode: PRIVATE_FILE });
  process.once("exit", () => rmSync(serverPidFile(config.dataDir), { force: true }));
  let queue = Promise.resolve();
  process.on("SIGUSR2", () => {
    queue = queue.then(async () => {
      try {
        for (const answer of await answerBackupRequests(db, config.dataDir)) {
          if ("error" in answer) log.error({ error: answer.error }, "backup failed");
          else log.info(answer, "backup written");
        }
      } catch (error) {
        log.error({ err: error }, "backup failed");
      }
    });
  });
}

/**
 * Before the app opens anything: the data directory made private if it is new, and named if
 * others may open it (a warning, never a refusal). Then the glyph image check is loaded: its DOM
 * (jsdom) would otherwise stall the event loop for seconds at the first image a visitor sends.
 */
async function prepareStart(): Promise<void> {
  if (!config.dataDir.startsWith("memory://")) {
    for (const open of await checkDataDirectory(config.dataDir)) {
      log.warn(open, "a data directory is open to other local users: chmod 700 it so that only the server's user reads the database, its backups and keys");
    }
  }
  log.debug({ ms: warmGlyphImage() }, "the glyph image check is ready");
}

prepareStart()
  .then(() => app.start())
  .then(
    (running) => {
      serving = true;
      serveBackups(running).catch((error: unknown) => log.error({ err: error }, "backups cannot be asked for"));
    },
    (error: unknown) => {
      log.fatal({ err: error }, "could not start");
      process.exit(1);
    },
  );
