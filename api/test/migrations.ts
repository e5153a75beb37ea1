// A database as it stood before a later migration, for the tests of what that migration does to
// rows written before it: opened on an empty database of the test's own, closed and dropped
// after each test.
import { afterEach } from "vitest";
import { openDatabase, type Database } from "../src/db/client.ts";
import { applyMigrations, readMigrations } from "../src/db/migrate.ts";
import { createTestDatabase, type DatabaseKind } from "./databases.ts";

/** Applies the migrations whose names `which` accepts, in order. */
export async function migrate(db: Database, which: (name: string) => boolean): Promise<void> {
  const session = await db.session();
  try {
    await applyMigrations(
      session,
      (await readMigrations()).filter((migration) => which(migration.name)),
    );
  } finally {
    await session.release();
  }
}

/** Opens databases of `kind` with only some migrations applied; each is closed and dropped after its test. */
export function migratedDatabases(kind: DatabaseKind): (which: (name: string) => boolean) => Promise<Database> {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });
  return async (which) => {
    const target = await createTestDatabase(kind, { empty: true });
    cleanup.push(() => target.drop());
    const db = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir, onConnectionError: () => {} });
    cleanup.push(() => db.close());
    await migrate(db, which);
    return db;
  };
}
