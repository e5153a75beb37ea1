// Operators' backups (#32 item 7), as an operator runs them: `npm run backup` while the server
// serves a stream of writes, the server stopped, `npm run restore` into a fresh data directory,
// and a server started there answers with every write it acknowledged before the backup began.
// A backup taken with no server running holds every write; a restore never runs under a live
// server and keeps the database it replaces; on PostgreSQL the command points to pg_dump.
import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test/databases.ts";
import { nodeArguments, runNode, startServerProcess, type ServerProcess } from "../test/process.ts";
import { serverPidFile } from "./db/backup.ts";

/** Runs `backup.ts` as `npm run backup`/`restore` would, on `dataDir`. */
const run = (args: string[], env: Record<string, string>) =>
  runNode([...nodeArguments("backup"), ...args], { env: { DATABASE_URL: "", REDIS_URL: "", LOG_LEVEL: "warn", ...env } });

const LIMITS = { ANONYMOUS_WRITE_LIMIT: "100000/600" };

describe("backups of the embedded database", () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("backs up a running server under writes; restored, a server answers with every write acknowledged before it", async () => {
    const database: TestDatabase = await createTestDatabase("pglite");
    cleanups.push(() => database.drop());
    const backups = await mkdtemp(path.join(tmpdir(), "nomina-backups-"));
    cleanups.push(() => rm(backups, { recursive: true, force: true }));
    const env = { DATA_DIR: database.dataDir };
    let server: ServerProcess = await startServerProcess(database, LIMITS);
    cleanups.push(() => server.stop());
    await expect.poll(() => existsSync(serverPidFile(database.dataDir))).toBe(true);

    // A visitor forges agents one after another, each acknowledged by its 201.
    const acknowledged: string[] = [];
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const response = await fetch(`${server.url}/api/agents`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-nomina-visitor": "backup-writer-000000000000000000000001" },
          body: JSON.stringify({ name: `Kept Ember ${i}`, glyph: "✶", personality: "Remembers what was written before the fire.", apiModel: "claude" }),
        });
        expect(response.status, await response.clone().text()).toBe(201);
        acknowledged.push(((await response.json()) as { id: string }).id);
      }
    })();
    await expect.poll(() => acknowledged.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(10);

    // Asked while the writes go on: the server writes it, and goes on writing.
    const before = acknowledged.length;
    const live = path.join(backups, "live.tar.gz");
    const backedUp = await run(["backup", "--to", live], env);
    expect(backedUp, backedUp.err).toMatchObject({ code: 0, out: expect.stringContaining(`backup written: ${live}`) });
    const during = acknowledged.length;
    await expect.poll(() => acknowledged.length, { timeout: 20_000 }).toBeGreaterThan(during + 3);
    expect(server.output()).toContain("backup written");

    // A restore is refused while the server holds the directory.
    const refused = await run(["restore", live], env);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain("stop it first");

    writing = false;
    await writer;
    expect(await server.stop()).toBe(0);
    expect(existsSync(serverPidFile(database.dataDir))).toBe(false);

    // With no server running, the command writes the backup itself: every write is in it.
    const stopped = path.join(backups, "stopped.tar.gz");
    expect(await run(["backup", "--to", stopped], env)).toMatchObject({ code: 0 });

    // Restored into a fresh directory, the live backup holds every write acknowledged before it was asked for.
    const fresh: TestDatabase = {
      kind: "pglite",
      databaseUrl: undefined,
      dataDir: await mkdtemp(path.join(tmpdir(), "nomina-restored-")),
      drop: async () => {},
    };
    cleanups.push(() => rm(fresh.dataDir, { recursive: true, force: true }));
    const restored = await run(["restore", live], { DATA_DIR: fresh.dataDir });
    expect(restored, restored.err).toMatchObject({ code: 0, out: expect.stringMatching(/restored .* agents/) });
    const agents = Number(/: (\d+) agents/.exec(restored.out)![1]);
    expect(agents).toBeGreaterThanOrEqual(6 + before);
    expect(agents).toBeLessThanOrEqual(6 + acknowledged.length);
    server = await startServerProcess(fresh, LIMITS);
    for (const id of acknowledged.slice(0, before)) expect((await fetch(`${server.url}/api/agents/${id}`)).status, id).toBe(200);
    expect(await server.stop()).toBe(0);

    // Restored over the original directory from the stopped backup: every write, and the database it replaced kept aside.
    const over = await run(["restore", stopped], env);
    expect(over, over.err).toMatchObject({ code: 0, out: expect.stringContaining(`: ${6 + acknowledged.length} agents`) });
    expect(over.out).toContain("is kept at");
    expect((await readdir(database.dataDir)).some((name) => name.startsWith("pglite.before-restore-"))).toBe(true);
    server = await startServerProcess(database, LIMITS);
    for (const id of acknowledged) expect((await fetch(`${server.url}/api/agents/${id}`)).status, id).toBe(200);
    expect(await server.stop()).toBe(0);
  }, 180_000);

  it("leaves the directory as it was when the file is no backup", async () => {
    const database = await createTestDatabase("pglite");
    cleanups.push(() => database.drop());
    const before = (await readdir(path.join(database.dataDir, "pglite"))).sort();
    const notABackup = path.join(database.dataDir, "notes.tar.gz");
    await writeFile(notABackup, "a shopping list, not a database");
    const refused = await run(["restore", notABackup], { DATA_DIR: database.dataDir });
    expect(refused.code).toBe(1);
    expect((await readdir(database.dataDir)).filter((name) => name.startsWith("pglite"))).toEqual(["pglite"]);
    expect((await readdir(path.join(database.dataDir, "pglite"))).sort()).toEqual(before);
  });

  it("points to pg_dump on PostgreSQL, and says how it is used", async () => {
    const onPostgres = await run(["backup"], { DATABASE_URL: "postgresql://postgres@127.0.0.1:5432/test", DATA_DIR: tmpdir() });
    expect(onPostgres.code).toBe(2);
    expect(onPostgres.err).toContain("pg_dump --format=custom");
    const wrong = await run(["restore"], { DATA_DIR: tmpdir() });
    expect(wrong).toMatchObject({ code: 2, err: expect.stringContaining("usage: npm run backup") });
  });
});
