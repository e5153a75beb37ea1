// Accounts over real HTTP and WebSocket against a real database: registration, sign-in,
// sessions that end at logout, at expiry and at a password change, tokens that are forged or
// unsigned, and user objects that never carry a hash or a token.
import jwt from "jsonwebtoken";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, call, DAY, registered, signedIn, signingKey, socket, testClock, over, type Json } from "../../../test/accounts.ts";
import { databaseKinds } from "../../../test/databases.ts";
import { startTestApp, type TestApp } from "../../../test/harness.ts";
import { SESSION_ENDED } from "./sessions.ts";

const USER_KEYS = [
  "agentsCreated",
  "anonymous",
  "createdAt",
  "credit",
  "dailyLimits",
  "dailyResetsAt",
  "dailySummonRituals",
  "dailySynthRuns",
  "displayName",
  "echoInteractions",
  "email",
  "id",
  "lastDailyReset",
  "lastSeen",
  "loginCount",
  "name",
  "profileImageUrl",
  "ritualTier",
  "summonRituals",
  "synthRuns",
  "verified",
].sort();

const VIEWER = `{ viewer { id rawId name email verified loginCount lastSeen ritualTier usage { synthRuns dailySynthRuns dailySynthLimit dailySummonLimit } } }`;

/** Nothing about an account that could unlock it may appear in what a client reads. */
function expectNoSecrets(body: unknown, ...secrets: string[]) {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/passwordHash|password_hash|\$argon2/);
  for (const secret of secrets) expect(text).not.toContain(secret);
}

describe.each(databaseKinds)("accounts over REST on %s", (kind) => {
  let app: TestApp;
  const time = testClock(new Date());
  beforeAll(async () => {
    app = await startTestApp(kind, { clock: time.clock });
  });
  afterAll(() => app.stop());

  const userCount = () => app.db.prisma.user.count();

  it("registers: 201 {message, user}, the email lower-cased, the password hashed with argon2id", async () => {
    const before = await userCount();
    const response = await call(app, "POST", "/api/auth/register", { name: "  Ada Lovelace ", email: " Ada@Example.COM ", password: "analytical engine" });
    expect(response.status).toBe(201);
    expect(Object.keys(response.body).sort()).toEqual(["message", "user"]);
    expect(response.body.message).toEqual(expect.any(String));
    expect(Object.keys(response.body.user).sort()).toEqual(USER_KEYS);
    expect(response.body.user).toMatchObject({
      name: "Ada Lovelace",
      email: "ada@example.com",
      verified: false,
      loginCount: 0,
      lastSeen: null,
      ritualTier: 1,
      synthRuns: 0,
      dailyLimits: { synth: 3, summon: 1 },
    });
    expectNoSecrets(response.body, "analytical engine");
    expect(await userCount()).toBe(before + 1);
    const row = await app.db.prisma.user.findUniqueOrThrow({ where: { email: "ada@example.com" } });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it("answers 409 for an email that exists, in any case, and creates nothing", async () => {
    const account = await registered(app);
    const before = await userCount();
    const again = await call(app, "POST", "/api/auth/register", { name: "Someone Else", email: account.email.toUpperCase(), password: "another password" });
    expect(again).toMatchObject({ status: 409, body: { message: "An account with this email already exists", field: "email" } });
    expect(await userCount()).toBe(before);
  });

  it.each([
    ["a one-letter name", { name: "A" }, "Name must be at least 2 characters", "name"],
    ["a blank name", { name: "   " }, "Name must be at least 2 characters", "name"],
    ["no name", { name: undefined }, "Name must be at least 2 characters", "name"],
    ["an email without @", { email: "nowhere" }, "Invalid email address", "email"],
    ["a numeric email", { email: 42 }, "Invalid email address", "email"],
    ["a seven-character password", { password: "1234567" }, "Password must be at least 8 characters", "password"],
    ["no password", { password: undefined }, "Password must be at least 8 characters", "password"],
  ])("refuses registration with %s: 400 with the spec's message, nothing stored", async (_label, change, message, field) => {
    const before = await userCount();
    const response = await call(app, "POST", "/api/auth/register", { name: "Valid Name", email: "refused@example.com", password: "long enough", ...change });
    expect(response).toMatchObject({ status: 400, body: { message, field } });
    expect(await userCount()).toBe(before);
  });

  it("refuses a body that is not JSON (400) or not declared as JSON (415)", async () => {
    const before = await userCount();
    expect((await call(app, "POST", "/api/auth/register", "{name:", { "content-type": "application/json" })).status).toBe(400);
    const form = await app.request("POST", "/api/auth/login", "email=a@b.c&password=x", { "content-type": "application/x-www-form-urlencoded" });
    expect(form.status).toBe(415);
    expect(await userCount()).toBe(before);
  });

  it("signs in: 200 {token, user, message}, counting the login and when it was seen", async () => {
    const account = await registered(app);
    const response = await call(app, "POST", "/api/auth/login", { email: ` ${account.email.toUpperCase()} `, password: account.password });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(["message", "token", "user"]);
    expect(response.body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(response.body.user).toMatchObject({ id: account.id, loginCount: 1, lastSeen: time.clock().toISOString() });
    expectNoSecrets(response.body.user, response.body.token, account.password);
    await signedIn(app, account);
    const row = await app.db.prisma.user.findUniqueOrThrow({ where: { id: account.id } });
    expect(row.loginCount).toBe(2);
    // Two sessions, neither holding anything of the token itself.
    const sessions = await app.db.prisma.session.findMany({ where: { userId: account.id } });
    expect(sessions).toHaveLength(2);
    for (const part of response.body.token.split(".")) expect(JSON.stringify(sessions)).not.toContain(part);
  });

  it.each([
    ["a wrong password", (email: string) => ({ email, password: "not the password" })],
    ["an unknown email", () => ({ email: "nobody-here@example.com", password: "correct horse battery" })],
  ])("answers 401 Invalid email or password for %s, and opens no session", async (_label, body) => {
    const account = await registered(app);
    const sessions = await app.db.prisma.session.count();
    const response = await call(app, "POST", "/api/auth/login", body(account.email));
    expect(response).toEqual({ status: 401, headers: expect.anything(), body: { message: "Invalid email or password" } });
    expect(await app.db.prisma.session.count()).toBe(sessions);
    expect((await app.db.prisma.user.findUniqueOrThrow({ where: { id: account.id } })).loginCount).toBe(0);
  });

  it("refuses a login without a valid email or a password with the spec's messages", async () => {
    expect(await call(app, "POST", "/api/auth/login", { email: "not-an-email", password: "x" })).toMatchObject({
      status: 400,
      body: { message: "Invalid email address", field: "email" },
    });
    expect(await call(app, "POST", "/api/auth/login", { email: "a@example.com", password: "" })).toMatchObject({
      status: 400,
      body: { message: "Password is required", field: "password" },
    });
    expect(await call(app, "POST", "/api/auth/login", { email: "a@example.com" })).toMatchObject({
      status: 400,
      body: { message: "Password is required", field: "password" },
    });
  });

  it("answers GET /api/auth/user with the user for a bearer token, 401 without one", async () => {
    const account = await registered(app);
    const token = await signedIn(app, account);
    const me = await call(app, "GET", "/api/auth/user", undefined, bearer(token));
    expect(me.status).toBe(200);
    expect(Object.keys(me.body)).toEqual(["user"]);
    expect(Object.keys(me.body.user).sort()).toEqual(USER_KEYS);
    expect(me.body.user).toMatchObject({ id: account.id, email: account.email, name: account.name, loginCount: 1 });
    expectNoSecrets(me.body, token);
    expect(await call(app, "GET", "/api/auth/user")).toMatchObject({ status: 401, body: { message: "Sign in to continue" } });
  });

  it("ends the session at logout: the row is deleted and the token stops working at once", async () => {
    const account = await registered(app);
    const token = await signedIn(app, account);
    const other = await signedIn(app, account);
    const logout = await call(app, "POST", "/api/auth/logout", undefined, bearer(token));
    expect(logout).toMatchObject({ status: 200, body: { message: "Logged out" } });
    expect(await app.db.prisma.session.count({ where: { userId: account.id } })).toBe(1);
    expect(await call(app, "GET", "/api/auth/user", undefined, bearer(token))).toMatchObject({ status: 401, body: { message: SESSION_ENDED } });
    expect((await call(app, "POST", "/api/auth/logout", undefined, bearer(token))).status).toBe(401);
    const viaGraph = await app.graphql(VIEWER, undefined, bearer(token));
    expect(viaGraph.errors?.[0]).toMatchObject({ message: SESSION_ENDED, extensions: { code: "UNAUTHENTICATED" } });
    // The other session of the same account is untouched.
    expect((await call(app, "GET", "/api/auth/user", undefined, bearer(other))).status).toBe(200);
    expect((await call(app, "POST", "/api/auth/logout")).status).toBe(401);
  });

  it("refuses a token after its expiry, and one whose session row has expired, without sleeping", async () => {
    const account = await registered(app);
    const token = await signedIn(app, account);
    time.advance(29 * DAY);
    expect((await call(app, "GET", "/api/auth/user", undefined, bearer(token))).status).toBe(200);
    time.advance(2 * DAY);
    expect(await call(app, "GET", "/api/auth/user", undefined, bearer(token))).toMatchObject({ status: 401, body: { message: SESSION_ENDED } });
    time.advance(-31 * DAY);
    expect((await call(app, "GET", "/api/auth/user", undefined, bearer(token))).status).toBe(200);
    await app.db.prisma.session.updateMany({ where: { userId: account.id }, data: { expiresAt: new Date(time.clock().getTime() - 1000) } });
    expect((await call(app, "GET", "/api/auth/user", undefined, bearer(token))).status).toBe(401);
  });

  it("refuses forged tokens: another key, an unsigned (alg: none) one, a changed subject, a real key without a session", async () => {
    const account = await registered(app);
    const victim = await registered(app);
    const token = await signedIn(app, account);
    const { sid, sub } = jwt.decode(token) as { sid: string; sub: string };
    expect(sub).toBe(account.id);
    const claims = { issuer: "nomina", audience: "nomina:user", expiresIn: 3600 };
    const key = await signingKey(app);
    const forged = {
      "another key": jwt.sign({ sid }, "a-key-that-is-not-the-servers-key", { ...claims, subject: account.id }),
      "alg: none": jwt.sign({ sid }, null, { ...claims, algorithm: "none", subject: account.id }),
      "HS512 with the real key": jwt.sign({ sid }, key, { ...claims, algorithm: "HS512", subject: account.id }),
      "someone else's subject": jwt.sign({ sid }, key, { ...claims, subject: victim.id }),
      "a session that was never opened": jwt.sign({ sid: "made-up-session-key" }, key, { ...claims, subject: account.id }),
      "the curator audience": jwt.sign({ sid }, key, { ...claims, audience: "nomina:curator", subject: account.id }),
      garbage: "not.a.token",
    };
    for (const [label, bad] of Object.entries(forged)) {
      const response = await call(app, "GET", "/api/auth/user", undefined, bearer(bad));
      expect({ label, ...response }).toMatchObject({ label, status: 401, body: { message: SESSION_ENDED } });
      expect((await app.graphql(VIEWER, undefined, bearer(bad))).errors?.[0]?.extensions?.code, label).toBe("UNAUTHENTICATED");
    }
    expect((await call(app, "GET", "/api/auth/user", undefined, { authorization: "Basic dXNlcjpwYXNz" })).status).toBe(401);
    expect((await call(app, "GET", "/api/auth/user", undefined, bearer(token))).status).toBe(200);
  });

  it("refuses a stale token on any route, but lets it sign in or register afresh", async () => {
    const account = await registered(app);
    const token = await signedIn(app, account);
    await call(app, "POST", "/api/auth/logout", undefined, bearer(token));
    expect(await call(app, "GET", "/api/agents", undefined, bearer(token))).toMatchObject({ status: 401, body: { message: SESSION_ENDED } });
    const again = await call(app, "POST", "/api/auth/login", { email: account.email, password: account.password }, bearer(token));
    expect(again.status).toBe(200);
    const fresh = await call(
      app,
      "POST",
      "/api/auth/register",
      { name: "Fresh Start", email: `fresh-${Date.now()}@example.com`, password: "a new beginning" },
      bearer(token),
    );
    expect(fresh.status).toBe(201);
  });

  it("changes the password: 400 on a wrong current one, then every other session ends", async () => {
    const account = await registered(app);
    const here = await signedIn(app, account);
    const elsewhere = await signedIn(app, account);
    const stored = (await app.db.prisma.user.findUniqueOrThrow({ where: { id: account.id } })).passwordHash;
    const change = (body: unknown) => call(app, "POST", "/api/auth/change-password", body, bearer(here));

    expect(await change({ currentPassword: "wrong guess", newPassword: "a brand new secret" })).toMatchObject({
      status: 400,
      body: { message: "Current password is incorrect", field: "currentPassword" },
    });
    expect(await change({ currentPassword: "", newPassword: "a brand new secret" })).toMatchObject({
      status: 400,
      body: { message: "Current password is required", field: "currentPassword" },
    });
    expect(await change({ currentPassword: account.password, newPassword: "short" })).toMatchObject({
      status: 400,
      body: { message: "New password must be at least 8 characters", field: "newPassword" },
    });
    expect((await app.db.prisma.user.findUniqueOrThrow({ where: { id: account.id } })).passwordHash).toBe(stored);
    expect((await call(app, "GET", "/api/auth/user", undefined, bearer(elsewhere))).status).toBe(200);
    expect((await call(app, "POST", "/api/auth/change-password", { currentPassword: account.password, newPassword: "a brand new secret" })).status).toBe(401);

    const changed = await change({ currentPassword: account.password, newPassword: "a brand new secret" });
    expect(changed).toMatchObject({ status: 200, body: { message: "Your password has been updated successfully." } });
    expect((await call(app, "GET", "/api/auth/user", undefined, bearer(here))).status).toBe(200);
    expect(await call(app, "GET", "/api/auth/user", undefined, bearer(elsewhere))).toMatchObject({ status: 401, body: { message: SESSION_ENDED } });
    expect(await app.db.prisma.session.count({ where: { userId: account.id } })).toBe(1);
    expect((await call(app, "POST", "/api/auth/login", { email: account.email, password: account.password })).status).toBe(401);
    expect((await call(app, "POST", "/api/auth/login", { email: account.email, password: "a brand new secret" })).status).toBe(200);
  });
});

describe.each(databaseKinds)("accounts over GraphQL on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(() => app.stop());

  const REGISTER = `mutation ($input: RegisterInput!) { register(input: $input) { message user { id rawId name email verified ritualTier } } }`;
  const LOGIN = `mutation ($input: LoginInput!) { login(input: $input) { token message user { rawId email loginCount } } }`;
  const CHANGE = `mutation ($input: ChangePasswordInput!) { changePassword(input: $input) { message user { rawId } } }`;

  it("registers, signs in, reads the viewer and signs out, saying what REST says", async () => {
    const email = `graph-${Date.now()}@example.com`;
    const registeredGraph = await app.graphql<Json>(REGISTER, { input: { name: "Graph Walker", email: email.toUpperCase(), password: "through the graph" } });
    expect(registeredGraph.errors).toBeUndefined();
    expect(registeredGraph.data.register).toMatchObject({ user: { name: "Graph Walker", email, verified: false, ritualTier: 1 } });
    expect((await app.graphql<Json>(VIEWER)).data).toEqual({ viewer: null });

    const login = await app.graphql<Json>(LOGIN, { input: { email, password: "through the graph" } });
    expect(login.errors).toBeUndefined();
    expect(login.data.login).toMatchObject({ message: "Login successful", user: { email, loginCount: 1 } });
    const { token } = login.data.login;
    const viewer = await app.graphql<Json>(VIEWER, undefined, bearer(token));
    expect(viewer.errors).toBeUndefined();
    expect(viewer.data.viewer).toMatchObject({
      email,
      name: "Graph Walker",
      loginCount: 1,
      ritualTier: 1,
      usage: { synthRuns: 0, dailySynthRuns: 0, dailySynthLimit: 3, dailySummonLimit: 1 },
    });
    // REST and GraphQL sign the same sessions.
    expect((await call(app, "GET", "/api/auth/user", undefined, bearer(token))).body.user.email).toBe(email);

    const logout = await app.graphql<Json>(`mutation { logout { message } }`, undefined, bearer(token));
    expect(logout.data).toEqual({ logout: { message: "Logged out" } });
    expect((await call(app, "GET", "/api/auth/user", undefined, bearer(token))).status).toBe(401);
  });

  it("answers the same messages, as BAD_USER_INPUT with the field, and stores nothing", async () => {
    const before = await app.db.prisma.user.count();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "A", email: "a@example.com", password: "long enough" }, "Name must be at least 2 characters", "name"],
      [{ name: "Ab", email: "a@", password: "long enough" }, "Invalid email address", "email"],
      [{ name: "Ab", email: "a@example.com", password: "short" }, "Password must be at least 8 characters", "password"],
    ];
    for (const [input, message, field] of cases) {
      const result = await app.graphql(REGISTER, { input });
      expect(result.errors?.[0], message).toMatchObject({ message, extensions: { code: "BAD_USER_INPUT", field } });
    }
    expect((await app.graphql(LOGIN, { input: { email: "a@example.com", password: "" } })).errors?.[0]).toMatchObject({ message: "Password is required" });
    const wrong = await app.graphql(LOGIN, { input: { email: "nobody@example.com", password: "whatever it is" } });
    expect(wrong.errors?.[0]).toMatchObject({ message: "Invalid email or password", extensions: { code: "UNAUTHENTICATED" } });
    expect(await app.db.prisma.user.count()).toBe(before);
  });

  it("refuses logout and changePassword without a session, and changes the password with one", async () => {
    for (const [query, variables] of [
      [`mutation { logout { message } }`, undefined],
      [CHANGE, { input: { currentPassword: "anything", newPassword: "anything at all" } }],
    ] as const) {
      const result = await app.graphql(query, variables);
      expect(result.errors?.[0]).toMatchObject({ message: "Sign in to continue", extensions: { code: "UNAUTHENTICATED" } });
    }
    const account = await registered(app);
    const here = await signedIn(app, account);
    const elsewhere = await signedIn(app, account);
    const wrong = await app.graphql(CHANGE, { input: { currentPassword: "nope nope", newPassword: "the next secret" } }, bearer(here));
    expect(wrong.errors?.[0]).toMatchObject({ message: "Current password is incorrect", extensions: { code: "BAD_USER_INPUT", field: "currentPassword" } });
    const short = await app.graphql(CHANGE, { input: { currentPassword: account.password, newPassword: "tiny" } }, bearer(here));
    expect(short.errors?.[0]).toMatchObject({ message: "New password must be at least 8 characters", extensions: { field: "newPassword" } });
    const changed = await app.graphql<Json>(CHANGE, { input: { currentPassword: account.password, newPassword: "the next secret" } }, bearer(here));
    expect(changed.data.changePassword).toEqual({ message: "Your password has been updated successfully.", user: { rawId: account.id } });
    expect((await app.graphql(VIEWER, undefined, bearer(elsewhere))).errors?.[0]?.message).toBe(SESSION_ENDED);
    expect((await app.graphql<Json>(VIEWER, undefined, bearer(here))).data.viewer.rawId).toBe(account.id);
  });

  it("shows an account only to its owner, and has no field for a hash or a token", async () => {
    const owner = await registered(app);
    const stranger = await registered(app);
    const ownerToken = await signedIn(app, owner);
    const strangerToken = await signedIn(app, stranger);
    const { id } = (await app.graphql<Json>(VIEWER, undefined, bearer(ownerToken))).data.viewer;
    const NODE = `query ($id: ID!) { node(id: $id) { id ... on User { email name } } }`;
    for (const headers of [bearer(strangerToken), undefined]) {
      const peek = await app.graphql(NODE, { id }, headers);
      // Answered exactly as an id that names no account: nothing tells the account exists (#26).
      expect(peek.errors).toBeUndefined();
      expect((peek.data as { node: unknown }).node).toBeNull();
      expect(JSON.stringify(peek)).not.toContain(owner.email);
    }
    expect((await app.graphql<Json>(NODE, { id }, bearer(ownerToken))).data.node.email).toBe(owner.email);
    const type = await app.graphql<Json>(`{ __type(name: "User") { fields { name } } }`);
    const fields: string[] = type.data.__type.fields.map((f: { name: string }) => f.name);
    expect(fields.filter((f) => /hash|password|token|session/i.test(f))).toEqual([]);
  });

  it("authenticates a WebSocket from connection_init, and looks the session up for every operation", async () => {
    const account = await registered(app);
    const token = await signedIn(app, account);
    const anonymous = await socket(app);
    const authed = await socket(app, token);
    try {
      expect((await over(anonymous, VIEWER)).data).toEqual({ viewer: null });
      expect((await over<Json>(authed, VIEWER)).data.viewer).toMatchObject({ rawId: account.id, email: account.email });
      await call(app, "POST", "/api/auth/logout", undefined, bearer(token));
      const after = await over(authed, VIEWER);
      expect(after.errors?.[0]).toMatchObject({ message: SESSION_ENDED, extensions: { code: "UNAUTHENTICATED" } });
      const live = await over(authed, `subscription { ritualLogAdded { id } }`);
      expect(live.errors?.[0]).toMatchObject({ message: SESSION_ENDED, extensions: { code: "UNAUTHENTICATED" } });
      // Signing in again works on the same socket, whatever its stale token.
      const login = await over<Json>(authed, LOGIN, { input: { email: account.email, password: account.password } });
      expect(login.data.login.token).toEqual(expect.any(String));
    } finally {
      await anonymous.dispose();
      await authed.dispose();
    }
  });
});
