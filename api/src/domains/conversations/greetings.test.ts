// Greetings: a new thread opens with the greeting the visitor saw (or swiped to), as the agent's
// first turn, which the seat then reads back; cards carry greetings both ways; an awakened agent
// has one. GraphQL and REST alike, on both databases.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GREETING_INDEX_INVALID } from "@nomina/shared/whispers";
import { captainWrenCard } from "../../../test/cards.ts";
import { databaseKinds } from "../../../test/databases.ts";
import { NO_LIMITS, startTestApp, type TestApp } from "../../../test/harness.ts";
import { newVisitor, as } from "../../../test/visitors.ts";
import { settingsFor } from "../../../test/minds.ts";
import { startFakeProviders, type FakeProviders } from "../../../test/providers.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const THREAD = `query ($id: ID!) { conversation(id: $id) { messageCount messages(first: 10) { edges { node { role text isGreeting siblingCount } } } } }`;
const UPDATE = `mutation ($input: UpdateAgentInput!) { updateAgent(input: $input) { agent { greeting } } }`;
const AGENT = `query ($ref: String!) { agent(ref: $ref) { greeting alternateGreetings } }`;

describe.each(databaseKinds)("greetings on %s", (kind) => {
  let app: TestApp;
  let providers: FakeProviders;
  let wren: Json;

  beforeAll(async () => {
    providers = await startFakeProviders();
    app = await startTestApp(kind, {
      minds: settingsFor(providers, ["gemini"]),
      limits: NO_LIMITS,
    });
    const card = captainWrenCard({
      name: `Captain Wren ${kind}`,
      personality: "Brave, curious, a little reckless, and fond of weather.",
      alternate_greetings: ["You feel that wind? Grab the rail.", "Welcome aboard the Cirrus."],
    });
    const imported = await app.request("POST", "/api/agents/import", card, as(newVisitor("greet")));
    expect(imported.status).toBe(201);
    wren = await imported.json();
  });
  afterAll(async () => {
    await app.stop();
    await providers.close();
  });
  beforeEach(() => providers.reset());

  it("maps a card's first_mes and alternate_greetings to the agent's greetings, and writes them back out", async () => {
    expect(wren).toMatchObject({
      greeting: "Storm's coming. Want to see it up close?",
      alternateGreetings: ["You feel that wind? Grab the rail.", "Welcome aboard the Cirrus."],
      outputs: [],
    });
    const read = await app.graphql<Json>(AGENT, { ref: wren.id });
    expect(read.data.agent).toEqual({ greeting: wren.greeting, alternateGreetings: wren.alternateGreetings });
    const card = await (await app.request("GET", `/api/agents/${wren.id}/card`)).json();
    expect(card.data).toMatchObject({ first_mes: wren.greeting, alternate_greetings: wren.alternateGreetings });
  });

  it("opens a new thread with the greeting swiped to, which the seat reads as the agent's own first turn", async () => {
    const visitor = newVisitor("greet");
    providers.script("gemini", () => ({ tokens: ["Then hold on tight."] }));
    const wrenSeat = await app.db.prisma.agent.update({ where: { id: wren.id }, data: { apiModel: "gemini" } });
    const response = await app.request("POST", `/api/agents/${wrenSeat.id}/invoke`, { message: "Yes, show me!", greetingIndex: 2 }, as(visitor));
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(providers.requests.at(-1)!.turns).toEqual([
      { role: "agent", text: "Welcome aboard the Cirrus." },
      { role: "user", text: "Yes, show me!" },
    ]);
    const thread = (await app.graphql<Json>(THREAD, { id: answer.conversation.id }, as(visitor))).data.conversation;
    expect(thread.messageCount).toBe(3);
    expect(thread.messages.edges.map((edge: Json) => [edge.node.role, edge.node.text, edge.node.isGreeting])).toEqual([
      ["agent", "Welcome aboard the Cirrus.", true],
      ["user", "Yes, show me!", false],
      ["agent", "Then hold on tight.", false],
    ]);
    // The next message continues the thread: no second greeting.
    await app.request(
      "POST",
      `/api/agents/${wrenSeat.id}/invoke`,
      { message: "Higher!", conversationId: answer.conversation.id, greetingIndex: 0 },
      as(visitor),
    );
    expect(providers.requests.at(-1)!.turns[0]).toEqual({ role: "agent", text: "Welcome aboard the Cirrus." });
  });

  it("refuses a greeting the agent does not have as the client's mistake, before anything is written", async () => {
    const visitor = newVisitor("greet");
    for (const greetingIndex of [3, -1, 1.5, 11]) {
      const response = await app.request("POST", `/api/agents/${wren.id}/invoke`, { message: "Hello?", greetingIndex }, as(visitor));
      expect(response.status, String(greetingIndex)).toBe(400);
    }
    const refused = await app.request("POST", `/api/agents/${wren.id}/invoke`, { message: "Hello?", greetingIndex: 3 }, as(visitor));
    expect((await refused.json()).message).toBe(GREETING_INDEX_INVALID);
    const threads = await app.graphql<Json>(`{ conversations(first: 5) { edges { node { id } } } }`, {}, as(visitor));
    expect(threads.data.conversations.edges).toEqual([]);
  });

  it("gives the genesis agents their greetings, and a forged agent one written at its awakening", async () => {
    expect((await app.graphql<Json>(AGENT, { ref: "echo-haiku" })).data.agent.greeting).toMatch(/speak, and I will echo/);
    const forged = await app.request(
      "POST",
      "/api/agents",
      { name: `Tidewarden ${kind}`, glyph: "≈", personality: "Watches the tides of forgotten harbours and remembers every ship.", apiModel: "claude" },
      as(newVisitor("greet")),
    );
    expect(forged.status).toBe(201);
    const agent = await forged.json();
    expect(agent.greeting).toMatch(/Tidewarden/);
    expect(agent.greeting).toMatch(/[.?!]$/);
  });

  it("lets the agent's owner edit its greetings", async () => {
    const owner = newVisitor("greet");
    const forged = await (
      await app.request(
        "POST",
        "/api/agents",
        { name: `Lampwright ${kind}`, glyph: "✶", personality: "Keeps small lights burning in the dark of the network.", apiModel: "claude" },
        as(owner),
      )
    ).json();
    const edited = await app.graphql<Json>(
      UPDATE,
      { input: { agentId: forged.id, greeting: "The lamp is lit. Sit.", alternateGreetings: ["Mind the wick."] } },
      as(owner),
    );
    expect(edited.errors).toBeUndefined();
    expect((await app.graphql<Json>(AGENT, { ref: forged.id })).data.agent).toEqual({
      greeting: "The lamp is lit. Sit.",
      alternateGreetings: ["Mind the wick."],
    });
    const tooMany = await app.graphql<Json>(
      UPDATE,
      { input: { agentId: forged.id, alternateGreetings: Array.from({ length: 11 }, (_, n) => `Hello ${n}`) } },
      as(owner),
    );
    expect(tooMany.errors?.[0]?.message).toBe("At most 10 alternate greetings");
    const stranger = await app.graphql<Json>(UPDATE, { input: { agentId: forged.id, greeting: "Mine now." } }, as(newVisitor("greet")));
    expect(stranger.errors).toBeDefined();
    expect((await app.graphql<Json>(AGENT, { ref: forged.id })).data.agent.greeting).toBe("The lamp is lit. Sit.");
  });
});
