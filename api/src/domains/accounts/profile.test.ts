// How a creator is credited (#30 item 4) over real HTTP on both databases: a display name takes
// the account name's place on its agents and its page at once; staying anonymous credits them to
// "anonymous", hides the account behind them and its page; GraphQL and REST agree.
import { ANONYMOUS_CREDIT } from "@nomina/shared/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, call, registered, signedIn, type Json } from "../../../test/accounts.ts";
import { databaseKinds } from "../../../test/databases.ts";
import { startTestApp, type TestApp } from "../../../test/harness.ts";

const UPDATE = `mutation ($input: UpdateProfileInput!) { updateProfile(input: $input) { displayName anonymous credit } }`;
const AGENT = `query ($ref: String!) { agent(ref: $ref) { createdBy creatorRawId } }`;
const CREATOR = `query ($id: ID!) { creator(id: $id) { name } }`;

describe.each(databaseKinds)("a creator's credit on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(() => app?.stop());

  it("follows a display name and staying anonymous, on every agent, for new ones too, and on the creator's page", async () => {
    const account = await registered(app, { name: "Ilse Varga" });
    const auth = bearer(await signedIn(app, account));
    const forged = await call(
      app,
      "POST",
      "/api/agents",
      { name: "Credited Lantern", glyph: "☼", personality: "Shines where it is told to.", apiModel: "claude" },
      auth,
    );
    expect(forged.status).toBe(201);
    const agentId = forged.body.id as string;
    expect(forged.body).toMatchObject({ createdBy: "Ilse Varga", creatorId: account.id });

    const named = await app.graphql<Json>(UPDATE, { input: { displayName: "  The Lamplighter  " } }, auth);
    expect(named.errors).toBeUndefined();
    expect(named.data.updateProfile).toEqual({ displayName: "The Lamplighter", anonymous: false, credit: "The Lamplighter" });
    expect((await app.graphql<Json>(AGENT, { ref: agentId })).data.agent).toEqual({ createdBy: "The Lamplighter", creatorRawId: account.id });
    expect((await app.graphql<Json>(CREATOR, { id: account.id })).data.creator).toEqual({ name: "The Lamplighter" });
    expect((await call(app, "GET", `/api/creators/${account.id}`)).body.creator.name).toBe("The Lamplighter");

    const hidden = await call(app, "PATCH", "/api/auth/profile", { anonymous: true }, auth);
    expect(hidden.status).toBe(200);
    expect(hidden.body.user).toMatchObject({ name: "Ilse Varga", displayName: "The Lamplighter", anonymous: true, credit: ANONYMOUS_CREDIT });
    expect((await app.graphql<Json>(AGENT, { ref: agentId })).data.agent).toEqual({ createdBy: ANONYMOUS_CREDIT, creatorRawId: null });
    expect((await call(app, "GET", `/api/agents/${agentId}`)).body.agent).toMatchObject({ createdBy: ANONYMOUS_CREDIT, creatorId: null });
    expect((await app.graphql<Json>(CREATOR, { id: account.id })).data.creator).toBeNull();
    expect((await call(app, "GET", `/api/creators/${account.id}`)).status).toBe(404);
    const later = await call(
      app,
      "POST",
      "/api/agents",
      { name: "Unsigned Lantern", glyph: "☼", personality: "Shines without a name.", apiModel: "claude" },
      auth,
    );
    expect(later.body).toMatchObject({ createdBy: ANONYMOUS_CREDIT, creatorId: null });

    // Back in the open, under the account's own name.
    const open = await call(app, "PATCH", "/api/auth/profile", { anonymous: false, displayName: "" }, auth);
    expect(open.body.user).toMatchObject({ displayName: null, anonymous: false, credit: "Ilse Varga" });
    expect((await call(app, "GET", `/api/agents/${later.body.id}`)).body.agent).toMatchObject({ createdBy: "Ilse Varga", creatorId: account.id });
  });

  it("refuses a display name that is too long or pretends to be anonymous, and a client without an account", async () => {
    const auth = bearer(await signedIn(app, await registered(app)));
    const long = await call(app, "PATCH", "/api/auth/profile", { displayName: "x".repeat(41) }, auth);
    expect(long.status).toBe(400);
    expect(long.body.message).toBe("Display name must be at most 40 characters");
    const pretend = await call(app, "PATCH", "/api/auth/profile", { displayName: "Anonymous" }, auth);
    expect(pretend.status).toBe(400);
    expect(pretend.body.message).toBe("To stay anonymous, choose 'Stay anonymous'");
    expect((await call(app, "PATCH", "/api/auth/profile", { anonymous: true })).status).toBe(401);
  });
});
