// Abuse limits over real HTTP, set low here (they are configuration): failed sign-ins per
// email and per address (past which an address is slowed, never locked), visitors' writes per
// address, users' writes per account and registrations per address, answered 429 with a clear
// message and a Retry-After; with REDIS_URL, several servers share the counts.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, call, from, registered, signedIn } from "../../../test/accounts.ts";
import { databaseKinds } from "../../../test/databases.ts";
import { startTestApp, type TestApp } from "../../../test/harness.ts";

const TOO_MANY_SIGN_INS = /^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/;
const TOO_MANY_WRITES = /^Too many writes from your address\. Try again in \d+ seconds\.$/;
const TOO_MANY_USER_WRITES = /^Too many writes from your account\. Try again in \d+ seconds\.$/;
const TOO_MANY_ACCOUNTS = /^Too many accounts registered from your address\. Try again in \d+ minutes?\.$/;

const limits = {
  loginPerEmail: { points: 3, seconds: 900 },
  loginPerAddress: { points: 6, seconds: 900 },
  loginSlowPerAddress: { points: 2, seconds: 60 },
  anonymousWrites: { points: 5, seconds: 600 },
  userWrites: { points: 10, seconds: 600 },
  registrations: { points: 3, seconds: 3600 },
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

  it("slows an address that fails against many emails, never locks it: an email that failed there waits, others pass a slow lane", async () => {
    const login = from(app, "127.0.3.1");
    for (let i = 0; i < 6; i++) expect((await login("POST", "/api/auth/login", { email: `stranger-${i}@example.com`, password: "wrong" })).status).toBe(401);
    // Past the threshold, an email that failed from here is refused outright.
    const again = await login("POST", "/api/auth/login", { email: "stranger-0@example.com", password: "wrong" });
    expect(again).toMatchObject({ status: 429, body: { message: expect.stringMatching(TOO_MANY_SIGN_INS) } });
    // Someone else behind the same address signs in (the slow lane's first of two a minute)...
    const account = await registered(app);
    expect((await login("POST", "/api/auth/login", { email: account.email, password: account.password })).status).toBe(200);
    expect((await login("POST", "/api/auth/login", { email: "stranger-98@example.com", password: "wrong" })).status).toBe(401);
    // ...but the lane is narrow: guessing across emails stays bounded.
    const slowed = await login("POST", "/api/auth/login", { email: "stranger-99@example.com", password: "wrong" });
    expect(slowed).toMatchObject({ status: 429, body: { message: expect.stringMatching(TOO_MANY_SIGN_INS) } });
    expect((await from(app, "127.0.3.2")("POST", "/api/auth/login", { email: account.email, password: account.password })).status).toBe(200);
  });

  it("limits registrations per address, counting only the accounts made, over REST and GraphQL", async () => {
    const place = from(app, "127.0.11.1");
    const existing = await registered(app);
    const account = (n: number) => ({ name: `Many Names ${n}`, email: `many-${n}-${Date.now()}@example.com`, password: "long enough" });
    expect((await place("POST", "/api/auth/register", { ...account(0), email: existing.email })).status).toBe(409);
    for (let n = 1; n <= 3; n++) expect((await place("POST", "/api/auth/register", account(n))).status).toBe(201);
    const REGISTER = `mutation ($input: RegisterInput!) { register(input: $input) { user { id } } }`;
    const refused = await place("POST", "/graphql", { query: REGISTER, variables: { input: account(4) } });
    expect(refused.body.errors?.[0]?.message).toMatch(TOO_MANY_ACCOUNTS);
    expect(await app.db.prisma.user.count({ where: { name: { startsWith: "Many Names" } } })).toBe(3);
    expect((await from(app, "127.0.11.2")("POST", "/api/auth/register", account(5))).status).toBe(201);
  });

  it("limits each signed-in user's writes, apart from the address's and other users'", async () => {
    const place = from(app, "127.0.12.1");
    const [one, two] = [await registered(app), await registered(app)];
    const [first, second] = [bearer(await signedIn(app, one)), bearer(await signedIn(app, two))];
    const whisper = (n: number) => ({ content: `A user's whisper ${n}`, userId: "anonymous" });
    for (let n = 0; n < 10; n++) expect((await place("POST", "/api/council/whisper", whisper(n), first)).status).toBe(201);
    const refused = await place("POST", "/api/council/whisper", whisper(10), first);
    expect(refused).toMatchObject({ status: 429, body: { message: expect.stringMatching(TOO_MANY_USER_WRITES) } });
    const viaGraph = await place(
      "POST",
      "/graphql",
      { query: `mutation { whisperToCouncil(input: { content: "over the graph" }) { whisper { id } } }` },
      first,
    );
    expect(viaGraph.body.errors?.[0]?.message).toMatch(TOO_MANY_USER_WRITES);
    expect((await place("POST", "/api/council/whisper", whisper(11), second)).status).toBe(201);
    expect((await place("POST", "/api/council/whisper", whisper(12))).status).toBe(201);
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
    const counts = async () => ({
      agents: await app.db.prisma.agent.count(),
      whispers: await app.db.prisma.councilWhisper.count(),
      invocations: await app.db.prisma.whisper.count(),
    });
    const before = await counts();
    for (const [pathname, body] of [
      writes[2]!,
      writes[3]!,
      writes[4]!,
      ["/api/auth/register", { name: "Late Comer", email: "late@example.com", password: "long enough" }] as const,
    ]) {
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

describe.each(databaseKinds)("sign-ins behind one address on %s, at the default limits", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(() => app.stop());

  it("lets a right password through from an address fifty failed sign-ins came from, while guessing one email there stays refused", async () => {
    const { loginPerAddress, loginPerEmail, loginSlowPerAddress } = app.config.limits;
    expect([loginPerAddress?.points, loginPerEmail?.points, loginSlowPerAddress?.points]).toEqual([50, 10, 6]);
    const campus = from(app, "127.0.13.1");
    for (let i = 0; i < 50; i++) expect((await campus("POST", "/api/auth/login", { email: `classmate-${i}@example.com`, password: "wrong" })).status).toBe(401);
    // Guessing one account's password from there: heard once, then refused, however long it goes on.
    const victim = await registered(app);
    const guesses: number[] = [];
    for (let i = 0; i < 12; i++) guesses.push((await campus("POST", "/api/auth/login", { email: victim.email, password: `guess ${i}` })).status);
    expect(guesses).toEqual([401, ...Array(11).fill(429)]);
    // Another person on the same campus signs in, over REST and GraphQL.
    const student = await registered(app);
    const signed = await campus("POST", "/api/auth/login", { email: student.email, password: student.password });
    expect(signed.status).toBe(200);
    const teacher = await registered(app);
    const LOGIN = `mutation ($input: LoginInput!) { login(input: $input) { token } }`;
    const viaGraph = await campus("POST", "/graphql", { query: LOGIN, variables: { input: { email: teacher.email, password: teacher.password } } });
    expect(viaGraph.body.data?.login?.token).toEqual(expect.any(String));
    // Trying many accounts stays bounded: six attempts a minute in all past the threshold.
    const sprayed: number[] = [];
    for (let i = 0; i < 5; i++) sprayed.push((await campus("POST", "/api/auth/login", { email: `sprayed-${i}@example.com`, password: "Summer2026!" })).status);
    expect(sprayed).toEqual([401, 401, 401, 429, 429]);
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
      for (const app of [one, two, one])
        expect((await from(app, "127.0.6.2")("POST", "/api/auth/login", { email: "shared@example.com", password: "wrong" })).status).toBe(401);
      expect((await from(two, "127.0.6.2")("POST", "/api/auth/login", { email: "shared@example.com", password: "wrong" })).status).toBe(429);
      expect((await from(two, "127.0.6.3")("POST", "/api/auth/login", { email: "shared@example.com", password: "wrong" })).status).toBe(401);
    });
  });
}
