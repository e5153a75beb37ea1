// Deleting an account (#42 item 1) over real HTTP on both databases: it makes nothing public (the
// whispers kept from its threads go with them, by REST, GraphQL and the share page alike), it
// erases what it said (personas, memories, sessions, what it sent the Council), and it takes
// nothing from anyone else: another visitor's thread with one of its agents stays theirs, the
// agent shown departed (its name and glyph, nothing more, and silent), its whispers as private
// as they were; a conclave keeps its seat.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, call, registered, signedIn, type Account, type Json } from "../../../test/accounts.ts";
import { forgeAgent } from "../../../test/agents.ts";
import { databaseKinds } from "../../../test/databases.ts";
import { NO_LIMITS, startTestApp, type TestApp } from "../../../test/harness.ts";
import { as, invokeAs, newVisitor } from "../../../test/visitors.ts";
import { DELETED_CREDIT } from "./your-data.ts";
import { REMOVED_COUNCIL_WHISPER } from "./your-data-departure.ts";

const WHISPER = /* GraphQL */ `query ($id: String!) { whisper(id: $id) { truth response } }`;
const THREAD = /* GraphQL */ `query ($id: ID!) { conversation(id: $id) { title agent { name glyph isActive archived personality } messages(last: 10) { edges { node { text } } } } }`;

describe.each(databaseKinds)("deleting an account on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind, { limits: NO_LIMITS });
  });
  afterAll(() => app?.stop());

  async function leaving(name: string): Promise<{ account: Account; auth: Record<string, string> }> {
    const account = await registered(app, { name });
    return { account, auth: bearer(await signedIn(app, account)) };
  }
  async function deleted({ account, auth }: { account: Account; auth: Record<string, string> }): Promise<Json> {
    const answer = await call(app, "POST", "/api/account/delete", { password: account.password }, auth);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.deletion;
  }
  const whisperStatus = async (id: string, headers?: Record<string, string>) => (await app.request("GET", `/api/whispers/${id}`, undefined, headers)).status;

  it("makes nothing public: the whispers of its threads go with them, shared or not, and what it said goes too", async () => {
    const person = await leaving("Private Speaker");
    const secret = await call(app, "POST", "/api/agents/echo-haiku/invoke", { message: "Only you should hear this: I am afraid of the sea." }, person.auth);
    const shared = await call(app, "POST", "/api/agents/echo-haiku/invoke", { message: "This one the world may read." }, person.auth);
    expect((await call(app, "POST", `/api/conversations/${shared.body.conversation.id}/share`, { visibility: "public" }, person.auth)).status).toBe(200);
    expect(await whisperStatus(secret.body.whisper.id)).toBe(404);
    expect(await whisperStatus(shared.body.whisper.id)).toBe(200);
    expect((await call(app, "POST", "/api/personas", { name: "Orrin the Afraid" }, person.auth)).status).toBe(201);
    const echo = await app.db.prisma.agent.findUniqueOrThrow({ where: { username: "echo-haiku" } });
    await app.db.prisma.agentMemory.create({ data: { agentId: echo.id, userId: person.account.id, text: "Fears the sea." } });
    const toCouncil = await call(app, "POST", "/api/council/whisper", { content: "Council, I am leaving soon." }, person.auth);
    expect(toCouncil.status, JSON.stringify(toCouncil.body)).toBe(201);

    const summary = await deleted(person);

    // No whisper of its outlives its thread: not by REST, not by GraphQL, not in a link's preview.
    for (const { whisper } of [secret.body, shared.body]) {
      expect(await whisperStatus(whisper.id)).toBe(404);
      expect((await app.graphql(WHISPER, { id: whisper.id })).data).toEqual({ whisper: null });
      const page = await (await app.request("GET", `/whisper/${whisper.id}`)).text();
      expect(page).not.toContain(whisper.response.slice(0, 40));
    }
    expect(await app.db.prisma.whisper.count({ where: { id: { in: [secret.body.whisper.id, shared.body.whisper.id] } } })).toBe(0);
    // What it said elsewhere, and what named it, goes with it.
    const userId = person.account.id;
    expect(await app.db.prisma.persona.count({ where: { userId } })).toBe(0);
    expect(await app.db.prisma.agentMemory.count({ where: { userId } })).toBe(0);
    expect(await app.db.prisma.session.count({ where: { userId } })).toBe(0);
    expect(await app.db.prisma.verificationToken.count({ where: { userId } })).toBe(0);
    expect(await app.db.prisma.councilWhisper.count({ where: { userId } })).toBe(0);
    const logged = await app.db.prisma.ritualLog.findMany({ where: { type: "whisper", description: { contains: "I am leaving soon" } } });
    expect(logged).toEqual([]);
    expect(await app.db.prisma.ritualLog.count({ where: { description: REMOVED_COUNCIL_WHISPER } })).toBeGreaterThan(0);
    expect(summary).toEqual({ agents: 0, kept: 0, departed: 0, threads: 2, councilSessions: 0 });
  });

  it("takes nothing from another visitor: their thread with a departed agent stays theirs, its whispers as private as they were", async () => {
    const person = await leaving("Departing Maker");
    const agent = await forgeAgent(
      app,
      { name: "Lantern of Departure", glyph: "☄", personality: "Remembers every harbour it was lit in.", description: "A keeper of harbour lights." },
      person.auth,
    );
    const visitor = newVisitor("departure");
    const theirs = await invokeAs(app, agent.id, visitor, { message: "Which harbour do you miss?" });
    const reader = newVisitor("departure-reader");
    const published = await invokeAs(app, agent.id, reader, { message: "Say something for everyone." });
    expect((await call(app, "POST", `/api/conversations/${published.conversation.id}/share`, { visibility: "public" }, as(reader))).status).toBe(200);
    const before = await call(app, "GET", `/api/conversations/${theirs.conversation.id}`, undefined, as(visitor));

    const preview = await call(app, "GET", "/api/account/deletion", undefined, person.auth);
    const summary = await deleted(person);

    // The thread is still the visitor's, every word of it, and still theirs alone.
    const after = await call(app, "GET", `/api/conversations/${theirs.conversation.id}`, undefined, as(visitor));
    expect(after.status).toBe(200);
    expect(after.body.messages).toEqual(before.body.messages);
    expect((await call(app, "GET", `/api/conversations/${theirs.conversation.id}`)).status).toBe(404);
    expect(await whisperStatus(theirs.whisper.id)).toBe(404);
    expect(await whisperStatus(theirs.whisper.id, as(visitor))).toBe(200);
    // A thread its reader had shared stays shared: that was theirs to decide.
    expect(await whisperStatus(published.whisper.id)).toBe(200);

    // The agent departed: its name and glyph stay in the thread, the rest of it is gone, and it is silent.
    const graph = await app.graphql<Json>(THREAD, { id: theirs.conversation.id }, as(visitor));
    expect(graph.data!.conversation.agent).toEqual({ name: "Lantern of Departure", glyph: "☄", isActive: false, archived: true, personality: "" });
    expect(graph.data!.conversation.messages.edges.map((edge: Json) => edge.node.text)).toContain("Which harbour do you miss?");
    const { body } = await call(app, "GET", `/api/agents/${agent.id}`);
    expect(body.agent).toMatchObject({ description: null, createdBy: DELETED_CREDIT, creatorId: null, tags: [], greeting: null });
    expect(await app.db.prisma.agentVersion.count({ where: { agentId: agent.id } })).toBe(0);
    const listed = await call(app, "GET", `/api/agents?search=${encodeURIComponent("Lantern of Departure")}`);
    expect(listed.body.agents.map((found: Json) => found.id)).not.toContain(agent.id);
    const again = await call(app, "POST", `/api/agents/${agent.id}/invoke`, { message: "Are you there?", conversationId: theirs.conversation.id }, as(visitor));
    expect(again.status).toBe(409);
    expect((await call(app, "POST", `/api/agents/${agent.id}/invoke`, { message: "Hello?" }, as(newVisitor("late")))).status).toBe(409);
    // What the account was told beforehand, and what happened.
    expect(preview.body.deletion).toEqual({ agents: 1, kept: 0, departed: 1, threads: 0, councilSessions: 0 });
    expect(summary).toEqual(preview.body.deletion);
  });

  it("keeps another visitor's conclave whole: the departed agent keeps its seat, the others speak on", async () => {
    const person = await leaving("Conclave Guest Maker");
    const guest = await forgeAgent(app, { name: "Guest of the Round Table", personality: "Speaks only when the candle reaches it." }, person.auth);
    const visitor = newVisitor("conclave");
    const opened = await call(app, "POST", "/api/conclaves", { agentIds: ["echo-haiku", guest.id], turnOrder: "in_turn" }, as(visitor));
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const id = opened.body.conversation.id;
    expect((await call(app, "POST", `/api/conversations/${id}/turns`, { message: "Speak, both of you." }, as(visitor))).status).toBe(200);

    const summary = await deleted(person);

    const thread = await call(app, "GET", `/api/conversations/${id}`, undefined, as(visitor));
    expect(thread.status).toBe(200);
    expect(thread.body.conversation.participants.map((seat: Json) => seat.agent.name)).toEqual(["Echo Haiku", "Guest of the Round Table"]);
    const next = await call(app, "POST", `/api/conversations/${id}/turns`, { message: "And now?" }, as(visitor));
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect(summary).toMatchObject({ agents: 1, departed: 1 });
  });
});
