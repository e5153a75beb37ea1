// Finding what was said: a word from an answer finds it in the caller's threads (stemmed: "river"
// finds "rivers"), newest first and a page at a time, never another visitor's messages, never a
// message of a branch the thread no longer shows; GraphQL and REST alike, on both databases.
import { describe, expect, it } from "vitest";
import { SNIPPET_MARK_END, SNIPPET_MARK_START } from "@nomina/shared/conversations";
import { databaseKinds } from "../../../test/databases.ts";
import { appPerBlock } from "../../../test/blocks.ts";
import type { Json } from "../../../test/json.ts";
import { newVisitor, as, invokeAs } from "../../../test/visitors.ts";

const SEARCH = `query ($query: String!, $first: Int, $after: String) {
  messageSearch(query: $query, first: $first, after: $after) {
    edges { node { messageId role snippet conversation { rawId title } } }
    pageInfo { hasNextPage endCursor }
  } }`;

describe.each(databaseKinds)("searching messages on %s", (kind) => {
  const block = appPerBlock(kind);

  const invoke = (visitor: string, message: string, conversationId?: string) => invokeAs(block.app, block.echoId, visitor, { message, conversationId });
  const search = async (visitor: string, query: string, first?: number, after?: string) => {
    const answer = await block.app.graphql<Json>(SEARCH, { query, first, after }, as(visitor));
    expect(answer.errors).toBeUndefined();
    return answer.data.messageSearch;
  };

  it("finds a word the visitor wrote, stemmed, in the thread it was said, with the match marked", async () => {
    const visitor = newVisitor("search");
    const first = await invoke(visitor, "Tell me where the silver rivers sleep");
    const id = first.conversation.id as string;
    await invoke(visitor, "And the mountains?", id);
    const found = await search(visitor, "river");
    // The question, and any answer that took up its words (the oracle often does).
    const hit = (found.edges as Json[]).map((edge) => edge.node).find((node) => node.role === "user");
    expect(hit).toMatchObject({ role: "user", conversation: { rawId: id } });
    expect((found.edges as Json[]).every((edge) => edge.node.conversation.rawId === id)).toBe(true);
    expect(hit.snippet).toContain(`${SNIPPET_MARK_START}rivers${SNIPPET_MARK_END}`);
    // The answer's own words are found too.
    const answerWord = (first.response as string).match(/[A-Za-z]{6,}/)![0];
    const inAnswers = await search(visitor, answerWord);
    expect(inAnswers.edges.some((edge: Json) => edge.node.role === "agent" && edge.node.conversation.rawId === id)).toBe(true);
  });

  it("never finds another visitor's messages", async () => {
    const owner = newVisitor("search");
    await invoke(owner, "The quetzalcoatl feather is mine alone");
    expect((await search(owner, "quetzalcoatl")).edges.length).toBeGreaterThanOrEqual(1);
    expect((await search(newVisitor("search"), "quetzalcoatl")).edges).toHaveLength(0);
    const rest = await block.app.request("GET", `/api/messages/search?q=quetzalcoatl`, undefined, as(newVisitor("search")));
    expect((await rest.json()).results).toEqual([]);
    // No visitor key at all: nothing is anyone's.
    expect((await (await block.app.request("GET", `/api/messages/search?q=quetzalcoatl`)).json()).results).toEqual([]);
  });

  it("pages newest first, on GraphQL and REST", async () => {
    const visitor = newVisitor("search");
    let conversationId: string | undefined;
    for (const n of [1, 2, 3]) conversationId = (await invoke(visitor, `Lantern number ${n} of the obsidian hall`, conversationId)).conversation.id;
    const page1 = await search(visitor, "obsidian", 2);
    expect(page1.edges.map((edge: Json) => edge.node.snippet.match(/number (\d)/)?.[1])).toEqual(["3", "2"]);
    expect(page1.pageInfo.hasNextPage).toBe(true);
    const page2 = await search(visitor, "obsidian", 2, page1.pageInfo.endCursor);
    expect(page2.edges.map((edge: Json) => edge.node.snippet.match(/number (\d)/)?.[1])).toEqual(["1"]);
    expect(page2.pageInfo.hasNextPage).toBe(false);

    const rest = await (await block.app.request("GET", `/api/messages/search?q=obsidian`, undefined, as(visitor))).json();
    expect(rest.results).toHaveLength(3);
    expect(rest.results[0]).toMatchObject({ role: "user", conversation: { id: conversationId } });
    expect(rest.nextCursor).toBeNull();
  });

  it("never finds a message of a branch the thread no longer shows", async () => {
    const visitor = newVisitor("search");
    const first = await invoke(visitor, "The zeppelin drifts over the harbour");
    const question = await block.app.db.prisma.message.findFirstOrThrow({ where: { conversationId: first.conversation.id, role: "user" } });
    const edited = await block.app.request("POST", `/api/messages/${question.id}/edit`, { message: "The lighthouse keeps its watch" }, as(visitor));
    expect(edited.status).toBe(200);
    const userHits = async (word: string) => ((await search(visitor, word)).edges as Json[]).filter((edge) => edge.node.role === "user");
    expect(await userHits("zeppelin")).toHaveLength(0);
    expect(await userHits("lighthouse")).toHaveLength(1);
  });

  it("refuses a search with no words, one too long, or a cursor it did not issue, as the client's mistake", async () => {
    const visitor = newVisitor("search");
    for (const q of ["", "   ", "x".repeat(201)]) {
      const response = await block.app.request("GET", `/api/messages/search?q=${encodeURIComponent(q)}`, undefined, as(visitor));
      expect(response.status, JSON.stringify(q)).toBe(400);
    }
    expect((await block.app.request("GET", `/api/messages/search?q=a&cursor=nope`, undefined, as(visitor))).status).toBe(400);
    const bad = await block.app.graphql<Json>(SEARCH, { query: "a", after: "not-a-cursor" }, as(visitor));
    expect(bad.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    // Only stop words: nothing to look for, and nothing found, not an error.
    expect((await search(visitor, "the of and")).edges).toEqual([]);
  });
});
