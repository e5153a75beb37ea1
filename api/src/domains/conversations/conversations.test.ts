// Conversations over real HTTP and WebSocket, against provider stand-ins: a thread carries its
// turns to the seat, answers can be stopped and regenerated, a private thread is its owner's
// alone, a visitor's threads follow them into their account, and the oldest turns give way first
// when a thread outgrows the seat's budget.
import type { Client } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, registered, signedIn } from "../../../test/accounts.ts";
import { signedInCurator } from "../../../test/curators.ts";
import { databaseKinds } from "../../../test/databases.ts";
import { NO_LIMITS, startTestApp, type TestApp } from "../../../test/harness.ts";
import { appPerBlock } from "../../../test/blocks.ts";
import type { Json } from "../../../test/json.ts";
import { newVisitor, as, invokeAs } from "../../../test/visitors.ts";
import { settingsFor } from "../../../test/minds.ts";
import { startFakeProviders, type FakeProviders } from "../../../test/providers.ts";
import { subscribe } from "../../../test/subscriptions.ts";
import { wsClient } from "../../../test/live.ts";

const THREAD = `query ($id: ID!) { conversation(id: $id) { rawId title isMine messageCount visibility
  messages(first: 50) { edges { node { rawId role text status siblingIndex siblingCount replies { rawId text } } } } } }`;

describe.each(databaseKinds)("conversations on %s", (kind) => {
  const block = appPerBlock(kind, {}, ["gemini"]);

  const invoke = (visitor: string, body: Record<string, unknown>, agent = block.echoId) => invokeAs(block.app, agent, visitor, body);
  const thread = async (id: string, headers: Record<string, string>) => (await block.app.graphql<Json>(THREAD, { id }, headers)).data?.conversation;

  it("carries the thread: the third request to the provider holds the first two turns, in order", async () => {
    const visitor = newVisitor("test");
    block.providers.script("gemini", (request) => ({ tokens: [`Answer to ${request.prompt}`] }));
    const first = await invoke(visitor, { message: "Who keeps the archive?" });
    const id = first.conversation.id as string;
    await invoke(visitor, { message: "And who keeps the keeper?", conversationId: id });
    await invoke(visitor, { message: "Then what is left to keep?", conversationId: id });

    const third = block.providers.requests.at(-1)!;
    expect(third.turns).toEqual([
      { role: "user", text: "Who keeps the archive?" },
      { role: "agent", text: "Answer to Who keeps the archive?" },
      { role: "user", text: "And who keeps the keeper?" },
      { role: "agent", text: "Answer to And who keeps the keeper?" },
      { role: "user", text: "Then what is left to keep?" },
    ]);
    expect(third.system).not.toContain("began earlier");

    const read = await block.app.request("GET", `/api/conversations/${id}`, undefined, as(visitor));
    expect(read.status).toBe(200);
    const body = await read.json();
    expect(body.conversation).toMatchObject({
      id,
      title: "Who keeps the archive?",
      messageCount: 6,
      visibility: "private",
      isMine: true,
      agent: { username: "echo-haiku" },
    });
    expect(body.messages.map((m: Json) => [m.role, m.status])).toEqual([
      ["user", "complete"],
      ["agent", "complete"],
      ["user", "complete"],
      ["agent", "complete"],
      ["user", "complete"],
      ["agent", "complete"],
    ]);
    expect(body.messages[1]).toMatchObject({
      text: "Answer to Who keeps the archive?",
      seat: "gemini",
      mode: "model",
      model: "gemini-test-model",
      siblingIndex: 1,
      siblingCount: 1,
    });
    expect(body.hasEarlier).toBe(false);
    // Each exchange is still a whisper, shareable at /whisper/{id}.
    expect(await block.app.db.prisma.whisper.count({ where: { message: { conversationId: id } } })).toBe(3);
  });

  it("stops an answer mid-stream: the words so far are kept as stopped, and the provider sees the call cancelled", async () => {
    const visitor = newVisitor("test");
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    block.providers.script("gemini", { tokens: ["The ", "long ", "answer."], gate: held, gateAt: 1 });
    const client: Client = wsClient(block.app.url, { connectionParams: { visitor } });
    try {
      const streamed = subscribe<Json>(
        client,
        "subscription ($input: InvokeAgentInput!) { agentInvocation(input: $input) { delta done stopped response message { rawId status } whisper { id } } }",
        {
          input: { agentId: block.echoId, message: "Speak slowly." },
        },
      );
      await streamed.until((events) => events.length === 2); // the start, then "The "
      const replyId = streamed.events[0].agentInvocation.message.rawId as string;

      const stopped = await block.app.graphql<Json>(
        `mutation ($input: StopMessageInput!) { stopMessage(input: $input) { message { rawId status text } } }`,
        { input: { messageId: replyId } },
        as(visitor),
      );
      expect(stopped.data?.stopMessage.message).toEqual({ rawId: replyId, status: "stopped", text: "The " });
      await streamed.ended;
      expect(streamed.events.at(-1).agentInvocation).toMatchObject({
        done: true,
        stopped: true,
        response: "The ",
        whisper: null,
        message: { status: "stopped" },
      });
      await expect.poll(() => block.providers.requests.at(-1)?.cancelled).toBe(true);
      // Someone else cannot stop someone's answer.
      const stranger = await block.app.graphql(
        `mutation ($input: StopMessageInput!) { stopMessage(input: $input) { message { rawId } } }`,
        { input: { messageId: replyId } },
        as(newVisitor("test")),
      );
      expect(stranger.errors?.[0]).toMatchObject({ message: "Message not found", extensions: { code: "NOT_FOUND" } });
    } finally {
      release();
      await client.dispose();
    }
  });

  it("regenerates an answer as a sibling: both are kept, the thread shows the new one, and a chosen one carries on", async () => {
    const visitor = newVisitor("test");
    let answers = 0;
    block.providers.script("gemini", () => ({ tokens: [`Answer number ${++answers}`] }));
    const first = await invoke(visitor, { message: "Name a star." });
    const id = first.conversation.id as string;
    const firstReply = (await thread(id, as(visitor))).messages.edges[1].node;

    const again = await block.app.graphql<Json>(
      `mutation ($input: RegenerateMessageInput!) { regenerateMessage(input: $input) { response message { rawId siblingIndex siblingCount active } whisper { id } } }`,
      { input: { messageId: firstReply.rawId } },
      as(visitor),
    );
    expect(again.data?.regenerateMessage).toMatchObject({
      response: "Answer number 2",
      message: { siblingIndex: 2, siblingCount: 2, active: true },
      whisper: { id: expect.any(String) },
    });
    const shown = await thread(id, as(visitor));
    expect(shown.messages.edges.map((edge: Json) => edge.node.text)).toEqual(["Name a star.", "Answer number 2"]);
    expect(shown.messages.edges[0].node.replies.map((reply: Json) => reply.text)).toEqual(["Answer number 1", "Answer number 2"]);
    expect(shown.messageCount).toBe(3);
    // The regeneration read the thread before the question, not the earlier answer to it.
    expect(block.providers.requests.at(-1)!.turns).toEqual([{ role: "user", text: "Name a star." }]);

    // Choosing the first answer again: the next message carries on from it.
    const chosen = await block.app.graphql<Json>(
      `mutation ($input: SelectReplyInput!) { selectReply(input: $input) { message { rawId active } } }`,
      { input: { messageId: firstReply.rawId } },
      as(visitor),
    );
    expect(chosen.data?.selectReply.message).toEqual({ rawId: firstReply.rawId, active: true });
    await invoke(visitor, { message: "Why that one?", conversationId: id });
    expect(block.providers.requests.at(-1)!.turns.map((turn) => turn.text)).toEqual(["Name a star.", "Answer number 1", "Why that one?"]);
  });

  it("regenerates an oracle's answer as a different answer each time: the attempt is part of its seed", async () => {
    const visitor = newVisitor("test");
    // Mnemosyne's seat (perplexity) has no key here: the oracle answers.
    const mnemosyne = await block.app.db.prisma.agent.findUniqueOrThrow({ where: { username: "mnemosyne" } });
    const first = await invoke(visitor, { message: "Why do old links break?" }, mnemosyne.id);
    const replyId = (await thread(first.conversation.id as string, as(visitor))).messages.edges[1].node.rawId as string;
    const regenerate = `mutation ($input: RegenerateMessageInput!) { regenerateMessage(input: $input) { response message { mode siblingIndex } } }`;
    const second = await block.app.graphql<Json>(regenerate, { input: { messageId: replyId } }, as(visitor));
    const third = await block.app.graphql<Json>(regenerate, { input: { messageId: replyId } }, as(visitor));
    expect(second.data?.regenerateMessage.message).toEqual({ mode: "oracle", siblingIndex: 2 });
    expect(third.data?.regenerateMessage.message).toEqual({ mode: "oracle", siblingIndex: 3 });
    const said = [first.response, second.data?.regenerateMessage.response, third.data?.regenerateMessage.response];
    expect(new Set(said).size, said.join("\n")).toBe(3);
  });

  it("keeps a private thread from everyone but its owner: another visitor, a user and a curator all get nothing", async () => {
    const owner = newVisitor("test");
    const { conversation } = await invoke(owner, { message: "A secret between us." });
    const id = conversation.id as string;
    const user = await signedIn(block.app, await registered(block.app));
    const curator = await signedInCurator(block.app);
    for (const headers of [as(newVisitor("test")), bearer(user), bearer(curator), {}]) {
      expect((await block.app.request("GET", `/api/conversations/${id}`, undefined, headers)).status).toBe(404);
      expect(await thread(id, headers)).toBeNull();
      const node = await block.app.graphql<Json>(
        `query ($id: ID!) { node(id: $id) { id } }`,
        { id: Buffer.from(`Conversation:${id}`).toString("base64") },
        headers,
      );
      expect(node.data?.node).toBeNull();
      const renamed = await block.app.graphql(
        `mutation ($input: RenameConversationInput!) { renameConversation(input: $input) { conversation { title } } }`,
        { input: { conversationId: id, title: "Mine now" } },
        headers,
      );
      expect(renamed.errors?.[0]).toMatchObject({ message: "Conversation not found", extensions: { code: "NOT_FOUND" } });
      const sent = await block.app.request("POST", `/api/agents/${block.echoId}/invoke`, { message: "Let me in.", conversationId: id }, headers);
      expect(sent.status).toBe(404);
    }
    expect((await block.app.db.prisma.conversation.findUniqueOrThrow({ where: { id } })).messageCount).toBe(2);

    // Shared, it is anyone's to read, and still its owner's alone to continue.
    const shared = await block.app.graphql<Json>(
      `mutation ($input: ShareConversationInput!) { shareConversation(input: $input) { conversation { visibility } } }`,
      { input: { conversationId: id, visibility: "public" } },
      as(owner),
    );
    expect(shared.data?.shareConversation.conversation.visibility).toBe("public");
    const stranger = newVisitor("test");
    const read = await block.app.request("GET", `/api/conversations/${id}`, undefined, as(stranger));
    expect(read.status).toBe(200);
    expect((await read.json()).conversation).toMatchObject({ isMine: false, title: "A secret between us." });
    expect((await block.app.request("POST", `/api/agents/${block.echoId}/invoke`, { message: "Me too.", conversationId: id }, as(stranger))).status).toBe(404);
  });

  it("moves a visitor's threads to the account when the visitor registers or signs in", async () => {
    const visitor = newVisitor("test");
    const a = (await invoke(visitor, { message: "Before I had a name." })).conversation.id;
    const b = (await invoke(visitor, { message: "Still nameless." })).conversation.id;
    const account = await registered(block.app);
    const token = await signedInWith(block.app, account, visitor);
    const listed = await block.app.graphql<Json>(`{ conversations(first: 10) { edges { node { rawId isMine } } } }`, {}, bearer(token));
    expect(listed.data?.conversations.edges.map((edge: Json) => edge.node.rawId).sort()).toEqual([a, b].sort());
    expect(listed.data?.conversations.edges.every((edge: Json) => edge.node.isMine)).toBe(true);
    // The key alone no longer owns them: they are the account's now, wherever it signs in.
    expect((await block.app.graphql<Json>(`{ conversations(first: 10) { edges { node { rawId } } } }`, {}, as(visitor))).data?.conversations.edges).toEqual([]);
    expect((await block.app.request("GET", `/api/conversations/${a}`, undefined, bearer(token))).status).toBe(200);

    // Registering from a browser moves its threads too.
    const newcomer = newVisitor("test");
    const c = (await invoke(newcomer, { message: "About to be someone." })).conversation.id;
    const joined = await block.app.request(
      "POST",
      "/api/auth/register",
      { name: "Newly Named", email: `named-${newcomer}@example.com`, password: "correct horse battery" },
      as(newcomer),
    );
    expect(joined.status).toBe(201);
    expect(await block.app.db.prisma.conversation.findUniqueOrThrow({ where: { id: c } })).toMatchObject({
      userId: (await joined.json()).user.id,
      visitorId: null,
    });
  });

  it("lists the caller's threads newest first, by title and by agent, a page at a time", async () => {
    const visitor = newVisitor("test");
    const oracleAgent = await block.app.db.prisma.agent.findFirstOrThrow({ where: { apiModel: { not: "gemini" } } });
    const titles = ["The first river", "A second river", "Mountains alone"];
    for (const [index, message] of titles.entries()) await invoke(visitor, { message }, index === 2 ? oracleAgent.id : block.echoId);
    const page = async (variables: Record<string, unknown>) =>
      (
        await block.app.graphql<Json>(
          `query ($after: String, $search: String, $agentId: ID) { conversations(first: 2, after: $after, search: $search, agentId: $agentId) { pageInfo { hasNextPage endCursor } edges { node { title agent { username } } } } }`,
          variables,
          as(visitor),
        )
      ).data?.conversations;
    const one = await page({});
    expect(one.edges.map((edge: Json) => edge.node.title)).toEqual(["Mountains alone", "A second river"]);
    expect(one.pageInfo.hasNextPage).toBe(true);
    const two = await page({ after: one.pageInfo.endCursor });
    expect(two.edges.map((edge: Json) => edge.node.title)).toEqual(["The first river"]);
    expect(two.pageInfo.hasNextPage).toBe(false);
    expect((await page({ search: "RIVER" })).edges.map((edge: Json) => edge.node.title)).toEqual(["A second river", "The first river"]);
    expect((await page({ agentId: block.echoId })).edges.map((edge: Json) => edge.node.title)).toEqual(["A second river", "The first river"]);
  });

  it("renames a thread and deletes it with its messages and the whispers kept from it", async () => {
    const visitor = newVisitor("test");
    const invoked = await invoke(visitor, { message: "Remember me." });
    const id = invoked.conversation.id as string;
    const renamed = await block.app.graphql<Json>(
      `mutation ($input: RenameConversationInput!) { renameConversation(input: $input) { conversation { title } } }`,
      { input: { conversationId: id, title: "  A name of my own  " } },
      as(visitor),
    );
    expect(renamed.data?.renameConversation.conversation.title).toBe("A name of my own");
    const deleted = await block.app.graphql<Json>(
      `mutation ($input: ConversationInput!) { deleteConversation(input: $input) { deletedConversationId } }`,
      { input: { conversationId: id } },
      as(visitor),
    );
    expect(deleted.data?.deleteConversation.deletedConversationId).toBe(Buffer.from(`Conversation:${id}`).toString("base64"));
    expect(await block.app.db.prisma.message.count({ where: { conversationId: id } })).toBe(0);
    expect((await block.app.request("GET", `/api/conversations/${id}`, undefined, as(visitor))).status).toBe(404);
    expect((await block.app.request("GET", `/api/whispers/${invoked.whisper.id}`)).status).toBe(404);
  });

  it("lets the oracle follow the thread: a follow-up's answer refers to what was asked before", async () => {
    const visitor = newVisitor("test");
    const oracleAgent = await block.app.db.prisma.agent.findFirstOrThrow({ where: { apiModel: { not: "gemini" } } });
    const first = await invoke(visitor, { message: "Tell me about lighthouses." }, oracleAgent.id);
    expect(first.mode).toBe("oracle");
    const second = await invoke(visitor, { message: "And what about harbours?", conversationId: first.conversation.id }, oracleAgent.id);
    // It names both: what was asked before, and what is asked now.
    expect(second.response).toMatch(/lighthouses/i);
    expect(second.response).toMatch(/harbours/i);
  });
});

describe("a thread longer than the seat's budget", () => {
  let app: TestApp;
  let providers: FakeProviders;
  beforeAll(async () => {
    providers = await startFakeProviders();
    // Room for the persona, the new message and about two exchanges of these sizes.
    app = await startTestApp("pglite", {
      minds: settingsFor(providers, ["gemini"], { contextTokens: 500 }),
      limits: NO_LIMITS,
    });
  });
  afterAll(async () => {
    await app.stop();
    await providers.close();
  });

  it("leaves out the oldest exchanges first, whole, and names what they asked", async () => {
    const echo = await app.db.prisma.agent.findUniqueOrThrow({ where: { username: "echo-haiku" } });
    const visitor = newVisitor("test");
    const long = (n: number) => `Question ${n}: ${"tell me more about the tides and the moon that pulls them ".repeat(3).trim()}`;
    providers.script("gemini", (request) => ({ tokens: [`An answer of some length to question ${request.prompt.slice(9, 10)}, `.repeat(4)] }));
    let id: string | undefined;
    for (let n = 1; n <= 5; n++) {
      const response = await app.request("POST", `/api/agents/${echo.id}/invoke`, { message: long(n), conversationId: id }, as(visitor));
      id = (await response.json()).conversation.id;
    }
    const last = providers.requests.at(-1)!;
    const asked = last.turns.filter((turn) => turn.role === "user").map((turn) => turn.text);
    // Whole questions only, the newest kept, the oldest gone.
    for (const text of asked) expect([1, 2, 3, 4, 5].map(long)).toContain(text);
    expect(asked.at(-1)).toBe(long(5));
    expect(asked).not.toContain(long(1));
    expect(asked.length).toBeLessThan(5);
    const kept = asked.map((text) => Number(text.slice(9, 10)));
    expect(kept).toEqual([...kept].sort()); // still in order, newest last
    expect(kept[0]).toBe(5 - kept.length + 1); // contiguous: the newest ones
    // The seat is told the thread is longer, with the start of what was asked in it.
    const omitted = 5 - kept.length;
    expect(last.system).toContain(`${omitted} older exchange`);
    expect(last.system).toContain(`"Question ${kept[0]! - 1}: tell me more about the tides`);
  });
});

/** Signs in from the browser that holds `visitor`, as the web app does (its key rides along). */
async function signedInWith(app: TestApp, account: { email: string; password: string }, visitor: string): Promise<string> {
  const response = await app.request("POST", "/api/auth/login", { email: account.email, password: account.password }, as(visitor));
  expect(response.status).toBe(200);
  return (await response.json()).token;
}
