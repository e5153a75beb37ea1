// Operators' backups of the embedded database (#32 item 7). A backup is PGlite's data dump: the
// whole data directory as one gzipped tarball, taken by the process that owns the directory
// (the running server, asked by `npm run backup`, or the command itself when no server runs).
// A restore loads one into a data directory whose database has been moved aside. PostgreSQL has
// pg_dump and pg_restore for this (README, "Backups").
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile, readdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { Database } from "./client.ts";
import { lockDataDirectory } from "./pglite-lock.ts";
import { makePrivateDirectory, PRIVATE_FILE, tightenTree } from "./private-files.ts";

/** Where a server writes the backups it is asked for, inside its data directory. */
export const backupsDirectory = (dataDir: string) => path.join(dataDir, "backups");

/** The running server's process id, beside its database, so that `npm run backup` can ask it. */
export const serverPidFile = (dataDir: string) => path.join(dataDir, "nomina.pid");

/** A backup's name: when it was taken, sortable. */
/** A moment as a file name may carry it, sortable. */
const stamp = (at = new Date()) => at.toISOString().replace(/[:.]/g, "-");

export const backupFileName = (at = new Date()) => `nomina-${stamp(at)}.tar.gz`;

/** A file only the server's user may read (a backup holds every account's data). */
const writePrivate = (file: string, data: string | Buffer) => writeFile(file, data, { mode: PRIVATE_FILE });

/**
 * Writes `db`'s image to `file`: beside it first, then renamed, so a file under a backup's name
 * is always whole, and private, as is any folder made for it. Returns its size in bytes.
 */
export async function writeBackup(db: Pick<Database, "dump">, file: string): Promise<number> {
  if (!db.dump) throw new Error("Only the embedded database (PGlite) is backed up here; on PostgreSQL use pg_dump");
  const image = Buffer.from(await (await db.dump()).arrayBuffer());
  await makePrivateDirectory(path.dirname(file));
  const partial = `${file}.${randomUUID()}.partial`;
  try {
    await writePrivate(partial, image);
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return image.length;
}

/**
 * Loads the backup `file` into `dataDir`, which no server may hold. The database there, if any,
 * is kept beside it (`pglite.before-restore-<time>`), never deleted. Returns where it was kept.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<{ keptAs: string | null; agents: number }> {
  const image = new Blob([await readFile(file)]);
  const lock = await lockDataDirectory(dataDir);
  try {
    const current = path.join(dataDir, "pglite");
    let keptAs: string | null = null;
    if (existsSync(current)) {
      keptAs = `${current}.before-restore-${stamp()}`;
      await rename(current, keptAs);
    }
    let client: PGlite | undefined;
    try {
      client = await PGlite.create({ dataDir: current, loadDataDir: image, extensions: { pg_trgm } });
      await tightenTree(current);
      // The image opens and reads: its agents, counted.
      const { rows } = await client.query<{ agents: number }>("SELECT count(*)::int AS agents FROM agents");
      return { keptAs, agents: rows[0]!.agents };
    } catch (error) {
      // A backup that does not open leaves the directory as it was.
      await client?.close().catch(() => {});
      client = undefined;
      await rm(current, { recursive: true, force: true });
      if (keptAs) await rename(keptAs, current);
      throw error;
    } finally {
      await client?.close();
      if (client) await tightenTree(current);
    }
  } finally {
    await lock.release();
  }
}

// --- A running server asked for a backup ------------------------------------------------------
// `npm run backup` cannot open a directory the server holds: it leaves a request in the backups
// directory and sends the server SIGUSR2; the server writes each request's backup and answers
// beside it. Only the server's own user can signal it, so the request needs no other proof.

type BackupRequest = { to: string };
export type BackupAnswer = { to: string; bytes: number } | { error: string };

const REQUEST = /^request-[0-9a-f-]{36}\.json$/;
const answerFile = (request: string) => request.replace(/\.json$/, ".answer.json");

/** Leaves a request for a backup to `to`; returns the file the answer will be written to. */
export async function requestBackup(dataDir: string, to: string): Promise<string> {
  const directory = backupsDirectory(dataDir);
  await makePrivateDirectory(directory);
  const request = path.join(directory, `request-${randomUUID()}.json`);
  await writePrivate(`${request}.partial`, JSON.stringify({ to } satisfies BackupRequest));
  await rename(`${request}.partial`, request);
  return answerFile(request);
}

/** The server's side: writes the backup each waiting request asks for, and answers it. */
export async function answerBackupRequests(db: Pick<Database, "dump">, dataDir: string): Promise<BackupAnswer[]> {
  const directory = backupsDirectory(dataDir);
  let names: string[];
  try {
    names = (await readdir(directory)).filter((name) => REQUEST.test(name));
  } catch {
    return [];
  }
  const answers: BackupAnswer[] = [];
  for (const name of names) {
    const request = path.join(directory, name);
    let answer: BackupAnswer;
    try {
      const { to } = JSON.parse(await readFile(request, "utf8")) as BackupRequest;
      answer = { to, bytes: await writeBackup(db, path.resolve(to)) };
    } catch (error) {
      answer = { error: (error as Error).message };
    }
    await writePrivate(`${answerFile(request)}.partial`, JSON.stringify(answer));
    await rename(`${answerFile(request)}.partial`, answerFile(request));
    await rm(request, { force: true });
    answers.push(answer);
  }
  return answers;
}
