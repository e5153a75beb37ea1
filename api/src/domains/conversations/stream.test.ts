// The streamed agent answer over a real graphql-ws connection: agentInvocation delivers the
// bound seat's tokens as they come and ends with the stored whisper; refusals are GraphQL
// errors; a seat that fails ends the stream with its reason and stores nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { databaseKinds } from "../../../test/databases.ts";
import { startTestApp, type TestApp } from "../../../test/harness.ts";
import { capturedLogger, keysOf, settingsFor } from "../../../test/minds.ts";
import { startFakeProviders, type FakeProviders } from "../../../test/providers.ts";
import { socketClient, subscribe } from "../../../test/subscriptions.ts";
import { GLYPH_RITUALS } from "../../minds/rituals.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

export const AGENT_INVOCATION = /* GraphQL */ `
  subscription AgentInvocation($input: InvokeAgentInput!) {
    agentInvocation(input: $input) {
      delta done stopped seat mode provider model response error errorCode
      conversation { rawId title messageCount }
      question { rawId role text }
      message { rawId role status siblingIndex }
      whisper { id rawId truth response glyphType mode provider seat model latencyMs inputTokens outputTokens costUsd agent { username } }
    }
  }
`;

type Event = { agentInvocation: Json };

/**
 * The seat's time limit: one stall test waits it out, and every other answer must fit in it while
 * the thread's rows are written beside the call (PGlite's writes share this thread), on a busy
 * machine too.
 */
const SEAT_TIMEOUT_MS = 3_000;

describe.each(databaseKinds)("streamed agent invocations on %s", (kind) => {
  let app: TestApp;
  let providers: FakeProviders;
  const logged = capturedLogger();
  // echo-haiku is bound to gemini, the one seat with a key here; the others answer from the oracle.
  let echo: { id: string; apiModel: string };
  let oracleAgent: { id: string; apiModel: string };

  beforeAll(async () => {
    providers = await startFakeProviders();
    app = await startTestApp(kind, { minds: settingsFor(providers, ["gemini"], { timeoutMs: SEAT_TIMEOUT_MS }), logger: logged.log });
    echo = await app.db.prisma.agent.findUniqueOrThrow({ where: { username: "echo-haiku" } });
    expect(echo.apiModel).toBe("gemini");
    oracleAgent = await app.db.prisma.agent.findFirstOrThrow({ where: { apiModel: { not: echo.apiModel as "gemini" } } });
  });
  afterAll(async () => {
    await app?.stop();
    await providers?.close();
  });
  beforeEach(() => providers.reset());

  async function stream(input: Record<string, unknown>) {
    const socket = socketClient(app.url);
    const sub = subscribe<Event>(socket, AGENT_INVOCATION, { input });
    await sub.ended;
    await socket.dispose();
    return { events: sub.events.map((e) => e.agentInvocation), errors: sub.errors };
  }

  it("streams the bound seat's tokens in order, in character, then the stored whisper", async () => {
    const tokens = ["The ", "cache ", "remembers ", "winter."];
    providers.script(echo.apiModel as "gemini", { tokens, intervalMs: 10 });
    const before = await app.db.prisma.whisper.count();
    const { events, errors } = await stream({ agentId: echo.id, message: "What does the cache remember?" });
    expect(errors).toEqual([]);
    // The first event names the thread and the answer being spoken, before its first word.
    expect(events[0]).toMatchObject({
      delta: "",
      done: false,
      question: { role: "user", text: "What does the cache remember?" },
      message: { role: "agent", status: "streaming" },
    });
    expect(events[0].conversation).toMatchObject({ title: "What does the cache remember?", messageCount: 2 });
    expect(events.slice(1, -1).map((e) => e.delta)).toEqual(tokens);
    expect(events.slice(0, -1).every((e) => !e.done && e.whisper === null && e.mode === "model" && e.provider === "google" && e.seat === echo.apiModel)).toBe(
      true,
    );
    const last = events.at(-1);
    expect(last).toMatchObject({ done: true, stopped: false, delta: "", response: tokens.join(""), error: null, model: `${echo.apiModel}-test-model` });
    expect(last.message).toMatchObject({ rawId: events[0].message.rawId, status: "complete" });
    expect(last.whisper).toMatchObject({
      truth: "What does the cache remember?",
      response: tokens.join(""),
      mode: "model",
      provider: "google",
      seat: echo.apiModel,
      model: `${echo.apiModel}-test-model`,
      outputTokens: tokens.length,
      costUsd: null,
      agent: { username: "echo-haiku" },
    });
    expect(last.whisper.latencyMs).toBeGreaterThanOrEqual(0);
    expect(await app.db.prisma.whisper.count()).toBe(before + 1);
    // The request spoke as the agent.
    const [request] = providers.requests;
    expect(request!.system).toContain("You are Echo Haiku");
    expect(request!.prompt).toBe("What does the cache remember?");

    // invokeAgent and REST run the same invocation, unstreamed.
    const rest = await app.request("POST", `/api/agents/${echo.id}/invoke`, { message: "What does the cache remember?" });
    expect(await rest.json()).toMatchObject({ response: tokens.join(""), mode: "model", whisper: { model: `${echo.apiModel}-test-model` } });
  });

  it("streams a glyph ritual with its fixed prompt", async () => {
    providers.script(echo.apiModel as "gemini", { tokens: ["a ", "poem"] });
    const { events } = await stream({ agentId: echo.id, glyphType: "poem" });
    expect(events.at(-1).whisper).toMatchObject({ glyphType: "poem", truth: GLYPH_RITUALS.poem.prompt, response: "a poem" });
    expect(providers.requests[0]!.prompt).toBe(GLYPH_RITUALS.poem.prompt);
  });

  it("streams a keyless seat from the oracle in chunks, marked oracle", async () => {
    const { events } = await stream({ agentId: oracleAgent.id, message: "Tell me of the lighthouse" });
    expect(events.length).toBeGreaterThan(5);
    const last = events.at(-1);
    expect(last.whisper).toMatchObject({ mode: "oracle", model: "nomina-oracle-1", costUsd: 0 });
    expect(events.map((e) => e.delta).join("")).toBe(last.whisper.response);
    expect(events.every((e) => e.mode === "oracle")).toBe(true);
    expect(providers.requests).toHaveLength(0);
  });

  it("ends with the seat's failure, keeps the failed turn in the thread and stores no whisper when the provider fails", async () => {
    providers.script(echo.apiModel as "gemini", { tokens: ["Half ", "a ", "thought"], stall: 1 });
    const before = await app.db.prisma.whisper.count();
    const { events, errors } = await stream({ agentId: echo.id, message: "Will you finish?" });
    expect(errors).toEqual([]);
    expect(events.map((e) => e.delta)).toEqual(["", "Half ", ""]);
    expect(events.at(-1)).toMatchObject({
      done: true,
      whisper: null,
      response: null,
      errorCode: "SEAT_TIMEOUT",
      error: `${echo.apiModel} did not finish within ${SEAT_TIMEOUT_MS} ms`,
    });
    const failedTurn = await app.db.prisma.message.findFirstOrThrow({ where: { id: events[0].message.rawId } });
    expect(failedTurn).toMatchObject({ status: "failed", text: "Half ", error: `${echo.apiModel} did not finish within ${SEAT_TIMEOUT_MS} ms` });

    providers.script(echo.apiModel as "gemini", { status: 500, echoKey: true });
    const failed = await stream({ agentId: echo.id, message: "And now?" });
    expect(failed.events).toEqual([
      expect.objectContaining({ done: false, delta: "" }),
      expect.objectContaining({ done: true, errorCode: "SEAT_FAILED", error: expect.stringMatching(/answered 500.*\[redacted\]/) }),
    ]);
    expect(await app.db.prisma.whisper.count()).toBe(before);

    // The mutation and REST report the same failure as an error.
    const rest = await app.request("POST", `/api/agents/${echo.id}/invoke`, { message: "And now?" });
    expect(rest.status).toBe(502);
    expect((await rest.json()).message).toMatch(/answered 500/);
    const mutation = await app.graphql(`mutation ($input: InvokeAgentInput!) { invokeAgent(input: $input) { response } }`, {
      input: { agentId: echo.id, message: "And now?" },
    });
    expect(mutation.errors?.[0]).toMatchObject({ extensions: { code: "SEAT_FAILED" } });
    expect(await app.db.prisma.whisper.count()).toBe(before);
  });

  it("refuses an empty message and an unknown agent with a GraphQL error before any event", async () => {
    for (const [input, message, code] of [
      [{ agentId: echo.id, message: "  " }, "Your invocation cannot be empty", "BAD_USER_INPUT"],
      [{ agentId: "00000000-0000-7000-8000-000000000000", message: "Hello?" }, "Agent not found", "NOT_FOUND"],
    ] as const) {
      const { events, errors } = await stream(input);
      expect(events).toEqual([]);
      expect(errors[0]).toMatchObject({ message, extensions: { code } });
    }
    expect(providers.requests).toHaveLength(0);
  });

  it("stops the seat when the client leaves mid-answer, and keeps what was said as stopped", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    providers.script(echo.apiModel as "gemini", { tokens: ["one ", "two ", "three"], gate, gateAt: 1 });
    const before = await app.db.prisma.whisper.count();
    const socket = socketClient(app.url);
    const sub = subscribe<Event>(socket, AGENT_INVOCATION, { input: { agentId: echo.id, message: "Stay a while" } });
    // The start, then the first word: the stand-in holds the rest back.
    await sub.until((events) => events.length === 2);
    const replyId = sub.events[0]!.agentInvocation.message.rawId as string;
    sub.stop();
    await socket.dispose();
    // The provider sees the call cancelled, and the answer is kept as far as it went.
    await expect.poll(() => providers.requests.at(-1)?.cancelled).toBe(true);
    await expect.poll(async () => (await app.db.prisma.message.findUniqueOrThrow({ where: { id: replyId } })).status).toBe("stopped");
    release();
    expect(await app.db.prisma.message.findUniqueOrThrow({ where: { id: replyId } })).toMatchObject({ text: "one ", status: "stopped", whisperId: null });
    expect(await app.db.prisma.whisper.count()).toBe(before);
  });

  it("never lets a key reach a log line", () => {
    const text = logged.lines.join("\n");
    expect(text).toContain("[redacted]");
    for (const key of keysOf(app.config.minds)) expect(text).not.toContain(key);
  });
});
