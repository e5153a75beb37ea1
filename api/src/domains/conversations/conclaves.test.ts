// Conclaves (#28) over real HTTP, with every seat answered by the provider stand-ins: who speaks
// in each turn order, the thread as each agent reads it, "let them talk" and its bound, a stop
// that cancels exactly the agent speaking, regenerate and edit kept with their speaker, each
// answer metered, streaming labelled by speaker, the turn order changed, memory per agent (learnt
// from the visitor's words only), GraphQL and REST alike.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CONCLAVE_MAX_TURNS } from "@nomina/shared/conclaves";
import { registered, signedIn, bearer, socket as socketAs } from "../../../test/accounts.ts";
import { databaseKinds } from "../../../test/databases.ts";
import { startTestApp, type TestApp } from "../../../test/harness.ts";
import { settingsFor } from "../../../test/minds.ts";
import { startFakeProviders, type FakeProviders, type RecordedRequest } from "../../../test/providers.ts";
import { subscribe } from "../../../test/subscriptions.ts";
import { as, newVisitor } from "../../../test/visitors.ts";
import { SEATS, type Seat } from "../../minds/identity.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
type Agent = { id: string; name: string; username: string; apiModel: Seat };

const START = /* GraphQL */ `
  mutation StartConclave($input: StartConclaveInput!) {
    startConclave(input: $input) { conversation { id rawId turnOrder participants { position agent { username } } } }
  }
`;
const SPEAK = /* GraphQL */ `
  mutation SpeakInConclave($input: ConclaveTurnsInput!) {
    speakInConclave(input: $input) {
      question { text }
      turns { stopped speaker { username } message { rawId status text speaker { username } } }
      error errorCode
    }
  }
`;
const TURNS = /* GraphQL */ `
  subscription ConclaveTurns($input: ConclaveTurnsInput!) {
    conclaveTurns(input: $input) { delta turnDone done stopped response error speaker { username } message { rawId status } }
  }
`;
const SET_ORDER = /* GraphQL */ `
  mutation SetOrder($input: SetConclaveTurnOrderInput!) {
    setConclaveTurnOrder(input: $input) { conversation { id turnOrder } }
  }
`;
const THREAD = /* GraphQL */ `
  query Thread($id: ID!) {
    conversation(id: $id) {
      turnOrder
      participants { position answerCount costUsd outputTokens agent { username } }
      messages(first: 50) { edges { node { role text status speaker { username } } } }
    }
  }
`;

describe.each(databaseKinds)("conclaves on %s", (kind) => {
  let app: TestApp;
  let providers: FakeProviders;
  /** One agent bound to each seat: a request's seat says who spoke. */
  const bySeat = {} as Record<Seat, Agent>;
  let a: Agent, b: Agent, c: Agent, d: Agent;

  beforeAll(async () => {
    providers = await startFakeProviders();
    app = await startTestApp(kind, { minds: settingsFor(providers, SEATS, { timeoutMs: 5_000 }) });
    for (const seat of SEATS) {
      bySeat[seat] = await app.db.prisma.agent.findFirstOrThrow({ where: { apiModel: seat, isActive: true, archived: false }, orderBy: { username: "asc" } });
    }
    [a, b, c, d] = [bySeat.gemini, bySeat.claude, bySeat.perplexity, bySeat.deepseek];
  });
  afterAll(async () => {
    await app?.stop();
    await providers?.close();
  });
  beforeEach(() => providers.reset());

  const speakerOf = (request: RecordedRequest) => bySeat[request.seat].username;

  async function open(visitor: string, agents: Agent[], turnOrder: string): Promise<string> {
    const response = await app.request("POST", "/api/conclaves", { agentIds: agents.map((agent) => agent.id), turnOrder }, as(visitor));
    expect(response.status).toBe(201);
    const body: Json = await response.json();
    expect(body.conversation.participants.map((seat: Json) => seat.agent.username)).toEqual(agents.map((agent) => agent.username));
    return body.conversation.id;
  }

  async function turns(visitor: string, conversationId: string, body: Record<string, unknown>, status = 200): Promise<Json> {
    const response = await app.request("POST", `/api/conversations/${conversationId}/turns`, body, as(visitor));
    const json: Json = await response.json();
    expect(response.status, JSON.stringify(json)).toBe(status);
    return json;
  }

  const speakers = (run: Json) => run.turns.map((turn: Json) => turn.speaker.username);

  it("in turn: each message is answered by the next agent round the table, each in its persona through its own seat, reading the others by name", async () => {
    const visitor = newVisitor("conclave");
    const id = await open(visitor, [a, b, c], "in_turn");
    const order: string[] = [];
    for (const message of ["Hello, all of you", "What is a lighthouse?", "And a harbour?", "Once more"]) {
      const run = await turns(visitor, id, { message });
      expect(run.turns).toHaveLength(1);
      expect(run.question.text).toBe(message);
      expect(run.turns[0].message).toMatchObject({ status: "complete", agentId: run.turns[0].speaker.id });
      order.push(...speakers(run));
    }
    expect(order).toEqual([a.username, b.username, c.username, a.username]);
    // Each request came through the speaker's own seat, in its persona, told who else sits.
    expect(providers.requests.map(speakerOf)).toEqual(order);
    const second = providers.requests[1]!;
    expect(second.system).toContain(`You are ${b.name}`);
    expect(second.system).toContain("conclave");
    expect(second.system).toContain(a.name);
    expect(second.system).toContain(c.name);
    // B reads A's answer named, and the visitor's words plain; A reads its own answer as its own.
    expect(second.turns.map((turn) => turn.role)).toEqual(["user"]);
    expect(second.prompt).toContain(`[${a.name}]: `);
    expect(second.prompt).toContain("What is a lighthouse?");
    const fourth = providers.requests[3]!;
    expect(fourth.turns.map((turn) => turn.role)).toEqual(["user", "agent", "user"]);
    expect(fourth.prompt).toContain(`[${b.name}]: `);
    expect(fourth.prompt).toContain(`[${c.name}]: `);
  });

  it("addressed: the agent the message names answers, else the next in turn; by hand: the one picked, and a pick is required", async () => {
    const visitor = newVisitor("conclave");
    const id = await open(visitor, [a, b, c], "addressed");
    expect(speakers(await turns(visitor, id, { message: `${c.name}, what do you see?` }))).toEqual([c.username]);
    expect(speakers(await turns(visitor, id, { message: `And you, @${b.username}?` }))).toEqual([b.username]);
    // No one named: the next after the last speaker (b) answers.
    expect(speakers(await turns(visitor, id, { message: "Anyone?" }))).toEqual([c.username]);

    const hand = await open(visitor, [a, b, c], "by_hand");
    const refused = await turns(visitor, hand, { message: "Who will answer?" }, 400);
    expect(refused.message).toContain("Pick who answers");
    expect(speakers(await turns(visitor, hand, { message: "You, please", speakerId: b.id }))).toEqual([b.username]);
    expect(speakers(await turns(visitor, hand, { message: "Now you", speakerId: c.username }))).toEqual([c.username]);
    const outsider = await turns(visitor, hand, { message: "And a stranger", speakerId: d.id }, 404);
    expect(outsider.message).toContain("no seat");
    // The order can change; the visitor's messages are their own to run.
    const changed = await app.request("POST", `/api/conversations/${hand}/turn-order`, { turnOrder: "in_turn" }, as(visitor));
    expect(await changed.json()).toMatchObject({ conversation: { turnOrder: "in_turn" } });
    expect(speakers(await turns(visitor, hand, { message: "Next" }))).toEqual([a.username]);
    expect((await app.request("POST", `/api/conversations/${hand}/turns`, { message: "Not mine" }, as(newVisitor("stranger")))).status).toBe(404);
  });

  it("let them talk: the agents go on in turn without the visitor, at most six turns a run", async () => {
    const visitor = newVisitor("conclave");
    const id = await open(visitor, [a, b, c, d], "in_turn");
    // Nothing to talk about yet.
    expect((await turns(visitor, id, {}, 409)).message).toContain("Say something first");
    const run = await turns(visitor, id, { message: "Discuss the tide among yourselves", turns: CONCLAVE_MAX_TURNS });
    expect(speakers(run)).toEqual([a, b, c, d, a, b].map((agent) => agent.username));
    expect(providers.requests).toHaveLength(CONCLAVE_MAX_TURNS);
    // Each turn answers the one before it; the visitor's message is the first's alone.
    const thread = await (await app.request("GET", `/api/conversations/${id}`, undefined, as(visitor))).json();
    expect(thread.messages.map((message: Json) => message.role)).toEqual(["user", ...Array(6).fill("agent")]);
    expect(thread.messages.slice(1).map((message: Json) => message.agentId)).toEqual([a, b, c, d, a, b].map((agent) => agent.id));
    expect(thread.conversation.participants.map((seat: Json) => [seat.agent.username, seat.answerCount])).toEqual([
      [a.username, 2],
      [b.username, 2],
      [c.username, 1],
      [d.username, 1],
    ]);
    // Going on alone, from the thread's last word.
    expect(speakers(await turns(visitor, id, { turns: 2 }))).toEqual([c.username, d.username]);
    // The bound is the server's: seven turns are refused before any seat is asked.
    providers.reset();
    expect((await turns(visitor, id, { turns: CONCLAVE_MAX_TURNS + 1 }, 400)).message).toContain("1 to 6 turns");
    const overGraph = await app.graphql(SPEAK, { input: { conversationId: id, turns: 7 } }, as(visitor));
    expect(overGraph.errors?.[0]?.message).toContain("1 to 6 turns");
    expect(providers.requests).toHaveLength(0);
  });

  it("a stop mid-turn cancels exactly the speaking agent's call: the answers before are kept and no further turn is taken", async () => {
    const visitor = newVisitor("conclave");
    const id = await open(visitor, [a, b, c], "in_turn");
    // b says a word, then holds its stream open until the test is done.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    providers.script(b.apiModel, { tokens: ["Half ", "a ", "thought"], gate: held, gateAt: 1 });
    const running = turns(visitor, id, { message: "Talk it through", turns: 3 });
    await expect.poll(() => providers.requests.filter((request) => request.seat === b.apiModel).length, { timeout: 10_000 }).toBe(1);
    // The provider is asked while the turn's rows are written: the answer is found once stored.
    await expect.poll(() => app.db.prisma.message.count({ where: { conversationId: id, status: "streaming", agentId: b.id } }), { timeout: 10_000 }).toBe(1);
    const speaking = await app.db.prisma.message.findFirstOrThrow({ where: { conversationId: id, status: "streaming" } });
    const stopped = await app.request("POST", `/api/messages/${speaking.id}/stop`, {}, as(visitor));
    expect(stopped.status).toBe(200);
    const run = await running;
    release();
    expect(speakers(run)).toEqual([a.username, b.username]);
    expect(run.turns[0]).toMatchObject({ stopped: false, message: { status: "complete" } });
    expect(run.turns[1]).toMatchObject({ stopped: true, message: { status: "stopped" } });
    // The provider saw b's call, and only b's, hang up; c was never asked.
    await expect.poll(() => providers.requests.find((request) => request.seat === b.apiModel)?.cancelled ?? false).toBe(true);
    expect(providers.requests.map(speakerOf)).toEqual([a.username, b.username]);
    expect(providers.requests.find((request) => request.seat === a.apiModel)?.cancelled).toBeUndefined();
    const thread = await (await app.request("GET", `/api/conversations/${id}`, undefined, as(visitor))).json();
    expect(thread.messages.map((message: Json) => [message.agentId, message.status])).toEqual([
      [null, "complete"],
      [a.id, "complete"],
      [b.id, "stopped"],
    ]);
  });

  it("regenerate asks the same agent again, an edit is answered by the agent that answered it, continue goes on in the speaker's voice", async () => {
    const visitor = newVisitor("conclave");
    const id = await open(visitor, [a, b, c], "in_turn");
    const run = await turns(visitor, id, { message: "Begin", turns: 2 });
    const bAnswer = run.turns[1].message;
    providers.reset();
    const again = await app.request("POST", `/api/messages/${bAnswer.id}/regenerate`, {}, as(visitor));
    expect(again.status).toBe(200);
    const regenerated: Json = await again.json();
    expect(regenerated.message.siblingIndex).toBe(2);
    expect(providers.requests.map(speakerOf)).toEqual([b.username]);
    expect(providers.requests[0]!.prompt).toContain(`[${a.name}]: `);
    expect((await app.db.prisma.message.findUniqueOrThrow({ where: { id: regenerated.message.id } })).agentId).toBe(b.id);

    providers.reset();
    const edited = await app.request("POST", `/api/messages/${run.question.id}/edit`, { message: "Begin again" }, as(visitor));
    expect(edited.status).toBe(200);
    const edit: Json = await edited.json();
    expect(providers.requests.map(speakerOf)).toEqual([a.username]);
    expect((await app.db.prisma.message.findUniqueOrThrow({ where: { id: edit.message.id } })).agentId).toBe(a.id);

    providers.reset();
    const more = await app.request("POST", `/api/messages/${edit.message.id}/continue`, {}, as(visitor));
    expect(more.status).toBe(200);
    expect(providers.requests.map(speakerOf)).toEqual([a.username]);
    expect(providers.requests[0]!.system).toContain("conclave");
    // The next message goes on in turn after the last speaker on the path (a).
    expect(speakers(await turns(visitor, id, { message: "And then?" }))).toEqual([b.username]);
  });

  it("GraphQL runs the same conclave: labelled streaming per speaker, participants with their cost, speakers on messages, and each answer metered", async () => {
    const account = await registered(app);
    const token = await signedIn(app, account);
    const started = await app.graphql<Json>(START, { input: { agentIds: [a.id, b.id, c.id], turnOrder: "in_turn" } }, bearer(token));
    expect(started.errors).toBeUndefined();
    const conversation = started.data.startConclave.conversation;
    expect(conversation.turnOrder).toBe("in_turn");
    expect(conversation.participants.map((seat: Json) => seat.agent.username)).toEqual([a.username, b.username, c.username]);
    const before = (await app.db.prisma.user.findUniqueOrThrow({ where: { id: account.id } })).echoInteractions;

    const spoken = await app.graphql<Json>(SPEAK, { input: { conversationId: conversation.id, message: "Speak in turn", turns: 2 } }, bearer(token));
    expect(spoken.errors).toBeUndefined();
    expect(spoken.data.speakInConclave.turns.map((turn: Json) => [turn.speaker.username, turn.message.speaker.username, turn.message.status])).toEqual([
      [a.username, a.username, "complete"],
      [b.username, b.username, "complete"],
    ]);

    const socket = await socketAs(app, token);
    const sub = subscribe<{ conclaveTurns: Json }>(socket, TURNS, { input: { conversationId: conversation.id, turns: 3 } });
    await sub.ended;
    await socket.dispose();
    expect(sub.errors).toEqual([]);
    const events = sub.events.map((event) => event.conclaveTurns);
    const ends = events.filter((event) => event.turnDone);
    expect(ends.map((event) => event.speaker.username)).toEqual([c.username, a.username, b.username]);
    // Every word is labelled with the agent speaking it, and adds up to its answer.
    for (const end of ends) {
      // The turn's first event names its speaker and answer before any of its words.
      const first = events.findIndex((event) => event.message?.rawId === end.message.rawId);
      expect(events[first]).toMatchObject({ delta: "", turnDone: false, speaker: { username: end.speaker.username } });
      expect(events.findIndex((event) => event.delta !== "" && event.speaker.username === end.speaker.username)).toBeGreaterThan(first);
      const words = events
        .filter((event) => event.delta !== "" && event.speaker.username === end.speaker.username)
        .map((event) => event.delta)
        .join("");
      expect(words).toBe(end.response);
    }
    expect(events.at(-1)).toMatchObject({ done: true, error: null, speaker: null });

    // Each agent answer counted as one answer of a thread.
    expect((await app.db.prisma.user.findUniqueOrThrow({ where: { id: account.id } })).echoInteractions).toBe(before + 5);

    const thread = await app.graphql<Json>(THREAD, { id: conversation.id }, bearer(token));
    const participants = thread.data.conversation.participants;
    expect(participants.map((seat: Json) => [seat.agent.username, seat.answerCount])).toEqual([
      [a.username, 2],
      [b.username, 2],
      [c.username, 1],
    ]);
    expect(participants.every((seat: Json) => seat.outputTokens > 0 && seat.costUsd >= 0)).toBe(true);
    const messages = thread.data.conversation.messages.edges.map((edge: Json) => edge.node);
    expect(messages.map((message: Json) => message.speaker?.username ?? null)).toEqual([null, a.username, b.username, c.username, a.username, b.username]);

    // Shared, a reader sees the conclave with its speakers.
    const shared = await app.request("POST", `/api/conversations/${conversation.rawId}/share`, { visibility: "public" }, bearer(token));
    expect(shared.status).toBe(200);
    const read = await app.graphql<Json>(THREAD, { id: conversation.id });
    expect(read.data.conversation.participants).toHaveLength(3);
    expect(read.data.conversation.messages.edges.at(-1).node.speaker.username).toBe(b.username);
  });

  it("GraphQL changes the turn order: the next message follows the new order; a stranger and a single-agent thread are refused; lists name every agent", async () => {
    const account = await registered(app);
    const token = await signedIn(app, account);
    const started = await app.graphql<Json>(START, { input: { agentIds: [a.id, b.id, c.id], turnOrder: "by_hand" } }, bearer(token));
    const conversation = started.data.startConclave.conversation;
    // By hand, a message without a pick is refused.
    expect((await app.graphql<Json>(SPEAK, { input: { conversationId: conversation.id, message: "Anyone?" } }, bearer(token))).errors?.[0]?.message).toContain(
      "Pick who answers",
    );
    const changed = await app.graphql<Json>(SET_ORDER, { input: { conversationId: conversation.id, turnOrder: "addressed" } }, bearer(token));
    expect(changed.errors).toBeUndefined();
    expect(changed.data.setConclaveTurnOrder.conversation).toEqual({ id: conversation.id, turnOrder: "addressed" });
    const addressed = await app.graphql<Json>(SPEAK, { input: { conversationId: conversation.id, message: `${c.name}, you first` } }, bearer(token));
    expect(addressed.data.speakInConclave.turns.map((turn: Json) => turn.speaker.username)).toEqual([c.username]);
    await app.graphql<Json>(SET_ORDER, { input: { conversationId: conversation.id, turnOrder: "in_turn" } }, bearer(token));
    // In turn after c: a, whoever the message names.
    const inTurn = await app.graphql<Json>(SPEAK, { input: { conversationId: conversation.id, message: `${b.name}, and you?` } }, bearer(token));
    expect(inTurn.data.speakInConclave.turns.map((turn: Json) => turn.speaker.username)).toEqual([a.username]);
    expect((await app.graphql<Json>(THREAD, { id: conversation.id }, bearer(token))).data.conversation.turnOrder).toBe("in_turn");
    // Not the caller's: not found, and unchanged; an unknown order fails validation.
    const stranger = await app.graphql<Json>(SET_ORDER, { input: { conversationId: conversation.id, turnOrder: "by_hand" } }, as(newVisitor("stranger")));
    expect(stranger.errors?.[0]?.message).toContain("not found");
    expect((await app.db.prisma.conversation.findUniqueOrThrow({ where: { id: conversation.rawId } })).turnOrder).toBe("in_turn");
    expect((await app.graphql<Json>(SET_ORDER, { input: { conversationId: conversation.id, turnOrder: "loudest" } }, bearer(token))).errors).toHaveLength(1);
    const visitor = newVisitor("conclave");
    const single: Json = await (await app.request("POST", `/api/agents/${a.id}/invoke`, { message: "Alone" }, as(visitor))).json();
    // A raw id is taken as the global one is.
    const refused = await app.graphql<Json>(SET_ORDER, { input: { conversationId: single.conversation.id, turnOrder: "in_turn" } }, as(visitor));
    expect(refused.errors?.[0]?.message).toContain("not a conclave");
    // A list of threads names every agent of a conclave in seat order, and a thread's one agent.
    const listed = async (headers: Record<string, string>) =>
      (await app.graphql<Json>(`{ conversations(first: 5) { edges { node { agents { username } } } } }`, {}, headers)).data.conversations.edges.map(
        (edge: Json) => edge.node.agents.map((agent: Json) => agent.username),
      );
    expect(await listed(bearer(token))).toEqual([[a.username, b.username, c.username]]);
    expect(await listed(as(visitor))).toEqual([[a.username]]);
  });

  it("memory is kept per agent, and each learns only from the visitor's own words, never from another agent's", async () => {
    const visitor = newVisitor("conclave");
    const id = await open(visitor, [a, b, c], "in_turn");
    const NOTES = "You keep short notes";
    // Each seat answers claiming things about itself (words that would teach, were they the visitor's);
    // asked for notes, it notes what "the person said", so a note shows whose words it learnt from.
    for (const agent of [a, b, c]) {
      providers.script(agent.apiModel, (request) =>
        request.system.includes(NOTES)
          ? {
              tokens: [
                JSON.stringify({
                  notes: [{ kind: "note", text: `${agent.username} heard: ${/The person said:\n([^\n]*)/.exec(request.prompt)?.[1] ?? "?"}` }],
                }),
              ],
            }
          : { tokens: [`My name is ${agent.name}, and I love storms.`] },
      );
    }
    const memoriesOf = async (agent: Agent) =>
      (await (await app.request("GET", `/api/agents/${agent.username}/memories`, undefined, as(visitor))).json()).memories.map((note: Json) => note.text);
    const noted = () => providers.requests.filter((request) => request.system.includes(NOTES));

    // a answers the visitor, b and c go on alone: only a is asked for notes, from the visitor's words.
    const run = await turns(visitor, id, { message: "My name is Wren and I love the sea", turns: 3 });
    expect(speakers(run)).toEqual([a.username, b.username, c.username]);
    await expect.poll(() => memoriesOf(a), { timeout: 10_000 }).toEqual([`${a.username} heard: My name is Wren and I love the sea`]);
    expect(noted().map(speakerOf)).toEqual([a.username]);
    expect(await memoriesOf(b)).toEqual([]);
    expect(await memoriesOf(c)).toEqual([]);

    // b answers the visitor next (picked): it learns this, and a's note stays a's alone.
    await turns(visitor, id, { message: "I live by the harbour", speakerId: b.id });
    await expect.poll(() => memoriesOf(b), { timeout: 10_000 }).toEqual([`${b.username} heard: I live by the harbour`]);
    expect(await memoriesOf(a)).toEqual([`${a.username} heard: My name is Wren and I love the sea`]);
    expect(await memoriesOf(c)).toEqual([]);
    // What every notes request was shown as the visitor's words: the visitor's, never an agent's.
    expect(noted().map((request) => /The person said:\n([^\n]*)/.exec(request.prompt)?.[1])).toEqual([
      "My name is Wren and I love the sea",
      "I live by the harbour",
    ]);

    // Each agent is told its own notes when it answers, not another's.
    providers.reset();
    for (const agent of [a, b, c]) providers.script(agent.apiModel, { tokens: ["Noted."] });
    await turns(visitor, id, { message: "What do you remember?", speakerId: a.id });
    const asked = providers.requests.find((request) => !request.system.includes(NOTES))!;
    expect(speakerOf(asked)).toBe(a.username);
    expect(asked.system).toContain(`${a.username} heard: My name is Wren`);
    expect(asked.system).not.toContain(`${b.username} heard`);
  });

  it("refuses a conclave of one agent, of seven, the same agent twice, or an unknown one; and a single-agent thread is no conclave", async () => {
    const visitor = newVisitor("conclave");
    const refuse = async (agentIds: string[], status: number) => {
      const response = await app.request("POST", "/api/conclaves", { agentIds, turnOrder: "in_turn" }, as(visitor));
      expect(response.status, JSON.stringify(agentIds)).toBe(status);
      return await response.json();
    };
    expect((await refuse([a.id], 400)).message).toContain("2 to 6");
    expect((await refuse([a.id, b.id, c.id, d.id, a.id, b.id, c.id], 400)).message).toContain("2 to 6");
    expect((await refuse([a.id, a.id], 400)).message).toContain("2 to 6");
    expect((await refuse([a.id, a.username], 400)).message).toContain("2 to 6");
    await refuse([a.id, "no-such-agent-anywhere"], 404);
    const single = await app.request("POST", `/api/agents/${a.id}/invoke`, { message: "Alone" }, as(visitor));
    const { conversation } = await single.json();
    expect((await turns(visitor, conversation.id, { message: "More" }, 409)).message).toContain("not a conclave");
  });
});
