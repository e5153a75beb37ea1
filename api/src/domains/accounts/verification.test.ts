// Email verification end to end: without SMTP_URL the mail is an .eml file in DATA_DIR/outbox,
// and following its link (a plain GET, as from a mail client) marks the address verified.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, call, DAY, registered, signedIn, testClock, type Account, type Json } from "../../../test/accounts.ts";
import { databaseKinds } from "../../../test/databases.ts";
import { startTestApp, type TestApp } from "../../../test/harness.ts";

/** The verification link in the newest .eml written for `email`. */
async function mailedLink(app: TestApp, email: string): Promise<string> {
  const outbox = path.join(app.config.dataDir, "outbox");
  const files = (await readdir(outbox)).filter((file) => file.endsWith(".eml") && file.includes(email)).sort();
  expect(files.length, `a mail to ${email}`).toBeGreaterThan(0);
  const eml = await readFile(path.join(outbox, files.at(-1)!), "utf8");
  expect(eml).toMatch(new RegExp(`^To: ${email.replace(/[.+]/g, "\\$&")}$`, "m"));
  expect(eml).toMatch(/^Subject: Verify your email for Nomina$/m);
  // Quoted-printable may wrap long lines with "=\n"; undo that before reading the link.
  const text = eml.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const link = /http:\/\/[^\s"<]+\/api\/auth\/verify\?token=[\w-]+/.exec(text)?.[0];
  expect(link, "a verification link").toBeDefined();
  return link!;
}

/** Follows a link as a browser would, without following the redirect. */
async function follow(app: TestApp, link: string) {
  const url = new URL(link);
  const response = await fetch(`${app.url}${url.pathname}${url.search}`, { redirect: "manual" });
  return { status: response.status, location: response.headers.get("location") };
}

describe.each(databaseKinds)("email verification on %s", (kind) => {
  let app: TestApp;
  const time = testClock(new Date());
  beforeAll(async () => {
    app = await startTestApp(kind, { clock: time.clock, publicUrl: "http://nomina.test" });
  });
  afterAll(() => app.stop());

  const userOf = (account: Account) => app.db.prisma.user.findUniqueOrThrow({ where: { id: account.id } });

  it("mails a link on registration that verifies the address and raises the ritual tier once the account is a day old", async () => {
    const account = await registered(app);
    const link = await mailedLink(app, account.email);
    expect(link.startsWith("http://nomina.test/api/auth/verify?token=")).toBe(true);
    // Only the token's hash is kept.
    const token = new URL(link).searchParams.get("token")!;
    expect(JSON.stringify(await app.db.prisma.verificationToken.findMany({ where: { userId: account.id } }))).not.toContain(token);
    expect(await userOf(account)).toMatchObject({ verified: false, ritualTier: 1 });

    expect(await follow(app, link)).toEqual({ status: 303, location: "/settings?verified=1" });
    // A new account stays at tier 1 even verified (a fresh address costs nothing); a day on, it rises.
    expect(await userOf(account)).toMatchObject({ verified: true, ritualTier: 1 });
    expect((await call(app, "GET", "/api/auth/user", undefined, bearer(await signedIn(app, account)))).body.user).toMatchObject({
      verified: true,
      ritualTier: 1,
    });
    time.advance(DAY);
    const me = await call(app, "GET", "/api/auth/user", undefined, bearer(await signedIn(app, account)));
    expect(me.body.user).toMatchObject({ verified: true, ritualTier: 2, dailyLimits: { synth: 6, summon: 2 } });

    // The token is spent.
    expect(await follow(app, link)).toEqual({ status: 303, location: "/settings?verified=0" });
    expect(await app.db.prisma.verificationToken.count({ where: { userId: account.id } })).toBe(0);
  });

  it("raises the tier at once when an account a day old verifies", async () => {
    const account = await registered(app);
    const link = await mailedLink(app, account.email);
    time.advance(DAY);
    expect(await userOf(account)).toMatchObject({ verified: false, ritualTier: 1 });
    expect(await follow(app, link)).toEqual({ status: 303, location: "/settings?verified=1" });
    expect(await userOf(account)).toMatchObject({ verified: true, ritualTier: 2 });
  });

  it("lands on /settings?verified=0 for an unknown, malformed, missing or expired token, changing nothing", async () => {
    const account = await registered(app);
    const link = await mailedLink(app, account.email);
    for (const bad of ["/api/auth/verify?token=not-a-real-token", "/api/auth/verify", `/api/auth/verify?token=${"x".repeat(500)}`]) {
      expect(await follow(app, `http://x${bad}`), bad).toEqual({ status: 303, location: "/settings?verified=0" });
    }
    time.advance(8 * DAY);
    expect(await follow(app, link)).toEqual({ status: 303, location: "/settings?verified=0" });
    time.advance(-8 * DAY);
    expect((await userOf(account)).verified).toBe(false);
  });

  it("verifies through POST /api/auth/verify and the verifyEmail mutation too", async () => {
    const viaRest = await registered(app);
    const restToken = new URL(await mailedLink(app, viaRest.email)).searchParams.get("token");
    expect(await call(app, "POST", "/api/auth/verify", { token: restToken })).toMatchObject({
      status: 200,
      body: { message: "Your email is verified", verified: true },
    });
    expect(await call(app, "POST", "/api/auth/verify", { token: restToken })).toMatchObject({
      status: 400,
      body: { message: "This verification link is invalid or has expired", field: "token" },
    });

    const viaGraph = await registered(app);
    const graphToken = new URL(await mailedLink(app, viaGraph.email)).searchParams.get("token");
    const VERIFY = `mutation ($input: VerifyEmailInput!) { verifyEmail(input: $input) { message verified } }`;
    const result = await app.graphql<Json>(VERIFY, { input: { token: graphToken } });
    expect(result.data).toEqual({ verifyEmail: { message: "Your email is verified", verified: true } });
    expect((await userOf(viaGraph)).verified).toBe(true);
    const again = await app.graphql(VERIFY, { input: { token: graphToken } });
    expect(again.errors?.[0]).toMatchObject({ message: "This verification link is invalid or has expired", extensions: { code: "BAD_USER_INPUT" } });
  });

  it("resends a link to a signed-in, unverified user, a few times an hour at most", async () => {
    const account = await registered(app);
    const token = await signedIn(app, account);
    const first = await mailedLink(app, account.email);
    expect((await call(app, "POST", "/api/auth/resend-verification")).status).toBe(401);
    expect(await call(app, "POST", "/api/auth/resend-verification", undefined, bearer(token))).toMatchObject({ status: 200 });
    const second = await mailedLink(app, account.email);
    expect(second).not.toBe(first);
    expect(await follow(app, second)).toEqual({ status: 303, location: "/settings?verified=1" });
    expect(await call(app, "POST", "/api/auth/resend-verification", undefined, bearer(token))).toMatchObject({
      status: 409,
      body: { message: "Your email is already verified" },
    });

    const other = await registered(app);
    const otherToken = await signedIn(app, other);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await call(app, "POST", "/api/auth/resend-verification", undefined, bearer(otherToken))).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
