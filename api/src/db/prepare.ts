// Brings a database up to date at start: pending migrations, then the genesis seed, both
// under the migration lock so that concurrent starts are safe.
import type { Logger } from "../logger.ts";
import type { Database } from "./client.ts";
import { applyMigrations, readMigrations, withMigrationLock } from "./migrate.ts";
import { seedGenesis } from "./seed.ts";

export async function prepareDatabase(db: Database, log: Logger): Promise<void> {
  const migrations = await readMigrations();
  const session = await db.session();
  try {
    await withMigrationLock(session, async () => {
      const applied = await applyMigrations(session, migrations);
      if (applied.length > 0) log.info({ applied, database: db.kind }, "migrations applied");
      const seeded = await seedGenesis(db.prisma);
      if (seeded > 0) log.info({ seeded }, "genesis agents seeded");
    });
  } finally {
    await session.release();
  }
}
