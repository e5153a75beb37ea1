// Curators over real HTTP and WebSocket: accounts made by the command line, a sign-in of their
// own, and the acts only they may do, each refused to visitors and to users (changing nothing),
// each writing a ritual log entry that reaches subscribers.
import { encodeGlobalID } from "@pothos/plugin-relay";
import type { Client } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, call, registered, signedIn, socket, type Json } from "../../../test/accounts.ts";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../../../test/databases.ts";
import { startTestApp, type TestApp } from "../../../test/harness.ts";
import { subscribed } from "../../../test/live.ts";
import { nodeArguments, runNode } from "../../../test/process.ts";
import { deactivateCurator } from "../accounts/curators.ts";
import { SESSION_ENDED } from "../accounts/sessions.ts";
import { CURATOR_REQUIRED } from "../accounts/access.ts";
import { visitor, type Actor } from "../../actor.ts";
import type { EventBus } from "../events.ts";
import { createCurationService } from "./service.ts";

/** `npm run curator -- ...args`, the password on standard input. */
function curatorCommand(database: TestDatabase, args: string[], stdin: string) {
  return runNode([...nodeArguments("curator"), ...args], {
    env: { DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl ?? "", CURATOR_PASSWORD: "" },
    input: stdin,
  });
}

const CURATOR = { email: "keeper@example.com", password: "keeper of names", name: "The Keeper" };

const ACTS = {
  archive: `mutation ($input: CurateAgentInput!) { archiveAgent(input: $input) { agent { rawId archived } ritualLog { type description performedBy } } }`,
  restore: `mutation ($input: CurateAgentInput!) { restoreAgent(input: $input) { agent { rawId archived } ritualLog { type description performedBy } } }`,
  ascend: `mutation ($input: CurateAgentInput!) { ascendAgent(input: $input) { member { agentName ascendedBy isActive } ritualLog { type description performedBy } } }`,
  retire: `mutation ($input: CurateAgentInput!) { retireCouncilMember(input: $input) { member { isActive } ritualLog { type description performedBy } } }`,
  remove: `mutation ($input: RemoveCouncilWhisperInput!) { removeCouncilWhisper(input: $input) { removedWhisperId ritualLog { type description performedBy } } }`,
};

/** The next ritualLogAdded event on `client`. */
function nextLog(client: Client): Promise<Json> {
  return new Promise((resolve, reject) => {
    const guard = setTimeout(() => reject(new Error("no ritual log event")), 20_000);
    const stop = client.subscribe(
      { query: `subscription { ritualLogAdded { type description performedBy } }` },
      { next: (value) => (clearTimeout(guard), stop(), resolve((value.data as Json).ritualLogAdded)), error: reject, complete: () => {} },
    );
  });
}

describe.each(databaseKinds)("curators on %s", (kind) => {
  let database: TestDatabase;
  let app: TestApp;
  let agent: { id: string; name: string };
  let curatorToken: string;
  let userToken: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const added = await curatorCommand(database, ["add", CURATOR.email.toUpperCase(), "--name", CURATOR.name], `${CURATOR.password}\n`);
    expect(added, added.output).toMatchObject({ code: 0, output: expect.stringContaining("keeper@example.com (The Keeper) added") });
    app = await startTestApp(kind, { database });
    agent = await app.db.prisma.agent.findUniqueOrThrow({ where: { username: "cartographer" } });
    userToken = await signedIn(app, await registered(app));
  }, 120_000);
  afterAll(async () => {
    await app.stop();
    await database.drop();
  });

  it("makes curator accounts only from the command line, with the council-user rules", async () => {
    const row = await app.db.prisma.councilUser.findUniqueOrThrow({ where: { email: CURATOR.email } });
    expect(row).toMatchObject({ name: CURATOR.name, isActive: true, passwordHash: expect.stringMatching(/^\$argon2id\$/) });
    await app.stop();
    try {
      expect(await curatorCommand(database, ["add", "short@example.com"], "12345\n")).toMatchObject({
        code: 2,
        output: expect.stringContaining("Password must be at least 6 characters"),
      });
      expect(await curatorCommand(database, ["add", "not-an-email"], "long enough\n")).toMatchObject({
        code: 2,
        output: expect.stringContaining("Invalid email address"),
      });
      expect(await curatorCommand(database, ["add", CURATOR.email], "another one\n")).toMatchObject({
        code: 1,
        output: expect.stringContaining("already exists"),
      });
    } finally {
      app = await startTestApp(kind, { database });
    }
    expect(await app.db.prisma.councilUser.count()).toBe(1);
  }, 120_000);

  it("counts the Evolution Gate's totals again from the command line, should they drift", async () => {
    const STATS = `{ evolutionStats { totalAgents totalRemixes activeLineages } }`;
    const truth = (await app.graphql<{ evolutionStats: object }>(STATS)).data!.evolutionStats;
    await app.db.prisma.$executeRaw`UPDATE agent_stats SET total_agents = 1000, total_remixes = 7`;
    await app.stop();
    try {
      const recounted = await curatorCommand(database, ["recount-stats"], "");
      expect(recounted, recounted.output).toMatchObject({
        code: 0,
        output: expect.stringMatching(/Evolution Gate totals counted again: \d+ agents, 0 remixes/),
      });
    } finally {
      app = await startTestApp(kind, { database });
    }
    expect((await app.graphql<{ evolutionStats: object }>(STATS)).data!.evolutionStats).toEqual(truth);
  });

  it("signs curators in apart from users: REST and GraphQL, each refusing the other's credentials", async () => {
    const login = await call(app, "POST", "/api/curator/login", { email: CURATOR.email, password: CURATOR.password });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({
      token: expect.any(String),
      message: "Login successful",
      curator: expect.objectContaining({ email: CURATOR.email, name: CURATOR.name }),
    });
    expect(JSON.stringify(login.body.curator)).not.toMatch(/argon2|passwordHash/);
    curatorToken = login.body.token;
    expect((await call(app, "GET", "/api/curator/user", undefined, bearer(curatorToken))).body.curator.email).toBe(CURATOR.email);
    expect(await call(app, "POST", "/api/curator/login", { email: CURATOR.email, password: "not it at all" })).toMatchObject({
      status: 401,
      body: { message: "Invalid email or password" },
    });
    expect((await call(app, "POST", "/api/auth/login", { email: CURATOR.email, password: CURATOR.password })).status).toBe(401);
    // A curator's token is not a user's session, nor the reverse.
    expect((await call(app, "GET", "/api/auth/user", undefined, bearer(curatorToken))).status).toBe(401);
    expect((await call(app, "GET", "/api/curator/user", undefined, bearer(userToken))).status).toBe(401);

    const viaGraph = await app.graphql<Json>(`mutation ($input: LoginInput!) { curatorLogin(input: $input) { token curator { name email } } }`, {
      input: { email: CURATOR.email, password: CURATOR.password },
    });
    expect(viaGraph.data.curatorLogin.curator).toEqual({ name: CURATOR.name, email: CURATOR.email });
    expect((await app.graphql<Json>(`{ curator { name } viewer { name } }`, undefined, bearer(viaGraph.data.curatorLogin.token))).data).toEqual({
      curator: { name: CURATOR.name },
      viewer: null,
    });
  });

  it("refuses every curator-only act to visitors (401) and to users (403), changing nothing", async () => {
    const whisper = (await call(app, "POST", "/api/council/whisper", { content: "Leave me be", userId: "anonymous" })).body.whisper;
    const before = {
      logs: await app.db.prisma.ritualLog.count(),
      members: await app.db.prisma.councilMember.count(),
      whispers: await app.db.prisma.councilWhisper.count(),
    };
    const routes = ["archive", "restore", "ascend", "retire"]
      .map((act) => `/api/curator/agents/${agent.id}/${act}`)
      .concat(`/api/curator/whispers/${whisper.id}/remove`);
    for (const route of routes) {
      expect({ route, ...(await call(app, "POST", route)) }).toMatchObject({
        route,
        status: 401,
        body: { message: expect.stringContaining("Only curators may do this") },
      });
      expect({ route, ...(await call(app, "POST", route, undefined, bearer(userToken))) }).toMatchObject({
        route,
        status: 403,
        body: { message: "Only curators may do this" },
      });
    }
    for (const [name, query] of Object.entries(ACTS)) {
      const input = name === "remove" ? { whisperId: whisper.id } : { agentId: agent.id };
      expect((await app.graphql(query, { input })).errors?.[0]?.extensions?.code, name).toBe("UNAUTHENTICATED");
      expect((await app.graphql(query, { input }, bearer(userToken))).errors?.[0], name).toMatchObject({
        message: "Only curators may do this",
        extensions: { code: "FORBIDDEN" },
      });
    }
    expect((await app.db.prisma.agent.findUniqueOrThrow({ where: { id: agent.id } })).archived).toBe(false);
    expect({
      logs: await app.db.prisma.ritualLog.count(),
      members: await app.db.prisma.councilMember.count(),
      whispers: await app.db.prisma.councilWhisper.count(),
    }).toEqual(before);
  });

  it("the acts themselves refuse anyone but a curator, whoever calls them: not only REST's and GraphQL's guards", async () => {
    // A caller with no guard of its own (a job, a third transport) reaches the service directly.
    const silent = {
      publish: () => {
        throw new Error("a refused act published an event");
      },
    } as unknown as EventBus;
    const curation = createCurationService({ prisma: app.db.prisma, bus: silent, clock: () => new Date() });
    const user = { ...visitor("127.0.0.1"), userId: "a-user", label: "someone" };
    const logs = await app.db.prisma.ritualLog.count();
    const acts = [
      (actor: Actor) => curation.archive(agent.id, actor),
      (actor: Actor) => curation.restore(agent.id, actor),
      (actor: Actor) => curation.ascend(agent.id, actor),
      (actor: Actor) => curation.retire(agent.id, actor),
      (actor: Actor) => curation.removeWhisper(agent.id, actor),
      (actor: Actor) => curation.mergeTag("poetry", "verse", actor),
      (actor: Actor) => curation.removeTag("poetry", actor),
    ];
    for (const act of acts) {
      await expect(act(visitor("127.0.0.1"))).rejects.toMatchObject({ message: expect.stringContaining(CURATOR_REQUIRED) });
      await expect(act(user)).rejects.toMatchObject({ message: CURATOR_REQUIRED });
    }
    expect((await app.db.prisma.agent.findUniqueOrThrow({ where: { id: agent.id } })).archived).toBe(false);
    expect(await app.db.prisma.ritualLog.count()).toBe(logs);
  });

  it("archives and restores an agent, logging and publishing each act", async () => {
    const watcher = await socket(app);
    try {
      const heard = nextLog(watcher);
      // A query after it on the same socket answers once the subscription is in place.
      await subscribed(watcher);
      const archived = await call(app, "POST", `/api/curator/agents/${agent.id}/archive`, undefined, bearer(curatorToken));
      expect(archived.status).toBe(200);
      expect(archived.body).toMatchObject({
        agent: { id: agent.id, archived: true },
        log: { type: "curation", description: `${agent.name} was archived`, performedBy: CURATOR.name },
      });
      expect(await heard).toEqual({ type: "curation", description: `${agent.name} was archived`, performedBy: CURATOR.name });
      const listed = (await call(app, "GET", "/api/agents")).body.agents.map((a: { id: string }) => a.id);
      expect(listed).not.toContain(agent.id);
      expect(await call(app, "POST", `/api/curator/agents/${agent.id}/archive`, undefined, bearer(curatorToken))).toMatchObject({
        status: 409,
        body: { message: `${agent.name} is already archived` },
      });

      const restored = await app.graphql<Json>(ACTS.restore, { input: { agentId: encodeGlobalID("Agent", agent.id) } }, bearer(curatorToken));
      expect(restored.data.restoreAgent).toEqual({
        agent: { rawId: agent.id, archived: false },
        ritualLog: { type: "curation", description: `${agent.name} was restored to the network`, performedBy: CURATOR.name },
      });
      expect((await call(app, "GET", "/api/agents")).body.agents.map((a: { id: string }) => a.id)).toContain(agent.id);
    } finally {
      await watcher.dispose();
    }
  });

  it("ascends and retires a council member by hand", async () => {
    const ascended = await app.graphql<Json>(ACTS.ascend, { input: { agentId: agent.id } }, bearer(curatorToken));
    expect(ascended.data.ascendAgent).toEqual({
      member: { agentName: agent.name, ascendedBy: CURATOR.name, isActive: true },
      ritualLog: { type: "ascension", description: `${agent.name} ascended to the Council`, performedBy: CURATOR.name },
    });
    expect((await call(app, "GET", "/api/council/members")).body.members.map((m: { agentId: string }) => m.agentId)).toContain(agent.id);
    expect((await app.graphql(ACTS.ascend, { input: { agentId: agent.id } }, bearer(curatorToken))).errors?.[0]).toMatchObject({
      message: `${agent.name} already sits on the Council`,
      extensions: { code: "CONFLICT" },
    });
    const retired = await call(app, "POST", `/api/curator/agents/${agent.id}/retire`, undefined, bearer(curatorToken));
    expect(retired.body).toMatchObject({ member: { agentId: agent.id }, log: { type: "curation", description: `${agent.name} was retired from the Council` } });
    expect((await call(app, "GET", "/api/council/members")).body.members.map((m: { agentId: string }) => m.agentId)).not.toContain(agent.id);
    expect((await call(app, "POST", `/api/curator/agents/${agent.id}/retire`, undefined, bearer(curatorToken))).status).toBe(409);
    expect((await call(app, "POST", `/api/curator/agents/${agent.id}/ascend`, undefined, bearer(curatorToken))).status).toBe(200);
    expect(await app.db.prisma.councilMember.count({ where: { agentId: agent.id } })).toBe(1);
    expect((await call(app, "POST", "/api/curator/agents/not-an-agent/ascend", undefined, bearer(curatorToken))).status).toBe(404);
  });

  it("removes a council whisper, and its words from the log entries that quoted it", async () => {
    const words = "A whisper the Council should not keep";
    const { whisper } = (await call(app, "POST", "/api/council/whisper", { content: words, userId: "anonymous" })).body;
    const removed = await app.graphql<Json>(ACTS.remove, { input: { whisperId: encodeGlobalID("CouncilWhisper", whisper.id) } }, bearer(curatorToken));
    expect(removed.data.removeCouncilWhisper).toEqual({
      removedWhisperId: encodeGlobalID("CouncilWhisper", whisper.id),
      ritualLog: { type: "curation", description: "A whisper was removed from the Council", performedBy: CURATOR.name },
    });
    expect((await call(app, "GET", "/api/council/whispers")).body.whispers.map((w: { id: string }) => w.id)).not.toContain(whisper.id);
    expect(JSON.stringify((await call(app, "GET", "/api/council/ritual-logs")).body)).not.toContain(words);
    expect(await call(app, "POST", `/api/curator/whispers/${whisper.id}/remove`, undefined, bearer(curatorToken))).toMatchObject({
      status: 404,
      body: { message: "Whisper not found" },
    });
  });

  it("ends a curator's session at logout, and all of them when the curator is deactivated", async () => {
    const second = (await call(app, "POST", "/api/curator/login", { email: CURATOR.email, password: CURATOR.password })).body.token;
    expect(await call(app, "POST", "/api/curator/logout", undefined, bearer(curatorToken))).toMatchObject({ status: 200, body: { message: "Logged out" } });
    expect(await call(app, "POST", `/api/curator/agents/${agent.id}/archive`, undefined, bearer(curatorToken))).toMatchObject({
      status: 401,
      body: { message: SESSION_ENDED },
    });
    expect((await app.graphql(`mutation { curatorLogout { message } }`, undefined, bearer(second))).data).toEqual({ curatorLogout: { message: "Logged out" } });
    const third = (await call(app, "POST", "/api/curator/login", { email: CURATOR.email, password: CURATOR.password })).body.token;
    await deactivateCurator(app.db.prisma, CURATOR.email);
    expect((await call(app, "GET", "/api/curator/user", undefined, bearer(third))).status).toBe(401);
    expect((await call(app, "POST", "/api/curator/login", { email: CURATOR.email, password: CURATOR.password })).status).toBe(401);
  });
});
