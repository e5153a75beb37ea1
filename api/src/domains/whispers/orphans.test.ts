// A whisper whose message is gone (#42 item 1) on both databases: deleting a message deletes its
// whisper however it goes (a trigger), one left without a message is read by no one (REST,
// GraphQL, node, the share page), and the migration erases those left behind since threads began,
// keeping the older ones (from before threads, never kept by a message) unread.
import { encodeGlobalID } from "@pothos/plugin-relay";
import { describe, expect, it } from "vitest";
import { appPerBlock } from "../../../test/blocks.ts";
import { databaseKinds } from "../../../test/databases.ts";
import { migrate, migratedDatabases } from "../../../test/migrations.ts";
import { as, invokeAs, newVisitor } from "../../../test/visitors.ts";

const DEPARTED = "20261202100000_departed_agents";
const WHISPER = /* GraphQL */ `query ($id: String!) { whisper(id: $id) { response } }`;
const NODE = /* GraphQL */ `query ($id: ID!) { node(id: $id) { id } }`;

describe.each(databaseKinds)("whispers without their message on %s", (kind) => {
  const block = appPerBlock(kind);

  it("deletes a whisper with its message, however the message goes", async () => {
    const { app } = block;
    const owner = newVisitor("orphans");
    const { whisper, conversation } = await invokeAs(app, "echo-haiku", owner, { message: "Keep this between us." });
    await app.db.prisma.$executeRawUnsafe(`DELETE FROM "messages" WHERE "conversation_id" = $1::uuid`, conversation.id);
    expect(await app.db.prisma.whisper.count({ where: { id: whisper.id } })).toBe(0);
    expect((await app.request("GET", `/api/whispers/${whisper.id}`, undefined, as(owner))).status).toBe(404);
  });

  it("reads no whisper that no message keeps: not its asker, not anyone, by no address", async () => {
    const { app } = block;
    const owner = newVisitor("orphans");
    const { whisper, conversation } = await invokeAs(app, "echo-haiku", owner, { message: "A secret left behind." });
    // As a deletion before this fix left them: the thread gone, the whisper not.
    const [orphan] = await app.db.prisma.$queryRawUnsafe<{ id: string }[]>(
      `INSERT INTO "whispers" ("id", "truth", "agent_id", "agent_name", "agent_glyph", "response", "created_at")
       SELECT md5($1)::uuid, "truth", "agent_id", "agent_name", "agent_glyph", "response", "created_at" FROM "whispers" WHERE "id" = $2::uuid
       RETURNING "id"::text AS "id"`,
      `orphan-of-${whisper.id}`,
      whisper.id,
    );
    expect((await app.request("GET", `/api/conversations/${conversation.id}`, undefined, as(owner))).status).toBe(200);
    for (const headers of [{}, as(owner)]) {
      expect((await app.request("GET", `/api/whispers/${orphan!.id}`, undefined, headers)).status).toBe(404);
      expect((await app.graphql(WHISPER, { id: orphan!.id }, headers)).data).toEqual({ whisper: null });
      const node = await app.graphql<{ node: unknown }>(NODE, { id: encodeGlobalID("Whisper", orphan!.id) }, headers);
      expect(node.data).toEqual({ node: null });
    }
    const page = await (await app.request("GET", `/whisper/${orphan!.id}`)).text();
    expect(page).not.toContain(whisper.response.slice(0, 40));
  });
});

describe.each(databaseKinds)("the departed agents migration on %s", (kind) => {
  const migrated = migratedDatabases(kind);

  it("erases the whispers left without a message since threads began, and keeps the rest", async () => {
    const db = await migrated((name) => name < DEPARTED);
    const exec = (sql: string) => db.prisma.$executeRawUnsafe(sql);
    const id = (n: string) => `00000000-0000-7000-8000-0000000000${n}`;
    await exec(`INSERT INTO agents (id, name, username, glyph, personality, api_model, created_by, updated_at)
      VALUES ('${id("0a")}', 'Echo', 'echo-orphans', '✶', 'Calm', 'claude', 'test', now())`);
    await exec(`INSERT INTO whispers (id, truth, agent_id, agent_name, agent_glyph, response, created_at) VALUES
      ('${id("a1")}', 'Kept by its message', '${id("0a")}', 'Echo', '✶', 'Still here.', now()),
      ('${id("a2")}', 'Its thread was deleted', '${id("0a")}', 'Echo', '✶', 'Should go.', now()),
      ('${id("a3")}', 'From before threads', '${id("0a")}', 'Echo', '✶', 'Older than threads.', '2020-01-01T00:00:00Z')`);
    await exec(`INSERT INTO conversations (id, agent_id, visitor_id, title, updated_at) VALUES ('${id("c1")}', '${id("0a")}', 'v', 'A thread', now())`);
    await exec(
      `INSERT INTO messages (id, conversation_id, role, text, whisper_id) VALUES ('${id("e1")}', '${id("c1")}', 'agent', 'Still here.', '${id("a1")}')`,
    );

    await migrate(db, (name) => name === DEPARTED);

    const left = await db.prisma.$queryRawUnsafe<{ truth: string }[]>(`SELECT truth FROM whispers ORDER BY id`);
    expect(left.map((row) => row.truth)).toEqual(["Kept by its message", "From before threads"]);
    // From now on a message takes its whisper with it, and an agent a thread speaks with stays.
    await exec(`DELETE FROM conversations WHERE id = '${id("c1")}'`);
    expect(await db.prisma.whisper.count({ where: { id: id("a1") } })).toBe(0);
    await exec(`INSERT INTO conversations (id, agent_id, visitor_id, title, updated_at) VALUES ('${id("c2")}', '${id("0a")}', 'v', 'Another', now())`);
    await expect(exec(`DELETE FROM agents WHERE id = '${id("0a")}'`)).rejects.toThrow();
  });
});
