// A PGlite data directory must be opened by one process at a time: two writers corrupt it.
// proper-lockfile holds a lock directory inside it and keeps its mtime fresh while we hold it; a
// lock whose holder was killed stops being refreshed, goes stale, and is taken over.
import fs from "node:fs";
import path from "node:path";
import { check, lock } from "proper-lockfile";
import { makePrivateDirectory, PRIVATE_DIRECTORY } from "./private-files.ts";

export type DirectoryLock = { release(): Promise<void> };

const LOCK_NAME = "nomina.lock";
/** Unrefreshed this long, a lock is stale: its holder is gone (or its event loop stalled that long). */
const STALE_MS = 6_000;
/** A start waits this long for a killed holder's lock to go stale before refusing. */
const RETRIES = { retries: 8, factor: 1, minTimeout: 1_000, maxTimeout: 1_000 };

/** proper-lockfile's file system, with its lock directory made private like the rest (private-files.ts). */
const lockFs = {
  ...fs,
  mkdir: (directory: string, done: (error: NodeJS.ErrnoException | null) => void) => fs.mkdir(directory, { mode: PRIVATE_DIRECTORY }, done),
};

/** Directories this process holds: a second opener here is refused at once, not after the wait. */
const held = new Set<string>();

export async function lockDataDirectory(dataDir: string): Promise<DirectoryLock> {
  await makePrivateDirectory(dataDir);
  const lockPath = path.join(dataDir, LOCK_NAME);
  const refusal = () =>
    new Error(
      `The data directory ${dataDir} is in use (${lockPath} is held); PGlite allows one process at a time (set DATABASE_URL to share a PostgreSQL server)`,
    );
  if (held.has(lockPath)) throw refusal();
  let release: () => Promise<void>;
  try {
    release = await lock(dataDir, {
      lockfilePath: lockPath,
      fs: lockFs,
      stale: STALE_MS,
      update: 1_000,
      retries: RETRIES,
      onCompromised: (error) => {
        throw new Error(`The lock on the data directory ${dataDir} was lost; another process may open it`, { cause: error });
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ELOCKED") throw refusal();
    throw error;
  }
  held.add(lockPath);
  return {
    release: async () => {
      held.delete(lockPath);
      await release();
    },
  };
}

/** True while a live process holds the directory (its lock is fresh). */
export async function isDataDirectoryHeld(dataDir: string): Promise<boolean> {
  try {
    return await check(dataDir, { lockfilePath: path.join(dataDir, LOCK_NAME), stale: STALE_MS });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}
