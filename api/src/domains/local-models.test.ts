// The whole Council on one local OpenAI-compatible server, configured as the README says (each
// seat's PROVIDER, BASE_URL and MODEL; no key): an agent's answer streams through
// agentInvocation and the Council deliberates through invokeCouncil, every request asking for the
// configured model, and what is stored and shown names the model the server says answered.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { databaseKinds } from "../../test/databases.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { COUNCIL_INVOCATION, INVOKE_COUNCIL, rebuild } from "../../test/council.ts";
import { isChairRequest, startFakeProviders, type FakeProviders } from "../../test/providers.ts";
import { socketClient, subscribe } from "../../test/subscriptions.ts";
import { SEATS, type Seat } from "../minds/identity.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** What the configuration asks for, and what the server (as Ollama does) says answered. */
const CONFIGURED = "llama3.2";
const ANSWERED = "llama3.2:latest";

const AGENT_INVOCATION = /* GraphQL */ `
  subscription AgentInvocation($input: InvokeAgentInput!) {
    agentInvocation(input: $input) {
      delta done seat mode provider model response error
      message { rawId status mode provider model }
      whisper { rawId mode provider seat model costUsd outputTokens }
    }
  }
`;

const CONVERSATION = /* GraphQL */ `
  query ($id: ID!) { conversation(id: $id) { messages { edges { node { role status mode provider model text } } } } }
`;

/** The asker's browser: its visitor key, as the web app sends it. */
const VISITOR = { "x-nomina-visitor": "local-models-visitor-0123456789abcdef" };

const ESTIMATE = /* GraphQL */ `
  query ($input: InvokeCouncilInput!) { councilEstimate(input: $input) { totalUsd answers { seat mode provider model costUsd } synthesis { provider model costUsd } } }
`;

const TOKENS: Record<Seat, string[]> = {
  gemini: ["A ", "name ", "is ", "a ", "lamp."],
  claude: ["Carry ", "it ", "gently."],
  perplexity: ["The ", "records ", "agree."],
  deepseek: ["Step ", "by ", "step."],
};
const SYNTHESIS = ["The ", "Council ", "speaks ", "as ", "one."];

describe.each(databaseKinds)("the Council on one local model server, on %s", (kind) => {
  let app: TestApp;
  let providers: FakeProviders;

  beforeAll(async () => {
    providers = await startFakeProviders();
    const env: Record<string, string> = { NODE_ENV: "test" };
    for (const seat of SEATS) {
      const name = seat.toUpperCase();
      Object.assign(env, {
        [`${name}_PROVIDER`]: "openai-compatible",
        [`${name}_BASE_URL`]: providers.boundUrl(seat, "openai_compatible"),
        [`${name}_MODEL`]: CONFIGURED,
      });
    }
    const { minds } = loadConfig(env);
    app = await startTestApp(kind, { minds: { ...minds, timeoutMs: 3_000, retryDelayMs: 5, oraclePaceMs: 0 } });
  });
  afterAll(async () => {
    await app?.stop();
    await providers?.close();
  });
  beforeEach(() => {
    providers.reset();
    for (const seat of SEATS) providers.script(seat, (request) => ({ tokens: isChairRequest(request) ? SYNTHESIS : TOKENS[seat], intervalMs: 5 }));
  });

  it("streams an agent's answer through agentInvocation, asking for the configured model and keeping the one that answered", async () => {
    const echo = await app.db.prisma.agent.findUniqueOrThrow({ where: { username: "echo-haiku" } });
    const seat = echo.apiModel;
    const socket = socketClient(app.url, VISITOR);
    const sub = subscribe<{ agentInvocation: Json }>(socket, AGENT_INVOCATION, { input: { agentId: echo.id, message: "Which lamp do you keep?" } });
    await sub.ended;
    await socket.dispose();
    expect(sub.errors).toEqual([]);
    const events = sub.events.map((e) => e.agentInvocation);

    // The seat keeps its name; while it speaks, the model asked for is the configured one.
    expect(events.slice(1, -1).map((e) => e.delta)).toEqual(TOKENS[seat]);
    expect(events.slice(0, -1).every((e) => e.seat === seat && e.mode === "model" && e.provider === "openai_compatible" && e.model === CONFIGURED)).toBe(true);
    const last = events.at(-1);
    expect(last).toMatchObject({
      done: true,
      error: null,
      response: TOKENS[seat].join(""),
      seat,
      mode: "model",
      provider: "openai_compatible",
      model: ANSWERED,
    });
    expect(last.whisper).toMatchObject({ mode: "model", provider: "openai_compatible", seat, model: ANSWERED, costUsd: 0, outputTokens: TOKENS[seat].length });
    expect(last.message).toMatchObject({ status: "complete", mode: "model", provider: "openai_compatible", model: ANSWERED });

    // One request, to the local server, for the configured model, with no key.
    expect(providers.requests).toHaveLength(1);
    expect(providers.requests[0]).toMatchObject({ seat, provider: "openai_compatible", model: CONFIGURED, key: undefined, prompt: "Which lamp do you keep?" });
    expect(providers.requests[0]!.system).toContain("You are Echo Haiku");

    // The thread, as the web app's answer card reads it, and the whisper over REST.
    const conversationId = (await app.db.prisma.message.findUniqueOrThrow({ where: { id: last.message.rawId } })).conversationId;
    const thread = await app.graphql<Json>(CONVERSATION, { id: Buffer.from(`Conversation:${conversationId}`).toString("base64") }, VISITOR);
    expect(thread.data.conversation.messages.edges.map((edge: Json) => edge.node)).toEqual([
      { role: "user", status: "complete", mode: null, provider: null, model: null, text: "Which lamp do you keep?" },
      { role: "agent", status: "complete", mode: "model", provider: "openai_compatible", model: ANSWERED, text: TOKENS[seat].join("") },
    ]);
    // The whisper is its thread's owner's while the thread is private.
    const rest = await app.request("GET", `/api/whispers/${last.whisper.rawId}`, undefined, VISITOR);
    expect((await rest.json()).whisper).toMatchObject({ mode: "model", provider: "openai_compatible", seat, model: ANSWERED, costUsd: 0 });
  });

  it("deliberates through invokeCouncil: each seat and the chair ask for the configured model and are shown with the one that answered", async () => {
    const estimate = (await app.graphql<Json>(ESTIMATE, { input: { prompt: "How should a new mind choose its name?" } })).data.councilEstimate;
    // A local model costs nothing, and the estimate says so before the question is asked.
    expect(estimate.totalUsd).toBe(0);
    expect(estimate.answers).toEqual(SEATS.map((seat) => ({ seat, mode: "model", provider: "openai_compatible", model: CONFIGURED, costUsd: 0 })));

    const invoked = await app.graphql<Json>(INVOKE_COUNCIL, { input: { prompt: "How should a new mind choose its name?" } });
    expect(invoked.errors).toBeUndefined();
    const invocation = invoked.data.invokeCouncil.invocation;
    const socket = socketClient(app.url);
    const stream = subscribe<{ councilInvocation: Json }>(socket, COUNCIL_INVOCATION, { id: invocation.id });
    await stream.ended;
    await socket.dispose();
    expect(stream.errors).toEqual([]);
    expect(rebuild(stream.events)).toEqual({ ...Object.fromEntries(SEATS.map((seat) => [seat, TOKENS[seat].join("")])), synthesis: SYNTHESIS.join("") });

    const events = stream.events.map((e) => e.councilInvocation);
    for (const seat of SEATS) {
      const voice = events.filter((e) => e.seat === seat);
      // Its card first shows the model asked for, and once it has answered the one that did.
      expect(voice.filter((e) => !e.done).every((e) => e.mode === "model" && e.provider === "openai_compatible" && e.model === CONFIGURED)).toBe(true);
      expect(voice.filter((e) => e.done)).toEqual([expect.objectContaining({ failed: false, mode: "model", provider: "openai_compatible", model: ANSWERED })]);
    }
    const last = events.at(-1);
    expect(last).toMatchObject({ seat: "synthesis", last: true, chair: "claude", provider: "openai_compatible", model: ANSWERED });
    expect(last.invocation).toMatchObject({ status: "complete", costUsd: 0 });
    expect(last.invocation.answers).toEqual(
      SEATS.map((seat) =>
        expect.objectContaining({
          seat,
          status: "answered",
          mode: "model",
          provider: "openai_compatible",
          model: ANSWERED,
          costUsd: 0,
          outputTokens: TOKENS[seat].length,
        }),
      ),
    );
    expect(last.invocation.synthesis).toMatchObject({ seat: "claude", status: "answered", mode: "model", provider: "openai_compatible", model: ANSWERED });

    // Four answers and the chair's synthesis, every one for the configured model, none with a key.
    expect(providers.requests.map((r) => [r.seat, r.provider, r.model, r.key, isChairRequest(r)]).sort()).toEqual(
      [...SEATS.map((seat) => [seat, "openai_compatible", CONFIGURED, undefined, false]), ["claude", "openai_compatible", CONFIGURED, undefined, true]].sort(),
    );

    // Read back later, from the stored invocation.
    const stored = await app.graphql<Json>(
      `query ($id: ID!) { node(id: $id) { ... on CouncilInvocation { answers { seat provider model } synthesis { provider model } } } }`,
      { id: invocation.id },
    );
    expect(stored.data.node.answers).toEqual(SEATS.map((seat) => ({ seat, provider: "openai_compatible", model: ANSWERED })));
    expect(stored.data.node.synthesis).toEqual({ provider: "openai_compatible", model: ANSWERED });
  });
});
