// The databases every API test runs against: PGlite always, PostgreSQL when DATABASE_URL is
// set (CI sets it). Each test gets a database of its own, so files can run in parallel: a copy
// of the run's prepared template (migrated and seeded, test/templates.ts), or an empty one when
// the test is about preparing a database.
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { scratchDatabase } from "../../scripts/scratch-database.ts";
import { copyPgliteTemplate } from "./templates.ts";

export type DatabaseKind = "pglite" | "postgres";

export const serverUrl = process.env.DATABASE_URL;

export const databaseKinds: DatabaseKind[] = serverUrl ? ["pglite", "postgres"] : ["pglite"];

export type TestDatabase = {
  kind: DatabaseKind;
  /** Set for an in-memory PGlite database: the prepared image it starts as. */
  image?: Blob;
  /** Set for postgres: a freshly created, empty database. */
  databaseUrl: string | undefined;
  /** Set for pglite: an empty directory. */
  dataDir: string;
  drop(): Promise<void>;
};

let image: Promise<Blob> | undefined;

/**
 * A database of one test's own: a copy of the prepared template (on disk, so that a restart or
 * another process can open it), or an empty one. `inMemory`: PGlite's is kept in memory,
 * started from the template's image, for a test app that lives and dies in the test.
 */
export async function createTestDatabase(kind: DatabaseKind, options: { empty?: boolean; inMemory?: boolean } = {}): Promise<TestDatabase> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "nomina-test-"));
  const imageFile = process.env.NOMINA_TEST_PGLITE_IMAGE;
  if (kind === "pglite" && imageFile && !options.empty && options.inMemory) {
    image ??= readFile(imageFile).then((bytes) => new Blob([bytes]));
    return { kind, image: await image, databaseUrl: undefined, dataDir, drop: () => rm(dataDir, { recursive: true, force: true }) };
  }
  if (kind === "pglite") {
    const template = options.empty ? process.env.NOMINA_TEST_PGLITE_EMPTY : process.env.NOMINA_TEST_PGLITE_TEMPLATE;
    if (template) await copyPgliteTemplate(template, dataDir);
    return { kind, databaseUrl: undefined, dataDir, drop: () => rm(dataDir, { recursive: true, force: true }) };
  }
  if (!serverUrl) throw new Error("DATABASE_URL is needed for PostgreSQL tests");
  const template = options.empty ? undefined : process.env.NOMINA_TEST_POSTGRES_TEMPLATE;
  const database = await scratchDatabase(serverUrl, `nomina_test_${randomBytes(6).toString("hex")}`, template);
  return {
    kind,
    databaseUrl: database.url,
    dataDir,
    drop: async () => {
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
