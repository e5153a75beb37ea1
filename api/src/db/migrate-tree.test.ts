// The migration that makes threads trees (#27, 20261126220000_message_tree) on threads written
// flat: each message of the asker is linked to the answer the thread showed before it, places and
// counts are filled in, and `active` becomes the path the thread showed.
import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../test/databases.ts";
import { migrate, migratedDatabases } from "../../test/migrations.ts";

const TREE = "20261126220000_message_tree";

describe.each(databaseKinds)("the message tree migration on %s", (kind) => {
  const migrated = migratedDatabases(kind);

  it("links a flat thread into one path, keeps the answers chosen as siblings, and counts them", async () => {
    const db = await migrated((name) => name < TREE);
    const exec = (sql: string) => db.prisma.$executeRawUnsafe(sql);
    await exec(`INSERT INTO agents (id, name, username, glyph, personality, api_model, created_by, updated_at)
      VALUES ('00000000-0000-7000-8000-00000000000a', 'Echo', 'echo-flat', '✶', 'Calm', 'claude', 'test', now())`);
    await exec(
      `INSERT INTO conversations (id, agent_id, title, message_count) VALUES ('00000000-0000-7000-8000-0000000000c1', '00000000-0000-7000-8000-00000000000a', 'Flat', 6)`,
    );
    // q1 has three answers: the second is shown; the third was asked for after q2, then set aside.
    const rows: [string, string, string | null, number, number, boolean, string][] = [
      ["01", "user", null, 3, 1, true, "2026-11-20T10:00:00Z"],
      ["02", "agent", "01", 0, 1, false, "2026-11-20T10:00:01Z"],
      ["03", "agent", "01", 0, 2, true, "2026-11-20T10:00:02Z"],
      ["04", "user", null, 1, 1, true, "2026-11-20T10:00:03Z"],
      ["05", "agent", "04", 0, 1, true, "2026-11-20T10:00:04Z"],
      ["06", "agent", "01", 0, 3, false, "2026-11-20T10:00:05Z"],
    ];
    const id = (n: string) => `00000000-0000-7000-8000-0000000000${n}`;
    for (const [n, role, parent, replies, ordinal, active, at] of rows) {
      await exec(`INSERT INTO messages (id, conversation_id, parent_id, role, text, reply_count, ordinal, active, created_at)
        VALUES ('${id(n)}', '00000000-0000-7000-8000-0000000000c1', ${parent ? `'${id(parent)}'` : "NULL"}, '${role}', 'm${n}', ${replies}, ${ordinal}, ${active}, '${at}')`);
    }

    await migrate(db, (name) => name === TREE);

    const after = await db.prisma.message.findMany({
      orderBy: { createdAt: "asc" },
      select: { text: true, parentId: true, replyCount: true, ordinal: true, active: true, chosen: true },
    });
    expect(after).toEqual([
      { text: "m01", parentId: null, replyCount: 3, ordinal: 1, active: true, chosen: true },
      { text: "m02", parentId: id("01"), replyCount: 0, ordinal: 1, active: false, chosen: false },
      { text: "m03", parentId: id("01"), replyCount: 1, ordinal: 2, active: true, chosen: true },
      { text: "m04", parentId: id("03"), replyCount: 1, ordinal: 1, active: true, chosen: true },
      { text: "m05", parentId: id("04"), replyCount: 0, ordinal: 1, active: true, chosen: true },
      { text: "m06", parentId: id("01"), replyCount: 0, ordinal: 3, active: false, chosen: false },
    ]);
    expect(
      (await db.prisma.conversation.findUniqueOrThrow({ where: { id: "00000000-0000-7000-8000-0000000000c1" }, select: { rootCount: true } })).rootCount,
    ).toBe(1);
  });
});
