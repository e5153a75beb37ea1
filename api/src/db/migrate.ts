// Applies prisma/migrations in-process, in order, each in its own transaction, under a
// PostgreSQL advisory lock so that several processes starting at once apply each migration
// exactly once. The bookkeeping table is Prisma's own `_prisma_migrations`, so
// `prisma migrate status` and `prisma migrate deploy` agree with what the server did.
import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { MIGRATIONS_DIR } from "../paths.ts";
import type { SqlSession } from "./sql.ts";

/** Same key as Prisma Migrate's own lock, so the CLI and the server never run together. */
const MIGRATION_LOCK_KEY = 72707369;

type AppliedRow = {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
};

export type Migration = { name: string; sql: string; checksum: string };

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    }),
  );
}

/** Runs `work` while holding the migration lock on `session`. */
export async function withMigrationLock<T>(session: SqlSession, work: () => Promise<T>): Promise<T> {
  await session.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
  try {
    return await work();
  } finally {
    await session.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
  }
}

/** Applies every pending migration; returns the names it applied. Call under the lock. */
export async function applyMigrations(session: SqlSession, migrations: Migration[]): Promise<string[]> {
  await session.exec(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id" VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum" VARCHAR(64) NOT NULL,
    "finished_at" TIMESTAMPTZ,
    "migration_name" VARCHAR(255) NOT NULL,
    "logs" TEXT,
    "rolled_back_at" TIMESTAMPTZ,
    "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count" INTEGER NOT NULL DEFAULT 0
  )`);
  const rows = await session.query<AppliedRow>(`SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"`);
  const applied = new Map(rows.filter((r) => !r.rolled_back_at).map((r) => [r.migration_name, r]));
  const done: string[] = [];
  for (const migration of migrations) {
    const previous = applied.get(migration.name);
    if (previous?.finished_at) {
      if (previous.checksum !== migration.checksum) {
        throw new Error(`Migration ${migration.name} was edited after it was applied; add a new migration instead`);
      }
      continue;
    }
    if (previous) {
      throw new Error(`Migration ${migration.name} failed earlier and needs an operator's attention`);
    }
    await applyOne(session, migration);
    done.push(migration.name);
  }
  return done;
}

async function applyOne(session: SqlSession, migration: Migration): Promise<void> {
  await session.exec("BEGIN");
  try {
    await session.exec(migration.sql);
    await session.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, finished_at, applied_steps_count)
       VALUES ($1, $2, $3, now(), 1)`,
      [randomUUID(), migration.checksum, migration.name],
    );
    await session.exec("COMMIT");
  } catch (error) {
    await session.exec("ROLLBACK");
    throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
  }
}
