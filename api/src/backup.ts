// `npm run backup [-- --to FILE]` and `npm run restore -- FILE` (or `node api/dist/backup.js
// backup|restore ...` in the image): operators' backups of the embedded database (#32 item 7).
// A backup is PGlite's data dump, one .tar.gz, by default in DATA_DIR/backups. While the server
// runs it owns the data directory, so it is asked to write the backup (a request beside the
// backups and SIGUSR2) and writes it between two statements, writes going on around it; with no
// server running, this command opens the directory and writes it itself. A restore needs the
// server stopped: it moves the database aside (never deletes it) and loads the backup in its place.
// On PostgreSQL (DATABASE_URL set) it says to use pg_dump and pg_restore.
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fail, readArguments } from "./cli.ts";
import { loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { backupFileName, backupsDirectory, requestBackup, restoreBackup, serverPidFile, writeBackup, type BackupAnswer } from "./db/backup.ts";
import { isDataDirectoryHeld } from "./db/pglite-lock.ts";
import { PRIVATE_UMASK } from "./db/private-files.ts";

// A backup holds every account's data: what this command writes is its user's alone (db/private-files.ts).
process.umask(PRIVATE_UMASK);

const USAGE = "usage: npm run backup [-- --to FILE] | npm run restore -- FILE | --help";

const HELP = `Backups of the embedded database (PGlite, in DATA_DIR).

${USAGE}

  backup [--to FILE]  write the whole database to one .tar.gz (by default
                      DATA_DIR/backups/nomina-<time>.tar.gz). A running server is asked to
                      write it and goes on serving meanwhile; with none, this writes it itself
  restore FILE        load a backup into DATA_DIR; the server must be stopped. The database
                      there is moved aside to DATA_DIR/pglite.before-restore-<time>, never deleted
  -h, --help          this help

On PostgreSQL (DATABASE_URL set) use its own tools:
  pg_dump --format=custom --file=nomina.dump "$DATABASE_URL"
  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" nomina.dump`;

/** How long a running server may take to answer a request for a backup. */
const ANSWER_WAIT_MS = 120_000;

/** The running server's answer to a request, once written. */
async function awaitAnswer(answerFile: string): Promise<BackupAnswer> {
  const deadline = Date.now() + ANSWER_WAIT_MS;
  while (Date.now() < deadline) {
    try {
      const answer = JSON.parse(await readFile(answerFile, "utf8")) as BackupAnswer;
      await rm(answerFile, { force: true });
      return answer;
    } catch {
      await sleep(100);
    }
  }
  return fail(`The server did not answer within ${ANSWER_WAIT_MS / 1000} s; is it the one that holds ${answerFile}'s data directory?`);
}

async function backup(dataDir: string, to: string): Promise<BackupAnswer> {
  if (await isDataDirectoryHeld(dataDir)) {
    const pid = Number((await readFile(serverPidFile(dataDir), "utf8").catch(() => "")).trim());
    if (!Number.isInteger(pid) || pid <= 0) return fail(`${dataDir} is held by a process that left no ${serverPidFile(dataDir)}: stop it, or back up from it`);
    const answerFile = await requestBackup(dataDir, to);
    process.kill(pid, "SIGUSR2");
    return awaitAnswer(answerFile);
  }
  const db = await openDatabase({ dataDir });
  try {
    return { to, bytes: await writeBackup(db, to) };
  } finally {
    await db.close();
  }
}

async function main() {
  const { positionals, values } = readArguments({ to: { type: "string" }, help: { type: "boolean", short: "h" } }, USAGE);
  const [command, file] = positionals;
  if (values.help) return console.log(HELP);
  const config = loadConfig();
  if (config.databaseUrl) return fail(`DATABASE_URL is set: back up PostgreSQL with its own tools.\n\n${HELP}`, 2);
  if (command === "backup" && !file) {
    const to = path.resolve(values.to ?? path.join(backupsDirectory(config.dataDir), backupFileName()));
    const answer = await backup(config.dataDir, to);
    if ("error" in answer) return fail(`The backup failed: ${answer.error}`);
    return console.log(`backup written: ${answer.to} (${(answer.bytes / 1024 / 1024).toFixed(1)} MiB)`);
  }
  if (command === "restore" && file && !values.to) {
    if (await isDataDirectoryHeld(config.dataDir)) return fail(`The server is running on ${config.dataDir}: stop it first, then restore`);
    const { keptAs, agents } = await restoreBackup(path.resolve(file), config.dataDir);
    if (keptAs) console.log(`the database that was there is kept at ${keptAs}`);
    return console.log(`restored ${file} into ${config.dataDir}: ${agents} agents`);
  }
  return fail(USAGE, 2);
}

main().then(
  () => process.exit(0),
  (error: unknown) => fail(error instanceof Error ? error.message : String(error)),
);
