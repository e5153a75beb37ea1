// The statement timeout on PostgreSQL: a request's slow statement is cancelled (and read as the
// database being unable to answer, a 503), while a session (migrations) runs without it and
// hands its connection back with the timeout restored. PGlite has no timer to cancel with.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverUrl } from "../../test/databases.ts";
import { openDatabase, type Database } from "./client.ts";
import { isDatabaseUnavailable } from "./errors.ts";

describe("a PostgreSQL statement timeout", () => {
  let db: Database;
  beforeAll(async () => {
    if (!serverUrl) throw new Error("DATABASE_URL is needed for PostgreSQL tests");
    // One connection, so the session and the requests share it.
    db = await openDatabase({ databaseUrl: serverUrl, dataDir: "unused", poolSize: 1, statementTimeoutMs: 150 });
  });
  afterAll(() => db?.close());

  const slow = (seconds: number) => db.prisma.$queryRawUnsafe(`SELECT pg_sleep(${seconds})`);

  it("cancels a request's statement that runs too long, as the database being unable to answer", async () => {
    const error = await slow(1).then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(error).not.toBeNull();
    expect(isDatabaseUnavailable(error)).toBe(true);
    // The connection is fine afterwards.
    expect(await db.ping()).toBe(true);
  });

  it("lets a session run long statements and gives its connection back with the timeout", async () => {
    const session = await db.session();
    await expect(session.query("SELECT pg_sleep(0.4)")).resolves.toHaveLength(1);
    await session.release();
    const [setting] = await db.prisma.$queryRawUnsafe<{ statement_timeout: string }[]>("SHOW statement_timeout");
    expect(setting!.statement_timeout).toBe("150ms");
    expect(
      isDatabaseUnavailable(
        await slow(1).then(
          () => null,
          (failure: unknown) => failure,
        ),
      ),
    ).toBe(true);
  });
});

describe("a transaction that outlives its time", () => {
  it("is given up and read as the database too busy to answer, and its connection serves on", async () => {
    if (!serverUrl) throw new Error("DATABASE_URL is needed for PostgreSQL tests");
    const db = await openDatabase({ databaseUrl: serverUrl, dataDir: "unused", poolSize: 1, transactions: { maxWaitMs: 1_000, timeoutMs: 200 } });
    try {
      const error = await db.prisma
        .$transaction(async (tx) => {
          await tx.$executeRawUnsafe("SELECT pg_sleep(0.4)");
          await tx.agent.count();
        })
        .then(
          () => null,
          (failure: unknown) => failure,
        );
      expect(error).toMatchObject({ code: "P2028" });
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(await db.ping()).toBe(true);
    } finally {
      await db.close();
    }
  });
});
