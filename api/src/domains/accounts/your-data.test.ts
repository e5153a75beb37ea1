// Your data (#30 item 8) over real HTTP on both databases: the archive holds what the caller made
// and said (cards that import again, threads with their messages), for a user or a visitor key,
// five an hour; deleting an account asks for the password, keeps the agents others built on
// (credited to "anonymous"), takes the rest and gives back the counts others see.
import { unzipSync, strFromU8 } from "fflate";
import { DELETE_PASSWORD_WRONG } from "@nomina/shared/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, call, registered, signedIn, type Json } from "../../../test/accounts.ts";
import { databaseKinds } from "../../../test/databases.ts";
import { startTestApp, type TestApp } from "../../../test/harness.ts";
import { forgeAgent, remixAgent } from "../../../test/agents.ts";
import { DELETED_CREDIT, EXPORTS_PER_HOUR, NOTHING_TO_EXPORT } from "./your-data.ts";

const VISITOR = { "x-nomina-visitor": "your-data-test-visitor-key-0123456789" };
const OTHER = { "x-nomina-visitor": "your-data-test-other-key-0123456789" };

describe.each(databaseKinds)("your data on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(() => app?.stop());

  const forge = async (name: string, headers: Record<string, string>): Promise<{ id: string; username: string; name: string }> =>
    forgeAgent(app, { name, glyph: "☍", personality: "Keeps an inventory of small mercies.", apiModel: "gemini" }, headers);
  const remix = async (parentAgentId: string, name: string, headers: Record<string, string>): Promise<{ id: string; name: string }> =>
    remixAgent(app, parentAgentId, { name, description: "Carried further.", personality: "A little bolder than its parent." }, headers);
  const archive = async (headers: Record<string, string>) => {
    const response = await app.request("GET", "/api/account/export", undefined, headers);
    expect(response.status, response.status === 200 ? "" : await response.text()).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="nomina-\d{4}-\d{2}-\d{2}\.zip"$/);
    return unzipSync(new Uint8Array(await response.arrayBuffer()));
  };

  it("archives what a user made and said: cards that import again, threads with every message, the account", async () => {
    const account = await registered(app, { name: "Archivist" });
    const auth = bearer(await signedIn(app, account));
    const agent = await forge("Inventory of Mercies", auth);
    const invoked = await call(app, "POST", `/api/agents/${agent.id}/invoke`, { message: "What did you keep today?" }, auth);
    expect(invoked.status).toBe(200);

    const files = await archive(auth);
    const names = Object.keys(files);
    expect(names).toEqual(expect.arrayContaining(["README.txt", "account.json", `agents/${agent.username}.card.json`, "personas.json", "memories.json"]));
    expect(JSON.parse(strFromU8(files["account.json"]!))).toMatchObject({ name: "Archivist", email: account.email });
    const thread = names.find((name) => name.startsWith("threads/"));
    expect(thread).toBeDefined();
    const messages = JSON.parse(strFromU8(files[thread!]!)).messages as Json[];
    expect(messages.map((message) => message.role)).toEqual(["user", "agent"]);
    expect(messages[0].text).toBe("What did you keep today?");
    expect(messages[1].text).toBe(invoked.body.response);

    // The card is a card: importing it forges the agent again, for anyone.
    const card = strFromU8(files[`agents/${agent.username}.card.json`]!);
    const imported = await app.request("POST", "/api/agents/import", JSON.parse(card), OTHER);
    expect(imported.status).toBe(201);
    expect((await imported.json()).personality).toBe("Keeps an inventory of small mercies.");
  });

  it("archives a visitor key's own, refuses a client that owns nothing, and allows five an hour", async () => {
    const agent = await forge("Keyholder's Lantern", VISITOR);
    const files = await archive(VISITOR);
    expect(Object.keys(files)).toContain(`agents/${agent.username}.card.json`);
    expect(Object.keys(files)).not.toContain("account.json");

    const keyless = await call(app, "GET", "/api/account/export");
    expect(keyless.status).toBe(403);
    expect(keyless.body.message).toBe(NOTHING_TO_EXPORT);

    for (let n = 2; n <= EXPORTS_PER_HOUR; n++) await archive(VISITOR);
    const sixth = await call(app, "GET", "/api/account/export", undefined, VISITOR);
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toMatch(/^Too many exports\. Try again in \d+ seconds\.$/);
  });

  it("deletes an account once its password is given: agents others built on stay as anonymous's, the rest go, counts follow", async () => {
    const leaving = await registered(app, { name: "Departing Forger" });
    const auth = bearer(await signedIn(app, leaving));
    const staying = await registered(app, { name: "Staying Forger" });
    const stayingAuth = bearer(await signedIn(app, staying));
    const theirs = await forge("Tidewright", stayingAuth);

    const root = await forge("Root of Embers", auth);
    const child = await remix(root.id, "Ember Carried", auth);
    const lonely = await forge("Lonely Ember", auth);
    await remix(theirs.id, "Tidewright Borrowed", auth);
    // Another visitor builds on the child: the child and the root above it stay.
    const grandchild = await remix(child.id, "Ember Kept Alive", OTHER);
    const thread = await call(app, "POST", `/api/agents/${lonely.id}/invoke`, { message: "Will you be missed?" }, auth);
    expect(thread.status).toBe(200);

    expect(await app.db.prisma.notification.count({ where: { recipient: `user:${leaving.id}` } })).toBeGreaterThan(0);
    const preview = await app.graphql<Json>(`{ accountDeletion { agents kept departed threads councilSessions } }`, {}, auth);
    expect(preview.data.accountDeletion).toEqual({ agents: 4, kept: 2, departed: 0, threads: 1, councilSessions: 0 });
    expect((await call(app, "GET", `/api/agents/${theirs.id}`)).body.agent.remixCount).toBe(1);

    const wrong = await call(app, "POST", "/api/account/delete", { password: "not the password" }, auth);
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(DELETE_PASSWORD_WRONG);

    const deleted = await call(app, "POST", "/api/account/delete", { password: leaving.password }, auth);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body.deletion).toEqual({ agents: 4, kept: 2, departed: 0, threads: 1, councilSessions: 0 });

    // The session ends with the account; signing in again fails.
    expect((await call(app, "GET", "/api/auth/user", undefined, auth)).status).toBe(401);
    expect((await call(app, "POST", "/api/auth/login", { email: leaving.email, password: leaving.password })).status).toBe(401);
    // What others built on stays, credited to no one; the lineage holds.
    for (const kept of [root, child]) {
      const { body } = await call(app, "GET", `/api/agents/${kept.id}`);
      expect(body.agent).toMatchObject({ createdBy: DELETED_CREDIT, creatorId: null });
    }
    expect((await call(app, "GET", `/api/agents/${grandchild.id}`)).body.agent.parentAgentId).toBe(child.id);
    expect((await call(app, "GET", `/api/agents/${lonely.id}`)).status).toBe(404);
    // The remix of another's agent went: its remix count and its creator's page say so.
    expect((await call(app, "GET", `/api/agents/${theirs.id}`)).body.agent.remixCount).toBe(0);
    expect((await call(app, "GET", `/api/creators/${staying.id}`)).body.creator.remixesReceived).toBe(0);
    expect(await app.db.prisma.conversation.count({ where: { userId: leaving.id } })).toBe(0);
    // It had heard of the remix of its root: what it was told goes with it.
    expect(await app.db.prisma.notification.count({ where: { recipient: `user:${leaving.id}` } })).toBe(0);
  });
});
