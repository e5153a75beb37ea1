// Council questions in the ritual log (#28 item 5), through the real app over HTTP and graphql-ws
// with every seat pointed at its provider's stand-in: a question of a private session is written
// and delivered live saying only that one was asked; one of a shared session quotes its first
// words, names the seats and who asked; making the session private again hides those words; and
// the REST list filters by the new kind.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bearer, registered, signedIn, type Json } from "../../../test/accounts.ts";
import { databaseKinds } from "../../../test/databases.ts";
import { startTestApp, type TestApp } from "../../../test/harness.ts";
import { connect, listen, subscribed } from "../../../test/live.ts";
import { settingsFor } from "../../../test/minds.ts";
import { isChairRequest, startFakeProviders, type FakeProviders } from "../../../test/providers.ts";
import { as, newVisitor } from "../../../test/visitors.ts";
import { SEATS } from "../../minds/identity.ts";
import { PRIVATE_ASKER, PRIVATE_QUESTION, VISITOR_ASKER } from "./question-log.ts";

const RITUAL_LOG_ADDED = `subscription { ritualLogAdded { id type description performedBy relatedAgent { id } createdAt } }`;
const SHARE = `mutation ($input: ShareCouncilSessionInput!) { shareCouncilSession(input: $input) { session { visibility } } }`;
const LOGS = `query ($type: RitualType) { ritualLogs(first: 10, type: $type) { edges { node { type description performedBy } } } }`;

const sessionGlobalId = (id: string) => Buffer.from(`CouncilSession:${id}`).toString("base64");

describe.each(databaseKinds)("council questions in the ritual log on %s", (kind) => {
  let app: TestApp;
  let providers: FakeProviders;
  let visitor: Record<string, string>;

  const ask = async (body: Json, headers: Record<string, string> = visitor) => {
    const response = await app.request("POST", "/api/council/whisper", body, headers);
    const json: Json = await response.json();
    expect(response.status, JSON.stringify(json)).toBe(200);
    return json;
  };
  const share = async (sessionId: string, visibility: "public" | "private", headers: Record<string, string> = visitor) => {
    const { errors } = await app.graphql(SHARE, { input: { sessionId: sessionGlobalId(sessionId), visibility } }, headers);
    expect(errors).toBeUndefined();
  };
  const restLogs = async (query = "") => {
    const response = await app.request("GET", `/api/council/ritual-logs${query}`);
    expect(response.status).toBe(200);
    const json: Json = await response.json();
    return json.logs as Json[];
  };

  beforeAll(async () => {
    providers = await startFakeProviders();
    app = await startTestApp(kind, { minds: settingsFor(providers, SEATS, { timeoutMs: 1_500 }) });
  });
  afterAll(async () => {
    await app?.stop();
    await providers?.close();
  });
  beforeEach(() => {
    visitor = as(newVisitor("question-log"));
    providers.reset();
    for (const seat of SEATS) providers.script(seat, (request) => ({ tokens: isChairRequest(request) ? ["Agreed."] : [`${seat} answers.`] }));
  });

  it("writes a private session's question live, saying only that one was asked: no words, no seats, no asker", async () => {
    const client = await connect(app);
    const logs = listen<Json>(client, RITUAL_LOG_ADDED);
    await subscribed(client);

    const asked = await ask({ prompt: "Where do the unnamed rivers go at night?", seats: ["gemini", "claude"] });
    const event = await logs.next();
    expect(event).toMatchObject({ type: "council", description: PRIVATE_QUESTION, performedBy: PRIVATE_ASKER, relatedAgent: null });
    expect(JSON.stringify(event)).not.toMatch(/rivers|Gemini|Claude|visitor/i);

    const stored = await app.db.prisma.ritualLog.findMany({ where: { relatedSessionId: asked.session.id } });
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ type: "council", description: PRIVATE_QUESTION, performedBy: PRIVATE_ASKER, metadata: { private: true } });
    expect(JSON.stringify(await restLogs())).not.toContain("rivers");
    await client.dispose();
  });

  it("quotes a shared session's question with its seats and asker, a visitor's or a user's; private again hides the words", async () => {
    const client = await connect(app);
    const logs = listen<Json>(client, RITUAL_LOG_ADDED);
    await subscribed(client);

    const first = await ask({ prompt: "What is a name for?" });
    expect(await logs.next()).toMatchObject({ type: "council", description: PRIVATE_QUESTION });
    await share(first.session.id, "public");
    await ask({
      prompt: "And who gives a name, when no one is left to speak it aloud in the long quiet of the archive?",
      sessionId: first.session.id,
      seats: ["gemini", "claude", "deepseek"],
    });
    expect(await logs.next()).toMatchObject({
      type: "council",
      description: "A question for Gemini, Claude and DeepSeek: “And who gives a name, when no one is left to speak it aloud in the long quiet of…”",
      performedBy: VISITOR_ASKER,
    });

    // A signed-in asker is named; all four seats when none were chosen.
    const account = await registered(app, { name: "Oriel Vance" });
    const user = bearer(await signedIn(app, account));
    const theirs = await ask({ prompt: "Shall we begin?" }, user);
    expect(await logs.next()).toMatchObject({ description: PRIVATE_QUESTION, performedBy: PRIVATE_ASKER });
    await share(theirs.session.id, "public", user);
    await ask({ prompt: "Who listens?", sessionId: theirs.session.id }, user);
    expect(await logs.next()).toMatchObject({
      description: "A question for Gemini, Claude, Perplexity and DeepSeek: “Who listens?”",
      performedBy: "Oriel Vance",
    });

    // The kind filters, on REST and GraphQL alike.
    const council = await restLogs("?type=council");
    expect(council.length).toBeGreaterThanOrEqual(4);
    expect(council.every((log) => log.type === "council")).toBe(true);
    expect(council[0]).toMatchObject({ description: "A question for Gemini, Claude, Perplexity and DeepSeek: “Who listens?”", performedBy: "Oriel Vance" });
    expect(Object.keys(council[0])).not.toContain("relatedSessionId");
    const { data } = await app.graphql<Json>(LOGS, { type: "council" });
    expect(data.ritualLogs.edges.map((edge: Json) => edge.node.type)).toEqual(council.slice(0, 10).map(() => "council"));
    const refused = await app.request("GET", "/api/council/ritual-logs?type=séance");
    expect(refused.status).toBe(400);

    // Private again: the entries keep their place and their time, but no longer quote the session.
    await share(first.session.id, "private");
    const hidden = await app.db.prisma.ritualLog.findMany({ where: { relatedSessionId: first.session.id }, orderBy: { createdAt: "asc" } });
    expect(hidden.map((log) => [log.description, log.performedBy])).toEqual([
      [PRIVATE_QUESTION, PRIVATE_ASKER],
      [PRIVATE_QUESTION, PRIVATE_ASKER],
    ]);
    expect(JSON.stringify(await restLogs("?type=council"))).not.toContain("who gives a name");
    // The other session, still shared, still shows its question.
    expect(JSON.stringify(await restLogs("?type=council"))).toContain("Who listens?");
    await client.dispose();
  });
});
