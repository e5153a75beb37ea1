// Usage and daily quotas over real HTTP: every costly act is counted for its user; the fourth
// synthesis of a day is refused (429, a message with 'quota') and allowed again once the clock
// passes midnight UTC; visitors get the same limits per address, and unverified users share
// their address's; tiers raise the limits, earned by a verified, day-old account through what
// others did with its agents, never by its own forging.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, call, DAY, from, HOUR, registered, signedIn, testClock, type Account, type Json } from "../../../test/accounts.ts";
import { databaseKinds } from "../../../test/databases.ts";
import { startTestApp, type TestApp } from "../../../test/harness.ts";

const GATE = "/api/council/whisper";
const ask = (n: number) => ({ prompt: `What is the name of the ${n}th star?` });
const INVOKE = `mutation ($input: InvokeAgentInput!) { invokeAgent(input: $input) { response } }`;

/** 10:00 UTC today: the day has fourteen hours left. */
const morning = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 10));
};

describe.each(databaseKinds)("daily quotas on %s", (kind) => {
  let app: TestApp;
  let echo: { id: string };
  const time = testClock(morning());
  beforeAll(async () => {
    app = await startTestApp(kind, { clock: time.clock, dailyQuotas: true });
    echo = await app.db.prisma.agent.findUniqueOrThrow({ where: { username: "echo-haiku" } });
  });
  afterAll(() => app.stop());

  const counters = (account: Account) =>
    app.db.prisma.user.findUniqueOrThrow({
      where: { id: account.id },
      select: {
        synthRuns: true,
        dailySynthRuns: true,
        summonRituals: true,
        dailySummonRituals: true,
        echoInteractions: true,
        agentsCreated: true,
        ritualTier: true,
      },
    });

  it("refuses a user's fourth synthesis of the day with 429 and 'quota', and allows it after midnight UTC", async () => {
    time.set(morning());
    const account = await registered(app);
    const token = await signedIn(app, account);
    for (let n = 1; n <= 3; n++) {
      const answered = await call(app, "POST", GATE, ask(n), bearer(token));
      expect(answered.status, `synthesis ${n}`).toBe(200);
    }
    const fourth = await call(app, "POST", GATE, ask(4), bearer(token));
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toContain("quota");
    expect(fourth.headers.get("retry-after")).toBe(String(14 * 3600));
    expect(await counters(account)).toMatchObject({ synthRuns: 3, dailySynthRuns: 3 });
    expect((await call(app, "GET", "/api/auth/user", undefined, bearer(token))).body.user).toMatchObject({
      synthRuns: 3,
      dailySynthRuns: 3,
      dailyLimits: { synth: 3 },
    });

    time.advance(14 * HOUR - 1000);
    expect((await call(app, "POST", GATE, ask(5), bearer(token))).status).toBe(429);
    time.advance(2000);
    // A new day: Settings shows zero before anything is done, then the count starts again.
    expect((await call(app, "GET", "/api/auth/user", undefined, bearer(token))).body.user).toMatchObject({ synthRuns: 3, dailySynthRuns: 0 });
    expect((await call(app, "POST", GATE, ask(6), bearer(token))).status).toBe(200);
    expect(await counters(account)).toMatchObject({ synthRuns: 4, dailySynthRuns: 1 });
  });

  it("counts a concurrent burst exactly: three of six simultaneous syntheses pass", async () => {
    time.set(morning());
    const account = await registered(app);
    const token = await signedIn(app, account);
    const user = from(app, "127.0.0.61");
    const statuses = await Promise.all(Array.from({ length: 6 }, (_, n) => user("POST", GATE, ask(n), bearer(token)).then((r) => r.status)));
    expect(statuses.sort()).toEqual([200, 200, 200, 429, 429, 429]);
    expect(await counters(account)).toMatchObject({ synthRuns: 3, dailySynthRuns: 3 });
  });

  it("gives visitors the same daily limits per address", async () => {
    time.set(morning());
    const first = from(app, "127.0.0.31");
    const second = from(app, "127.0.0.32");
    for (let n = 1; n <= 3; n++) expect((await first("POST", GATE, ask(n))).status).toBe(200);
    const refused = await first("POST", GATE, ask(4));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/quota/);
    expect((await second("POST", GATE, ask(1))).status).toBe(200);
    expect((await first("POST", `/api/agents/${echo.id}/invoke`, { message: "", glyphType: "truth" })).status).toBe(200);
    expect((await first("POST", `/api/agents/${echo.id}/invoke`, { message: "", glyphType: "poem" })).status).toBe(429);
    time.advance(DAY);
    expect((await first("POST", GATE, ask(5))).status).toBe(200);
    expect((await first("POST", `/api/agents/${echo.id}/invoke`, { message: "", glyphType: "poem" })).status).toBe(200);
  });

  it("counts a Council question once, peer review and follow-ups alike, and the estimate says how many remain today", async () => {
    time.set(morning());
    const visitor = from(app, "127.0.0.41");
    const ESTIMATE = `query ($input: InvokeCouncilInput!) { councilEstimate(input: $input) { questionsLeftToday dailyLimit } }`;
    const estimate = async () =>
      (await visitor("POST", "/graphql", { query: ESTIMATE, variables: { input: { prompt: "How many remain?", review: true } } })).body.data.councilEstimate;
    expect(await estimate()).toEqual({ questionsLeftToday: 3, dailyLimit: 3 });
    const first = await visitor("POST", GATE, { ...ask(1), review: true });
    expect(first.status).toBe(200);
    expect(await estimate()).toEqual({ questionsLeftToday: 2, dailyLimit: 3 });
    expect((await visitor("POST", GATE, { ...ask(2), review: true, sessionId: first.body.session.id })).status).toBe(200);
    expect((await visitor("POST", GATE, ask(3))).status).toBe(200);
    expect(await estimate()).toEqual({ questionsLeftToday: 0, dailyLimit: 3 });
    expect((await visitor("POST", GATE, ask(4))).status).toBe(429);
  });

  it("tells visitors and users what they may still do today, before they are refused", async () => {
    time.set(morning());
    const ALLOWANCE = `{ dailyAllowance { councilQuestionsLeft councilQuestionsLimit ritualsLeft ritualsLimit resetsAt } }`;
    const visitor = from(app, "127.0.0.51");
    const allowance = async () => (await visitor("POST", "/graphql", { query: ALLOWANCE })).body.data.dailyAllowance;
    const resetsAt = new Date(morning().getTime() + 14 * HOUR).toISOString();
    expect(await allowance()).toEqual({ councilQuestionsLeft: 3, councilQuestionsLimit: 3, ritualsLeft: 1, ritualsLimit: 1, resetsAt });
    expect((await visitor("POST", GATE, ask(1))).status).toBe(200);
    expect((await visitor("POST", `/api/agents/${echo.id}/invoke`, { message: "", glyphType: "truth" })).status).toBe(200);
    expect(await allowance()).toEqual({ councilQuestionsLeft: 2, councilQuestionsLimit: 3, ritualsLeft: 0, ritualsLimit: 1, resetsAt });

    const account = await registered(app);
    const token = await signedIn(app, account);
    const mine = await from(app, "127.0.0.52")("POST", "/graphql", { query: ALLOWANCE }, bearer(token));
    expect(mine.body.data.dailyAllowance).toEqual({ councilQuestionsLeft: 3, councilQuestionsLimit: 3, ritualsLeft: 1, ritualsLimit: 1, resetsAt });
    // Unverified, the account shares its address's day: from the visitor's address, what is left there.
    const there = await visitor("POST", "/graphql", { query: ALLOWANCE }, bearer(token));
    expect(there.body.data.dailyAllowance).toMatchObject({ councilQuestionsLeft: 2, councilQuestionsLimit: 3, ritualsLeft: 0, ritualsLimit: 1 });
  });

  it("allows one glyph ritual a day at tier 1, never limits plain invocations, and counts both", async () => {
    time.set(morning());
    const account = await registered(app);
    const token = await signedIn(app, account);
    const invoke = (body: unknown) => call(app, "POST", `/api/agents/${echo.id}/invoke`, body, bearer(token));
    expect((await invoke({ message: "", glyphType: "truth" })).status).toBe(200);
    const second = await invoke({ message: "", glyphType: "secret" });
    expect(second).toMatchObject({ status: 429, body: { message: expect.stringContaining("quota") } });
    const viaGraph = await app.graphql(INVOKE, { input: { agentId: echo.id, glyphType: "poem" } }, bearer(token));
    expect(viaGraph.errors?.[0]).toMatchObject({ message: expect.stringContaining("quota"), extensions: { code: "QUOTA_EXCEEDED", retryAfter: 14 * 3600 } });
    for (let i = 0; i < 4; i++) expect((await invoke({ message: `plain words ${i}` })).status).toBe(200);
    expect((await app.graphql(INVOKE, { input: { agentId: echo.id, message: "through the graph" } }, bearer(token))).errors).toBeUndefined();
    expect(await counters(account)).toMatchObject({ summonRituals: 1, dailySummonRituals: 1, echoInteractions: 5 });
    const viewer = await app.graphql<Json>(
      `{ viewer { usage { summonRituals dailySummonRituals dailySummonLimit echoInteractions resetsAt } } }`,
      undefined,
      bearer(token),
    );
    expect(viewer.data.viewer.usage).toEqual({
      summonRituals: 1,
      dailySummonRituals: 1,
      dailySummonLimit: 1,
      echoInteractions: 5,
      resetsAt: new Date(morning().getTime() + 14 * HOUR).toISOString(),
    });
  });

  it("counts forged and remixed agents and credits them to the user, but raises no tier for them", async () => {
    time.set(morning());
    const account = await registered(app);
    await app.db.prisma.user.update({ where: { id: account.id }, data: { verified: true } });
    time.advance(DAY);
    const token = await signedIn(app, account);
    const forged: string[] = [];
    for (let i = 0; i < 20; i++) {
      const response = await call(
        app,
        "POST",
        "/api/agents",
        { name: `Tier Climber ${i}`, glyph: "✶", personality: "Climbs one rung at a time.", apiModel: "claude" },
        bearer(token),
      );
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ createdBy: account.name });
      expect((await app.db.prisma.agent.findUniqueOrThrow({ where: { id: response.body.id } })).creatorId).toBe(account.id);
      forged.push(response.body.id);
    }
    const remix = await app.graphql<Json>(
      `mutation ($input: RemixAgentInput!) { remixAgent(input: $input) { agent { createdBy } } }`,
      { input: { parentAgentId: forged[0], description: "The next rung, remixed.", personality: "Climbs on the shoulders of its parent." } },
      bearer(token),
    );
    expect(remix.errors).toBeUndefined();
    expect(remix.data.remixAgent.agent.createdBy).toBe(account.name);
    // Twenty-one agents of its own, and a nomination of its own: tier 2, as verified and a day old, no more.
    expect((await call(app, "POST", "/api/council/nominate", { agentId: forged[0], reason: "my own" }, bearer(token))).status).toBe(201);
    await signedIn(app, account);
    expect(await counters(account)).toMatchObject({ agentsCreated: 21, ritualTier: 2 });
    // Tier 2 doubles the daily limits: six syntheses, two glyph rituals.
    const user = from(app, "127.0.0.71");
    const statuses = [];
    for (let n = 0; n < 7; n++) statuses.push((await user("POST", GATE, ask(n), bearer(token))).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    expect((await call(app, "GET", "/api/auth/user", undefined, bearer(token))).body.user).toMatchObject({
      ritualTier: 2,
      dailyLimits: { synth: 6, summon: 2 },
    });
  });

  it("keeps tier 1 until the email is verified and the account a day old, then raises it with every five others who acted on its agents", async () => {
    time.set(morning());
    const account = await registered(app);
    const token = await signedIn(app, account);
    const agent = (
      await call(app, "POST", "/api/agents", { name: "Much Loved", glyph: "✶", personality: "Others come to it.", apiModel: "claude" }, bearer(token))
    ).body;
    const tierNow = async () => {
      await signedIn(app, account);
      return (await counters(account)).ritualTier;
    };
    const verifiedUser = async () => {
      const other = await registered(app);
      await app.db.prisma.user.update({ where: { id: other.id }, data: { verified: true } });
      return bearer(await signedIn(app, other));
    };
    // Others act on its agent while it is unverified and new: three addresses nominate, a verified user remixes.
    for (let n = 1; n <= 3; n++)
      expect((await from(app, `127.0.9.${n}`)("POST", "/api/council/nominate", { agentId: agent.id, reason: `from ${n}` })).status).toBe(201);
    const remix = { parentAgentId: agent.id, description: "Another's turn.", personality: "Taken further by someone else." };
    expect(
      (await app.graphql<Json>(`mutation ($input: RemixAgentInput!) { remixAgent(input: $input) { agent { id } } }`, { input: remix }, await verifiedUser()))
        .errors,
    ).toBeUndefined();
    expect(await tierNow()).toBe(1);
    await app.db.prisma.user.update({ where: { id: account.id }, data: { verified: true } });
    time.advance(DAY - 60_000);
    expect(await tierNow()).toBe(1);
    time.advance(60_000);
    expect(await tierNow()).toBe(2);
    // What does not count: a nomination by an unverified account, a visitor's remix, the same address twice.
    const unverified = await registered(app);
    expect((await call(app, "POST", "/api/council/nominate", { agentId: agent.id, reason: "cheap" }, bearer(await signedIn(app, unverified)))).status).toBe(
      201,
    );
    expect((await from(app, "127.0.9.9")("POST", "/api/agents/remix", remix)).status).toBe(201);
    expect(
      (
        await from(app, "127.0.9.1")(
          "POST",
          "/api/council/nominate",
          { agentId: agent.id, reason: "again" },
          { "x-nomina-visitor": "another-key-from-the-same-address" },
        )
      ).status,
    ).toBe(200);
    expect(await tierNow()).toBe(2);
    // A verified user speaking with it is the fifth: tier 3, three times the tier-1 limits.
    expect((await call(app, "POST", `/api/agents/${agent.id}/invoke`, { message: "Hello, much loved." }, await verifiedUser())).status).toBe(200);
    expect(await tierNow()).toBe(3);
    expect((await call(app, "GET", "/api/auth/user", undefined, bearer(token))).body.user).toMatchObject({
      ritualTier: 3,
      dailyLimits: { synth: 9, summon: 3 },
    });
  });

  it("makes unverified accounts from one address share its day, visitors there included; a verified account has its own", async () => {
    time.set(morning());
    const place = from(app, "127.0.0.81");
    const [first, second, third] = [await registered(app), await registered(app), await registered(app)];
    const tokens = await Promise.all([first, second, third].map((account) => signedIn(app, account)));
    expect((await place("POST", GATE, ask(1), bearer(tokens[0]!))).status).toBe(200);
    expect((await place("POST", GATE, ask(2), bearer(tokens[1]!))).status).toBe(200);
    expect((await place("POST", GATE, ask(3))).status).toBe(200);
    const refused = await place("POST", GATE, ask(4), bearer(tokens[1]!));
    expect(refused).toMatchObject({ status: 429, body: { message: expect.stringContaining("quota") } });
    expect((await place("POST", GATE, ask(5), bearer(tokens[0]!))).status).toBe(429);
    // Refused, it counted nowhere; from another address, the account's own day is there.
    expect(await counters(second)).toMatchObject({ dailySynthRuns: 1 });
    expect((await from(app, "127.0.0.82")("POST", GATE, ask(6), bearer(tokens[1]!))).status).toBe(200);
    await app.db.prisma.user.update({ where: { id: third.id }, data: { verified: true } });
    for (let n = 0; n < 3; n++) expect((await place("POST", GATE, ask(7 + n), bearer(tokens[2]!))).status).toBe(200);
    expect((await place("POST", GATE, ask(10), bearer(tokens[2]!))).status).toBe(429);
  });

  it("changes nothing when an act is refused for its input", async () => {
    time.set(morning());
    const account = await registered(app);
    const token = await signedIn(app, account);
    expect((await call(app, "POST", GATE, { prompt: "   " }, bearer(token))).status).toBe(400);
    expect((await call(app, "POST", `/api/agents/${echo.id}/invoke`, { message: "", glyphType: "curse" }, bearer(token))).status).toBe(400);
    expect((await call(app, "POST", "/api/agents", { name: "", glyph: "✶", personality: "x", apiModel: "claude" }, bearer(token))).status).toBe(400);
    expect((await call(app, "POST", "/api/agents/not-an-agent/invoke", { message: "hello?" }, bearer(token))).status).toBe(404);
    expect(await counters(account)).toMatchObject({ synthRuns: 0, summonRituals: 0, echoInteractions: 0, agentsCreated: 0 });
  });
});

describe.each(databaseKinds)("quotas turned off on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind, { dailyQuotas: false });
  });
  afterAll(() => app.stop());

  it("still counts every act, and refuses none", async () => {
    const account = await registered(app);
    const token = await signedIn(app, account);
    for (let n = 0; n < 5; n++) expect((await call(app, "POST", GATE, ask(n), bearer(token))).status).toBe(200);
    for (let n = 0; n < 5; n++) expect((await call(app, "POST", GATE, ask(n))).status).toBe(200);
    expect(await app.db.prisma.user.findUniqueOrThrow({ where: { id: account.id } })).toMatchObject({ synthRuns: 5, dailySynthRuns: 5 });
  });
});

if (process.env.REDIS_URL) {
  describe("visitors' quotas shared through Redis", () => {
    let apps: TestApp[];
    const time = testClock(morning());
    beforeAll(async () => {
      const shared = { clock: time.clock, dailyQuotas: true, redisUrl: process.env.REDIS_URL, redisChannelPrefix: `quota-test-${randomUUID()}` };
      apps = await Promise.all([startTestApp("pglite", shared), startTestApp("pglite", shared)]);
    });
    afterAll(() => Promise.all(apps.map((app) => app.stop())));

    it("count an address's syntheses on every server", async () => {
      const statuses: number[] = [];
      for (let n = 0; n < 4; n++) statuses.push((await from(apps[n % 2]!, "127.0.7.1")("POST", GATE, ask(n))).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      time.advance(DAY);
      expect((await from(apps[1]!, "127.0.7.1")("POST", GATE, ask(5))).status).toBe(200);
    });
  });
}
