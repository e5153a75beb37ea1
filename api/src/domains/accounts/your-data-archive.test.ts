// The archive of a long thread (#42 item 3) on both databases: it is streamed a page at a time
// whatever the thread's length. Measured, not timed: every statement reading the thread's
// messages takes at most a page (so the server holds at most a page of them), there are as many
// as the pages, and the event loop never stalls for long meanwhile (monitorEventLoopDelay, bounded
// generously: a 20,000-message thread held it 2.6 s when read whole). The archive holds it all.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../../../test/databases.ts";
import { NO_LIMITS, startTestApp, type TestApp } from "../../../test/harness.ts";
import { as, invokeAs, newVisitor } from "../../../test/visitors.ts";
import { ARCHIVE_PAGE, jsonArray, jsonWithList } from "./your-data-archive.ts";

/** Messages seeded into the thread, beside the two its first exchange wrote. */
const SEEDED = 30_000;
/** The longest the event loop may stall while the archive is written (ms): generous, for a loaded machine (a page takes tens of ms; read whole, 30,000 messages held it 3 s on PostgreSQL, 6 s on PGlite). */
const STALL_MAX_MS = 1_000;

/** The LIMIT a statement carries (Prisma sends it as a parameter), or null without one. */
function limitOf(sql: string, params: string): number | null {
  const match = /\bLIMIT \$(\d+)/.exec(sql);
  return match ? Number((JSON.parse(params) as unknown[])[Number(match[1]) - 1]) : null;
}

const text = async (pieces: AsyncIterable<string>) => {
  let whole = "";
  for await (const piece of pieces) whole += piece;
  return whole;
};

describe("the archive's JSON, written a page at a time", () => {
  it("is the text JSON.stringify would write whole", async () => {
    const head = { id: "t1", title: "A thread", agent: { name: "Echo" } };
    const rows = [{ id: "m1", text: "one\nline" }, { id: "m2" }, { id: "m3", nested: { deep: [1, 2] } }];
    expect(await text(jsonWithList(head, "messages", [rows.slice(0, 2), rows.slice(2)]))).toBe(`${JSON.stringify({ ...head, messages: rows }, null, 2)}\n`);
    expect(await text(jsonWithList(head, "messages", []))).toBe(`${JSON.stringify({ ...head, messages: [] }, null, 2)}\n`);
    expect(await text(jsonArray([rows.slice(0, 1), rows.slice(1)]))).toBe(`${JSON.stringify(rows, null, 2)}\n`);
    expect(await text(jsonArray([]))).toBe("[]\n");
  });
});

describe.each(databaseKinds)("the archive of a long thread on %s", (kind) => {
  let app: TestApp;
  const visitor = newVisitor("long-thread");
  let threadId: string;
  beforeAll(async () => {
    app = await startTestApp(kind, { limits: NO_LIMITS });
    threadId = (await invokeAs(app, "echo-haiku", visitor, { message: "Shall we talk for a long while?" })).conversation.id;
    await app.db.prisma.$executeRawUnsafe(
      `INSERT INTO "messages" ("id", "conversation_id", "role", "text", "created_at")
       SELECT md5('long-thread-' || g)::uuid, $1::uuid, (CASE WHEN g % 2 = 0 THEN 'user' ELSE 'agent' END)::"MessageRole",
              'Turn ' || g || ': ' || repeat('the tide comes in and the tide goes out, ', 6), now() + g * interval '1 millisecond'
       FROM generate_series(1, ${SEEDED}) AS g`,
      threadId,
    );
  }, 120_000);
  afterAll(() => app?.stop());

  it("reads it a page at a time, stalls nothing for long, and holds every message", async () => {
    const reads: (number | null)[] = [];
    const stop = app.db.onQuery((sql, params) => {
      if (/\bFROM "public"\."messages"/.test(sql)) reads.push(limitOf(sql, params));
    });
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    let archive: Uint8Array;
    try {
      const response = await app.request("GET", "/api/account/export", undefined, as(visitor));
      expect(response.status).toBe(200);
      archive = new Uint8Array(await response.arrayBuffer());
      // A stall is recorded when the monitor's timer fires at last: give it the turn it waited for.
      await sleep(50);
    } finally {
      delay.disable();
      stop();
    }

    // Every read of the thread took at most a page, and there were as many as its pages.
    expect(reads.filter((limit) => limit === null || limit > ARCHIVE_PAGE)).toEqual([]);
    expect(reads.length).toBeGreaterThanOrEqual((SEEDED + 2) / ARCHIVE_PAGE);
    expect(delay.max / 1e6, `the event loop stalled ${Math.round(delay.max / 1e6)} ms`).toBeLessThan(STALL_MAX_MS);

    const files = unzipSync(archive);
    const thread = Object.keys(files).find((name) => name.startsWith("threads/") && name.endsWith(`${threadId.slice(-8)}.json`));
    const messages = JSON.parse(strFromU8(files[thread!]!)).messages as { id: string; text: string; createdAt: string }[];
    expect(messages).toHaveLength(SEEDED + 2);
    expect(messages[0]!.text).toBe("Shall we talk for a long while?");
    expect(messages.at(-1)!.text).toMatch(new RegExp(`^Turn ${SEEDED}: `));
    expect(new Set(messages.map((message) => message.id)).size).toBe(SEEDED + 2);
  }, 180_000);
});
