// A scratch PostgreSQL database on a server, for the benchmarks, the deployment spec and the API
// tests (api/test/databases.ts): created under a name of its own, empty or as a copy of a
// template database, dropped (connections and all) when done.
import pg from "pg";

export type ScratchDatabase = { name: string; url: string; drop: () => Promise<void> };

export async function scratchDatabase(serverUrl: string, name: string, template?: string): Promise<ScratchDatabase> {
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
