// Sharing a thread shows it as it was when shared (or up to the answer shared): what the owner
// says afterwards stays private until shared again; unsharing takes the link back, and the
// whispers kept from the thread follow it. GraphQL and REST alike, on both databases.
import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../test/databases.ts";
import { appPerBlock } from "../../../test/blocks.ts";
import type { Json } from "../../../test/json.ts";
import { newVisitor, as, invokeAs } from "../../../test/visitors.ts";

const SHARE = `mutation ($input: ShareConversationInput!) { shareConversation(input: $input) { conversation { visibility sharedUntil } } }`;
const THREAD = `query ($id: ID!) { conversation(id: $id) { rawId sharedUntil messages(first: 50) { edges { node { rawId role text } } } } }`;
const WHISPER = `query ($id: String!) { whisper(id: $id) { id response } }`;

describe.each(databaseKinds)("sharing a thread on %s", (kind) => {
  const block = appPerBlock(kind);

  const invoke = (visitor: string, message: string, conversationId?: string) => invokeAs(block.app, block.echoId, visitor, { message, conversationId });
  const texts = async (id: string, headers: Record<string, string> = {}) => {
    const read = await block.app.graphql<Json>(THREAD, { id }, headers);
    const conversation = read.data?.conversation;
    return conversation ? (conversation.messages.edges as Json[]).map((edge) => edge.node.text as string) : null;
  };
  const whisper = async (id: string, headers: Record<string, string> = {}) => (await block.app.graphql<Json>(WHISPER, { id }, headers)).data?.whisper ?? null;

  it("shows readers the thread as it was when shared; what is said later stays the owner's until shared again", async () => {
    const owner = newVisitor("share");
    const first = await invoke(owner, "Where do the rivers sleep?");
    const id = first.conversation.id as string;
    const shared = await block.app.graphql<Json>(SHARE, { input: { conversationId: id, visibility: "public" } }, as(owner));
    expect(shared.errors).toBeUndefined();
    expect(shared.data.shareConversation.conversation.sharedUntil).not.toBeNull();

    const later = await invoke(owner, "And who wakes them?", id);
    expect(await texts(id)).toEqual(["Where do the rivers sleep?", first.response]);
    expect(await texts(id, as(owner))).toEqual(["Where do the rivers sleep?", first.response, "And who wakes them?", later.response]);
    // REST reads the same cut.
    const rest = await (await block.app.request("GET", `/api/conversations/${id}`)).json();
    expect((rest.messages as Json[]).map((message) => message.text)).toEqual(["Where do the rivers sleep?", first.response]);
    // The later answer's whisper is not shared either; the first one is.
    expect(await whisper(first.whisper.id)).toMatchObject({ response: first.response });
    expect(await whisper(later.whisper.id)).toBeNull();
    expect(await whisper(later.whisper.id, as(owner))).toMatchObject({ response: later.response });

    // Nor can node(id) reach past the shared moment, to the message or its whisper.
    const laterMessage = await block.app.db.prisma.message.findFirstOrThrow({ where: { whisperId: later.whisper.id } });
    const node = async (type: string, id: string, headers: Record<string, string> = {}) =>
      (await block.app.graphql<Json>(`query ($id: ID!) { node(id: $id) { id } }`, { id: Buffer.from(`${type}:${id}`).toString("base64") }, headers)).data
        ?.node ?? null;
    expect(await node("Message", laterMessage.id)).toBeNull();
    expect(await node("Whisper", later.whisper.id)).toBeNull();
    expect(await node("Message", laterMessage.id, as(owner))).not.toBeNull();
    expect(await node("Whisper", first.whisper.id)).not.toBeNull();

    // Shared again (REST this time): the link now reads all of it.
    const again = await block.app.request("POST", `/api/conversations/${id}/share`, { visibility: "public" }, as(owner));
    expect(again.status).toBe(200);
    expect(await texts(id)).toHaveLength(4);
    expect(await whisper(later.whisper.id)).toMatchObject({ response: later.response });
  });

  it("shares up to one answer: readers see that far and no further", async () => {
    const owner = newVisitor("share");
    const first = await invoke(owner, "Name the first star.");
    const id = first.conversation.id as string;
    await invoke(owner, "Name the second star.", id);
    const through = first.message?.id ?? (await block.app.db.prisma.message.findFirstOrThrow({ where: { whisperId: first.whisper.id } })).id;
    const shared = await block.app.graphql<Json>(SHARE, { input: { conversationId: id, visibility: "public", throughMessageId: through } }, as(owner));
    expect(shared.errors).toBeUndefined();
    expect(await texts(id)).toEqual(["Name the first star.", first.response]);
  });

  it("unsharing takes the link back: the thread and its whispers are the owner's alone again", async () => {
    const owner = newVisitor("share");
    const first = await invoke(owner, "Keep this between us.");
    const id = first.conversation.id as string;
    await block.app.request("POST", `/api/conversations/${id}/share`, { visibility: "public" }, as(owner));
    expect(await texts(id)).toHaveLength(2);
    expect((await block.app.request("GET", `/api/whispers/${first.whisper.id}`)).status).toBe(200);

    const unshared = await block.app.graphql<Json>(SHARE, { input: { conversationId: id, visibility: "private" } }, as(owner));
    expect(unshared.data.shareConversation.conversation).toEqual({ visibility: "private", sharedUntil: null });
    expect(await texts(id)).toBeNull();
    expect((await block.app.request("GET", `/api/whispers/${first.whisper.id}`)).status).toBe(404);
    expect(await whisper(first.whisper.id, as(newVisitor("share")))).toBeNull();
    expect(await whisper(first.whisper.id, as(owner))).toMatchObject({ response: first.response });
    // The link's preview describes nothing private either.
    const page = await (await block.app.request("GET", `/whisper/${first.whisper.id}`)).text();
    expect(page).not.toContain(first.response.slice(0, 40));
  });

  it("refuses what is not the caller's to share, and a message from another thread", async () => {
    const owner = newVisitor("share");
    const first = await invoke(owner, "Mine to share.");
    const other = await invoke(owner, "Another thread.");
    const id = first.conversation.id as string;
    const stranger = await block.app.request("POST", `/api/conversations/${id}/share`, { visibility: "public" }, as(newVisitor("share")));
    expect(stranger.status).toBe(404);
    const foreign = (await block.app.db.prisma.message.findFirstOrThrow({ where: { whisperId: other.whisper.id } })).id;
    const wrong = await block.app.request("POST", `/api/conversations/${id}/share`, { visibility: "public", throughMessageId: foreign }, as(owner));
    expect(wrong.status).toBe(404);
    expect((await wrong.json()).message).toBe("Message not found");
    const bad = await block.app.request("POST", `/api/conversations/${id}/share`, { visibility: "everyone" }, as(owner));
    expect(bad.status).toBe(400);
    expect(await texts(id)).toBeNull();
  });

  it("keeps a whisper of a thread no one owns readable by its link, as whispers always were", async () => {
    const response = await block.app.request("POST", `/api/agents/${block.echoId}/invoke`, { message: "No key, no owner." });
    const answer = await response.json();
    expect((await block.app.request("GET", `/api/whispers/${answer.whisper.id}`)).status).toBe(200);
  });
});
