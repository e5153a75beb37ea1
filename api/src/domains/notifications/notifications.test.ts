// Notifications (#30 item 5), GraphQL and REST alike, on both databases: an agent's owner (a
// visitor's key or an account) hears that it was remixed, nominated (repeats counted on one),
// ascended, embedded on a new site, or reached 1, 10... conversations; a shared thread's or
// session's owner, that someone else opened it. Never of their own acts; muted kinds are not
// written; the unread count is kept exactly through reads; the live feed reaches its recipient
// alone; a visitor's notifications become the account's when it registers.
import { encodeGlobalID } from "@pothos/plugin-relay";
import type { Client } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, call, from, registered, signedIn, type Json } from "../../../test/accounts.ts";
import { databaseKinds } from "../../../test/databases.ts";
import { NO_LIMITS, startTestApp, type TestApp } from "../../../test/harness.ts";
import { listen, subscribed } from "../../../test/live.ts";
import { socketClient } from "../../../test/subscriptions.ts";
import { forgeAgent, remixAgent } from "../../../test/agents.ts";
import { VISITOR_HEADER } from "../../actor.ts";

let visitors = 0;
const newVisitor = () => ({ [VISITOR_HEADER]: `notify-visitor-${++visitors}-${Math.random().toString(36).slice(2).padEnd(12, "x")}` });

const LIST = `query ($first: Int, $after: String) {
  unreadNotificationCount
  notifications(first: $first, after: $after) {
    edges { node { id kind agentName subjectId subjectTitle actorLabel count path read agent { name } } }
    pageInfo { hasNextPage endCursor }
  }
}`;
const MARK = `mutation ($input: MarkNotificationsReadInput!) { markNotificationsRead(input: $input) { unreadCount notifications { id read } } }`;
const PREFS = `mutation ($input: NotificationPreferencesInput!) { setNotificationPreferences(input: $input) { muted } }`;
const LIVE = `subscription { notificationAdded { unreadCount notification { kind agentName subjectTitle count } } }`;
const SHARE_SESSION = `mutation ($input: ShareCouncilSessionInput!) { shareCouncilSession(input: $input) { session { visibility } } }`;

describe.each(databaseKinds)("notifications on %s", (kind) => {
  let app: TestApp;
  const sockets: Client[] = [];

  beforeAll(async () => {
    app = await startTestApp(kind, {
      logLevel: process.env.TEST_LOG ? "error" : "silent",
      ascensionThreshold: 2,
      limits: NO_LIMITS,
    });
  });
  afterAll(async () => {
    for (const socket of sockets) await socket.dispose();
    await app.stop();
  });

  let forged = 0;
  const forge = async (headers: Record<string, string>): Promise<{ id: string; name: string }> =>
    forgeAgent(app, { name: `Herald Of Notices ${++forged}`, glyph: "✶", personality: "Keeps watch over what is told.", apiModel: "gemini" }, headers);
  const remix = async (headers: Record<string, string>, parentAgentId: string, name: string): Promise<{ id: string; name: string }> =>
    remixAgent(app, parentAgentId, { name, description: "A remix to be told of.", personality: "Grown from another, and still listening." }, headers);
  const invoke = async (headers: Record<string, string>, agentId: string, message = "Who keeps the notices?") => {
    const response = await call(app, "POST", `/api/agents/${agentId}/invoke`, { message }, headers);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.conversation.id as string;
  };
  const graph = async (query: string, variables: Record<string, unknown>, headers: Record<string, string>) => {
    const answer = await app.graphql<Json>(query, variables, headers);
    expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
    return answer.data;
  };
  const listOf = async (headers: Record<string, string>) => {
    const data = await graph(LIST, { first: 50 }, headers);
    return { unread: data.unreadNotificationCount as number, notices: (data.notifications.edges as Json[]).map((edge) => edge.node) };
  };
  const restList = async (headers: Record<string, string>) => {
    const response = await call(app, "GET", "/api/notifications", undefined, headers);
    expect(response.status).toBe(200);
    return response.body;
  };
  const embed = (agentId: string, referer: string) => app.request("GET", `/embed/${agentId}`, undefined, { referer });

  it("answers a caller with no account and no visitor key an empty list, not a fault (the fuzz suite found one)", async () => {
    expect(await listOf({})).toEqual({ unread: 0, notices: [] });
  });

  it("tells an agent's owner of a remix, a nomination (repeats on one) and an ascension, never of their own acts", async () => {
    const owner = newVisitor();
    const agent = await forge(owner);
    // Their own remix and nomination tell them nothing.
    await remix(owner, agent.id, "Own Echo Of Notices");
    expect((await call(app, "POST", "/api/council/nominate", { agentId: agent.id }, owner)).status).toBe(201);
    expect(await listOf(owner)).toEqual({ unread: 0, notices: [] });

    const other = await remix(newVisitor(), agent.id, "Borrowed Herald");
    // Two more nominators (the owner's was the first): the second reaches the threshold of 2.
    const [first, second] = [await registered(app), await registered(app)];
    for (const account of [first, second]) {
      const nominated = await call(app, "POST", "/api/council/nominate", { agentId: agent.id }, bearer(await signedIn(app, account)));
      expect(nominated.status).toBe(201);
    }
    const { unread, notices } = await listOf(owner);
    expect(unread).toBe(3);
    expect(notices.map((notice: Json) => [notice.kind, notice.count])).toEqual([
      ["nominated", 2],
      ["ascended", 1],
      ["remixed", 1],
    ]);
    expect(notices[0]).toMatchObject({ agentName: agent.name, actorLabel: second.name, read: false, path: `/agents/${agent.id}`, agent: { name: agent.name } });
    expect(notices[2]).toMatchObject({ subjectId: other.id, subjectTitle: "Borrowed Herald", actorLabel: "anonymous", path: `/agents/${other.id}` });
    // REST says the same.
    const rest = await restList(owner);
    expect(rest.unreadCount).toBe(3);
    expect(rest.notifications.map((notice: Json) => notice.kind)).toEqual(["nominated", "ascended", "remixed"]);
    expect(rest.notifications[2]).toMatchObject({ subjectId: other.id, path: `/agents/${other.id}`, read: false });
    expect(rest.nextCursor).toBeNull();
  });

  // #42 item 6: every remix was a notification of its own, titled by the remixer: 40 unread in 3.7 s.
  it("coalesces an agent's remixes while unread into one notice, its count and latest remix and remixer written in place, exact at once", async () => {
    const owner = newVisitor();
    const agent = await forge(owner);
    const script = newVisitor();
    for (let n = 1; n <= 30; n++) await remix(script, agent.id, `Moth Copy ${n}`);
    await Promise.all(Array.from({ length: 9 }, (_, k) => remix(newVisitor(), agent.id, `Moth Copy ${31 + k}`)));
    const keeper = await registered(app, { name: "Moth Keeper" });
    const latest = await remix(bearer(await signedIn(app, keeper)), agent.id, "Moth Copy Last");

    const { unread, notices } = await listOf(owner);
    expect(unread).toBe(1);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      kind: "remixed",
      count: 40,
      agentName: agent.name,
      subjectId: latest.id,
      subjectTitle: "Moth Copy Last",
      actorLabel: "Moth Keeper",
      path: `/agents/${latest.id}`,
      read: false,
    });
    const rest = await restList(owner);
    expect(rest).toMatchObject({ unreadCount: 1, notifications: [{ kind: "remixed", count: 40, subjectTitle: "Moth Copy Last" }] });
    expect(await app.db.prisma.notification.count({ where: { agentId: agent.id } })).toBe(1);

    // Once read, the next remix is a notice of its own; a name the agent-name rules would refuse is not shown.
    expect((await call(app, "POST", "/api/notifications/read", { all: true }, owner)).body.unreadCount).toBe(0);
    const hidden = await registered(app, { name: "Moth\u202eKeeper" });
    await remix(bearer(await signedIn(app, hidden)), agent.id, "Moth Copy After");
    const after = await listOf(owner);
    expect(after.unread).toBe(1);
    expect(after.notices.map((notice: Json) => [notice.kind, notice.count, notice.subjectTitle, notice.actorLabel, notice.read])).toEqual([
      ["remixed", 1, "Moth Copy After", null, false],
      ["remixed", 40, "Moth Copy Last", "Moth Keeper", true],
    ]);
  });

  it("coalesces an agent's new embedding sites while unread, naming the latest, and a host too long for a name not at all", async () => {
    const owner = newVisitor();
    const agent = await forge(owner);
    const long = `${"a".repeat(60)}.${"b".repeat(60)}.example`;
    await Promise.all(["https://one.example/", "https://two.example/", `https://${long}/`].map((referer) => embed(agent.id, referer)));
    expect((await embed(agent.id, "https://latest.example/")).status).toBe(200);
    const { unread, notices } = await listOf(owner);
    expect(unread).toBe(1);
    expect(notices.map((notice: Json) => [notice.kind, notice.count, notice.subjectTitle])).toEqual([["embedded", 4, "latest.example"]]);
    await call(app, "POST", "/api/notifications/read", { all: true }, owner);
    expect((await embed(agent.id, `https://${long}/page`)).status).toBe(200);
    expect((await embed(agent.id, `https://x${long}/`)).status).toBe(200);
    expect((await listOf(owner)).notices.map((notice: Json) => [notice.count, notice.subjectTitle, notice.read])).toEqual([
      [1, null, false],
      [4, "latest.example", true],
    ]);
  });

  it("tells of a new embedding site once, never of the app's own host, and of 1 and 10 conversations begun by others", async () => {
    const owner = newVisitor();
    const agent = await forge(owner);
    expect((await embed(agent.id, "https://blog.example/posts/1")).status).toBe(200);
    expect((await embed(agent.id, "https://blog.example/posts/2")).status).toBe(200);
    expect((await embed(agent.id, `${app.url}/agents/${agent.id}`)).status).toBe(200);
    expect((await embed(agent.id, "not a url")).status).toBe(200);
    // The owner's own thread is counted, but not told.
    await invoke(owner, agent.id);
    expect((await listOf(owner)).notices.map((notice: Json) => [notice.kind, notice.subjectTitle])).toEqual([["embedded", "blog.example"]]);
    for (let n = 2; n <= 10; n++) await invoke(newVisitor(), agent.id, `Thread ${n}`);
    const { notices } = await listOf(owner);
    expect(notices.map((notice: Json) => [notice.kind, notice.count])).toEqual([
      ["conversations", 10],
      ["embedded", 1],
    ]);
    expect((await app.db.prisma.agent.findUniqueOrThrow({ where: { id: agent.id } })).conversationCount).toBe(10);
  });

  it("tells a shared thread's and session's owner that someone opened them, counted on one while unread", async () => {
    const owner = newVisitor();
    const stranger = newVisitor();
    const agent = await forge(owner);
    const thread = await invoke(owner, agent.id, "A thread to share with the world.");
    const privateThread = await invoke(owner, agent.id, "A thread kept private.");
    expect((await call(app, "POST", `/api/conversations/${thread}/share`, { visibility: "public" }, owner)).status).toBe(200);
    const session = (await call(app, "POST", "/api/council/whisper", { prompt: "What does a shared question weigh?" }, owner)).body.session.id as string;
    await graph(SHARE_SESSION, { input: { sessionId: encodeGlobalID("CouncilSession", session), visibility: "public" } }, owner);

    // The owner's reads, and a stranger's refused read of the private thread, tell nothing.
    expect((await call(app, "GET", `/api/conversations/${thread}`, undefined, owner)).status).toBe(200);
    expect((await call(app, "GET", `/api/conversations/${privateThread}`, undefined, stranger)).status).toBe(404);
    const before = (await listOf(owner)).notices.length;
    expect((await call(app, "GET", `/api/conversations/${thread}`, undefined, stranger)).status).toBe(200);
    await graph(`query ($id: ID!) { conversation(id: $id) { title } }`, { id: encodeGlobalID("Conversation", thread) }, stranger);
    expect((await call(app, "GET", `/api/council/sessions/${session}`, undefined, stranger)).status).toBe(200);
    const { notices } = await listOf(owner);
    expect(notices.length - before).toBe(2);
    expect(notices.slice(0, 2).map((notice: Json) => [notice.kind, notice.count, notice.path])).toEqual([
      ["session_opened", 1, `/summon/${session}`],
      ["thread_opened", 2, `/conversations/${thread}`],
    ]);
    expect(notices[1]).toMatchObject({ subjectTitle: "A thread to share with the world.", agentName: agent.name });

    // Once read, the next opening is a notification of its own.
    const opened = notices[1].id as string;
    const marked = await graph(MARK, { input: { ids: [opened] } }, owner);
    expect(marked.markNotificationsRead.notifications).toEqual([{ id: opened, read: true }]);
    expect((await call(app, "GET", `/api/conversations/${thread}`, undefined, stranger)).status).toBe(200);
    const after = (await listOf(owner)).notices;
    expect(after.filter((notice: Json) => notice.kind === "thread_opened").map((notice: Json) => [notice.count, notice.read])).toEqual([
      [1, false],
      [2, true],
    ]);
  });

  it("keeps the unread count exactly through reads by id and all, passes over others' ids, and pages the list", async () => {
    const owner = newVisitor();
    const stranger = newVisitor();
    // Three agents, each embedded on a site: three notices (one agent's new sites would be one).
    for (let n = 0; n < 3; n++) expect((await embed((await forge(owner)).id, `https://site-${n}.example/`)).status).toBe(200);
    await forge(stranger).then((theirs) => embed(theirs.id, "https://theirs.example/"));
    const theirId = (await listOf(stranger)).notices[0].id as string;

    const first = await graph(LIST, { first: 2 }, owner);
    expect(first.unreadNotificationCount).toBe(3);
    expect(first.notifications.edges.map((edge: Json) => edge.node.subjectTitle)).toEqual(["site-2.example", "site-1.example"]);
    expect(first.notifications.pageInfo.hasNextPage).toBe(true);
    const next = await graph(LIST, { first: 2, after: first.notifications.pageInfo.endCursor }, owner);
    expect(next.notifications.edges.map((edge: Json) => edge.node.subjectTitle)).toEqual(["site-0.example"]);

    // Another's notification, named, is passed over: theirs stays unread, the caller's count unchanged.
    const [newest] = first.notifications.edges.map((edge: Json) => edge.node.id as string);
    const marked = await graph(MARK, { input: { ids: [newest, theirId, newest] } }, owner);
    expect(marked.markNotificationsRead).toEqual({ unreadCount: 2, notifications: [{ id: newest, read: true }] });
    expect((await listOf(stranger)).unread).toBe(1);
    // Marking it again changes nothing.
    expect((await graph(MARK, { input: { ids: [newest] } }, owner)).markNotificationsRead.unreadCount).toBe(2);
    const all = await call(app, "POST", "/api/notifications/read", { all: true }, owner);
    expect(all.status).toBe(200);
    expect(all.body.unreadCount).toBe(0);
    expect(all.body.notifications).toHaveLength(2);
    expect((await restList(owner)).notifications.every((notice: Json) => notice.read)).toBe(true);
    // A page after a cursor that is not the caller's is the client's mistake.
    expect((await call(app, "GET", `/api/notifications?cursor=${theirId}`, undefined, owner)).status).toBe(400);
    // Nothing named: the contract's 400.
    expect((await call(app, "POST", "/api/notifications/read", {}, owner)).status).toBe(400);
  });

  it("writes no muted kind, and keeps the settings per owner", async () => {
    const owner = newVisitor();
    const agent = await forge(owner);
    expect((await call(app, "GET", "/api/notifications/preferences", undefined, owner)).body).toEqual({ muted: [] });
    expect(await graph(PREFS, { input: { muted: ["thread_opened", "embedded"] } }, owner)).toEqual({
      setNotificationPreferences: { muted: ["embedded", "thread_opened"] },
    });
    expect((await call(app, "GET", "/api/notifications/preferences", undefined, owner)).body).toEqual({ muted: ["embedded", "thread_opened"] });
    expect((await embed(agent.id, "https://muted.example/")).status).toBe(200);
    await remix(newVisitor(), agent.id, "Heard Despite The Mute");
    expect((await listOf(owner)).notices.map((notice: Json) => notice.kind)).toEqual(["remixed"]);
    // The site is still recorded: unmuting later does not tell of it again.
    expect(await app.db.prisma.agentEmbedSite.count({ where: { agentId: agent.id } })).toBe(1);
    const put = await call(app, "PUT", "/api/notifications/preferences", { muted: [] }, owner);
    expect(put).toMatchObject({ status: 200, body: { muted: [] } });
    expect((await call(app, "PUT", "/api/notifications/preferences", { muted: ["everything"] }, owner)).status).toBe(400);
    // A client with neither account nor visitor key has no notifications, and no settings to keep.
    expect(await restList({})).toEqual({ notifications: [], unreadCount: 0, nextCursor: null });
    expect((await call(app, "PUT", "/api/notifications/preferences", { muted: [] }, {})).status).toBe(401);
  });

  it("delivers each notification live to its recipient alone, with the count, and the count after a read", async () => {
    const owner = newVisitor();
    const stranger = newVisitor();
    const ownerSocket = socketClient(app.url, owner);
    const strangerSocket = socketClient(app.url, stranger);
    sockets.push(ownerSocket, strangerSocket);
    const ownerFeed = listen<Json>(ownerSocket, LIVE);
    const strangerFeed = listen<Json>(strangerSocket, LIVE);
    await Promise.all([subscribed(ownerSocket), subscribed(strangerSocket)]);
    const agent = await forge(owner);
    const theirs = await forge(stranger);

    await embed(agent.id, "https://live.example/");
    expect(await ownerFeed.next()).toEqual({
      unreadCount: 1,
      notification: { kind: "embedded", agentName: agent.name, subjectTitle: "live.example", count: 1 },
    });
    await invoke(newVisitor(), agent.id);
    expect(await ownerFeed.next()).toMatchObject({ unreadCount: 2, notification: { kind: "conversations", count: 1 } });
    // The stranger's first event is its own: the owner's never reached it.
    await embed(theirs.id, "https://theirs-live.example/");
    expect(await strangerFeed.next()).toMatchObject({ unreadCount: 1, notification: { subjectTitle: "theirs-live.example" } });
    expect((await call(app, "POST", "/api/notifications/read", { all: true }, owner)).status).toBe(200);
    expect(await ownerFeed.next()).toEqual({ unreadCount: 0, notification: null });
    // A socket with no owner is refused.
    const keyless = socketClient(app.url);
    sockets.push(keyless);
    const refused = listen<Json>(keyless, LIVE);
    await expect(refused.next()).rejects.toThrow(/visitor key/);
  });

  it("moves a visitor's notifications, count and settings to the account it registers, in the same act", async () => {
    const visitor = newVisitor();
    const agent = await forge(visitor);
    await embed(agent.id, "https://before-registering.example/");
    await graph(PREFS, { input: { muted: ["remixed"] } }, visitor);
    const account = await registered(app, {});
    // Registering signs the visitor's key in: through login with the key, its rows move.
    const login = await from(app, "127.0.0.1")("POST", "/api/auth/login", { email: account.email, password: account.password }, visitor);
    expect(login.status).toBe(200);
    const user = bearer(login.body.token);
    const { unread, notices } = await listOf(user);
    expect(unread).toBe(1);
    expect(notices.map((notice: Json) => notice.subjectTitle)).toEqual(["before-registering.example"]);
    expect((await call(app, "GET", "/api/notifications/preferences", undefined, user)).body).toEqual({ muted: ["remixed"] });
    expect(await listOf(visitor)).toEqual({ unread: 0, notices: [] });
    // The agent is the account's now: its notices reach the account, on the unread one of its new sites.
    await embed(agent.id, "https://after-registering.example/");
    const after = await listOf(user);
    expect(after.unread).toBe(1);
    expect(after.notices.map((notice: Json) => [notice.kind, notice.count, notice.subjectTitle])).toEqual([["embedded", 2, "after-registering.example"]]);
  });
});
