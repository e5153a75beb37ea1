// Abuse limits over real HTTP, set low here (they are configuration): failed sign-ins per
// email and per address, and visitors' writes per address, answered 429 with a clear message
// and a Retry-After; with REDIS_URL, several servers share the counts.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, call, from, registered, signedIn } from "../../../test/accounts.ts";
import { databaseKinds } from "../../../test/databases.ts";
import { startTestApp, type TestApp } from "../../../test/harness.ts";

const TOO_MANY_SIGN_INS = /^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/;
const TOO_MANY_WRITES = /^Too many writes from your address\. Try again in \d+ seconds\.$/;

const limits = {
  loginPerEmail: { points: 3, seconds: 900 },
  loginPerAddress: { points: 6, seconds: 900 },
  anonymousWrites: { points: 5, seconds: 600 },
};

describe.each(databaseKinds)("abuse limits on %s", (kind) => {
  let app: TestApp;
  let echo: { id: string };
  beforeAll(async () => {
    app = await startTestApp(kind, { limits });
    echo = await app.db.prisma.agent.findUniqueOrThrow({ where: { username: "echo-haiku" } });
  });
  afterAll(() => app.stop());

  it("refuses sign-ins to an email from an address after three failures there, even with the right password", async () => {
    const account = await registered(app);
    const login = from(app, "127.0.1.1");
    for (let i = 0; i < 3; i++) expect((await login("POST", "/api/auth/login", { email: account.email, password: `guess ${i}` })).status).toBe(401);
    const refused = await login("POST", "/api/auth/login", { email: account.email, password: account.password });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(TOO_MANY_SIGN_INS);
    expect(refused.body.message).not.toMatch(/quota|reached/);
    // The owner, elsewhere, is not locked out by a stranger's guesses.
    expect((await from(app, "127.0.1.2")("POST", "/api/auth/login", { email: account.email, password: account.password })).status).toBe(200);
    // Another account from the first address is still welcome.
    const other = await registered(app);
    expect((await login("POST", "/api/auth/login", { email: other.email, password: other.password })).status).toBe(200);
  });

  it("counts guesses sent all at once as it counts them one by one", async () => {
    const account = await registered(app);
    const login = from(app, "127.0.5.1");
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => login("POST", "/api/auth/login", { email: account.email, password: `burst ${i}` })));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it("forgets an email's failures once it signs in", async () => {
    const account = await registered(app);
    const login = from(app, "127.0.2.1");
    // Four failures in all, one more than the email allows: only the sign-in between them clears it.
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 2; i++) expect((await login("POST", "/api/auth/login", { email: account.email, password: "wrong" })).status).toBe(401);
      expect((await login("POST", "/api/auth/login", { email: account.email, password: account.password })).status).toBe(200);
    }
  });

  it("refuses an address that fails against many emails", async () => {
    const login = from(app, "127.0.3.1");
    for (let i = 0; i < 6; i++) expect((await login("POST", "/api/auth/login", { email: `stranger-${i}@example.com`, password: "wrong" })).status).toBe(401);
    const refused = await login("POST", "/api/auth/login", { email: "stranger-99@example.com", password: "wrong" });
    expect(refused).toMatchObject({ status: 429, body: { message: expect.stringMatching(TOO_MANY_SIGN_INS) } });
    const account = await registered(app);
    expect((await from(app, "127.0.3.2")("POST", "/api/auth/login", { email: account.email, password: account.password })).status).toBe(200);
  });

  it("limits a visitor's writes per address, whatever they write, storing nothing once refused", async () => {
    const visitor = from(app, "127.0.4.1");
    const writes: [string, unknown][] = [
      ["/api/waitlist", { name: "Limited Witness", email: "limited@example.com", agent_type: "witness" }],
      ["/api/council/nominate", { agentId: echo.id, agentName: "", nominatedBy: "anonymous", reason: "" }],
      ["/api/council/whisper", { content: "A whisper within the limit", userId: "anonymous" }],
      [`/api/agents/${echo.id}/invoke`, { message: "Within the limit?" }],
      ["/api/agents", { name: "Limited Forge", glyph: "✶", personality: "Forged within the limit.", apiModel: "gemini" }],
    ];
    for (const [pathname, body] of writes) expect((await visitor("POST", pathname, body)).status, pathname).toBeLessThan(300);
    const counts = async () => ({ agents: await app.db.prisma.agent.count(), whispers: await app.db.prisma.councilWhisper.count(), invocations: await app.db.prisma.whisper.count() });
    const before = await counts();
    for (const [pathname, body] of [writes[2]!, writes[3]!, writes[4]!, ["/api/auth/register", { name: "Late Comer", email: "late@example.com", password: "long enough" }] as const]) {
      const refused = await visitor("POST", pathname, body);
      expect({ pathname, ...refused }).toMatchObject({ pathname, status: 429, body: { message: expect.stringMatching(TOO_MANY_WRITES) } });
    }
    expect(await counts()).toEqual(before);
    expect(await app.db.prisma.user.count({ where: { email: "late@example.com" } })).toBe(0);
    const viaGraph = await app.graphql(`mutation { whisperToCouncil(input: { content: "and over the graph?" }) { whisper { id } } }`);
    expect(viaGraph.errors).toBeUndefined(); // the test runner's own address is another visitor
    expect((await from(app, "127.0.4.2")("POST", "/api/council/whisper", { content: "Another address", userId: "anonymous" })).status).toBe(201);
  });

  it("does not hold signed-in users to the visitors' write limit", async () => {
    const account = await registered(app);
    const token = await signedIn(app, account);
    const user = from(app, "127.0.5.1");
    for (let i = 0; i < 8; i++) {
      expect((await user("POST", "/api/council/whisper", { content: `Signed whisper ${i}`, userId: "anonymous" }, bearer(token))).status).toBe(201);
    }
    expect((await call(app, "GET", "/api/auth/user", undefined, bearer(token))).status).toBe(200);
  });
});

if (process.env.REDIS_URL) {
  describe("abuse limits shared through Redis", () => {
    let apps: TestApp[];
    beforeAll(async () => {
      const shared = { limits, redisUrl: process.env.REDIS_URL, redisChannelPrefix: `limits-test-${randomUUID()}` };
      apps = await Promise.all([startTestApp("pglite", shared), startTestApp("pglite", shared)]);
    });
    afterAll(() => Promise.all(apps.map((app) => app.stop())));

    it("count one address's writes across servers", async () => {
      const [one, two] = apps as [TestApp, TestApp];
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const app = i % 2 === 0 ? one : two;
        statuses.push((await from(app, "127.0.6.1")("POST", "/api/council/whisper", { content: `Across servers ${i}`, userId: "anonymous" })).status);
      }
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    });

    it("count failed sign-ins across servers", async () => {
      const [one, two] = apps as [TestApp, TestApp];
      for (const app of [one, two, one]) expect((await from(app, "127.0.6.2")("POST", "/api/auth/login", { email: "shared@example.com", password: "wrong" })).status).toBe(401);
      expect((await from(two, "127.0.6.2")("POST", "/api/auth/login", { email: "shared@example.com", password: "wrong" })).status).toBe(429);
      expect((await from(two, "127.0.6.3")("POST", "/api/auth/login", { email: "shared@example.com", password: "wrong" })).status).toBe(401);
    });
  });
}
