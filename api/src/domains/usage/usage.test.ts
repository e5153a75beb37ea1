// Usage and daily quotas over real HTTP: every costly act is counted for its user; the fourth
// synthesis of a day is refused (429, a message with 'quota') and allowed again once the clock
// passes midnight UTC; visitors get the same limits per address; tiers raise the limits.
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
      select: { synthRuns: true, dailySynthRuns: true, summonRituals: true, dailySummonRituals: true, echoInteractions: true, agentsCreated: true, ritualTier: true },
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
    expect((await call(app, "GET", "/api/auth/user", undefined, bearer(token))).body.user).toMatchObject({ synthRuns: 3, dailySynthRuns: 3, dailyLimits: { synth: 3 } });

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
    const statuses = await Promise.all(Array.from({ length: 6 }, (_, n) => call(app, "POST", GATE, ask(n), bearer(token)).then((r) => r.status)));
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
    const estimate = async () => (await visitor("POST", "/graphql", { query: ESTIMATE, variables: { input: { prompt: "How many remain?", review: true } } })).body.data.councilEstimate;
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
    const mine = await app.graphql<Json>(ALLOWANCE, undefined, bearer(token));
    expect(mine.data.dailyAllowance).toEqual({ councilQuestionsLeft: 3, councilQuestionsLimit: 3, ritualsLeft: 1, ritualsLimit: 1, resetsAt });
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
    const viewer = await app.graphql<Json>(`{ viewer { usage { summonRituals dailySummonRituals dailySummonLimit echoInteractions resetsAt } } }`, undefined, bearer(token));
    expect(viewer.data.viewer.usage).toEqual({
      summonRituals: 1,
      dailySummonRituals: 1,
      dailySummonLimit: 1,
      echoInteractions: 5,
      resetsAt: new Date(morning().getTime() + 14 * HOUR).toISOString(),
    });
  });

  it("counts forged and remixed agents, credits them to the user, and raises the tier every five", async () => {
    time.set(morning());
    const account = await registered(app);
    const token = await signedIn(app, account);
    const forged: string[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await call(app, "POST", "/api/agents", { name: `Tier Climber ${i}`, glyph: "✶", personality: "Climbs one rung at a time.", apiModel: "claude" }, bearer(token));
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ createdBy: account.name });
      expect((await app.db.prisma.agent.findUniqueOrThrow({ where: { id: response.body.id } })).creatorId).toBe(account.id);
      forged.push(response.body.id);
    }
    expect(await counters(account)).toMatchObject({ agentsCreated: 4, ritualTier: 1 });
    const remix = await app.graphql<Json>(
      `mutation ($input: RemixAgentInput!) { remixAgent(input: $input) { agent { createdBy } } }`,
      { input: { parentAgentId: forged[0], description: "The fifth rung, remixed.", personality: "Climbs on the shoulders of its parent." } },
      bearer(token),
    );
    expect(remix.errors).toBeUndefined();
    expect(remix.data.remixAgent.agent.createdBy).toBe(account.name);
    expect(await counters(account)).toMatchObject({ agentsCreated: 5, ritualTier: 2 });
    // Tier 2 doubles the daily limits: six syntheses, two glyph rituals.
    const statuses = [];
    for (let n = 0; n < 7; n++) statuses.push((await call(app, "POST", GATE, ask(n), bearer(token))).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    expect((await call(app, "GET", "/api/auth/user", undefined, bearer(token))).body.user).toMatchObject({ ritualTier: 2, dailyLimits: { synth: 6, summon: 2 } });
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
