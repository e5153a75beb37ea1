import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "../logger.ts";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../../test/databases.ts";
import { openDatabase, type Database } from "./client.ts";
import { applyMigrations, readMigrations, withMigrationLock } from "./migrate.ts";
import { prepareDatabase } from "./prepare.ts";
import { GENESIS_AGENTS } from "./genesis.ts";

const silent = createLogger("silent");

const SPEC_TABLES = [
  "users",
  "waitlist_entries",
  "agents",
  "agent_outputs",
  "verification_tokens",
  "sessions",
  "council_users",
  "whispers",
  "council_whispers",
  "agent_nominations",
  "council_members",
  "ritual_logs",
];

describe.each(databaseKinds)("migrations on %s", (kind) => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  /** A database of the test's own: `database`, or an empty one, or (`prepared`) one already migrated and seeded. */
  async function open(database?: TestDatabase, { prepared = false } = {}): Promise<{ db: Database; database: TestDatabase }> {
    const target = database ?? (await createTestDatabase(kind, { empty: !prepared }));
    if (!database) cleanup.push(() => target.drop());
    const db = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir, onConnectionError: () => {} });
    cleanup.push(() => db.close());
    return { db, database: target };
  }

  async function tables(db: Database): Promise<string[]> {
    const rows = await db.prisma.$queryRaw<{ table_name: string }[]>`
      SELECT table_name::text AS table_name FROM information_schema.tables WHERE table_schema = 'public'`;
    return rows.map((row) => row.table_name);
  }

  it("builds every table of the spec on an empty database and seeds the six genesis agents", async () => {
    const { db } = await open();
    expect(await tables(db)).toEqual([]);

    await prepareDatabase(db, silent);

    expect(await tables(db)).toEqual(expect.arrayContaining([...SPEC_TABLES, "_prisma_migrations"]));
    const agents = await db.prisma.agent.findMany({ orderBy: { username: "asc" } });
    expect(agents.map((a) => a.username)).toEqual(GENESIS_AGENTS.map((a) => a.username).sort());
    expect(agents.every((a) => a.type === "genesis" && a.remixCount === 0 && a.isActive)).toBe(true);
  });

  it("applies nothing the second time and never duplicates genesis", async () => {
    const { db } = await open();
    await prepareDatabase(db, silent);
    const session = await db.session();
    try {
      const applied = await withMigrationLock(session, async () => applyMigrations(session, await readMigrations()));
      expect(applied).toEqual([]);
    } finally {
      await session.release();
    }
    await prepareDatabase(db, silent);
    expect(await db.prisma.agent.count()).toBe(GENESIS_AGENTS.length);
  });

  it("refuses to start when an applied migration was edited", async () => {
    // Prepared as every start prepares it (the template is this run's migrations and genesis).
    const { db } = await open(undefined, { prepared: true });
    const [first, ...rest] = await readMigrations();
    const edited = { ...first!, sql: `${first!.sql}\n-- edited`, checksum: "0".repeat(64) };
    const session = await db.session();
    try {
      await expect(applyMigrations(session, [edited, ...rest])).rejects.toThrow(/edited after it was applied/);
    } finally {
      await session.release();
    }
  });

  it("rolls back a failing migration completely and reports it", async () => {
    // Prepared as every start prepares it (the template is this run's migrations and genesis).
    const { db } = await open(undefined, { prepared: true });
    const broken = { name: "99999999999999_broken", checksum: "f".repeat(64), sql: "CREATE TABLE half_done (id int); SELECT nope FROM nowhere;" };
    const session = await db.session();
    try {
      await expect(applyMigrations(session, [...(await readMigrations()), broken])).rejects.toThrow(/99999999999999_broken failed/);
    } finally {
      await session.release();
    }
    expect(await tables(db)).not.toContain("half_done");
  });

  if (kind === "postgres") {
    it("is safe when two processes start against the same empty database at once", async () => {
      const { db: first, database } = await open();
      const { db: second } = await open(database);
      await Promise.all([prepareDatabase(first, silent), prepareDatabase(second, silent)]);

      const migrations = await first.prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM "_prisma_migrations"`;
      expect(Number(migrations[0]!.n)).toBe((await readMigrations()).length);
      expect(await first.prisma.agent.count()).toBe(GENESIS_AGENTS.length);
    });
  }

  if (kind === "pglite") {
    it("refuses a second opener of the same data directory while it is open", async () => {
      const { database } = await open();
      await expect(openDatabase({ dataDir: database.dataDir })).rejects.toThrow(/is in use/);
    });
  }
});
