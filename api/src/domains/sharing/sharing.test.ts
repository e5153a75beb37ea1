// Settings → Shared (#27): the caller's shared threads and Council sessions, GraphQL and REST
// alike, on both databases. Only the caller's public rows, most recently active first; an
// unshared one leaves the list (and its answers' whisper links close); another owner's never
// appear; pages go on past a row unshared since; a visitor's key owns a list as an account does.
import { describe, expect, it } from "vitest";
import { bearer, registered, signedIn } from "../../../test/accounts.ts";
import { databaseKinds } from "../../../test/databases.ts";
import { appPerBlock } from "../../../test/blocks.ts";
import type { Json } from "../../../test/json.ts";
import { VISITOR_HEADER, visitorIdOf } from "../../actor.ts";
import { SHARED_PAGE } from "./rest.ts";

let visitors = 0;
const newVisitor = () => `shared-list-visitor-${++visitors}-${Math.random().toString(36).slice(2).padEnd(12, "x")}`;
const as = (key: string) => ({ [VISITOR_HEADER]: key });
const globalId = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString("base64");

const THREADS = `query ($first: Int, $after: String) {
  sharedConversations(first: $first, after: $after) { edges { cursor node { rawId title visibility sharedAt sharedUntil isMine agent { name } } } pageInfo { hasNextPage endCursor } }
}`;
const SESSIONS = `query ($first: Int, $after: String) {
  sharedCouncilSessions(first: $first, after: $after) { edges { node { rawId title visibility sharedAt questionCount isMine } } pageInfo { hasNextPage endCursor } }
}`;
const SHARE_SESSION = `mutation ($input: ShareCouncilSessionInput!) { shareCouncilSession(input: $input) { session { visibility } } }`;

describe.each(databaseKinds)("what the caller has shared, on %s", (kind) => {
  const block = appPerBlock(kind);

  const invoke = async (headers: Record<string, string>, message: string) => {
    const response = await block.app.request("POST", `/api/agents/${block.echoId}/invoke`, { message }, headers);
    expect(response.status).toBe(200);
    return response.json();
  };
  const shareThread = async (headers: Record<string, string>, id: string, visibility: "public" | "private") => {
    const response = await block.app.request("POST", `/api/conversations/${id}/share`, { visibility }, headers);
    expect(response.status).toBe(200);
  };
  const ask = async (headers: Record<string, string>, prompt: string) => {
    const response = await block.app.request("POST", "/api/council/whisper", { prompt }, headers);
    expect(response.status).toBe(200);
    return (await response.json()).session.id as string;
  };
  const shareSession = async (headers: Record<string, string>, id: string, visibility: "public" | "private") => {
    const shared = await block.app.graphql<Json>(SHARE_SESSION, { input: { sessionId: globalId("CouncilSession", id), visibility } }, headers);
    expect(shared.errors).toBeUndefined();
  };
  const threadTitles = async (headers: Record<string, string>) => {
    const read = await block.app.graphql<Json>(THREADS, {}, headers);
    expect(read.errors).toBeUndefined();
    return (read.data.sharedConversations.edges as Json[]).map((edge) => edge.node.title as string);
  };
  const sessionTitles = async (headers: Record<string, string>) => {
    const read = await block.app.graphql<Json>(SESSIONS, {}, headers);
    expect(read.errors).toBeUndefined();
    return (read.data.sharedCouncilSessions.edges as Json[]).map((edge) => edge.node.title as string);
  };
  const restJson = async (pathname: string, headers: Record<string, string>) => {
    const response = await block.app.request("GET", pathname, undefined, headers);
    expect(response.status).toBe(200);
    return response.json();
  };

  it("lists only the caller's shared threads and sessions, newest activity first; unshared ones leave, and their answers' links close", async () => {
    const owner = as(newVisitor());
    const stranger = as(newVisitor());
    const kept = await invoke(owner, "The first thread, to share.");
    await invoke(owner, "A private thread, never shared.");
    const later = await invoke(owner, "The second thread, to share.");
    const theirs = await invoke(stranger, "A stranger's shared thread.");
    await shareThread(owner, kept.conversation.id, "public");
    await shareThread(owner, later.conversation.id, "public");
    await shareThread(stranger, theirs.conversation.id, "public");
    const session = await ask(owner, "What does the owner share?");
    await ask(owner, "What does the owner keep?");
    const strangerSession = await ask(stranger, "What does the stranger share?");
    await shareSession(owner, session, "public");
    await shareSession(stranger, strangerSession, "public");

    expect(await threadTitles(owner)).toEqual(["The second thread, to share.", "The first thread, to share."]);
    expect(await sessionTitles(owner)).toEqual(["What does the owner share?"]);
    const first = (await block.app.graphql<Json>(THREADS, {}, owner)).data.sharedConversations.edges[1].node;
    expect(first).toMatchObject({ rawId: kept.conversation.id, visibility: "public", isMine: true, agent: { name: "Echo Haiku" } });
    expect(first.sharedUntil).not.toBeNull();
    expect(first.sharedAt).not.toBeNull();
    // REST says the same.
    const rest = await restJson("/api/shared/conversations", owner);
    expect(rest.nextCursor).toBeNull();
    expect((rest.conversations as Json[]).map((thread) => thread.id)).toEqual([later.conversation.id, kept.conversation.id]);
    expect(rest.conversations[1]).toMatchObject({
      title: "The first thread, to share.",
      visibility: "public",
      messageCount: 2,
      agent: { id: block.echoId, name: "Echo Haiku", username: "echo-haiku" },
    });
    expect(rest.conversations[1].sharedUntil).toEqual(first.sharedUntil);
    expect(rest.conversations[1].sharedAt).toEqual(first.sharedAt);
    expect(rest.conversations[1]).not.toHaveProperty("visitorId");
    const restSessions = await restJson("/api/shared/council-sessions", owner);
    expect(restSessions).toEqual({
      sessions: [expect.objectContaining({ id: session, title: "What does the owner share?", visibility: "public", questionCount: 1 })],
      nextCursor: null,
    });

    // A thread with new activity comes first.
    await block.app.request("POST", `/api/agents/${block.echoId}/invoke`, { message: "And afterwards?", conversationId: kept.conversation.id }, owner);
    expect(await threadTitles(owner)).toEqual(["The first thread, to share.", "The second thread, to share."]);

    // Unshared, it leaves the list; its answers' whisper links close with it.
    expect((await block.app.request("GET", `/api/whispers/${kept.whisper.id}`)).status).toBe(200);
    await shareThread(owner, kept.conversation.id, "private");
    await shareSession(owner, session, "private");
    expect(await threadTitles(owner)).toEqual(["The second thread, to share."]);
    expect(await sessionTitles(owner)).toEqual([]);
    const unshared = await block.app.graphql<Json>(
      `query ($id: ID!) { conversation(id: $id) { visibility sharedAt sharedUntil } }`,
      { id: globalId("Conversation", kept.conversation.id) },
      owner,
    );
    expect(unshared.data.conversation).toEqual({ visibility: "private", sharedAt: null, sharedUntil: null });
    expect((await restJson("/api/shared/council-sessions", owner)).sessions).toEqual([]);
    expect((await block.app.request("GET", `/api/whispers/${kept.whisper.id}`)).status).toBe(404);

    // The stranger sees their own alone; a caller with no key owns nothing to list.
    expect(await threadTitles(stranger)).toEqual(["A stranger's shared thread."]);
    expect(await sessionTitles(stranger)).toEqual(["What does the stranger share?"]);
    expect(await threadTitles({})).toEqual([]);
    expect((await restJson("/api/shared/conversations", {})).conversations).toEqual([]);
  });

  it("a signed-in user's list is the account's: what the visitor shared before signing in comes along", async () => {
    const key = newVisitor();
    const before = await invoke(as(key), "Shared before signing in.");
    await shareThread(as(key), before.conversation.id, "public");
    const account = await registered(block.app);
    // Signing in with the visitor key moves what it owns to the account.
    const token = await (async () => {
      const response = await block.app.request("POST", "/api/auth/login", { email: account.email, password: account.password }, as(key));
      expect(response.status).toBe(200);
      return (await response.json()).token as string;
    })();
    const user = bearer(token);
    const after = await invoke(user, "Shared as the account.");
    await shareThread(user, after.conversation.id, "public");
    expect(await threadTitles(user)).toEqual(["Shared as the account.", "Shared before signing in."]);
    expect(await threadTitles(as(key))).toEqual([]);
    // Another account sees nothing of it.
    const other = bearer(await signedIn(block.app, await registered(block.app)));
    expect(await threadTitles(other)).toEqual([]);
  });

  it("pages by cursor, GraphQL and REST, and goes on past a row unshared since", async () => {
    const key = newVisitor();
    const visitorId = visitorIdOf(key)!;
    const start = Date.UTC(2026, 0, 1);
    const total = SHARED_PAGE + 3;
    // Shared threads a minute apart, with private ones between them (seeded: paging, not talking, is under test).
    await block.app.db.prisma.conversation.createMany({
      data: Array.from({ length: total * 2 }, (_, index) => ({
        agentId: block.echoId,
        visitorId,
        title: `Thread ${String(index).padStart(2, "0")}`,
        visibility: index % 2 === 0 ? ("public" as const) : ("private" as const),
        sharedUntil: index % 2 === 0 ? new Date(start + index * 60_000) : null,
        sharedAt: index % 2 === 0 ? new Date(start + index * 60_000) : null,
        updatedAt: new Date(start + index * 60_000),
      })),
    });
    const shared = Array.from({ length: total }, (_, index) => `Thread ${String((total - 1 - index) * 2).padStart(2, "0")}`);

    // GraphQL: pages of 10, in order, each ending where the next begins.
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const read: Json = await block.app.graphql<Json>(THREADS, { first: 10, after }, as(key));
      expect(read.errors).toBeUndefined();
      seen.push(...(read.data.sharedConversations.edges as Json[]).map((edge) => edge.node.title as string));
      if (!read.data.sharedConversations.pageInfo.hasNextPage) break;
      after = read.data.sharedConversations.pageInfo.endCursor;
    }
    expect(seen).toEqual(shared);

    // A row unshared after its page was read: the next page still starts after it.
    const firstPage: Json = await block.app.graphql<Json>(THREADS, { first: 2 }, as(key));
    const anchor = firstPage.data.sharedConversations.edges[1].node.rawId as string;
    await shareThread(as(key), anchor, "private");
    const next: Json = await block.app.graphql<Json>(THREADS, { first: 2, after: firstPage.data.sharedConversations.pageInfo.endCursor }, as(key));
    expect(next.errors).toBeUndefined();
    expect((next.data.sharedConversations.edges as Json[]).map((edge) => edge.node.title)).toEqual(shared.slice(2, 4));

    // REST: 20 a page, then the rest.
    const page1 = await restJson("/api/shared/conversations", as(key));
    expect(page1.conversations).toHaveLength(SHARED_PAGE);
    expect(page1.conversations[0].title).toBe(shared[0]);
    expect(page1.nextCursor).toBe(page1.conversations[SHARED_PAGE - 1].id);
    const page2 = await restJson(`/api/shared/conversations?cursor=${page1.nextCursor}`, as(key));
    expect((page2.conversations as Json[]).map((thread) => thread.title)).toEqual(shared.slice(SHARED_PAGE + 1));
    expect(page2.nextCursor).toBeNull();
    // A cursor must name a row of the caller's.
    const foreign = await block.app.request("GET", `/api/shared/conversations?cursor=${page1.nextCursor}`, undefined, as(newVisitor()));
    expect(foreign.status).toBe(400);
    expect((await block.app.request("GET", "/api/shared/council-sessions?cursor=not-an-id", undefined, as(key))).status).toBe(400);
    const stolen = await block.app.graphql<Json>(THREADS, { first: 2, after: firstPage.data.sharedConversations.pageInfo.endCursor }, as(newVisitor()));
    expect(stolen.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
  });

  it("pages shared Council sessions the same way", async () => {
    const key = newVisitor();
    const visitorId = visitorIdOf(key)!;
    const start = Date.UTC(2026, 1, 1);
    await block.app.db.prisma.consultation.createMany({
      data: Array.from({ length: 7 }, (_, index) => ({
        visitorId,
        title: `Session ${index}`,
        visibility: index === 3 ? ("private" as const) : ("public" as const),
        sharedAt: index === 3 ? null : new Date(start),
        updatedAt: new Date(start + index * 60_000),
      })),
    });
    const first: Json = await block.app.graphql<Json>(SESSIONS, { first: 4 }, as(key));
    expect((first.data.sharedCouncilSessions.edges as Json[]).map((edge) => edge.node.title)).toEqual(["Session 6", "Session 5", "Session 4", "Session 2"]);
    expect(first.data.sharedCouncilSessions.pageInfo.hasNextPage).toBe(true);
    const rest: Json = await block.app.graphql<Json>(SESSIONS, { first: 4, after: first.data.sharedCouncilSessions.pageInfo.endCursor }, as(key));
    expect((rest.data.sharedCouncilSessions.edges as Json[]).map((edge) => edge.node.title)).toEqual(["Session 1", "Session 0"]);
    expect(rest.data.sharedCouncilSessions.pageInfo.hasNextPage).toBe(false);
  });
});
