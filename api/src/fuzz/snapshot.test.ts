// Property-based reads of a shared thread (#42 finding 2): whatever a reader who is not its owner
// asks (GraphQL through the thread, node and nodes, any nesting of replies, parents, arrows and
// whispers, any page and branch; REST's thread with any cursor and branch; the thread's and its
// whispers' link previews), every message it is shown existed when the thread was shared, with
// the words it had then, never more siblings than it had, and every whisper as it was. The owner
// asked after the share for answers again, edited the first message, went on talking and
// continued an answer. Answers stay below 500 with coded errors, and nothing is logged as a fault.
import fc from "fast-check";
import escapeHtml from "escape-html";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversationMeta, whisperMeta } from "@nomina/shared/meta";
import { databaseKinds } from "../../test/databases.ts";
import { checkGraphQL, checkRest, faultLog } from "../../test/fuzz/invariants.ts";
import { anyString, fuzzOptions, fuzzTimeout, seed } from "../../test/fuzz/values.ts";
import { NO_LIMITS, startTestApp, type TestApp } from "../../test/harness.ts";
import type { Json } from "../../test/json.ts";
import { VISITOR_HEADER } from "../actor.ts";

const OWNER = "fuzz-snapshot-owner-0123456789abcdef";
const STRANGER = "fuzz-snapshot-stranger-0123456789abcdef";

type Kept = { text: string; siblings: number; whisper: string | null; role: string };

const globalId = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString("base64");
const rawOf = (id: unknown) =>
  typeof id === "string"
    ? Buffer.from(id, "base64")
        .toString()
        .replace(/^Message:/, "")
    : null;
const description = (html: string) => html.match(/<meta property="og:description" content="([^"]*)"/)?.[1];

/** A selection on Message, nested up to `depth` more levels through replies, parent and the thread. */
function messageSelection(depth: number): fc.Arbitrary<string> {
  const leaves = fc.subarray(["siblingIndex", "siblingCount", "previousSiblingId", "nextSiblingId", "status", "createdAt", "whisper { rawId response }"]);
  if (depth === 0) return leaves.map((fields) => `__typename rawId text ${fields.join(" ")}`);
  const nested = messageSelection(depth - 1);
  const branches = fc
    .subarray([0, 1, 2])
    .chain((picked) =>
      fc.tuple(
        ...picked.map((which) =>
          nested.map((inner) => [`replies { ${inner} }`, `parent { ${inner} }`, `conversation { messages(first: 5) { edges { node { ${inner} } } } }`][which]!),
        ),
      ),
    );
  return fc.tuple(leaves, branches).map(([fields, more]) => `__typename rawId text ${fields.join(" ")} ${more.join(" ")}`);
}

describe.each(databaseKinds)("a shared thread under generated reads on %s", (kind) => {
  let app: TestApp;
  const { logger, faults } = faultLog();
  let conversationId: string;
  /** Every message there was when the thread was shared, as it was then. */
  const kept = new Map<string, Kept>();
  /** What each whisper said when the thread was shared. */
  const whispers = new Map<string, string>();
  let messageIds: string[] = [];
  let whisperIds: string[] = [];
  let agentName: string;

  const owner = { [VISITOR_HEADER]: OWNER };
  const send = async (path: string, body?: unknown) => {
    const response = await app.request("POST", path, body, owner);
    expect(response.status, path).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    app = await startTestApp(kind, { logger, limits: NO_LIMITS });
    const agent = await app.db.prisma.agent.findFirstOrThrow({ where: { username: "echo-haiku" } });
    agentName = agent.name;
    const first = await send(`/api/agents/${agent.id}/invoke`, { message: "Where do the rivers sleep?" });
    conversationId = first.conversation.id;
    await send(`/api/agents/${agent.id}/invoke`, { message: "And who wakes them?", conversationId });
    const before = await app.db.prisma.message.findMany({ where: { conversationId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
    // Two answers to the first question before the share, the first chosen back.
    await send(`/api/messages/${before[1]!.id}/regenerate`);
    await send(`/api/messages/${before[1]!.id}/select`);
    await send(`/api/conversations/${conversationId}/share`, { visibility: "public" });
    const shared = await app.db.prisma.message.findMany({ where: { conversationId }, include: { whisper: true } });
    for (const message of shared) {
      const siblings = shared.filter((other) => other.parentId === message.parentId).length;
      kept.set(message.id, { text: message.text, siblings, whisper: message.whisper?.response ?? null, role: message.role });
      if (message.whisper) whispers.set(message.whisper.id, message.whisper.response);
    }
    // After the share: the last answer shared continued, the first asked for again (the new one shown: the first answer on the
    // path is then one given after the share), the first message edited and chosen back, more said.
    await send(`/api/messages/${before[3]!.id}/continue`);
    await send(`/api/messages/${before[1]!.id}/regenerate`);
    await send(`/api/messages/${before[0]!.id}/edit`, { message: "Where do the lakes sleep?" });
    await send(`/api/messages/${before[0]!.id}/select`);
    await send(`/api/agents/${agent.id}/invoke`, { message: "Tell me more.", conversationId });
    const all = await app.db.prisma.message.findMany({ where: { conversationId } });
    messageIds = all.map((message) => message.id);
    whisperIds = all.flatMap((message) => (message.whisperId ? [message.whisperId] : []));
    expect(messageIds.length).toBeGreaterThan(kept.size);
  });
  afterAll(async () => {
    expect((await app.request("GET", "/healthz")).status).toBe(200);
    await app.stop();
    expect(faults).toEqual([]);
  });

  const reader = fc.constantFrom<Record<string, string>>({}, { [VISITOR_HEADER]: STRANGER });
  const anyMessageId = () => fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...messageIds) }, { weight: 1, arbitrary: anyString });
  const cursor = () =>
    fc.option(
      anyMessageId().map((id) => Buffer.from(`GPC:S:${id}`).toString("base64")),
      { nil: undefined },
    );

  /** Every message a reader was shown in a GraphQL answer: each must be as it was when shared. */
  function checkShown(value: unknown, label: string): void {
    if (Array.isArray(value)) return value.forEach((item) => checkShown(item, label));
    if (typeof value !== "object" || value === null) return;
    const node = value as Json;
    if (node.__typename === "Message") {
      const then = kept.get(node.rawId);
      expect(then, `${label}: a message written after the share: ${node.rawId}`).toBeDefined();
      expect(node.text, label).toBe(then!.text);
      if ("siblingCount" in node) {
        expect(node.siblingCount, label).toBeLessThanOrEqual(then!.siblings);
        expect(node.siblingCount, label).toBeGreaterThanOrEqual(node.siblingIndex ?? 1);
      }
      for (const arrow of [node.previousSiblingId, node.nextSiblingId])
        if (arrow) expect(kept.has(rawOf(arrow)!), `${label}: an arrow past the share`).toBe(true);
      if (node.whisper) expect(node.whisper.response, label).toBe(whispers.get(node.whisper.rawId));
    }
    for (const inner of Object.values(node)) checkShown(inner, label);
  }

  it(
    "shows a reader, through any GraphQL path, only the messages and whispers there were when the thread was shared",
    async () => {
      const threadRead = fc.record({
        selection: messageSelection(2),
        variables: fc.record(
          {
            id: fc.constant(globalId("Conversation", conversationId)),
            first: fc.option(fc.integer({ min: 0, max: 60 }), { nil: undefined }),
            last: fc.option(fc.integer({ min: 0, max: 60 }), { nil: undefined }),
            after: cursor(),
            before: cursor(),
            through: fc.option(
              anyMessageId().map((id) => globalId("Message", id)),
              { nil: undefined },
            ),
          },
          { requiredKeys: ["id"] },
        ),
      });
      const query = fc.oneof(
        threadRead.map(({ selection, variables }) => ({
          query: `query ($id: ID!, $first: Int, $last: Int, $after: String, $before: String, $through: ID) {
            conversation(id: $id) { messages(first: $first, last: $last, after: $after, before: $before, through: $through) { edges { node { ${selection} } } } } }`,
          variables: variables,
        })),
        fc.tuple(messageSelection(2), anyMessageId()).map(([selection, id]) => ({
          query: `query ($id: ID!) { node(id: $id) { ... on Message { ${selection} } } }`,
          variables: { id: globalId("Message", id) },
        })),
        fc.tuple(messageSelection(1), fc.array(anyMessageId(), { minLength: 1, maxLength: 6 }), fc.subarray(whisperIds)).map(([selection, ids, kept]) => ({
          query: `query ($ids: [ID!]!) { nodes(ids: $ids) { ... on Message { ${selection} } ... on Whisper { rawId response } } }`,
          variables: { ids: [...ids.map((id) => globalId("Message", id)), ...kept.map((id) => globalId("Whisper", id))] },
        })),
      );
      await fc.assert(
        fc.asyncProperty(query, reader, async ({ query: text, variables }, headers) => {
          const logged = faults.length;
          const response = await fetch(`${app.url}/graphql`, {
            method: "POST",
            headers: { "content-type": "application/json", ...headers },
            body: JSON.stringify({ query: text, variables }),
          });
          const label = `${text.replace(/\s+/g, " ").slice(0, 200)} ${JSON.stringify(variables).slice(0, 200)} (FUZZ_SEED=${seed})`;
          const body = await checkGraphQL(response, label);
          checkShown(body.data, label);
          for (const node of ((body.data as Json)?.nodes ?? []) as Json[]) {
            if (node && "response" in node) expect(node.response, label).toBe(whispers.get(node.rawId));
          }
          expect(faults.slice(logged)).toEqual([]);
        }),
        fuzzOptions(120),
      );
    },
    fuzzTimeout(120),
  );

  it(
    "answers a reader's REST reads of the thread with what there was when it was shared, kept by no shared cache",
    async () => {
      const read = fc.record({
        before: fc.option(anyMessageId(), { nil: undefined }),
        through: fc.option(anyMessageId(), { nil: undefined }),
        headers: reader,
      });
      await fc.assert(
        fc.asyncProperty(read, async ({ before, through, headers }) => {
          const search = new URLSearchParams([...(before ? [["before", before]] : []), ...(through ? [["through", through]] : [])]).toString();
          const path = `/api/conversations/${conversationId}${search ? `?${search}` : ""}`;
          const label = `${path.slice(0, 300)} (FUZZ_SEED=${seed})`;
          const response = await app.request("GET", path, undefined, headers);
          if (response.status !== 200) return checkRest(response, label);
          expect(response.headers.get("cache-control"), label).toBe("private, no-store");
          const body: Json = await response.json();
          for (const message of body.messages as Json[]) {
            const then = kept.get(message.id);
            expect(then, `${label}: a message written after the share: ${message.id}`).toBeDefined();
            expect(message.text, label).toBe(then!.text);
            expect(message.siblingCount, label).toBeLessThanOrEqual(then!.siblings);
          }
        }),
        fuzzOptions(60),
      );
    },
    fuzzTimeout(60),
  );

  it(
    "previews the thread and its whispers with what there was when it was shared",
    async () => {
      const answers = [...kept.values()].filter((message) => message.role === "agent").map((message) => message.text);
      const threadDescriptions = new Set(
        [null, ...answers].map((firstAnswer) => escapeHtml(conversationMeta({ title: "", agentName, firstAnswer }).description)),
      );
      const whisperDescriptions = new Set([...whispers.values()].map((response) => escapeHtml(whisperMeta({ agentName, response }).description)));
      const page = fc.oneof(
        fc.constant({ path: `/conversations/${conversationId}`, allowed: threadDescriptions }),
        fc.constantFrom(...whisperIds).map((id) => ({ path: `/whisper/${id}`, allowed: whispers.has(id) ? whisperDescriptions : new Set<string>() })),
      );
      await fc.assert(
        fc.asyncProperty(page, async ({ path, allowed }) => {
          const response = await app.request("GET", path);
          expect(response.status, path).toBeLessThan(500);
          const shown = description(await response.text());
          // A whisper no reader may read is not described at all.
          if (shown !== undefined) expect(allowed.has(shown), `${path}: ${shown} (FUZZ_SEED=${seed})`).toBe(true);
        }),
        fuzzOptions(20),
      );
    },
    fuzzTimeout(20),
  );
});
