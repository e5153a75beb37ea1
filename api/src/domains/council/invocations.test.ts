// The Summoning Gate through the real app, over real HTTP and a real graphql-ws connection,
// with every seat pointed at its provider's local stand-in: invokeCouncil answers at once, the
// stream reaches subscribers from the first word however late they join, a failing seat or
// chairman is shown and worked around, and the invocation is stored with what it cost.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { databaseKinds } from "../../../test/databases.ts";
import { startTestApp, type TestApp } from "../../../test/harness.ts";
import { capturedLogger, keysOf, settingsFor } from "../../../test/minds.ts";
import { isChairRequest, startFakeProviders, type FakeProviders, type RecordedRequest, type Script } from "../../../test/providers.ts";
import { COUNCIL_INVOCATION, INVOKE_COUNCIL, rebuild } from "../../../test/council.ts";
import { socketClient, subscribe } from "../../../test/subscriptions.ts";
import { createEventBus } from "../events.ts";
import { createLogger } from "../../logger.ts";
import { createMinds } from "../../minds/index.ts";
import { SEATS, type Seat } from "../../minds/identity.ts";
import { testServices } from "../../../test/services.ts";

/** The contract marks each answer with its provider in GraphQL. */
const PROVIDER = { gemini: "google", claude: "anthropic", perplexity: "perplexity", deepseek: "deepseek" } as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

type Event = { councilInvocation: Json };

const TOKENS: Record<Seat, string[]> = {
  gemini: ["Begin ", "with ", "the ", "nearest ", "light, ", "then ", "walk."],
  claude: ["Hold ", "the ", "name ", "with ", "an ", "open ", "hand."],
  perplexity: ["The ", "records ", "name ", "it ", "in ", "many ", "ways."],
  deepseek: ["Step ", "by ", "step, ", "the ", "name ", "becomes ", "yours."],
};
const SYNTHESIS = (seat: Seat) => [`The `, `Council `, `agrees, `, `through `, `${seat}.`];

const expectedTexts = (chair: Seat = "claude") => ({
  ...Object.fromEntries(SEATS.map((seat) => [seat, TOKENS[seat].join("")])),
  synthesis: SYNTHESIS(chair).join(""),
});

describe.each(databaseKinds)("council invocations on %s", (kind) => {
  let app: TestApp;
  let providers: FakeProviders;
  const logged = capturedLogger();
  const client = () => socketClient(app.url);

  function scriptAll(extra: (seat: Seat, request: RecordedRequest) => Script | undefined = () => undefined) {
    for (const seat of SEATS) {
      providers.script(seat, (request) => extra(seat, request) ?? { tokens: isChairRequest(request) ? SYNTHESIS(seat) : TOKENS[seat] });
    }
  }

  async function invoke(prompt: string): Promise<Json> {
    const result = await app.graphql<Json>(INVOKE_COUNCIL, { input: { prompt } });
    expect(result.errors).toBeUndefined();
    return result.data.invokeCouncil.invocation;
  }

  beforeAll(async () => {
    providers = await startFakeProviders();
    app = await startTestApp(kind, { minds: settingsFor(providers, SEATS, { timeoutMs: 4_000 }), logger: logged.log });
  });
  afterAll(async () => {
    await app?.stop();
    await providers?.close();
  });
  beforeEach(() => providers.reset());

  it("answers invokeCouncil at once, then streams the four seats and the synthesis to a subscriber, ending with the stored invocation", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    scriptAll((seat, request) => (isChairRequest(request) ? undefined : { tokens: TOKENS[seat], gate }));
    const invocation = await invoke("  How should a new mind choose its name?  ");
    // Returned while every seat is still held back.
    expect(invocation).toMatchObject({ prompt: "How should a new mind choose its name?", status: "running", askedBy: "anonymous", synthesis: null });
    expect(invocation.answers).toEqual(SEATS.map((seat) => ({ seat, status: "speaking" })));

    const socket = client();
    const stream = subscribe<Event>(socket, COUNCIL_INVOCATION, { id: invocation.id });
    // Subscribed while the seats have started and said nothing yet.
    await stream.until((events) => events.filter((e) => e.councilInvocation.seat !== "synthesis").length === 4);
    expect(stream.events.every((e) => e.councilInvocation.delta === "" && !e.councilInvocation.done)).toBe(true);
    await expect.poll(() => providers.requests.length).toBe(4);
    release();
    await stream.ended;
    await socket.dispose();

    expect(stream.errors).toEqual([]);
    expect(rebuild(stream.events)).toEqual(expectedTexts());
    const events = stream.events.map((e) => e.councilInvocation);
    // Each seat streamed token by token, in order.
    for (const seat of SEATS) {
      expect(events.filter((e) => e.seat === seat && e.delta).map((e) => e.delta)).toEqual(TOKENS[seat]);
      expect(events.filter((e) => e.seat === seat && e.done)).toEqual([
        expect.objectContaining({ failed: false, text: TOKENS[seat].join(""), mode: "model", provider: PROVIDER[seat], model: `${seat}-test-model` }),
      ]);
    }
    expect(events.filter((e) => e.last)).toHaveLength(1);
    const last = events.at(-1);
    expect(last).toMatchObject({ seat: "synthesis", done: true, last: true, chair: "claude", provider: "anthropic", text: SYNTHESIS("claude").join("") });
    expect(last.invocation).toMatchObject({ id: invocation.id, status: "complete", completedAt: expect.any(String), costUsd: null });
    expect(last.invocation.answers).toEqual(
      SEATS.map((seat) =>
        expect.objectContaining({
          voice: seat,
          seat,
          status: "answered",
          text: TOKENS[seat].join(""),
          mode: "model",
          provider: PROVIDER[seat],
          model: `${seat}-test-model`,
          outputTokens: TOKENS[seat].length,
          attempts: 1,
        }),
      ),
    );
    expect(last.invocation.answers.every((a: Json) => a.latencyMs >= 0 && a.inputTokens > 0)).toBe(true);
    expect(last.invocation.synthesis).toMatchObject({
      voice: "synthesis",
      seat: "claude",
      status: "answered",
      text: SYNTHESIS("claude").join(""),
      fallbacks: [],
    });
  });

  it("gives a subscriber who joins mid-stream, and one who comes after the end, the whole stream", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    scriptAll((seat, request) => (isChairRequest(request) ? undefined : { tokens: TOKENS[seat], gate, gateAt: 3 }));
    const invocation = await invoke("What does a forgotten name become?");
    const socket = client();
    const early = subscribe<Event>(socket, COUNCIL_INVOCATION, { id: invocation.id });
    const saidSoFar = (events: Event[]) => SEATS.every((seat) => rebuild(events)[seat] === TOKENS[seat].slice(0, 3).join(""));
    await early.until(saidSoFar);

    const late = subscribe<Event>(socket, COUNCIL_INVOCATION, { id: invocation.id });
    // What was already said arrives first, in one piece per seat.
    await late.until(saidSoFar);
    expect(late.events.filter((e) => e.councilInvocation.delta).map((e) => e.councilInvocation.delta)).toEqual(
      SEATS.map((seat) => TOKENS[seat].slice(0, 3).join("")),
    );
    release();
    await Promise.all([early.ended, late.ended]);
    expect(rebuild(early.events)).toEqual(expectedTexts());
    expect(rebuild(late.events)).toEqual(expectedTexts());
    expect(late.events.at(-1)!.councilInvocation).toMatchObject({ last: true, invocation: { status: "complete" } });

    // After the end: from the process's memory, and from the stored row for one that never held it.
    const after = subscribe<Event>(socket, COUNCIL_INVOCATION, { id: invocation.rawId });
    await after.ended;
    expect(rebuild(after.events)).toEqual(expectedTexts());
    await socket.dispose();

    const log = createLogger("silent");
    const bus = createEventBus({ channelPrefix: `replay-${randomUUID()}`, log });
    const elsewhere = testServices({ prisma: app.db.prisma, bus, minds: createMinds(app.config.minds, log), log, config: app.config });
    const replay = [];
    for await (const event of (await elsewhere.council.invocations.follow(invocation.rawId))!) replay.push({ councilInvocation: event });
    expect(rebuild(replay)).toEqual(expectedTexts());
    expect(replay.at(-1)!.councilInvocation).toMatchObject({ seat: "synthesis", last: true, done: true });
    await bus.close();
  });

  it("shows a seat that fails as failed with its reason and goes on; a failed chairman hands the chair on", async () => {
    scriptAll((seat, request) => {
      if (seat === "deepseek" && !isChairRequest(request)) return { status: 500, echoKey: true };
      if (seat === "claude" && isChairRequest(request)) return { status: 500, echoKey: true };
      return undefined;
    });
    const invocation = await invoke("Which door should I open first?");
    const socket = client();
    const stream = subscribe<Event>(socket, COUNCIL_INVOCATION, { id: invocation.id });
    await stream.ended;
    await socket.dispose();
    const events = stream.events.map((e) => e.councilInvocation);

    expect(events.find((e) => e.seat === "deepseek" && e.done)).toMatchObject({ failed: true, error: expect.stringMatching(/^deepseek answered 500/) });
    expect(rebuild(stream.events)).toEqual({ ...expectedTexts("gemini"), deepseek: "" });
    expect(events.find((e) => e.seat === "synthesis" && e.restart)).toMatchObject({
      chair: "gemini",
      error: expect.stringMatching(/^claude could not speak the synthesis/),
    });
    const stored = events.at(-1).invocation;
    expect(stored.status).toBe("complete");
    expect(stored.answers.find((a: Json) => a.seat === "deepseek")).toMatchObject({
      status: "failed",
      attempts: 2,
      error: expect.stringMatching(/^deepseek answered 500/),
    });
    expect(stored.synthesis).toMatchObject({ seat: "gemini", fallbacks: [{ seat: "claude", error: expect.stringMatching(/^claude answered 500/) }] });
    // The chairman read three answers, not the failed one.
    const chair = providers.requests.filter(isChairRequest).at(-1)!;
    expect(chair.prompt).toMatch(/Answer C:/);
    expect(chair.prompt).not.toMatch(/Answer D:/);
  });

  it("answers POST /api/council/whisper {prompt} in the contract's shape from the same code, failed seats named", async () => {
    scriptAll((seat, request) => (seat === "perplexity" && !isChairRequest(request) ? { stall: "silent" } : undefined));
    const before = await app.db.prisma.councilInvocation.count();
    const response = await app.request("POST", "/api/council/whisper", { prompt: "Is the archive listening?" });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({
      success: true,
      gemini: TOKENS.gemini.join(""),
      claude: TOKENS.claude.join(""),
      deepseek: TOKENS.deepseek.join(""),
      synthesis: SYNTHESIS("claude").join(""),
      modes: { gemini: "model", claude: "model", perplexity: "model", deepseek: "model", synthesis: "model" },
      errors: { perplexity: "perplexity did not finish within 4000 ms" },
      invocationId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      session: { id: expect.stringMatching(/^[0-9a-f-]{36}$/) },
      // The stand-ins' models have no price in pricing.ts: the cost is unknown, never a made-up 0.
      costUsd: null,
      estimateUsd: null,
    });
    expect(await app.db.prisma.councilInvocation.count()).toBe(before + 1);
    const row = await app.db.prisma.councilInvocation.findUniqueOrThrow({ where: { id: body.invocationId } });
    expect(row).toMatchObject({ prompt: "Is the archive listening?", status: "complete", synthesis: body.synthesis, userId: null, askedBy: "anonymous" });
    expect((row.answers as Json).gemini).toMatchObject({
      status: "answered",
      mode: "model",
      model: "gemini-test-model",
      usage: { outputTokens: TOKENS.gemini.length },
    });

    // The same row is a Node of the graph.
    const { data } = await app.graphql<Json>(
      `query ($id: ID!) { node(id: $id) { __typename ... on CouncilInvocation { rawId prompt status answers { seat status error } synthesis { seat text } } } }`,
      {
        id: (await invokeNode(body.invocationId)).id,
      },
    );
    expect(data.node).toMatchObject({
      __typename: "CouncilInvocation",
      rawId: body.invocationId,
      status: "complete",
      synthesis: { seat: "claude", text: body.synthesis },
    });
    expect(data.node.answers.find((a: Json) => a.seat === "perplexity")).toMatchObject({ status: "failed", error: "perplexity did not finish within 4000 ms" });
  });

  async function invokeNode(rawId: string) {
    const { data } = await app.graphql<Json>(`query ($ids: [ID!]!) { nodes(ids: $ids) { id } }`, {
      ids: [Buffer.from(`CouncilInvocation:${rawId}`).toString("base64")],
    });
    return data.nodes[0];
  }

  it("fails the Gate with 502 when no seat can answer, saying why", async () => {
    for (const seat of SEATS) providers.script(seat, { status: 401, echoKey: true });
    const response = await app.request("POST", "/api/council/whisper", { prompt: "Does anyone hear me?" });
    expect(response.status).toBe(502);
    const body = await response.json();
    expect(body.message).toMatch(/^The Council is silent: gemini answered 401.*deepseek answered 401/);
  });

  it("refuses a blank prompt and an unknown invocation", async () => {
    const before = await app.db.prisma.councilInvocation.count();
    const blank = await app.graphql(INVOKE_COUNCIL, { input: { prompt: "   " } });
    expect(blank.errors?.[0]).toMatchObject({ message: "Speak a question to the Council", extensions: { code: "BAD_USER_INPUT" } });
    expect(await app.db.prisma.councilInvocation.count()).toBe(before);

    const socket = client();
    for (const id of [randomUUID(), "nope"]) {
      const stream = subscribe<Event>(socket, COUNCIL_INVOCATION, { id });
      await stream.ended;
      expect(stream.events).toEqual([]);
      expect(stream.errors[0]).toMatchObject({ message: "Invocation not found", extensions: { code: "NOT_FOUND" } });
    }
    await socket.dispose();
  });

  it("answers a terminal whisper through the chairman, or the seat that takes the chair", async () => {
    scriptAll((seat) => (seat === "claude" ? { status: 503 } : { tokens: [`${seat} `, "weighs ", "it."] }));
    const response = await app.request("POST", "/api/council/whisper", { content: "The lighthouse remembers", userId: "anonymous" });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ councilResponse: "gemini weighs it." });
    const { data } = await app.graphql<Json>(`{ councilWhispers(first: 1) { edges { node { content councilResponse respondedBy responseMode } } } }`);
    expect(data.councilWhispers.edges[0].node).toEqual({
      content: "The lighthouse remembers",
      councilResponse: "gemini weighs it.",
      respondedBy: "gemini",
      responseMode: "model",
    });

    for (const seat of SEATS) providers.script(seat, { status: 500 });
    const before = await app.db.prisma.councilWhisper.count();
    const silent = await app.request("POST", "/api/council/whisper", { content: "Anyone?", userId: "anonymous" });
    expect(silent.status).toBe(502);
    expect((await silent.json()).message).toMatch(/^The Council is silent/);
    expect(await app.db.prisma.councilWhisper.count()).toBe(before);
  });

  it("never lets a key reach a response, an event, a stored row or a log line", async () => {
    const keys = keysOf(app.config.minds);
    const everything = [
      logged.lines.join("\n"),
      JSON.stringify(await app.db.prisma.councilInvocation.findMany()),
      JSON.stringify(await app.db.prisma.councilWhisper.findMany()),
    ].join("\n");
    // The tests above made providers echo keys into their errors, which were logged and stored.
    expect(everything).toContain("[redacted]");
    for (const key of keys) expect(everything).not.toContain(key);
  });
});
