// What the server keeps on disk (the database, its backups, the signing key, the outbox) is its
// own user's alone: directories 700 and files 600 (#42 finding 4). New ones are made so; PGlite's
// cluster is tightened each time it is opened and closed, because PGlite writes most of its files
// 666 whatever the umask. A directory that already exists and that others may open is the
// operator's to close: it is named in a warning at start, never changed or refused.
import { chmod, lstat, mkdir, readdir } from "node:fs/promises";
import path from "node:path";

export const PRIVATE_DIRECTORY = 0o700;
export const PRIVATE_FILE = 0o600;

/** The umask that makes what this process creates its user's alone. */
export const PRIVATE_UMASK = 0o077;

/** Makes `directory` and any missing parent 700; one that exists is left as it is. */
export async function makePrivateDirectory(directory: string): Promise<void> {
  await mkdir(directory, { recursive: true, mode: PRIVATE_DIRECTORY });
}

/** `directory`'s permission bits when another local user may read, list or write it; null when it is private or absent. */
export async function openToOthers(directory: string): Promise<string | null> {
  try {
    const mode = (await lstat(directory)).mode & 0o777;
    return (mode & 0o077) === 0 ? null : mode.toString(8);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/**
 * Makes every directory at or under `root` 700 and every file 600. One walk of the tree (PGlite's
 * cluster is about a thousand files: a few milliseconds); symbolic links are not followed.
 */
export async function tightenTree(root: string): Promise<void> {
  const tighten = async (entry: string) => {
    try {
      const stats = await lstat(entry);
      if (stats.isSymbolicLink()) return;
      const wanted = stats.isDirectory() ? PRIVATE_DIRECTORY : PRIVATE_FILE;
      if ((stats.mode & 0o777) !== wanted) await chmod(entry, wanted);
      if (stats.isDirectory()) for (const name of await readdir(entry)) await tighten(path.join(entry, name));
    } catch (error) {
      // A file the database removed meanwhile (its statistics are rewritten as it runs) needs nothing.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  };
  await tighten(root);
}

/** What the database keeps in the data directory, made private whenever it is opened (client.ts). */
const TIGHTENED = new Set(["pglite", "nomina.lock"]);

/**
 * At start: makes the data directory 700 if it does not exist yet, and returns it and each folder
 * in it (backups, the outbox, a database kept aside by a restore) that others may open, with its
 * mode. Nothing that exists is changed: the operator may have opened it on purpose.
 */
export async function checkDataDirectory(dataDir: string): Promise<{ directory: string; mode: string }[]> {
  const open: { directory: string; mode: string }[] = [];
  const mode = await openToOthers(dataDir);
  if (mode) open.push({ directory: dataDir, mode });
  await makePrivateDirectory(dataDir);
  for (const entry of await readdir(dataDir, { withFileTypes: true })) {
    if (!entry.isDirectory() || TIGHTENED.has(entry.name)) continue;
    const directory = path.join(dataDir, entry.name);
    const inner = await openToOthers(directory);
    if (inner) open.push({ directory, mode: inner });
  }
  return open;
}
