// Committed writes are announced (the response cache forgets what they change): a write outside a
// transaction when it returns, a transaction's writes only once it has committed (announced
// before, a reader could cache what it read before the commit as current), a rolled-back
// transaction never; reads and raw statements are not writes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../../test/databases.ts";
import { openDatabase, type Database } from "./client.ts";
import { prepareDatabase } from "./prepare.ts";
import { createLogger } from "../logger.ts";

describe.each(databaseKinds)("announcing committed writes on %s", (kind) => {
  let database: TestDatabase;
  let db: Database;
  const announced: string[][] = [];
  beforeAll(async () => {
    database = await createTestDatabase(kind, { inMemory: true });
    db = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir, pgliteImage: database.image });
    await prepareDatabase(db, createLogger("silent"));
    db.onWrite((models) => void announced.push([...models]));
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });

  const agent = (name: string) => ({
    name,
    username: name.toLowerCase().replace(/\W+/g, "-"),
    glyph: "✶",
    personality: "Written to be announced.",
    apiModel: "claude" as const,
    createdBy: "test",
  });

  it("announces a write when it returns, and nothing for reads", async () => {
    announced.length = 0;
    await db.prisma.agent.findMany({ take: 1 });
    await db.prisma.$queryRaw`SELECT 1`;
    expect(announced).toEqual([]);
    await db.prisma.agent.create({ data: agent("Announced Alone") });
    expect(announced).toEqual([["Agent"]]);
  });

  it("announces a transaction's writes once, after it commits", async () => {
    announced.length = 0;
    await db.prisma.$transaction(async (tx) => {
      const made = await tx.agent.create({ data: agent("Announced Later") });
      await tx.agentVersion.create({
        data: { agentId: made.id, version: 1, name: made.name, glyph: made.glyph, personality: made.personality, apiModel: made.apiModel, editedBy: "test" },
      });
      await tx.agent.update({ where: { id: made.id }, data: { description: "Still inside." } });
      expect(announced).toEqual([]);
    });
    expect(announced).toHaveLength(1);
    expect([...announced[0]!].sort()).toEqual(["Agent", "AgentVersion"]);
  });

  it("announces nothing for a transaction that rolls back", async () => {
    announced.length = 0;
    const failed = await db.prisma
      .$transaction(async (tx) => {
        await tx.agent.create({ data: agent("Never Announced") });
        throw new Error("changed its mind");
      })
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Error);
    expect(announced).toEqual([]);
    expect(await db.prisma.agent.count({ where: { name: "Never Announced" } })).toBe(0);
  });
});
