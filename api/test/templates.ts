// Databases prepared once per run (once per set of migrations, for PGlite), which each test
// then copies: creating PGlite's cluster takes five seconds of WebAssembly, and every test file
// used to pay it. A template is keyed by what it holds (the migrations and the genesis seed),
// so a new migration makes a new one, and an old one is never used by mistake.
import { createHash, randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { cp, mkdir, readFile, readdir, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { openDatabase } from "../src/db/client.ts";
import { prepareDatabase } from "../src/db/prepare.ts";
import { createLogger } from "../src/logger.ts";
import { MIGRATIONS_DIR } from "../src/paths.ts";

/** The PGlite release that writes the clusters: another one may not read them. */
const PGLITE_VERSION = (
  JSON.parse(readFileSync(new URL("../../node_modules/@electric-sql/pglite/package.json", import.meta.url), "utf8")) as { version: string }
).version;

/** What a prepared database holds: every migration, and the genesis seed (and who wrote it). */
export async function templateKey(): Promise<string> {
  const hash = createHash("sha256").update(PGLITE_VERSION);
  for (const name of (await readdir(MIGRATIONS_DIR)).sort()) {
    const file = path.join(MIGRATIONS_DIR, name, "migration.sql");
    if (existsSync(file)) hash.update(name).update(await readFile(file));
  }
  hash.update(await readFile(new URL("../src/db/genesis.ts", import.meta.url)));
  return hash.digest("hex").slice(0, 16);
}

const silent = createLogger("silent");

/**
 * A PGlite data directory (its `pglite` folder inside), made once per key: migrated and seeded,
 * or (`empty`) only created, for the tests of preparing a database.
 */
export async function pgliteTemplate(key: string, empty = false): Promise<string> {
  const dir = path.join(tmpdir(), empty ? `nomina-pglite-template-empty-${PGLITE_VERSION}` : `nomina-pglite-template-${key}`);
  if (existsSync(path.join(dir, "ready"))) return dir;
  // Built aside and renamed into place, so a run that starts meanwhile never sees half of one.
  const building = `${dir}-building-${randomBytes(4).toString("hex")}`;
  const db = await openDatabase({ dataDir: building });
  try {
    if (!empty) await prepareDatabase(db, silent);
  } finally {
    await db.close();
  }
  await mkdir(path.join(building, "ready"));
  await rename(building, dir).catch(() => rm(building, { recursive: true, force: true })); // another run got there first
  return dir;
}

/** The prepared cluster as a tarball, for tests that keep their database in memory: made once. */
export async function pgliteImage(template: string): Promise<string> {
  const file = path.join(template, "image.tar");
  if (existsSync(file)) return file;
  const client = await PGlite.create({ dataDir: path.join(template, "pglite") });
  try {
    const image = await client.dumpDataDir("none");
    const partial = `${file}.${randomBytes(4).toString("hex")}`;
    await writeFile(partial, Buffer.from(await image.arrayBuffer()));
    await rename(partial, file);
  } finally {
    await client.close();
  }
  return file;
}

/** A copy of a template for one test: the cluster only, not the template's marker. */
export async function copyPgliteTemplate(template: string, dataDir: string): Promise<void> {
  await cp(path.join(template, "pglite"), path.join(dataDir, "pglite"), { recursive: true });
}

async function admin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A PostgreSQL database migrated and seeded, for `CREATE DATABASE ... TEMPLATE`. */
export async function postgresTemplate(serverUrl: string, key: string): Promise<string> {
  const name = `nomina_template_${key}`;
  const exists = await admin(serverUrl, async (client) => (await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount === 1);
  if (exists) return name;
  const building = `${name}_b${randomBytes(3).toString("hex")}`;
  await admin(serverUrl, (client) => client.query(`CREATE DATABASE ${building}`));
  const url = new URL(serverUrl);
  url.pathname = `/${building}`;
  const db = await openDatabase({ databaseUrl: url.toString(), dataDir: tmpdir() });
  try {
    await prepareDatabase(db, silent);
  } finally {
    await db.close();
  }
  await admin(serverUrl, async (client) => {
    try {
      await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    } catch {
      await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`); // another run got there first
    }
  });
  return name;
}
