// The database goes away under writes: PostgreSQL's connections are terminated again and again,
// PGlite's process is killed outright. No process exits for it, a refusal is a 503 with
// Retry-After (never a 500), and every write that was acknowledged is stored.
import { Writable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, databaseKinds, serverUrl } from "../../test/databases.ts";
import { NO_LIMITS, startTestApp, type TestApp } from "../../test/harness.ts";
import { tryForge } from "../../test/agents.ts";
import { signedInCurator } from "../../test/curators.ts";
import { bearer, registered, signedIn } from "../../test/accounts.ts";
import { as, invokeAs, newVisitor } from "../../test/visitors.ts";
import { agentOn, capturedLogger, settingsFor } from "../../test/minds.ts";
import { startServerProcess } from "../../test/process.ts";
import { startFakeProviders } from "../../test/providers.ts";
import { createMindsLedger } from "../domains/usage/spend.ts";
import { createLogger } from "../logger.ts";
import { createMinds } from "../minds/index.ts";
import { DEFAULT_MODELS } from "../minds/pricing.ts";

describe.runIf(serverUrl)("PostgreSQL connections terminated during writes", () => {
  let app: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const sink = new Writable({ write: (chunk, _encoding, done) => (lines.push(chunk.toString()), done()) });
    app = await startTestApp("postgres", { logger: createLogger("warn", sink), limits: NO_LIMITS });
  });
  afterAll(() => app.stop());

  it("answers each write 201 or 503 with Retry-After, stores every acknowledged one, and answers normally after", async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    const name = new URL(app.database.databaseUrl!).pathname.slice(1);
    let cutting = true;
    // Cuts every 15 ms, further apart while no write gets through (a loaded machine's writes take longer).
    let gap = 15;
    const cutter = (async () => {
      while (cutting) {
        await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", [name]);
        await sleep(gap);
      }
    })();
    // Waves of ten writes until some were acknowledged and some refused (or 40 waves): how many
    // get through between two cuts depends on the machine's load, not on the app.
    const answers: Awaited<ReturnType<typeof tryForge>>[] = [];
    for (let wave = 0; wave < 40; wave++) {
      const waveAnswers = await Promise.all(Array.from({ length: 10 }, (_, i) => tryForge(app.url, `Through the storm ${wave}.${i}`)));
      answers.push(...waveAnswers);
      if (!waveAnswers.some((a) => a.status === 201)) gap = Math.min(gap * 2, 500);
      if (answers.filter((a) => a.status === 201).length >= 5 && answers.some((a) => a.status === 503)) break;
    }
    cutting = false;
    await cutter;
    await admin.end();

    for (const answer of answers) {
      expect([201, 503], JSON.stringify(answer.json)).toContain(answer.status);
      if (answer.status === 503) expect(answer.retryAfter).toBe("5");
    }
    const acknowledged = answers.flatMap((answer) => answer.id ?? []);
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(answers.some((answer) => answer.status === 503)).toBe(true);
    expect(await app.db.prisma.agent.count({ where: { id: { in: acknowledged } } })).toBe(acknowledged.length);
    expect((await tryForge(app.url, "After the storm")).status).toBe(201);
    expect((await app.request("GET", "/healthz")).status).toBe(200);
    expect(lines.filter((line) => /"level":(50|60)/.test(line))).toEqual([]);
  }, 120_000);
});

describe("PGlite killed during writes", () => {
  it("opens again on the same data directory with every acknowledged write", async () => {
    const database = await createTestDatabase("pglite");
    const env = { ANONYMOUS_WRITE_LIMIT: "off" };
    const first = await startServerProcess(database, env);
    const acknowledged: string[] = [];
    let writing = true;
    const writers = Array.from({ length: 4 }, async (_, writer) => {
      for (let i = 0; writing; i++) {
        const answer = await tryForge(first.url, `Before the fall ${writer}-${i}`).catch(() => undefined);
        if (answer?.id) acknowledged.push(answer.id);
      }
    });
    await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(20);
    first.child.kill("SIGKILL");
    await first.exited;
    writing = false;
    await Promise.all(writers);

    const second = await startServerProcess(database, env);
    try {
      const found = await Promise.all(acknowledged.map(async (id) => (await fetch(`${second.url}/api/agents/${id}`)).status));
      expect(found.filter((status) => status !== 200)).toEqual([]);
      expect((await tryForge(second.url, "After the fall")).status).toBe(201);
    } finally {
      await second.stop();
      await database.drop();
    }
  }, 90_000);
});

describe.each(databaseKinds)("a database that stopped answering, on %s", (kind) => {
  it("is a 503 with Retry-After on REST and SERVICE_UNAVAILABLE in GraphQL, logged as a warning, not a fault", async () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _encoding, done) => (lines.push(chunk.toString()), done()) });
    const app = await startTestApp(kind, { logger: createLogger("warn", sink), metricsToken: "fault-suite-metrics-token" });
    try {
      const curator = { authorization: `Bearer ${await signedInCurator(app)}` };
      const leaving = await registered(app);
      const account = bearer(await signedIn(app, leaving));
      await app.db.close();
      // Operators' figures read no database: they answer while it is away (#21).
      const scraped = await app.request("GET", "/metrics", undefined, { authorization: "Bearer fault-suite-metrics-token" });
      expect(scraped.status).toBe(200);
      expect(await scraped.text()).toContain("nomina_http_requests_total");
      const rest = await app.request("GET", "/api/agents");
      expect(rest.status).toBe(503);
      expect(rest.headers.get("retry-after")).toBe("5");
      expect(await rest.json()).toEqual({ message: "The archive is out of reach for a moment. Try again shortly." });
      const graph = await app.request("POST", "/graphql", { query: "{ agents(first: 2) { edges { node { name } } } }" });
      expect(graph.status).toBe(503);
      expect(graph.headers.get("retry-after")).toBe("5");
      expect((await graph.json()).errors[0]).toMatchObject({ extensions: { code: "SERVICE_UNAVAILABLE" } });
      // The routes and fields of conversations, Council sessions and creators' tools answer the same.
      const visitor = { "x-nomina-visitor": "fault-suite-visitor-key-0123456789" };
      const card = { spec: "chara_card_v3", spec_version: "3.0", data: { name: "Outage Card", personality: "Imported while the archive sleeps." } };
      for (const [method, pathname, payload] of [
        ["GET", "/api/agents/echo-haiku/card", undefined],
        ["GET", "/api/agents/echo-haiku/card?format=png", undefined],
        ["POST", "/api/agents/import", card],
        ["POST", "/api/agents", { name: "Outage Forge", glyph: "✶", personality: "Forged while the archive sleeps.", apiModel: "gemini" }],
        ["GET", "/api/conversations/01950000-0000-7000-8000-000000000000", undefined],
        // What the caller has shared (#27, Settings → Shared).
        ["GET", "/api/shared/conversations", undefined],
        ["GET", "/api/shared/council-sessions", undefined],
        ["POST", "/api/council/whisper", { prompt: "Is anyone there?", review: true }],
        // #28: a session's settings, a question as it stands, and its stop and retries.
        ["GET", "/api/council/sessions/01950000-0000-7000-8000-000000000000", undefined],
        ["GET", "/api/creators/01950000-0000-7000-8000-000000000000", undefined],
        // #30: an agent's numbers, for its creator.
        ["GET", "/api/agents/echo-haiku/activity?days=90", undefined],
        // #30: your data, for a visitor (the archive's first files are read before it is sent).
        ["GET", "/api/account/export", undefined],
        ["GET", "/api/council/invocations/01950000-0000-7000-8000-000000000000", undefined],
        ["POST", "/api/council/invocations/01950000-0000-7000-8000-000000000000/stop", {}],
        ["POST", "/api/council/invocations/01950000-0000-7000-8000-000000000000/retry", { seat: "claude" }],
        ["POST", "/api/council/invocations/01950000-0000-7000-8000-000000000000/retry-silent", {}],
        // Scale (#20): the bounded nomination map, both ways.
        ["GET", "/api/council/nominations", undefined],
        ["GET", "/api/council/nominations?agentIds=01950000-0000-7000-8000-000000000000", undefined],
        // #28: the ritual log by kind (a Council question is one).
        ["GET", "/api/council/ritual-logs?type=council", undefined],
        // #27: search, sharing, edits, personas and notes.
        ["GET", "/api/messages/search?q=river", undefined],
        ["POST", "/api/conversations/01950000-0000-7000-8000-000000000000/share", { visibility: "public" }],
        ["POST", "/api/messages/01950000-0000-7000-8000-000000000000/edit", { message: "Again." }],
        ["GET", "/api/personas", undefined],
        ["POST", "/api/personas", { name: "Orrin" }],
        ["GET", "/api/agents/echo-haiku/memories", undefined],
        ["POST", "/api/conversations/01950000-0000-7000-8000-000000000000/memory", { on: false }],
        // #28: conclaves opened, run and reordered.
        ["POST", "/api/conclaves", { agentIds: ["echo-haiku", "01950000-0000-7000-8000-000000000000"], turnOrder: "in_turn" }],
        ["POST", "/api/conversations/01950000-0000-7000-8000-000000000000/turns", { message: "Speak." }],
        ["POST", "/api/conversations/01950000-0000-7000-8000-000000000000/turn-order", { turnOrder: "by_hand" }],
        // #30 item 5: notifications, read and set.
        ["GET", "/api/notifications", undefined],
        ["POST", "/api/notifications/read", { all: true }],
        ["GET", "/api/notifications/preferences", undefined],
        ["PUT", "/api/notifications/preferences", { muted: ["embedded"] }],
      ] as const) {
        const answered = await app.request(method, pathname, payload, visitor);
        expect(answered.status, `${method} ${pathname}`).toBe(503);
      }
      // The curators' view of the minds: the session behind the token cannot be read either.
      expect((await app.request("GET", "/api/curator/minds", undefined, curator)).status).toBe(503);
      // #42: a whisper (read as far as its message allows), and deleting an account, asked and done.
      for (const [method, pathname, payload, headers] of [
        ["GET", "/api/whispers/01950000-0000-7000-8000-000000000000", undefined, visitor],
        ["GET", "/api/account/deletion", undefined, account],
        ["POST", "/api/account/delete", { password: leaving.password }, account],
      ] as const) {
        expect((await app.request(method, pathname, payload, headers)).status, `${method} ${pathname}`).toBe(503);
      }
      const asked = await (await app.request("POST", "/graphql", { query: "{ accountDeletion { agents kept departed } }" }, account)).json();
      expect(asked.errors?.[0]?.extensions?.code).toBe("SERVICE_UNAVAILABLE");
      // Tags (#30): the popular tags, the listing by tag, and a curator's merge and removal.
      for (const [method, pathname, payload, headers] of [
        ["GET", "/api/tags", undefined, visitor],
        ["GET", "/api/agents?tag=poetry", undefined, visitor],
        ["POST", "/api/curator/tags/poetry/merge", { into: "verse" }, curator],
        ["POST", "/api/curator/tags/poetry/remove", undefined, curator],
      ] as const) {
        expect((await app.request(method, pathname, payload, headers)).status, `${method} ${pathname}`).toBe(503);
      }
      const health = await app.request("POST", "/graphql", { query: "{ mindsHealth { spentUsd } }" }, curator);
      expect((await health.json()).errors?.[0]?.extensions?.code).toBe("SERVICE_UNAVAILABLE");
      const avatar = await fetch(`${app.url}/api/agents/01950000-0000-7000-8000-000000000000/avatar`, {
        method: "PUT",
        headers: { "content-type": "image/png", ...visitor },
        body: "x",
      });
      expect(avatar.status).toBe(503);
      // And the Ancestry Map's: its lineages (by activity and by search, with their trees) and a focus tree.
      const mapQueries = [
        "{ lineages(first: 2) { edges { node { agents { name } } } } }",
        '{ lineages(first: 2, search: "echo") { edges { node { agents { name } } } } }',
        '{ agentTree(agentId: "01950000-0000-7000-8000-000000000000") { agents { name } } }',
      ];
      for (const query of [
        "{ myAgents(first: 2) { edges { node { name } } } }",
        "{ conversations(first: 2) { edges { node { title } } } }",
        "{ councilSessions(first: 2) { edges { node { title } } } }",
        '{ messageSearch(query: "river", first: 2) { edges { node { snippet } } } }',
        "{ personas { name } }",
        "{ sharedConversations(first: 2) { edges { node { title } } } }",
        "{ sharedCouncilSessions(first: 2) { edges { node { title } } } }",
        "{ notifications(first: 2) { edges { node { kind } } } }",
        "{ unreadNotificationCount }",
        // Scale (#20): the types by a loose index scan, the Gate's kept totals, the most nominated, a trigram search.
        "{ agentTypes }",
        "{ evolutionStats { totalAgents } }",
        "{ nominatedAgents(first: 2) { edges { node { name } } } }",
        '{ agents(first: 2, search: "echo") { edges { node { name } } } }',
        '{ agents(first: 2, tag: "poetry") { edges { node { name tags } } } }',
        "{ tags(first: 2) { edges { node { name agentCount } } } }",
        ...mapQueries,
      ]) {
        const answered = await app.request("POST", "/graphql", { query }, visitor);
        expect((await answered.json()).errors?.[0]?.extensions?.code, query).toBe("SERVICE_UNAVAILABLE");
      }
      // What a visitor may still ask today is counted beside the quotas, not in the database:
      // it still answers (#21), and never as a fault.
      const allowance = await (await app.request("POST", "/graphql", { query: "{ dailyAllowance { ritualsLimit resetsAt } }" }, visitor)).json();
      expect(allowance.errors?.[0]?.extensions?.code ?? "answered").toMatch(/^(answered|SERVICE_UNAVAILABLE)$/);
      expect((await app.request("GET", "/healthz")).status).toBe(503);
      expect(lines.filter((line) => /"level":(50|60)/.test(line))).toEqual([]);
      expect(lines.some((line) => /"level":40/.test(line))).toBe(true);
    } finally {
      await app.stop();
    }
  });
});

describe.each(databaseKinds)("the minds' ledger when the database stops answering, on %s", (kind) => {
  it("has the oracle answer for a capped seat, saying why, and lets an uncapped seat's model answer uncounted; warnings, not faults", async () => {
    const providers = await startFakeProviders();
    const app = await startTestApp(kind);
    const { log, lines } = capturedLogger();
    try {
      const settings = { ...settingsFor(providers), seats: providers.seats({}, DEFAULT_MODELS) };
      const ledger = (budgetUsd: number | null) => createMindsLedger({ prisma: app.db.prisma, clock: () => new Date(), budgetUsd, log });
      const capped = createMinds(settings, log, { ledger: ledger(5) });
      const uncapped = createMinds(settings, log, { ledger: ledger(null) });
      await app.db.close();

      // With a cap, a spend that cannot be counted is not spent: no call reaches the provider.
      expect(await capped.answerAsAgent(agentOn("claude"), "Who keeps the count?")).toMatchObject({ mode: "oracle", oracleReason: "ledger" });
      expect(providers.requests).toEqual([]);
      // Without one, nothing is reserved: the model answers, and what it cost goes uncounted.
      expect(await uncapped.answerAsAgent(agentOn("claude"), "And without a cap?")).toMatchObject({ mode: "model", seat: "claude" });
      expect(providers.requests).toHaveLength(1);

      const logged = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
      expect(logged.filter((line) => line.level >= 50)).toEqual([]);
      expect(logged.filter((line) => line.level === 40).map((line) => line.msg)).toEqual(
        expect.arrayContaining(["the minds' spending could not be checked: the oracle answers instead", "a model call's spending was not counted"]),
      );
    } finally {
      await app.stop();
      await providers.close();
    }
  });
});

describe.each(databaseKinds)("an archive the database leaves halfway, on %s", (kind) => {
  it("is a download cut short, not a fault, and the server serves on (#42: the archive is streamed a page at a time)", async () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _encoding, done) => (lines.push(chunk.toString()), done()) });
    const app = await startTestApp(kind, { logger: createLogger("warn", sink), limits: NO_LIMITS });
    try {
      const owner = newVisitor("cut-archive");
      const { conversation } = await invokeAs(app, "echo-haiku", owner, { message: "A thread long enough to be cut." });
      await app.db.prisma.$executeRawUnsafe(
        `INSERT INTO "messages" ("id", "conversation_id", "role", "text", "created_at")
         SELECT md5('cut-archive-' || g)::uuid, $1::uuid, 'user', repeat('a long while ', 40), now() + g * interval '1 millisecond' FROM generate_series(1, 5000) AS g`,
        conversation.id,
      );
      // Over a kept-alive connection, as a browser's: on one the client asked to close, fetch takes
      // the server's closing for the end of the body, whatever came before.
      const response = await fetch(`${app.url}/api/account/export`, { headers: as(owner) });
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      expect((await reader.read()).done).toBe(false);
      await app.db.close();
      // The archive ends where the database left: the client sees a broken download, never a whole-looking one.
      await expect(
        (async () => {
          for (;;) if ((await reader.read()).done) return "whole";
        })(),
      ).rejects.toThrow();
      expect((await app.request("GET", "/healthz")).status).toBe(503);
      expect(lines.filter((line) => /"level":(50|60)/.test(line))).toEqual([]);
    } finally {
      await app.stop();
    }
  }, 60_000);
});
