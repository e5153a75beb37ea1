// A thread as a tree (#27): editing a message makes a new branch beside it, the arrows switch
// between siblings (kept for the owner; `through` for a reader), deleting a message removes what
// follows it, and the counts the arrows show stay right, also when two edits race.
import { beforeEach, describe, expect, it } from "vitest";
import { databaseKinds } from "../../../test/databases.ts";
import { appPerBlock } from "../../../test/blocks.ts";
import type { Json } from "../../../test/json.ts";
import { newVisitor, as, invokeAs } from "../../../test/visitors.ts";
import { socketClient, subscribe } from "../../../test/subscriptions.ts";

const NODE = "rawId role text siblingIndex siblingCount previousSiblingId nextSiblingId active chosen";
const THREAD = `query ($id: ID!, $through: ID) { conversation(id: $id) { messageCount messages(first: 100, through: $through) { edges { node { ${NODE} } } } } }`;
const EDIT = `mutation ($input: EditMessageInput!) { editMessage(input: $input) { response question { ${NODE} } message { rawId text } conversation { messageCount } } }`;
const SELECT = `mutation ($input: SelectReplyInput!) { selectReply(input: $input) { message { rawId active } } }`;
const DELETE = `mutation ($input: DeleteMessageInput!) { deleteMessage(input: $input) { deletedMessageId removedCount conversation { messageCount } } }`;

describe.each(databaseKinds)("a thread's branches on %s", (kind) => {
  const block = appPerBlock(kind, {}, ["gemini"]);
  beforeEach(() => {
    block.providers.script("gemini", (request) => ({ tokens: [`Answer to ${request.prompt}`] }));
  });

  const invoke = (visitor: string, body: Record<string, unknown>) => invokeAs(block.app, block.echoId, visitor, body);
  const thread = async (id: string, headers: Record<string, string>, through?: string) =>
    (await block.app.graphql<Json>(THREAD, { id, through }, headers)).data?.conversation;
  const texts = (conversation: Json) => conversation.messages.edges.map((edge: Json) => edge.node.text);
  const nodes = (conversation: Json) => conversation.messages.edges.map((edge: Json) => edge.node);

  /** A thread of three exchanges, and its messages in order. */
  async function threeExchanges(visitor: string) {
    const first = await invoke(visitor, { message: "One" });
    const id = first.conversation.id as string;
    await invoke(visitor, { message: "Two", conversationId: id });
    await invoke(visitor, { message: "Three", conversationId: id });
    return { id, messages: nodes(await thread(id, as(visitor))) };
  }

  it("links every message to the one it follows, so the thread is one path", async () => {
    const visitor = newVisitor("branch");
    const { id, messages } = await threeExchanges(visitor);
    const rows = await block.app.db.prisma.message.findMany({ where: { conversationId: id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
    expect(rows.map((row) => row.text)).toEqual(["One", "Answer to One", "Two", "Answer to Two", "Three", "Answer to Three"]);
    expect(rows.map((row) => row.parentId)).toEqual([null, ...rows.slice(0, -1).map((row) => row.id)]);
    expect(messages.every((message: Json) => message.active && message.chosen && message.siblingCount === 1)).toBe(true);
    expect((await block.app.db.prisma.conversation.findUniqueOrThrow({ where: { id } })).rootCount).toBe(1);
  });

  it("edits a message as a new branch: the thread shows it and its answer, the old branch stays behind the arrows, and the choice is kept", async () => {
    const visitor = newVisitor("branch");
    const { id, messages } = await threeExchanges(visitor);
    const two = messages[2];

    const edited = await block.app.graphql<Json>(EDIT, { input: { messageId: two.rawId, message: "  Two, said better  " } }, as(visitor));
    expect(edited.errors).toBeUndefined();
    expect(edited.data.editMessage).toMatchObject({
      response: "Answer to Two, said better",
      question: { text: "Two, said better", siblingIndex: 2, siblingCount: 2, active: true },
      conversation: { messageCount: 8 },
    });
    // The new answer read the thread before the edited message, not the branch it replaces.
    expect(block.providers.requests.at(-1)!.turns.map((turn) => turn.text)).toEqual(["One", "Answer to One", "Two, said better"]);

    const shown = await thread(id, as(visitor));
    expect(texts(shown)).toEqual(["One", "Answer to One", "Two, said better", "Answer to Two, said better"]);
    const newer = nodes(shown)[2];
    expect(newer).toMatchObject({ siblingIndex: 2, siblingCount: 2, previousSiblingId: expect.any(String), nextSiblingId: null });

    // Back to the first version: the whole old branch comes back, and stays after a reload.
    const back = await block.app.graphql<Json>(SELECT, { input: { messageId: newer.previousSiblingId } }, as(visitor));
    expect(back.data.selectReply.message).toEqual({ rawId: two.rawId, active: true });
    expect(texts(await thread(id, as(visitor)))).toEqual(["One", "Answer to One", "Two", "Answer to Two", "Three", "Answer to Three"]);
    // A message sent now follows the branch shown.
    await invoke(visitor, { message: "Four", conversationId: id });
    expect(block.providers.requests.at(-1)!.turns.map((turn) => turn.text)).toEqual([
      "One",
      "Answer to One",
      "Two",
      "Answer to Two",
      "Three",
      "Answer to Three",
      "Four",
    ]);

    await block.app.graphql<Json>(SELECT, { input: { messageId: newer.rawId } }, as(visitor));
    expect(texts(await thread(id, as(visitor)))).toEqual(["One", "Answer to One", "Two, said better", "Answer to Two, said better"]);
  });

  it("edits the first message as a sibling root, counted on the conversation", async () => {
    const visitor = newVisitor("branch");
    const { id, messages } = await threeExchanges(visitor);
    const edited = await block.app.graphql<Json>(EDIT, { input: { messageId: messages[0].rawId, message: "One, again" } }, as(visitor));
    expect(edited.data.editMessage.question).toMatchObject({ siblingIndex: 2, siblingCount: 2 });
    expect(block.providers.requests.at(-1)!.turns).toEqual([{ role: "user", text: "One, again" }]);
    const shown = await thread(id, as(visitor));
    expect(texts(shown)).toEqual(["One, again", "Answer to One, again"]);
    expect((await block.app.db.prisma.conversation.findUniqueOrThrow({ where: { id } })).rootCount).toBe(2);
    // The REST thread counts the first messages' siblings the same way.
    const json: Json = await (await block.app.request("GET", `/api/conversations/${id}`, undefined, as(visitor))).json();
    expect(json.messages[0]).toMatchObject({ text: "One, again", siblingIndex: 2, siblingCount: 2 });
  });

  it("regenerating an earlier answer leaves the messages after it behind, and choosing the old answer brings them back", async () => {
    const visitor = newVisitor("branch");
    const { id, messages } = await threeExchanges(visitor);
    const regenerated = await block.app.graphql<Json>(
      `mutation ($input: RegenerateMessageInput!) { regenerateMessage(input: $input) { message { siblingIndex } } }`,
      { input: { messageId: messages[3].rawId } },
      as(visitor),
    );
    expect(regenerated.data.regenerateMessage.message).toEqual({ siblingIndex: 2 });
    expect(texts(await thread(id, as(visitor)))).toEqual(["One", "Answer to One", "Two", "Answer to Two"]);
    await block.app.graphql<Json>(SELECT, { input: { messageId: messages[3].rawId } }, as(visitor));
    expect(texts(await thread(id, as(visitor)))).toEqual(["One", "Answer to One", "Two", "Answer to Two", "Three", "Answer to Three"]);
  });

  it("lets a reader of a shared thread walk another branch with `through`, without changing the owner's", async () => {
    const owner = newVisitor("branch");
    const { id, messages } = await threeExchanges(owner);
    await block.app.graphql<Json>(EDIT, { input: { messageId: messages[2].rawId, message: "Two, said better" } }, as(owner));
    await block.app.graphql<Json>(
      `mutation ($input: ShareConversationInput!) { shareConversation(input: $input) { conversation { visibility } } }`,
      { input: { conversationId: id, visibility: "public" } },
      as(owner),
    );

    const reader = as(newVisitor("branch"));
    expect(texts(await thread(id, reader))).toEqual(["One", "Answer to One", "Two, said better", "Answer to Two, said better"]);
    const other = await thread(id, reader, messages[2].rawId);
    expect(texts(other)).toEqual(["One", "Answer to One", "Two", "Answer to Two", "Three", "Answer to Three"]);
    expect(nodes(other)[2]).toMatchObject({ siblingIndex: 1, siblingCount: 2, nextSiblingId: expect.any(String) });
    const json: Json = await (await block.app.request("GET", `/api/conversations/${id}?through=${messages[2].rawId}`, undefined, reader)).json();
    expect(json.messages.map((message: Json) => message.text)).toEqual(texts(other));
    expect((await block.app.request("GET", `/api/conversations/${id}?through=nope`, undefined, reader)).status).toBe(400);

    // A reader may not choose for the owner.
    const refused = await block.app.graphql<Json>(SELECT, { input: { messageId: messages[2].rawId } }, reader);
    expect(refused.errors?.[0]?.message).toBe("Message not found");
    expect(texts(await thread(id, as(owner)))).toEqual(["One", "Answer to One", "Two, said better", "Answer to Two, said better"]);
  });

  it("deletes a message with everything after it: counts, places and the chosen branch stay right, and its whispers go", async () => {
    const visitor = newVisitor("branch");
    const { id, messages } = await threeExchanges(visitor);
    await block.app.graphql<Json>(EDIT, { input: { messageId: messages[2].rawId, message: "Two, said better" } }, as(visitor));
    const whispers = await block.app.db.prisma.message.findMany({
      where: { conversationId: id, whisperId: { not: null } },
      select: { id: true, whisperId: true },
    });
    expect(whispers).toHaveLength(4);
    const fromOldBranch = whispers.filter((row) => row.id === messages[3].rawId || row.id === messages[5].rawId).map((row) => row.whisperId!);

    // The first "Two" (off the path, with its two exchanges) goes: the edit becomes the only one.
    const removed = await block.app.graphql<Json>(DELETE, { input: { messageId: messages[2].rawId } }, as(visitor));
    expect(removed.data.deleteMessage).toMatchObject({ removedCount: 4, conversation: { messageCount: 4 } });
    let shown = await thread(id, as(visitor));
    expect(texts(shown)).toEqual(["One", "Answer to One", "Two, said better", "Answer to Two, said better"]);
    expect(nodes(shown)[2]).toMatchObject({ siblingIndex: 1, siblingCount: 1, previousSiblingId: null, nextSiblingId: null });
    expect(await block.app.db.prisma.whisper.count({ where: { id: { in: fromOldBranch } } })).toBe(0);
    expect(await block.app.db.prisma.message.count({ where: { conversationId: id, whisperId: { not: null } } })).toBe(2);

    // Deleting the branch shown when an older sibling remains: the older one is shown instead.
    await block.app.graphql<Json>(EDIT, { input: { messageId: nodes(shown)[2].rawId, message: "Two, third time" } }, as(visitor));
    const third = nodes(await thread(id, as(visitor)))[2];
    expect(third).toMatchObject({ text: "Two, third time", siblingIndex: 2, siblingCount: 2 });
    const response = await block.app.request("DELETE", `/api/messages/${third.rawId}`, undefined, as(visitor));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ removedCount: 2 });
    shown = await thread(id, as(visitor));
    expect(texts(shown)).toEqual(["One", "Answer to One", "Two, said better", "Answer to Two, said better"]);
    expect(nodes(shown)[2]).toMatchObject({ siblingIndex: 1, siblingCount: 1, active: true, chosen: true });
    expect(shown.messageCount).toBe(4);
  });

  it("takes the whisper kept from a deleted answer with it", async () => {
    const visitor = newVisitor("branch");
    const { id, messages } = await threeExchanges(visitor);
    const kept = await block.app.db.prisma.message.findFirstOrThrow({ where: { id: messages[5].rawId } });
    await block.app.graphql<Json>(DELETE, { input: { messageId: messages[4].rawId } }, as(visitor));
    expect(await block.app.db.prisma.whisper.findUnique({ where: { id: kept.whisperId! } })).toBeNull();
    expect(texts(await thread(id, as(visitor)))).toEqual(["One", "Answer to One", "Two", "Answer to Two"]);
    // The next message follows what is left.
    await invoke(visitor, { message: "Three again", conversationId: id });
    expect(block.providers.requests.at(-1)!.turns.map((turn) => turn.text)).toEqual(["One", "Answer to One", "Two", "Answer to Two", "Three again"]);
  });

  it("gives two edits at once their own places, with one of them shown", async () => {
    const visitor = newVisitor("branch");
    const { id, messages } = await threeExchanges(visitor);
    const [a, b] = await Promise.all(
      ["Two, first", "Two, second"].map((message) => block.app.graphql<Json>(EDIT, { input: { messageId: messages[2].rawId, message } }, as(visitor))),
    );
    expect([a!.errors, b!.errors]).toEqual([undefined, undefined]);
    expect([a!.data.editMessage.question.siblingIndex, b!.data.editMessage.question.siblingIndex].sort()).toEqual([2, 3]);
    const rows = await block.app.db.prisma.message.findMany({ where: { conversationId: id, parentId: messages[1].rawId }, orderBy: { ordinal: "asc" } });
    expect(rows.map((row) => row.ordinal)).toEqual([1, 2, 3]);
    expect(rows.filter((row) => row.active)).toHaveLength(1);
    expect(rows.filter((row) => row.chosen)).toHaveLength(1);
    const shown = texts(await thread(id, as(visitor)));
    expect(shown).toHaveLength(4);
    expect(shown.slice(0, 2)).toEqual(["One", "Answer to One"]);
    expect((await block.app.db.prisma.message.findUniqueOrThrow({ where: { id: messages[1].rawId } })).replyCount).toBe(3);
  });

  it("refuses another visitor's edit, choice and deletion as if the message did not exist, over GraphQL and REST", async () => {
    const owner = newVisitor("branch");
    const { id, messages } = await threeExchanges(owner);
    const stranger = as(newVisitor("branch"));
    for (const [query, input] of [
      [EDIT, { messageId: messages[2].rawId, message: "Mine now" }],
      [SELECT, { messageId: messages[2].rawId }],
      [DELETE, { messageId: messages[2].rawId }],
    ] as const) {
      expect((await block.app.graphql<Json>(query, { input }, stranger)).errors?.[0]?.message).toBe("Message not found");
    }
    expect((await block.app.request("POST", `/api/messages/${messages[2].rawId}/edit`, { message: "Mine now" }, stranger)).status).toBe(404);
    expect((await block.app.request("DELETE", `/api/messages/${messages[2].rawId}`, undefined, stranger)).status).toBe(404);
    expect((await block.app.request("POST", `/api/messages/${messages[3].rawId}/regenerate`, undefined, stranger)).status).toBe(404);
    expect((await block.app.request("POST", `/api/messages/${messages[2].rawId}/edit`, { message: "" }, as(owner))).status).toBe(400);
    expect(texts(await thread(id, as(owner)))).toHaveLength(6);
  });

  const CONTINUE = `mutation ($input: ContinueMessageInput!) { continueMessage(input: $input) { response message { rawId text status } whisper { response } } }`;

  it("continues the last answer: the seat is asked for what comes next, and its words are appended to the same message and its whisper", async () => {
    const visitor = newVisitor("branch");
    const { id, messages } = await threeExchanges(visitor);
    block.providers.script("gemini", () => ({ tokens: [" And", " more."] }));
    const continued = await block.app.graphql<Json>(CONTINUE, { input: { messageId: messages[5].rawId } }, as(visitor));
    expect(continued.data.continueMessage).toEqual({
      response: "Answer to Three And more.",
      message: { rawId: messages[5].rawId, text: "Answer to Three And more.", status: "complete" },
      whisper: { response: "Answer to Three And more." },
    });
    // It read the thread through the answer, and was asked to go on.
    const asked = block.providers.requests.at(-1)!;
    expect(asked.turns.map((turn) => turn.text).slice(-3)).toEqual(["Three", "Answer to Three", asked.prompt]);
    expect(asked.prompt).toMatch(/^Continue your last answer/);
    const shown = await thread(id, as(visitor));
    expect(texts(shown)).toHaveLength(6);
    expect(texts(shown).at(-1)).toBe("Answer to Three And more.");
    expect(shown.messageCount).toBe(6);

    // Only the last answer goes on.
    const refused = await block.app.graphql<Json>(CONTINUE, { input: { messageId: messages[3].rawId } }, as(visitor));
    expect(refused.errors?.[0]?.extensions?.code).toBe("CONFLICT");
    expect((await block.app.request("POST", `/api/messages/${messages[5].rawId}/continue`, undefined, as(newVisitor("branch")))).status).toBe(404);
  });

  it("streams an edit's answer and a continuation's new words, each ending with the whole answer", async () => {
    const visitor = newVisitor("branch");
    const { id, messages } = await threeExchanges(visitor);
    const EVENT = "delta done stopped response error message { rawId text status } question { text siblingIndex }";
    const socket = socketClient(block.app.url, as(visitor));
    try {
      block.providers.script("gemini", { tokens: ["Three ", "again."] });
      const edit = subscribe<Json>(socket, `subscription ($input: EditMessageInput!) { messageEdit(input: $input) { ${EVENT} } }`, {
        input: { messageId: messages[4].rawId, message: "Three, anew" },
      });
      await edit.ended;
      expect(edit.errors).toEqual([]);
      const edited = edit.events.map((event) => event.messageEdit);
      expect(edited[0]).toMatchObject({ done: false, delta: "", question: { text: "Three, anew", siblingIndex: 2 }, message: { status: "streaming" } });
      expect(edited.slice(1, -1).map((event) => event.delta)).toEqual(["Three ", "again."]);
      expect(edited.at(-1)).toMatchObject({ done: true, stopped: false, response: "Three again.", message: { status: "complete" } });
      const answerId = edited.at(-1).message.rawId as string;

      block.providers.script("gemini", { tokens: [" And ", "on."] });
      const more = subscribe<Json>(socket, `subscription ($input: ContinueMessageInput!) { messageContinuation(input: $input) { ${EVENT} } }`, {
        input: { messageId: answerId },
      });
      await more.ended;
      expect(more.errors).toEqual([]);
      const continued = more.events.map((event) => event.messageContinuation);
      expect(continued[0]).toMatchObject({ done: false, message: { rawId: answerId, text: "Three again.", status: "streaming" } });
      expect(continued.slice(1, -1).map((event) => event.delta)).toEqual([" And ", "on."]);
      expect(continued.at(-1)).toMatchObject({ done: true, response: "Three again. And on.", message: { rawId: answerId, status: "complete" } });
    } finally {
      await socket.dispose();
    }
    expect(texts(await thread(id, as(visitor))).slice(-2)).toEqual(["Three, anew", "Three again. And on."]);
  });

  it("continues an oracle's answer with new sentences, not the same ones again", async () => {
    const visitor = newVisitor("branch");
    const mnemosyne = await block.app.db.prisma.agent.findUniqueOrThrow({ where: { username: "mnemosyne" } });
    const response = await block.app.request("POST", `/api/agents/${mnemosyne.id}/invoke`, { message: "Why do rivers remember their beds?" }, as(visitor));
    const first: Json = await response.json();
    const answer = nodes(await thread(first.conversation.id, as(visitor)))[1];
    const continued = await block.app.request("POST", `/api/messages/${answer.rawId}/continue`, undefined, as(visitor));
    expect(continued.status).toBe(200);
    const text: string = (await continued.json()).response;
    expect(text.startsWith(`${first.response}\n\n`)).toBe(true);
    const added = text.slice(first.response.length).trim();
    expect(added.length).toBeGreaterThan(10);
    expect(first.response).not.toContain(added);
  });

  it("edits over REST as over GraphQL, and refuses to edit an answer", async () => {
    const visitor = newVisitor("branch");
    const { id, messages } = await threeExchanges(visitor);
    const response = await block.app.request("POST", `/api/messages/${messages[4].rawId}/edit`, { message: "Three, better" }, as(visitor));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ response: "Answer to Three, better", question: { text: "Three, better", siblingIndex: 2 } });
    expect(texts(await thread(id, as(visitor))).slice(-2)).toEqual(["Three, better", "Answer to Three, better"]);
    expect((await block.app.request("POST", `/api/messages/${messages[5].rawId}/edit`, { message: "No" }, as(visitor))).status).toBe(404);
  });
});
