// The minds' daily budget over real HTTP, with every seat keyed and pointed at its provider's
// stand-in: twenty questions at once never spend past MINDS_DAILY_BUDGET_USD, the seats then
// answer from the oracle and say why, the cap trips at its figure, the models return at midnight
// UTC by the app's clock, two servers on one database share the one figure, and curators (only
// they) see the day's spend and each seat's calls, latency, error rate and last error.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, DAY, registered, signedIn, testClock, type Json } from "../../../test/accounts.ts";
import { signedInCurator } from "../../../test/curators.ts";
import { createTestDatabase, databaseKinds, serverUrl, type DatabaseKind } from "../../../test/databases.ts";
import { NO_LIMITS, startTestApp, type TestApp } from "../../../test/harness.ts";
import { settingsFor } from "../../../test/minds.ts";
import { startFakeProviders, type FakeProviders, type RecordedRequest } from "../../../test/providers.ts";
import { DEFAULT_MODELS, estimateCost } from "../../minds/pricing.ts";
import { inputTokensOf } from "../../minds/seats/budget.ts";
import { SEATS, type Seat } from "../../minds/identity.ts";
import { utcDay } from "./spend.ts";

const CAP = 0.02;
const MAX_OUTPUT_TOKENS = 64;
/** What every seat's stand-in says: forty tokens, so that an answer costs most of its worst case. */
const TOKENS = Array.from({ length: 40 }, (_, i) => `word${i} `);
const BUDGET_SPENT = "budget";

const HEALTH = `{ mindsHealth { day resetsAt budgetUsd spentUsd reservedUsd remainingUsd
  seats { seat mode provider model calls failures errorRate spentUsd averageLatencyMs maxLatencyMs budgetRefusals lastError lastErrorAt } } }`;

/** 10:00 UTC today. */
const morning = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 10));
};

/** The worst case the seat reserved for a request the stand-in saw (seats/budget.ts), in dollars. */
function worstCase(request: RecordedRequest): number {
  const inputTokens = inputTokensOf({ system: request.system, prompt: request.prompt, history: request.turns.slice(0, -1), oracle: () => "" });
  return estimateCost(request.model, { inputTokens, outputTokens: MAX_OUTPUT_TOKENS })!;
}

async function keyedApp(kind: DatabaseKind, providers: FakeProviders, options: Parameters<typeof startTestApp>[1] = {}) {
  return startTestApp(kind, {
    mindsDailyBudgetUsd: CAP,
    limits: NO_LIMITS,
    // The seats' real default models, so that pricing.ts knows their prices.
    minds: {
      ...settingsFor(providers, SEATS, { maxOutputTokens: MAX_OUTPUT_TOKENS, timeoutMs: 30_000, concurrency: 20 }),
      seats: providers.seats({}, DEFAULT_MODELS),
    },
    ...options,
  });
}

/** The agents of the genesis seed, one bound to each seat. */
async function agentsBySeat(app: TestApp): Promise<Record<Seat, string>> {
  const agents = await app.db.prisma.agent.findMany({ where: { type: "genesis" }, orderBy: { createdAt: "asc" } });
  return Object.fromEntries(SEATS.map((seat) => [seat, agents.find((agent) => agent.apiModel === seat)!.id])) as Record<Seat, string>;
}

function asker(app: TestApp, agents: Record<Seat, string>) {
  const visitor = { "x-nomina-visitor": `budget-${randomUUID()}` };
  // `visitor`: the asker's own key, which its threads (and their whispers) are read with.
  return Object.assign(
    async (seat: Seat, message: string): Promise<Json> => {
      const response = await app.request("POST", `/api/agents/${agents[seat]}/invoke`, { message }, visitor);
      return { status: response.status, ...(await response.json()) };
    },
    { visitor },
  );
}

/** The day's row of the budget, in dollars. */
async function budgetOf(app: TestApp, day: string) {
  const row = await app.db.prisma.mindsBudgetDay.findUnique({ where: { day: new Date(`${day}T00:00:00Z`) } });
  return { spent: Number(row?.spentMicros ?? 0) / 1e6, reserved: Number(row?.reservedMicros ?? 0) / 1e6 };
}

describe.each(databaseKinds)("the minds' daily budget on %s", (kind) => {
  let providers: FakeProviders;
  let app: TestApp;
  let agents: Record<Seat, string>;
  let ask: ReturnType<typeof asker>;
  const time = testClock(morning());

  beforeAll(async () => {
    providers = await startFakeProviders();
    app = await keyedApp(kind, providers, { clock: time.clock });
    agents = await agentsBySeat(app);
    ask = asker(app, agents);
  });
  afterAll(async () => {
    await app?.stop();
    await providers?.close();
  });
  const speakAll = () => SEATS.forEach((seat) => providers.script(seat, { tokens: TOKENS }));

  it("trips at the cap under twenty questions at once without overshooting it, then at its figure one question at a time", async () => {
    providers.reset();
    // Every model holds its answer until all twenty questions have been let through or refused,
    // so that every reservation is held at once.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    SEATS.forEach((seat) => providers.script(seat, { tokens: TOKENS, gate }));
    let refusals = 0;
    const asking = Array.from({ length: 20 }, (_, i) =>
      ask(SEATS[i % SEATS.length]!, `Question ${i}: what does the archive keep?`).then((answer) => {
        if (answer.mode === "oracle") refusals++;
        return answer;
      }),
    );
    await expect.poll(() => providers.requests.length + refusals, { timeout: 30_000 }).toBe(20);
    const day = utcDay(time.clock());
    const held = await budgetOf(app, day);
    expect(held.spent).toBe(0);
    expect(held.reserved).toBeLessThanOrEqual(CAP);
    release();
    const answers: Json[] = await Promise.all(asking);
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const byModel = answers.filter((answer) => answer.mode === "model");
    const byOracle = answers.filter((answer) => answer.mode === "oracle");
    expect(byModel.length).toBeGreaterThan(0);
    expect(byOracle.length).toBeGreaterThan(0);
    expect(providers.requests).toHaveLength(byModel.length);
    for (const answer of byModel) expect([answer.oracleReason, answer.whisper.oracleReason]).toEqual([null, null]);
    for (const answer of byOracle) {
      expect(answer).toMatchObject({ oracleReason: BUDGET_SPENT, whisper: { mode: "oracle", oracleReason: BUDGET_SPENT, costUsd: 0 } });
      expect(answer.response.length).toBeGreaterThan(0);
    }

    // One question's estimate: the largest worst case any seat reserved for one of them.
    const estimate = Math.max(...providers.requests.map(worstCase));
    expect(20 * estimate).toBeGreaterThan(CAP);
    // A question was refused only when its worst case no longer fitted beside those held.
    expect(held.reserved).toBeGreaterThan(CAP - estimate);
    const burst = await budgetOf(app, day);
    expect(burst.reserved).toBe(0);
    expect(burst.spent).toBeLessThanOrEqual(CAP + estimate);
    expect(burst.spent).toBeLessThanOrEqual(CAP);
    const costs = byModel.reduce((sum, answer) => sum + answer.whisper.costUsd, 0);
    expect(burst.spent).toBeCloseTo(costs, 6);

    // The worst cases held while the twenty were in flight are given back as they settle, so
    // questions one at a time go on to the model until the day's spend itself is at the cap.
    const asked = [...providers.requests];
    providers.reset();
    speakAll();
    let refused: Json = null;
    for (let i = 0; i < 40 && !refused; i++) {
      const answer = await ask("claude", `And then, ${i}?`);
      if (answer.mode === "oracle") refused = answer;
    }
    expect(refused).toMatchObject({ oracleReason: BUDGET_SPENT });
    const claudeEstimate = Math.max(...[...asked, ...providers.requests].filter((request) => request.seat === "claude").map(worstCase));
    const tripped = await budgetOf(app, day);
    expect(tripped.spent).toBeLessThanOrEqual(CAP);
    expect(tripped.spent).toBeGreaterThan(CAP - claudeEstimate);
    expect(tripped.reserved).toBe(0);

    // Streamed over GraphQL too, the stored answer says why the oracle spoke (to its thread's owner).
    const { data } = await app.graphql<Json>(
      `query ($id: ID!) { node(id: $id) { ... on Whisper { mode provider oracleReason } } }`,
      { id: Buffer.from(`Whisper:${refused.whisper.id}`).toString("base64") },
      ask.visitor,
    );
    expect(data.node).toEqual({ mode: "oracle", provider: "oracle", oracleReason: BUDGET_SPENT });
  });

  it("gives the seats their models back at midnight UTC by the app's clock", async () => {
    providers.reset();
    speakAll();
    const today = morning();
    time.set(new Date(today.getTime() + 14 * 3_600_000 - 1_000)); // 23:59:59
    expect(await ask("claude", "Still today?")).toMatchObject({ mode: "oracle", oracleReason: BUDGET_SPENT });
    expect(providers.requests).toHaveLength(0);

    time.set(new Date(today.getTime() + 14 * 3_600_000)); // midnight
    const answer = await ask("claude", "A new day?");
    expect(answer).toMatchObject({ mode: "model", oracleReason: null, response: TOKENS.join("") });
    expect(providers.requests).toHaveLength(1);
    const fresh = await budgetOf(app, utcDay(time.clock()));
    expect(fresh.spent).toBeCloseTo(answer.whisper.costUsd, 6);
  });

  it("shows curators the day's spend, and each seat's calls, latency, error rate and last error; no one else", async () => {
    time.set(new Date(morning().getTime() + 2 * DAY));
    providers.reset();
    speakAll();
    providers.script("deepseek", (_request, index) => (index === 0 ? { status: 400, echoKey: true } : { tokens: TOKENS }));
    expect((await ask("deepseek", "Will you fail first?")).status).toBe(502);
    const answered = [await ask("deepseek", "And now?"), await ask("gemini", "And you?")];
    expect(answered.map((answer) => answer.mode)).toEqual(["model", "model"]);

    const curator = bearer(await signedInCurator(app));
    const { data, errors } = await app.graphql<Json>(HEALTH, undefined, curator);
    expect(errors).toBeUndefined();
    const health = data.mindsHealth;
    const seat = (name: Seat) => health.seats.find((row: Json) => row.seat === name);
    const spent = answered.reduce((sum, answer) => sum + answer.whisper.costUsd, 0);
    expect(health).toMatchObject({ day: utcDay(time.clock()), budgetUsd: CAP, reservedUsd: 0 });
    expect(health.spentUsd).toBeCloseTo(spent, 6);
    expect(health.remainingUsd).toBeCloseTo(CAP - spent, 6);
    expect(new Date(health.resetsAt).getTime()).toBe(Date.parse(`${utcDay(time.clock())}T00:00:00Z`) + DAY);
    expect(health.seats.map((row: Json) => row.seat)).toEqual([...SEATS]);

    const key = app.config.minds.seats.deepseek.apiKey!.reveal();
    expect(seat("deepseek")).toMatchObject({
      mode: "model",
      provider: "deepseek",
      model: DEFAULT_MODELS.deepseek,
      calls: 2,
      failures: 1,
      errorRate: 0.5,
      budgetRefusals: 0,
    });
    expect(seat("deepseek").lastError).toMatch(/^deepseek answered 400/);
    expect(seat("deepseek").lastError).not.toContain(key);
    expect(seat("deepseek").spentUsd).toBeCloseTo(answered[0].whisper.costUsd, 6);
    expect(new Date(seat("deepseek").lastErrorAt).getTime()).toBe(time.clock().getTime());
    expect(seat("deepseek").averageLatencyMs).toEqual(expect.any(Number));
    expect(seat("deepseek").maxLatencyMs).toBeGreaterThanOrEqual(seat("deepseek").averageLatencyMs);
    expect(seat("gemini")).toMatchObject({ calls: 1, failures: 0, errorRate: 0, lastError: null, lastErrorAt: null });
    expect(seat("gemini").spentUsd).toBeCloseTo(answered[1].whisper.costUsd, 6);
    expect(seat("claude")).toMatchObject({ calls: 0, failures: 0, errorRate: null, spentUsd: 0, averageLatencyMs: null, maxLatencyMs: null, lastError: null });
    expect(JSON.stringify(data)).not.toContain(key);

    // The same over REST.
    const rest = await app.request("GET", "/api/curator/minds", undefined, curator);
    expect(rest.status).toBe(200);
    const json = await rest.json();
    expect(json).toMatchObject({ day: health.day, budgetUsd: CAP, spentUsd: health.spentUsd, remainingUsd: health.remainingUsd });
    expect(json.seats.find((row: Json) => row.seat === "deepseek")).toMatchObject({
      calls: 2,
      failures: 1,
      errorRate: 0.5,
      mode: "model",
      lastError: seat("deepseek").lastError,
    });

    // Visitors are asked to sign in as a curator; users are told they are not one.
    const user = bearer(await signedIn(app, await registered(app)));
    expect((await app.graphql(HEALTH)).errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    expect((await app.graphql(HEALTH, undefined, user)).errors?.[0]).toMatchObject({ message: "Only curators may do this", extensions: { code: "FORBIDDEN" } });
    expect((await app.request("GET", "/api/curator/minds")).status).toBe(401);
    const forbidden = await app.request("GET", "/api/curator/minds", undefined, user);
    expect([forbidden.status, await forbidden.json()]).toEqual([403, { message: "Only curators may do this" }]);
  });
});

describe.each(databaseKinds)("a budget of nothing on %s", (kind) => {
  let providers: FakeProviders;
  let app: TestApp;
  beforeAll(async () => {
    providers = await startFakeProviders();
    app = await keyedApp(kind, providers, { mindsDailyBudgetUsd: 0 });
  });
  afterAll(async () => {
    await app?.stop();
    await providers?.close();
  });

  it("has the oracle answer the Summoning Gate and the Council Terminal in every seat's place, saying why, without a call to a provider", async () => {
    const gate = await app.request("POST", "/api/council/whisper", { prompt: "What is owed to a name?", review: true });
    expect(gate.status).toBe(200);
    const summoned = await gate.json();
    const voices = [...SEATS, "synthesis"];
    expect(summoned.modes).toEqual(Object.fromEntries(voices.map((voice) => [voice, "oracle"])));
    expect(summoned.oracleReasons).toEqual(Object.fromEntries(voices.map((voice) => [voice, BUDGET_SPENT])));
    for (const seat of SEATS) expect(summoned.reviews[seat]).toMatchObject({ mode: "oracle", oracleReason: BUDGET_SPENT });
    expect(summoned.costUsd).toBe(0);

    const { data } = await app.graphql<Json>(
      `query ($id: ID!) { node(id: $id) { ... on CouncilInvocation { answers { seat mode oracleReason } reviews { mode oracleReason } synthesis { mode oracleReason } } } }`,
      { id: Buffer.from(`CouncilInvocation:${summoned.invocationId}`).toString("base64") },
    );
    expect(data.node.answers).toEqual(SEATS.map((seat) => ({ seat, mode: "oracle", oracleReason: BUDGET_SPENT })));
    expect(data.node.reviews).toEqual(SEATS.map(() => ({ mode: "oracle", oracleReason: BUDGET_SPENT })));
    expect(data.node.synthesis).toEqual({ mode: "oracle", oracleReason: BUDGET_SPENT });

    const terminal = await app.request("POST", "/api/council/whisper", { content: "Is anyone listening?", userId: "anonymous" });
    expect(await terminal.json()).toMatchObject({ mode: "oracle", oracleReason: BUDGET_SPENT, whisper: { mode: "oracle", oracleReason: BUDGET_SPENT } });
    const listed = await app.graphql<Json>(`{ councilWhispers(first: 1) { edges { node { responseMode responseOracleReason } } } }`);
    expect(listed.data.councilWhispers.edges[0].node).toEqual({ responseMode: "oracle", responseOracleReason: BUDGET_SPENT });
    expect(providers.requests).toEqual([]);

    // Every seat counts the questions the oracle answered in its place.
    const health = await app.graphql<Json>(HEALTH, undefined, bearer(await signedInCurator(app)));
    for (const row of health.data.mindsHealth.seats) {
      expect(row).toMatchObject({ mode: "oracle", calls: 0 });
      expect(row.budgetRefusals).toBeGreaterThan(0);
    }
    expect(health.data.mindsHealth).toMatchObject({ budgetUsd: 0, spentUsd: 0, remainingUsd: 0 });
  });
});

describe.runIf(serverUrl)("two servers on one PostgreSQL database", () => {
  it("share one budget: twenty questions across both never spend past it", async () => {
    const providers = await startFakeProviders();
    const database = await createTestDatabase("postgres");
    const apps = [await keyedApp("postgres", providers, { database }), await keyedApp("postgres", providers, { database })];
    try {
      SEATS.forEach((seat) => providers.script(seat, { tokens: TOKENS }));
      const agents = await agentsBySeat(apps[0]!);
      const askers = apps.map((app) => asker(app, agents));
      const answers: Json[] = await Promise.all(
        Array.from({ length: 20 }, (_, i) => askers[i % 2]!(SEATS[Math.floor(i / 2) % SEATS.length]!, `Shared question ${i}?`)),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
      expect(answers.filter((answer) => answer.mode === "oracle").length).toBeGreaterThan(0);
      const spent = await budgetOf(apps[0]!, utcDay(new Date()));
      expect(spent.reserved).toBe(0);
      expect(spent.spent).toBeLessThanOrEqual(CAP);
      const costs = answers.filter((answer) => answer.mode === "model").reduce((sum, answer) => sum + answer.whisper.costUsd, 0);
      expect(spent.spent).toBeCloseTo(costs, 6);
    } finally {
      await Promise.all(apps.map((app) => app.stop()));
      await database.drop();
      await providers.close();
    }
  });
});
