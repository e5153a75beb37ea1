// How a creator is credited (#30 item 4) over real HTTP on both databases: a display name takes
// the account name's place on its agents and its page at once; staying anonymous credits them to
// "anonymous", hides the account behind them and its page; GraphQL and REST agree. A display name
// follows the rules of agents' names (#42 finding 7): NFKC, nothing hidden, and no look-alike of a
// curator's name or of another creator's credit.
import { randomUUID } from "node:crypto";
import { ANONYMOUS_CREDIT } from "@nomina/shared/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, call, registered, signedIn, type Json } from "../../../test/accounts.ts";
import { databaseKinds } from "../../../test/databases.ts";
import { startTestApp, type TestApp } from "../../../test/harness.ts";
import { createCurator } from "./curators.ts";

const HIDDEN = "Display name cannot contain invisible or control characters";
const CURATORS = "Display name looks like a curator's name";
const CREATORS = "Display name looks like another creator's name";
const PRETENDS = "To stay anonymous, choose 'Stay anonymous'";

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

  it("holds a display name to the name rules on both APIs: nothing hidden, no curator's name, no look-alike of another creator's credit", async () => {
    await createCurator(app.db.prisma, { email: `warden-${randomUUID()}@example.com`, password: "keeper of names", name: "Warden Of Names" });
    const other = await registered(app, { name: "Ottilie Brandt" });
    const otherAuth = bearer(await signedIn(app, other));
    expect((await call(app, "PATCH", "/api/auth/profile", { displayName: "The Lamp Warden" }, otherAuth)).status).toBe(200);
    // Someone anonymous is credited as no one: their display name is no one's to guard (nor to reveal by a refusal).
    const hidden = await registered(app, { name: "Quiet Reader" });
    expect((await call(app, "PATCH", "/api/auth/profile", { displayName: "Hidden Quill", anonymous: true }, bearer(await signedIn(app, hidden)))).status).toBe(
      200,
    );

    const account = await registered(app, { name: "Jonas Keel" });
    const auth = bearer(await signedIn(app, account));
    const stored = async () => (await app.db.prisma.user.findUniqueOrThrow({ where: { id: account.id } })).displayName;
    const refusals: [string, string, number, string][] = [
      ["a zero-width space", "Jonas\u200BKeel", 400, HIDDEN],
      ["a right-to-left override", "\u202EleeK sanoJ", 400, HIDDEN],
      ["a zero-width joiner between letters", "Jo\u200Dnas", 400, HIDDEN],
      ["nothing visible", "\u200B\u2060", 400, HIDDEN],
      ["a control character", "Jonas\u0007", 400, HIDDEN],
      ["a curator's exact name", "Warden Of Names", 409, CURATORS],
      ["a curator's name in other letters", "wаrden of nаmes", 409, CURATORS],
      ["a curator's name in full-width letters", "Ｗａｒｄｅｎ Ｏｆ Ｎａｍｅｓ", 409, CURATORS],
      ["another creator's exact credit", "The Lamp Warden", 409, CREATORS],
      ["another creator's credit with a Cyrillic letter", "Тhe Lamp Warden", 409, CREATORS],
      ["another creator's credit with a digit for a letter", "The 1amp Warden", 409, CREATORS],
      ["anonymous in other letters", "Аnonymous", 400, PRETENDS],
    ];
    for (const [what, displayName, status, message] of refusals) {
      const rest = await call(app, "PATCH", "/api/auth/profile", { displayName }, auth);
      expect({ what, status: rest.status, body: rest.body }).toEqual({ what, status, body: { message, field: "displayName" } });
      const graph = await app.graphql<Json>(UPDATE, { input: { displayName } }, auth);
      expect(graph.errors?.[0], what).toMatchObject({ message, extensions: { code: status === 400 ? "BAD_USER_INPUT" : "CONFLICT", field: "displayName" } });
      expect(await stored(), what).toBeNull();
    }

    // Styled and full-width letters are stored as the plain ones; an emoji keeps its joiners; the account's own name and a hidden creator's display name are free.
    const accepted: [string, string][] = [
      ["Ｊｏｎａｓ", "Jonas"],
      ["𝐊𝐞𝐞𝐥 the Lamplighter", "Keel the Lamplighter"],
      ["Jonas 👨‍👩‍👧", "Jonas 👨‍👩‍👧"],
      ["Jonas Keel", "Jonas Keel"],
      ["Hidden Quill", "Hidden Quill"],
    ];
    for (const [displayName, kept] of accepted) {
      const rest = await call(app, "PATCH", "/api/auth/profile", { displayName }, auth);
      expect({ displayName, status: rest.status, kept: rest.body.user?.displayName }).toEqual({ displayName, status: 200, kept });
      const graph = await app.graphql<Json>(UPDATE, { input: { displayName } }, auth);
      expect(graph.errors, displayName).toBeUndefined();
      expect(graph.data.updateProfile.displayName).toBe(kept);
    }

    // A display name chosen while anonymous is held to the rules when it comes to be credited.
    const quiet = await registered(app, { name: "Wren Hollis" });
    const quietAuth = bearer(await signedIn(app, quiet));
    expect((await call(app, "PATCH", "/api/auth/profile", { anonymous: true, displayName: "Тhe Lamp Warden" }, quietAuth)).status).toBe(200);
    const unveiled = await call(app, "PATCH", "/api/auth/profile", { anonymous: false }, quietAuth);
    expect(unveiled).toMatchObject({ status: 409, body: { message: CREATORS } });
    expect(await app.db.prisma.user.findUniqueOrThrow({ where: { id: quiet.id } })).toMatchObject({ anonymous: true });
  });
});
