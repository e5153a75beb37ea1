// What the server keeps on disk is its user's alone (#42 finding 4): the data directory and every
// directory under it 700, every file 600, whatever the umask and however PGlite wrote its own (it
// writes most of its cluster 666). An existing data directory that others can open is named in
// a warning at start; the server starts all the same.
import { chmod, lstat, mkdir, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../../test/databases.ts";
import { startServerProcess } from "../../test/process.ts";
import { backupsDirectory, requestBackup, restoreBackup, writeBackup } from "./backup.ts";
import { openDatabase } from "./client.ts";

/** Everything at or under `root` that another local user could read, list or write, with its mode. */
async function openToOthers(root: string): Promise<string[]> {
  const found: string[] = [];
  const visit = async (entry: string) => {
    const stats = await lstat(entry);
    if (stats.isSymbolicLink()) return;
    if ((stats.mode & 0o077) !== 0) found.push(`${path.relative(root, entry) || "."} ${(stats.mode & 0o777).toString(8)}`);
    if (stats.isDirectory()) for (const name of await readdir(entry)) await visit(path.join(entry, name));
  };
  await visit(root);
  return found;
}

/** How many regular files lie under `root`: a check over an empty tree proves nothing. */
async function filesUnder(root: string): Promise<number> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).length;
}

const scratch: string[] = [];
afterAll(async () => {
  for (const dir of scratch) await rm(dir, { recursive: true, force: true });
});
const scratchDirectory = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "nomina-modes-"));
  scratch.push(dir);
  return dir;
};

describe("the embedded database's files", () => {
  it("are its user's alone: a new data directory, its cluster, a backup and its request, and a restored cluster", async () => {
    const dataDir = path.join(await scratchDirectory(), "data");
    const db = await openDatabase({ dataDir });
    try {
      await db.prisma.$executeRawUnsafe("CREATE TABLE agents (id int)");
      await db.prisma.$executeRawUnsafe("INSERT INTO agents VALUES (1)");
      const backup = path.join(backupsDirectory(dataDir), "nomina-test.tar.gz");
      await writeBackup(db, backup);
      await requestBackup(dataDir, path.join(dataDir, "elsewhere", "asked.tar.gz"));
      // Written where an operator asked, outside the data directory: the file and the folders made for it.
      const outside = path.join(await scratchDirectory(), "kept", "copies");
      await writeBackup(db, path.join(outside, "copy.tar.gz"));
      expect(await openToOthers(path.dirname(outside))).toEqual([]);
      const restored = path.join(await scratchDirectory(), "restored");
      await restoreBackup(backup, restored);
      expect(await filesUnder(restored)).toBeGreaterThan(100);
      expect(await openToOthers(restored)).toEqual([]);
    } finally {
      await db.close();
    }
    expect(await filesUnder(path.join(dataDir, "pglite"))).toBeGreaterThan(100);
    expect(await openToOthers(dataDir)).toEqual([]);
  }, 60_000);
});

describe.each(databaseKinds)("the server's data directory on %s", (kind) => {
  let database: TestDatabase | undefined;
  afterAll(async () => {
    await database?.drop();
  });

  it("is made private, and so is everything the server writes in it (its signing key, its outbox, the database)", async () => {
    database = await createTestDatabase(kind);
    // PostgreSQL keeps nothing in it: the server makes it, in a folder that does not exist yet.
    const dataDir = kind === "postgres" ? path.join(database.dataDir, "fresh", "data") : database.dataDir;
    const server = await startServerProcess({ ...database, dataDir });
    try {
      const registered = await fetch(`${server.url}/api/auth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Mode Keeper", email: `modes-${kind}@example.com`, password: "correct horse battery" }),
      });
      expect(registered.status).toBe(201);
      await expect.poll(async () => (await readdir(dataDir)).includes("outbox")).toBe(true);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    expect(await filesUnder(dataDir)).toBeGreaterThanOrEqual(2);
    expect(await openToOthers(dataDir)).toEqual([]);
    expect(server.output()).not.toContain("open to other local users");
  }, 120_000);

  it("already open to others is named in a warning at start, and the server serves all the same", async () => {
    const dataDir = path.join(await scratchDirectory(), "shared");
    await mkdir(dataDir);
    await chmod(dataDir, 0o755);
    const server = await startServerProcess({ kind, databaseUrl: database?.databaseUrl, dataDir, drop: async () => {} });
    try {
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    const warning = server
      .output()
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string; directory?: string; mode?: string })
      .find((line) => line.msg.includes("open to other local users"));
    expect(warning).toMatchObject({ level: 40, directory: dataDir, mode: "755" });
  }, 120_000);
});
