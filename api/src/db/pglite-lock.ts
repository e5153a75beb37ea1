// A PGlite data directory must be opened by one process at a time: two writers corrupt it.
// A lock file holding the owner's pid refuses a second process and recovers from a crash.
import { mkdir, open, readFile, rm } from "node:fs/promises";
import path from "node:path";

export type DirectoryLock = { release(): Promise<void> };

/** Lock files this process holds; a pid match alone is not proof (containers reuse pid 1). */
const held = new Set<string>();

export async function lockDataDirectory(dataDir: string): Promise<DirectoryLock> {
  await mkdir(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "nomina.pid");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(lockPath, "wx");
      await handle.writeFile(String(process.pid));
      await handle.close();
      held.add(lockPath);
      return {
        release: async () => {
          held.delete(lockPath);
          await rm(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number.parseInt(await readFile(lockPath, "utf8").catch(() => ""), 10);
      const ownedHere = owner === process.pid && held.has(lockPath);
      if (ownedHere || (Number.isInteger(owner) && owner !== process.pid && isAlive(owner))) {
        throw new Error(
          `The data directory ${dataDir} is in use by process ${owner}; PGlite allows one process at a time (set DATABASE_URL to share a PostgreSQL server)`,
        );
      }
      await rm(lockPath, { force: true }); // stale: its owner is gone
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
