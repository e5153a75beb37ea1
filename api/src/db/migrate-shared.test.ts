// The migration behind Settings → Shared (#27, 20261127120000_shared_lists) on rows shared before
// it: a public thread takes the moment it was shared up to (else its last activity) as when it was
// shared, a public session its last activity, private rows none; from then on a row is public
// exactly while it has that moment.
import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../test/databases.ts";
import { migrate, migratedDatabases } from "../../test/migrations.ts";

const SHARED = "20261127120000_shared_lists";

describe.each(databaseKinds)("the shared lists migration on %s", (kind) => {
  const migrated = migratedDatabases(kind);

  it("gives rows shared before it their moment, and keeps public and shared together from then on", async () => {
    const db = await migrated((name) => name < SHARED);
    const exec = (sql: string) => db.prisma.$executeRawUnsafe(sql);
    const id = (n: string) => `00000000-0000-7000-8000-0000000000${n}`;
    await exec(`INSERT INTO agents (id, name, username, glyph, personality, api_model, created_by, updated_at)
      VALUES ('${id("0a")}', 'Echo', 'echo-shared', '✶', 'Calm', 'claude', 'test', now())`);
    await exec(`INSERT INTO conversations (id, agent_id, visitor_id, title, visibility, shared_until, updated_at) VALUES
      ('${id("c1")}', '${id("0a")}', 'v', 'Shared up to a moment', 'public', '2026-11-20T10:00:00Z', '2026-11-21T10:00:00Z'),
      ('${id("c2")}', '${id("0a")}', 'v', 'Shared before the moment was kept', 'public', NULL, '2026-11-22T10:00:00Z'),
      ('${id("c3")}', '${id("0a")}', 'v', 'Private', 'private', NULL, '2026-11-23T10:00:00Z')`);
    await exec(`INSERT INTO consultations (id, visitor_id, title, visibility, updated_at) VALUES
      ('${id("d1")}', 'v', 'A shared session', 'public', '2026-11-24T10:00:00Z'),
      ('${id("d2")}', 'v', 'A private session', 'private', '2026-11-25T10:00:00Z')`);

    await migrate(db, (name) => name === SHARED);

    const threads = await db.prisma.$queryRawUnsafe<{ title: string; shared_at: Date | null }[]>(`SELECT title, shared_at FROM conversations ORDER BY id`);
    expect(threads).toEqual([
      { title: "Shared up to a moment", shared_at: new Date("2026-11-20T10:00:00Z") },
      { title: "Shared before the moment was kept", shared_at: new Date("2026-11-22T10:00:00Z") },
      { title: "Private", shared_at: null },
    ]);
    const sessions = await db.prisma.$queryRawUnsafe<{ title: string; shared_at: Date | null }[]>(`SELECT title, shared_at FROM consultations ORDER BY id`);
    expect(sessions).toEqual([
      { title: "A shared session", shared_at: new Date("2026-11-24T10:00:00Z") },
      { title: "A private session", shared_at: null },
    ]);
    // Public without the moment, or the moment while private: refused.
    await expect(exec(`UPDATE conversations SET shared_at = NULL WHERE id = '${id("c1")}'`)).rejects.toThrow();
    await expect(exec(`UPDATE conversations SET shared_at = now() WHERE id = '${id("c3")}'`)).rejects.toThrow();
    await expect(exec(`UPDATE consultations SET visibility = 'public' WHERE id = '${id("d2")}'`)).rejects.toThrow();
  });
});
