// The databases every API test runs against: PGlite always, PostgreSQL when DATABASE_URL is
// set (CI sets it). Each test gets a database of its own, so files can run in parallel.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

export type DatabaseKind = "pglite" | "postgres";

export const serverUrl = process.env.DATABASE_URL;

export const databaseKinds: DatabaseKind[] = serverUrl ? ["pglite", "postgres"] : ["pglite"];

export type TestDatabase = {
  kind: DatabaseKind;
  /** Set for postgres: a freshly created, empty database. */
  databaseUrl: string | undefined;
  /** Set for pglite: an empty directory. */
  dataDir: string;
  drop(): Promise<void>;
};

export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "nomina-test-"));
  if (kind === "pglite") {
    return { kind, databaseUrl: undefined, dataDir, drop: () => rm(dataDir, { recursive: true, force: true }) };
  }
  if (!serverUrl) throw new Error("DATABASE_URL is needed for PostgreSQL tests");
  const name = `nomina_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    kind,
    databaseUrl: url.toString(),
    dataDir,
    drop: async () => {
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
