// A shared thread is a snapshot everywhere a reader can look (#42 finding 2): the answers its
// owner asks again for, the branches an edit starts and the words a continuation adds after the
// share stay the owner's, in the thread's replies and arrows, its whispers, its link preview, its
// REST answer and search, until it is shared again. GraphQL and REST alike, on both databases.
import { describe, expect, it } from "vitest";
import { conversationMeta } from "@nomina/shared/meta";
import escapeHtml from "escape-html";
import { databaseKinds } from "../../../test/databases.ts";
import { appPerBlock } from "../../../test/blocks.ts";
import type { Json } from "../../../test/json.ts";
import { newVisitor, as, invokeAs } from "../../../test/visitors.ts";
import { createReadingClassifier } from "../../graphql/response-cache.ts";
import { schema } from "../../graphql/schema.ts";

const NODE = "rawId text siblingIndex siblingCount previousSiblingId nextSiblingId whisper { rawId response } replies { rawId text whisper { response } }";
const THREAD = `query ($id: ID!, $through: ID) { conversation(id: $id) { messages(first: 50, through: $through) { edges { node { ${NODE} } } } } }`;
const NODE_QUERY = `query ($id: ID!) { node(id: $id) { ... on Message { ${NODE} } } }`;
const WHISPER = `query ($id: String!) { whisper(id: $id) { response } }`;

const globalId = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString("base64");
const description = (html: string) => html.match(/<meta property="og:description" content="([^"]*)"/)?.[1];

describe.each(databaseKinds)("a shared thread is a snapshot on %s", (kind) => {
  const block = appPerBlock(kind, {}, ["gemini"]);
  // Every answer says which it is, so an answer asked for again never reads as the first one.
  const script = () => block.providers.script("gemini", (request, index) => ({ tokens: [`Answer ${index + 1} to ${request.prompt.slice(0, 40)}`] }));

  const invoke = (visitor: string, message: string, conversationId?: string) => invokeAs(block.app, block.echoId, visitor, { message, conversationId });
  const thread = async (id: string, headers: Record<string, string> = {}, through?: string) => {
    const read = await block.app.graphql<Json>(THREAD, { id, through }, headers);
    expect(read.errors).toBeUndefined();
    return (read.data.conversation?.messages.edges ?? []).map((edge: Json) => edge.node);
  };
  const message = async (id: string, headers: Record<string, string> = {}) =>
    (await block.app.graphql<Json>(NODE_QUERY, { id: globalId("Message", id) }, headers)).data?.node ?? null;
  const rows = (conversationId: string) => block.app.db.prisma.message.findMany({ where: { conversationId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  const share = (owner: string, conversationId: string) =>
    block.app.request("POST", `/api/conversations/${conversationId}/share`, { visibility: "public" }, as(owner));
  const preview = async (conversationId: string) => description(await (await block.app.request("GET", `/conversations/${conversationId}`)).text());

  /** A thread of one exchange, shared: its question's and its answer's rows. */
  async function sharedExchange(owner: string, words: string) {
    script();
    const first = await invoke(owner, words);
    const id = first.conversation.id as string;
    expect((await share(owner, id)).status).toBe(200);
    const [question, answer] = await rows(id);
    return { id, first, question: question!, answer: answer! };
  }

  /** The same, its answer then asked for again by the owner: the new answer is shown to the owner alone. */
  async function regeneratedAfterShare(owner: string, words: string) {
    const shared = await sharedExchange(owner, words);
    const again = await block.app.request("POST", `/api/messages/${shared.answer.id}/regenerate`, undefined, as(owner));
    expect(again.status).toBe(200);
    const regenerated = await again.json();
    expect(regenerated.response).not.toBe(shared.first.response);
    return { ...shared, regenerated };
  }

  it("keeps an answer asked for again after the share out of its question's replies, and its whisper with it", async () => {
    const owner = newVisitor("snapshot");
    const { id, first, question, answer, regenerated } = await regeneratedAfterShare(owner, "Where do the herons go?");
    // The path a reader is shown keeps the question; its replies are the answer shared, never the new one nor its whisper.
    const shown = await thread(id);
    expect(shown.map((node: Json) => node.rawId)).toEqual([question.id]);
    expect(shown[0].replies).toEqual([{ rawId: answer.id, text: first.response, whisper: { response: first.response } }]);
    expect((await message(question.id)).replies).toHaveLength(1);
    // The owner sees both; shared again, so does everyone.
    const mine = await thread(id, as(owner));
    expect(mine[0].replies.map((reply: Json) => reply.text)).toEqual([first.response, regenerated.response]);
    expect((await share(owner, id)).status).toBe(200);
    expect((await thread(id))[0].replies).toHaveLength(2);
  });

  it("counts a reader the answers there were when shared, with no arrow on to a later one", async () => {
    const owner = newVisitor("snapshot");
    const { id, question, answer, regenerated } = await regeneratedAfterShare(owner, "Where do the cranes go?");
    const through = await thread(id, {}, answer.id);
    expect(through.map((node: Json) => node.rawId)).toEqual([question.id, answer.id]);
    expect(through[1]).toMatchObject({ siblingIndex: 1, siblingCount: 1, nextSiblingId: null, previousSiblingId: null });
    expect(await message(answer.id)).toMatchObject({ siblingCount: 1, nextSiblingId: null });
    // The owner's arrows lead on to the new answer, and back.
    const mine = await thread(id, as(owner));
    expect(mine[1]).toMatchObject({ text: regenerated.response, siblingIndex: 2, siblingCount: 2, previousSiblingId: globalId("Message", answer.id) });
    expect(await message(answer.id, as(owner))).toMatchObject({ siblingCount: 2, nextSiblingId: globalId("Message", mine[1].rawId) });
  });

  it("counts the same answers over REST", async () => {
    const owner = newVisitor("snapshot");
    const { id, question, answer } = await regeneratedAfterShare(owner, "Where do the storks go?");
    const rest = await (await block.app.request("GET", `/api/conversations/${id}?through=${answer.id}`)).json();
    expect((rest.messages as Json[]).map((row) => [row.id, row.siblingCount])).toEqual([
      [question.id, 1],
      [answer.id, 1],
    ]);
    const mine = await (await block.app.request("GET", `/api/conversations/${id}?through=${answer.id}`, undefined, as(owner))).json();
    expect((mine.messages as Json[]).map((row) => row.siblingCount)).toEqual([1, 2]);
  });

  it("previews the thread as a reader sees it: never with an answer given after the share", async () => {
    const owner = newVisitor("snapshot");
    const { id, regenerated } = await regeneratedAfterShare(owner, "Where do the swifts go?");
    const agent = await block.app.db.prisma.agent.findUniqueOrThrow({ where: { id: block.echoId } });
    // The answer shared has left the path the thread shows (the new one took its place): a reader sees the question alone.
    expect(await preview(id)).toBe(escapeHtml(conversationMeta({ title: "", agentName: agent.name, firstAnswer: null }).description));
    expect((await share(owner, id)).status).toBe(200);
    expect(await preview(id)).toBe(escapeHtml(conversationMeta({ title: "", agentName: agent.name, firstAnswer: regenerated.response }).description));
  });

  it("keeps a first message edited after the share out of the reader's arrows, on GraphQL and REST", async () => {
    const owner = newVisitor("snapshot");
    const { id, question, answer } = await sharedExchange(owner, "Count the lanterns.");
    const edited = await block.app.request("POST", `/api/messages/${question.id}/edit`, { message: "Count the candles." }, as(owner));
    expect(edited.status).toBe(200);

    const through = await thread(id, {}, question.id);
    expect(through.map((node: Json) => node.rawId)).toEqual([question.id, answer.id]);
    expect(through[0]).toMatchObject({ siblingIndex: 1, siblingCount: 1, nextSiblingId: null });
    const rest = await (await block.app.request("GET", `/api/conversations/${id}?through=${question.id}`)).json();
    expect((rest.messages as Json[])[0]).toMatchObject({ id: question.id, siblingCount: 1 });
    // The owner's arrows lead on to the edit.
    expect((await thread(id, as(owner), question.id))[0]).toMatchObject({ siblingCount: 2, nextSiblingId: expect.any(String) });
  });

  it("does not share the words a continuation adds to a shared answer, nor its whisper's, until shared again", async () => {
    const owner = newVisitor("snapshot");
    const { id, first, answer } = await sharedExchange(owner, "Tell me of the tides.");
    const continued = await block.app.request("POST", `/api/messages/${answer.id}/continue`, undefined, as(owner));
    expect(continued.status).toBe(200);
    const whole: string = (await continued.json()).response;
    const added = whole.slice(first.response.length).trim();
    expect(added.length).toBeGreaterThan(0);

    const leaks = (text: unknown) => typeof text === "string" && text.includes(added);
    expect((await thread(id)).some((node: Json) => leaks(node.text) || node.replies.some((reply: Json) => leaks(reply.text)))).toBe(false);
    const rest = await (await block.app.request("GET", `/api/conversations/${id}`)).json();
    expect((rest.messages as Json[]).some((row) => leaks(row.text))).toBe(false);
    expect(leaks((await message(answer.id))?.text)).toBe(false);
    expect(leaks((await block.app.graphql<Json>(WHISPER, { id: first.whisper.id })).data?.whisper?.response)).toBe(false);
    const whisperRest = await block.app.request("GET", `/api/whispers/${first.whisper.id}`);
    expect(leaks(whisperRest.status === 200 ? (await whisperRest.json()).response : null)).toBe(false);
    expect(await (await block.app.request("GET", `/whisper/${first.whisper.id}`)).text()).not.toContain(escapeHtml(added.slice(0, 30)));
    expect(await preview(id)).not.toContain(escapeHtml(added.slice(0, 30)));

    // The owner reads the whole answer; shared again, so does everyone.
    expect((await thread(id, as(owner))).at(-1).text).toBe(whole);
    expect((await share(owner, id)).status).toBe(200);
    expect((await thread(id)).at(-1).text).toBe(whole);
    expect((await block.app.graphql<Json>(WHISPER, { id: first.whisper.id })).data.whisper.response).toBe(whole);
  });

  it("never serves a reader the owner's view from a cache: not GraphQL's response cache, not a shared HTTP cache", async () => {
    const owner = newVisitor("snapshot");
    const { id, first } = await sharedExchange(owner, "What do owls keep?");
    const later = await invoke(owner, "And what do they give away?", id);
    // The owner's read first, then the same document and variables without a key.
    expect((await thread(id, as(owner))).map((node: Json) => node.text)).toContain(later.response);
    expect((await thread(id)).map((node: Json) => node.text)).toEqual(["What do owls keep?", first.response]);
    const classify = createReadingClassifier(schema);
    expect(classify(THREAD, undefined).cacheable).toBe(false);
    expect(classify(NODE_QUERY, undefined).cacheable).toBe(false);
    // The REST answer differs by who asks: no shared cache may keep it.
    const rest = await block.app.request("GET", `/api/conversations/${id}`, undefined, as(owner));
    expect(rest.headers.get("cache-control")).toBe("private, no-store");
  });

  it("finds a shared thread's messages by search for its owner alone", async () => {
    const owner = newVisitor("snapshot");
    const { id } = await sharedExchange(owner, "The zephyrine lantern hums.");
    const SEARCH = `query ($query: String!) { messageSearch(query: $query) { edges { node { messageId } } } }`;
    const found = async (headers: Record<string, string>) => (await block.app.graphql<Json>(SEARCH, { query: "zephyrine" }, headers)).data.messageSearch.edges;
    expect(await found(as(owner))).not.toHaveLength(0);
    expect(await found(as(newVisitor("snapshot")))).toEqual([]);
    expect(await found({})).toEqual([]);
    const rest = await (await block.app.request("GET", `/api/messages/search?q=zephyrine`, undefined, as(newVisitor("snapshot")))).json();
    expect(rest.results).toEqual([]);
    expect(id).toBeTruthy();
  });
});
