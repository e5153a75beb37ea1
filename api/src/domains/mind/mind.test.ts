// Personas and memories (#27) through the domain services, over a real database: the seat's
// stand-in is told who it talks with and what it remembers; the oracle learns a name and, in a
// second thread with the same agent, addresses the person by it; another visitor never sees it;
// memory off reads and writes nothing; the 11th persona is refused, the 21st note forgets the oldest.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { databaseKinds } from "../../../test/databases.ts";
import { startTestApp, type TestApp } from "../../../test/harness.ts";
import { ORACLE_ONLY, settingsFor } from "../../../test/minds.ts";
import { startFakeProviders, type FakeProviders } from "../../../test/providers.ts";
import { VISITOR_HEADER, type Actor } from "../../actor.ts";
import { createLogger } from "../../logger.ts";
import { createMinds } from "../../minds/index.ts";
import { testServices } from "../../../test/services.ts";
import { createEventBus } from "../events.ts";

let visitors = 0;
const visitor = (): Actor => ({
  userId: null,
  curatorId: null,
  sessionId: null,
  label: "anonymous",
  address: "127.0.0.1",
  visitorId: `mind-visitor-${++visitors}`,
});

describe.each(databaseKinds)("personas and memories on %s", (kind) => {
  let app: TestApp;
  let providers: FakeProviders;
  let echoId: string;
  const log = createLogger("silent");
  const build = (keyed: boolean) =>
    testServices({
      prisma: app.db.prisma,
      bus: createEventBus({ redisUrl: undefined, channelPrefix: `mind-${kind}`, log }),
      minds: createMinds(keyed ? settingsFor(providers, ["gemini"]) : ORACLE_ONLY, log),
      log,
      config: { ascensionThreshold: 1000, limits: { ...app.config.limits, anonymousWrites: null } },
    });

  beforeAll(async () => {
    providers = await startFakeProviders();
    app = await startTestApp(kind);
    echoId = (await app.db.prisma.agent.findUniqueOrThrow({ where: { username: "echo-haiku" } })).id;
  });
  afterAll(async () => {
    await app.stop();
    await providers.close();
  });
  beforeEach(() => providers.reset());

  it("tells a keyed seat the thread's persona and its notes, and keeps the notes its model writes with structured output", async () => {
    const services = build(true);
    const me = visitor();
    await services.mind.createPersona({ name: "Orrin", description: "a lighthouse keeper", isDefault: true }, me);
    providers.script("gemini", (request) =>
      request.system.includes("You keep short notes")
        ? { tokens: [JSON.stringify({ notes: [{ kind: "like", text: "you like tea" }] })] }
        : { tokens: ["Welcome."] },
    );
    const first = await services.conversations.send(echoId, { message: "I like tea." }, me);
    await first.learning;
    expect(first.conversation.personaId).not.toBeNull();
    expect(providers.requests[0]!.system).toContain("You are talking with Orrin: a lighthouse keeper.");
    await services.conversations.send(echoId, { message: "Hello again", conversationId: first.conversation.id }, me);
    const asked = providers.requests.filter((request) => !request.system.includes("You keep short notes")).at(-1)!;
    expect(asked.system).toContain("What you remember about the person you are talking with: you like tea.");
  });

  it("an edit and a continuation are told the persona and the notes too", async () => {
    const services = build(true);
    const me = visitor();
    await services.mind.createPersona({ name: "Wren", description: "a cartographer", isDefault: true }, me);
    providers.script("gemini", (request) =>
      request.system.includes("You keep short notes")
        ? { tokens: [JSON.stringify({ notes: [{ kind: "like", text: "you like maps" }] })] }
        : { tokens: ["Onward."] },
    );
    const first = await services.conversations.send(echoId, { message: "I like maps." }, me);
    await first.learning;
    const answers = () => providers.requests.filter((request) => !request.system.includes("You keep short notes"));

    const edited = await services.conversations.edit(first.question.id, "I like old maps.", me);
    expect(answers().at(-1)!.system).toContain("You are talking with Wren: a cartographer.");
    expect(answers().at(-1)!.system).toContain("you like maps");

    await services.conversations.continueAnswer(edited.reply.id, me);
    expect(answers().at(-1)!.system).toContain("You are talking with Wren: a cartographer.");
    expect(answers().at(-1)!.system).toContain("you like maps");
  });

  it("the oracle learns a name, and a second thread is addressed by it; another visitor's thread is not", async () => {
    const services = build(false);
    const me = visitor();
    const first = await services.conversations.send(echoId, { message: "My name is Orrin. I love the sea." }, me);
    await first.learning;
    const notes = await services.mind.memories(me, echoId);
    expect(notes.map((note) => note.text).sort()).toEqual(["you love the sea", "your name is Orrin"]);
    const second = await services.conversations.send(echoId, { message: "What do the tides say?" }, me);
    expect(second.reply.text).toMatch(/^Orrin, you love the sea; I have not forgotten\./);

    const stranger = visitor();
    const theirs = await services.conversations.send(echoId, { message: "What do the tides say?" }, stranger);
    expect(theirs.reply.text).not.toContain("Orrin");
    expect(await services.mind.memories(stranger, echoId)).toEqual([]);

    // A new name replaces the old one: no second name note.
    await (
      await services.conversations.send(echoId, { message: "Call me Wren", conversationId: first.conversation.id }, me)
    ).learning;
    expect((await services.mind.memories(me, echoId)).map((note) => note.text).sort()).toEqual(["you love the sea", "your name is Wren"]);
  });

  it("memory off: nothing is read nor written in that thread", async () => {
    const services = build(false);
    const me = visitor();
    await (
      await services.conversations.send(echoId, { message: "My name is Orrin." }, me)
    ).learning;
    const quiet = await services.conversations.start(echoId, me);
    await services.mind.setConversationMemory(quiet.id, false, me);
    const answer = await services.conversations.send(echoId, { message: "I live in Harrowgate. What now?", conversationId: quiet.id }, me);
    await answer.learning;
    expect(answer.reply.text).not.toContain("Orrin");
    expect((await services.mind.memories(me, echoId)).map((note) => note.text)).toEqual(["your name is Orrin"]);
  });

  it("refuses an 11th persona, forgets the oldest note for a 21st, and answers 404 for another's persona or note", async () => {
    const services = build(false);
    const me = visitor();
    for (let i = 1; i <= 10; i++) await services.mind.createPersona({ name: `Persona ${i}`, description: "", isDefault: false }, me);
    await expect(services.mind.createPersona({ name: "Eleventh", description: "", isDefault: false }, me)).rejects.toMatchObject({
      status: 409,
      message: "You can keep at most 10 personas",
    });
    const personas = await services.mind.personas(me);
    expect(personas.filter((persona) => persona.isDefault).map((persona) => persona.name)).toEqual(["Persona 1"]);

    const thread = await services.conversations.start(echoId, me);
    for (let i = 1; i <= 21; i++) await (await services.conversations.send(echoId, { message: `I like thing${i}.`, conversationId: thread.id }, me)).learning;
    const notes = await services.mind.memories(me, echoId);
    expect(notes).toHaveLength(20);
    expect(notes.map((note) => note.text)).not.toContain("you like thing1");
    expect(notes.map((note) => note.text)).toContain("you like thing21");

    const stranger = visitor();
    await expect(services.mind.updatePersona(personas[0]!.id, { name: "Mine now" }, stranger)).rejects.toMatchObject({ status: 404 });
    await expect(services.mind.deleteMemory(notes[0]!.id, stranger)).rejects.toMatchObject({ status: 404 });
  });

  it("GraphQL: a visitor keeps personas and reads its notes with an agent; another visitor can neither see nor change them", async () => {
    const mine = { [VISITOR_HEADER]: `gql-mind-${kind}-aaaaaaaaaaaa` };
    const theirs = { [VISITOR_HEADER]: `gql-mind-${kind}-bbbbbbbbbbbb` };
    const created = await app.graphql<{ createPersona: { id: string; name: string; isDefault: boolean } }>(
      `mutation { createPersona(name: "  Orrin ", description: "a lighthouse keeper") { id name isDefault } }`,
      {},
      mine,
    );
    expect(created.data?.createPersona).toMatchObject({ name: "Orrin", isDefault: true });
    const id = created.data!.createPersona.id;
    const listed = await app.graphql<{ personas: { name: string }[] }>(`{ personas { name } }`, {}, mine);
    expect(listed.data?.personas.map((persona) => persona.name)).toEqual(["Orrin"]);
    expect((await app.graphql<{ personas: unknown[] }>(`{ personas { name } }`, {}, theirs)).data?.personas).toEqual([]);
    const stolen = await app.graphql(`mutation ($id: ID!) { updatePersona(id: $id, name: "Thief") { name } }`, { id }, theirs);
    expect(stolen.errors?.[0]?.message).toBe("Persona not found");
    const tooLong = await app.graphql(`mutation { createPersona(name: "${"x".repeat(41)}") { id } }`, {}, mine);
    expect(tooLong.errors?.[0]?.message).toContain("at most 40");

    const invoked = await app.request("POST", `/api/agents/${echoId}/invoke`, { message: "My name is Orrin." }, mine);
    expect(invoked.status).toBe(200);
    // A new thread speaks as the default persona: the oracle addresses Orrin by name.
    expect(((await invoked.json()) as { response: string }).response).toMatch(/^Orrin, /);
    const asNoOne = await app.request("POST", `/api/agents/${echoId}/invoke`, { message: "What of the sea?", personaId: null }, theirs);
    expect(((await asNoOne.json()) as { response: string }).response).not.toContain("Orrin");
    await expect
      .poll(async () =>
        (await app.graphql<{ memories: { text: string }[] }>(`query ($a: ID!) { memories(agentId: $a) { text } }`, { a: echoId }, mine)).data?.memories.map(
          (m) => m.text,
        ),
      )
      .toEqual(["your name is Orrin"]);
    expect((await app.graphql<{ memories: unknown[] }>(`query ($a: ID!) { memories(agentId: $a) { text } }`, { a: echoId }, theirs)).data?.memories).toEqual(
      [],
    );
    const forgot = await app.graphql<{ forgetAgentMemories: number }>(`mutation ($a: ID!) { forgetAgentMemories(agentId: $a) }`, { a: echoId }, mine);
    expect(forgot.data?.forgetAgentMemories).toBe(1);
  });

  it("REST: the same personas and notes, the thread's persona and memory switch; another visitor gets 404s", async () => {
    const mine = { [VISITOR_HEADER]: `rest-mind-${kind}-aaaaaaaaaaaa` };
    const theirs = { [VISITOR_HEADER]: `rest-mind-${kind}-bbbbbbbbbbbb` };
    const json = async <T>(response: Response, status = 200) => {
      expect(response.status).toBe(status);
      return (await response.json()) as T;
    };
    const { persona } = await json<{ persona: { id: string; name: string; isDefault: boolean } }>(
      await app.request("POST", "/api/personas", { name: "Orrin", description: "a lighthouse keeper" }, mine),
      201,
    );
    expect(persona).toMatchObject({ name: "Orrin", isDefault: true });
    expect(persona).not.toHaveProperty("visitorId");
    const { persona: second } = await json<{ persona: { id: string } }>(await app.request("POST", "/api/personas", { name: "Wren" }, mine), 201);
    await json(await app.request("PATCH", `/api/personas/${second.id}`, { isDefault: true }, mine));
    const { personas } = await json<{ personas: { name: string; isDefault: boolean }[] }>(await app.request("GET", "/api/personas", undefined, mine));
    expect(personas).toEqual([expect.objectContaining({ name: "Orrin", isDefault: false }), expect.objectContaining({ name: "Wren", isDefault: true })]);
    expect((await json<{ personas: unknown[] }>(await app.request("GET", "/api/personas", undefined, theirs))).personas).toEqual([]);
    expect((await app.request("PATCH", `/api/personas/${persona.id}`, { name: "Thief" }, theirs)).status).toBe(404);
    expect((await app.request("POST", "/api/personas", { name: "" }, mine)).status).toBe(400);

    const invoked = await json<{ conversation: { id: string }; response: string }>(
      await app.request("POST", "/api/agents/echo-haiku/invoke", { message: "My name is Orrin." }, mine),
    );
    expect(invoked.response).toMatch(/^Wren, /);
    const chosen = await json<{ conversation: { personaId: string | null; memoryOn: boolean } }>(
      await app.request("POST", `/api/conversations/${invoked.conversation.id}/persona`, { personaId: persona.id }, mine),
    );
    expect(chosen.conversation).toMatchObject({ personaId: persona.id, memoryOn: true });
    expect((await app.request("POST", `/api/conversations/${invoked.conversation.id}/persona`, { personaId: null }, theirs)).status).toBe(404);
    await expect
      .poll(async () =>
        (await json<{ memories: { text: string }[] }>(await app.request("GET", "/api/agents/echo-haiku/memories", undefined, mine))).memories.map(
          (m) => m.text,
        ),
      )
      .toEqual(["your name is Orrin"]);
    expect((await json<{ memories: unknown[] }>(await app.request("GET", "/api/agents/echo-haiku/memories", undefined, theirs))).memories).toEqual([]);
    expect((await app.request("GET", "/api/agents/no-such-agent/memories", undefined, mine)).status).toBe(404);

    const [note] = (await json<{ memories: { id: string }[] }>(await app.request("GET", "/api/agents/echo-haiku/memories", undefined, mine))).memories;
    expect((await app.request("PATCH", `/api/memories/${note!.id}`, { text: "your name is Orrin Vale" }, theirs)).status).toBe(404);
    const edited = await json<{ memory: { text: string } }>(await app.request("PATCH", `/api/memories/${note!.id}`, { text: "your name is Orrin Vale" }, mine));
    expect(edited.memory.text).toBe("your name is Orrin Vale");
    const off = await json<{ conversation: { memoryOn: boolean } }>(
      await app.request("POST", `/api/conversations/${invoked.conversation.id}/memory`, { on: false }, mine),
    );
    expect(off.conversation.memoryOn).toBe(false);
    const thread = await json<Record<string, unknown>>(await app.request("GET", `/api/conversations/${invoked.conversation.id}`, undefined, mine));
    expect(thread.conversation).toMatchObject({ personaId: persona.id, memoryOn: false });
    expect((await json<{ forgotten: number }>(await app.request("DELETE", "/api/agents/echo-haiku/memories", undefined, mine))).forgotten).toBe(1);
    expect((await json<{ deletedPersonaId: string }>(await app.request("DELETE", `/api/personas/${persona.id}`, undefined, mine))).deletedPersonaId).toBe(
      persona.id,
    );
  });
});
