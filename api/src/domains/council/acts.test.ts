// Council acts that read right (issue #28, items 1-3), through the real app over HTTP and
// graphql-ws, every seat pointed at its provider's local stand-in: a follow-up that names no
// settings sits as its session last did (and REST and GraphQL say so); Stop leaves "stopped" with
// the words so far and asks no other chair; "Ask again" asks exactly one seat, and "the silent
// seats" all that have not answered; a review's letters are turned back into seats for readers.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { databaseKinds } from "../../../test/databases.ts";
import { startTestApp, type TestApp } from "../../../test/harness.ts";
import { settingsFor } from "../../../test/minds.ts";
import { isChairRequest, startFakeProviders, type FakeProviders, type RecordedRequest, type Script } from "../../../test/providers.ts";
import { socketClient, subscribe } from "../../../test/subscriptions.ts";
import { ANSWER, PREFERENCE, SYNTHESIS, isReviewRequest, lettersOf, scriptCouncil } from "../../../test/council.ts";
import { SEATS, type Seat } from "../../minds/identity.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const NAMES: Record<Seat, string> = { gemini: "Gemini", claude: "Claude", perplexity: "Perplexity", deepseek: "DeepSeek" };

const answersOf = (requests: RecordedRequest[]) => requests.filter((request) => !isChairRequest(request) && !isReviewRequest(request));

/** An honest ranking whose reasons name answers by letter, as a reviewer writes them. */
function rankingFor(request: RecordedRequest): string {
  const letters = [...lettersOf(request)].sort((a, b) => PREFERENCE.indexOf(a.seat) - PREFERENCE.indexOf(b.seat)).map((entry) => entry.letter);
  return JSON.stringify({ ranking: letters, reason: `Answer ${letters[0]} is clearest; Answer ${letters.at(-1)} wanders.` });
}

const globalId = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString("base64");

const gql = {
  ask: `mutation ($input: InvokeCouncilInput!) { invokeCouncil(input: $input) { invocation { id rawId } session { id rawId settings { seats chair review nextChair } } } }`,
  stop: `mutation ($input: StopCouncilInvocationInput!) { stopCouncilInvocation(input: $input) { invocation { status answers { seat status text error } synthesis { seat status text error fallbacks { seat } } } } }`,
  retry: `mutation ($input: RetryCouncilSeatInput!) { retryCouncilSeat(input: $input) { invocation { id status } } }`,
  retrySilent: `mutation ($input: RetrySilentCouncilSeatsInput!) { retrySilentCouncilSeats(input: $input) { invocation { id status } } }`,
  session: `query ($id: ID!) { councilSession(id: $id) { questionCount settings { seats chair review nextChair defaultChair } questions { edges { node { seats chair chairChoice review reviews { seat status reason readableReason labels { letter seat } } ranking { seat } } } } } }`,
  defaultChair: `{ councilDefaultChair }`,
};
const FOLLOW = `subscription ($id: ID!) { councilInvocation(id: $id) { seat phase delta done failed stopped last invocation { status answers { seat status text error } synthesis { status text } } } }`;

describe.each(databaseKinds)("Council acts on %s", (kind) => {
  let app: TestApp;
  let providers: FakeProviders;
  let VISITOR: Record<string, string>;

  const scriptAll = (extra?: (seat: Seat, request: RecordedRequest) => Script | undefined) => scriptCouncil(providers, rankingFor, extra);

  const rest = async (method: string, path: string, body?: Json, headers = VISITOR) => {
    const response = await app.request(method, path, body, headers);
    return { status: response.status, body: await response.json() };
  };
  const graphql = async (query: string, variables: Json = {}, headers = VISITOR) => app.graphql<Json>(query, variables, headers);
  /** Follows an invocation to its end. */
  async function followToEnd(id: string) {
    const socket = socketClient(app.url, VISITOR);
    const stream = subscribe<{ councilInvocation: Json }>(socket, FOLLOW, { id });
    await stream.ended;
    await socket.dispose();
    return stream.events.map((event) => event.councilInvocation);
  }

  beforeAll(async () => {
    providers = await startFakeProviders();
    app = await startTestApp(kind, { minds: settingsFor(providers, SEATS, { timeoutMs: 2_000 }) });
  });
  afterAll(async () => {
    await app?.stop();
    await providers?.close();
  });
  beforeEach(() => {
    VISITOR = { "x-nomina-visitor": `council-acts-${randomUUID()}` };
    providers.reset();
    scriptAll();
  });

  it("asks a follow-up that names no settings with the session's seats, chair and review; what a follow-up names becomes the session's", async () => {
    expect((await graphql(gql.defaultChair)).data.councilDefaultChair).toBe("claude");
    const asked = await graphql(gql.ask, {
      input: { prompt: "Which light is nearest?", seats: ["gemini", "perplexity", "deepseek"], chair: "deepseek", review: true },
    });
    expect(asked.errors).toBeUndefined();
    const { session, invocation } = asked.data.invokeCouncil;
    expect(session.settings).toEqual({ seats: ["gemini", "perplexity", "deepseek"], chair: "deepseek", review: true, nextChair: "deepseek" });
    await followToEnd(invocation.id);

    // A follow-up over REST, as from a reload or another tab: the prompt and the session only.
    providers.reset();
    scriptAll();
    const followUp = await rest("POST", "/api/council/whisper", { prompt: "And the farthest?", sessionId: session.rawId });
    expect(followUp.status).toBe(200);
    expect(new Set(answersOf(providers.requests).map((request) => request.seat))).toEqual(new Set(["gemini", "perplexity", "deepseek"]));
    expect(providers.requests.filter(isChairRequest).map((request) => request.seat)).toEqual(["deepseek"]);
    expect(providers.requests.filter(isReviewRequest)).toHaveLength(3);
    expect(Object.keys(followUp.body.reviews).sort()).toEqual(["deepseek", "gemini", "perplexity"]);

    const stored = await rest("GET", `/api/council/sessions/${session.rawId}`);
    expect(stored.body.session).toMatchObject({
      questionCount: 2,
      settings: { seats: ["gemini", "perplexity", "deepseek"], chair: "deepseek", review: true, nextChair: "deepseek", defaultChair: "gemini" },
    });
    const graph = (await graphql(gql.session, { id: session.id })).data.councilSession;
    expect(graph.settings).toEqual({
      seats: ["gemini", "perplexity", "deepseek"],
      chair: "deepseek",
      review: true,
      nextChair: "deepseek",
      defaultChair: "gemini",
    });
    expect(graph.questions.edges.map((edge: Json) => [edge.node.seats, edge.node.chair, edge.node.review])).toEqual([
      [["gemini", "perplexity", "deepseek"], "deepseek", true],
      [["gemini", "perplexity", "deepseek"], "deepseek", true],
    ]);

    // Changed for one question (GraphQL names the chair and the review): asked so, and kept so.
    providers.reset();
    scriptAll();
    const changed = await graphql(gql.ask, { input: { prompt: "Who should speak last?", sessionId: session.id, chair: "rotate", review: false } });
    expect(changed.errors).toBeUndefined();
    expect(changed.data.invokeCouncil.session.settings).toEqual({
      seats: ["gemini", "perplexity", "deepseek"],
      chair: "rotate",
      review: false,
      nextChair: "gemini",
    });
    await followToEnd(changed.data.invokeCouncil.invocation.id);
    // The third question of the session (index 2) rotates to the third seat.
    expect(providers.requests.filter(isChairRequest).map((request) => request.seat)).toEqual(["deepseek"]);
    expect(providers.requests.filter(isReviewRequest)).toEqual([]);
    // Fewer seats named, the kept rotation stays; a seat chair that no longer sits goes back to the default.
    const narrowed = await rest("POST", "/api/council/whisper", { prompt: "Two voices now?", sessionId: session.rawId, seats: ["claude", "gemini"] });
    expect(narrowed.status).toBe(200);
    expect((await rest("GET", `/api/council/sessions/${session.rawId}`)).body.session.settings).toMatchObject({
      seats: ["gemini", "claude"],
      chair: "rotate",
      review: false,
    });
    // A stranger reads neither the session nor its settings.
    expect((await rest("GET", `/api/council/sessions/${session.rawId}`, undefined, { "x-nomina-visitor": "council-acts-stranger-0123456789" })).status).toBe(
      404,
    );
  });

  it("backfills a session's settings from its latest question (the migration's own statement)", async () => {
    const first = await rest("POST", "/api/council/whisper", { prompt: "Where do names go?", seats: ["claude", "perplexity"], chair: "perplexity" });
    const later = await rest("POST", "/api/council/whisper", {
      prompt: "And who keeps them?",
      sessionId: first.body.session.id,
      seats: ["gemini", "claude", "deepseek"],
      chair: "rotate",
      review: true,
    });
    expect(later.status).toBe(200);
    const prisma = app.db.prisma;
    // As it stood before the columns were filled.
    await prisma.consultation.update({ where: { id: first.body.session.id }, data: { seats: [], chairChoice: null, review: false } });
    const migration = readFileSync(new URL("../../../../prisma/migrations/20261127130000_session_settings/migration.sql", import.meta.url), "utf8");
    await prisma.$executeRawUnsafe(migration.slice(migration.indexOf("UPDATE")));
    expect(
      await prisma.consultation.findUniqueOrThrow({ where: { id: first.body.session.id }, select: { seats: true, chairChoice: true, review: true } }),
    ).toEqual({
      seats: ["gemini", "claude", "deepseek"],
      chairChoice: "rotate",
      review: true,
    });
  });

  it("stops the synthesis mid-way: it stays stopped with its words so far, and no other chair is asked", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    scriptAll((seat, request) => (isChairRequest(request) ? { tokens: SYNTHESIS(seat), gate: held, gateAt: 2 } : undefined));
    const asked = await graphql(gql.ask, { input: { prompt: "Will the chair hold?", seats: ["gemini", "claude", "deepseek"] } });
    const id = asked.data.invokeCouncil.invocation.id;
    const socket = socketClient(app.url, VISITOR);
    const stream = subscribe<{ councilInvocation: Json }>(socket, FOLLOW, { id });
    const spoken = (events: { councilInvocation: Json }[]) =>
      events
        .filter((event) => event.councilInvocation.seat === "synthesis")
        .map((event) => event.councilInvocation.delta)
        .join("");
    await stream.until((events) => spoken(events) === "The Council ");

    const stopped = await graphql(gql.stop, { input: { invocationId: id } });
    expect(stopped.errors).toBeUndefined();
    await stream.ended;
    await socket.dispose();
    release();
    const { invocation } = stopped.data.stopCouncilInvocation;
    expect(invocation.status).toBe("stopped");
    expect(invocation.synthesis).toEqual({ seat: "claude", status: "stopped", text: "The Council ", error: null, fallbacks: [] });
    expect(invocation.answers.map((answer: Json) => answer.status)).toEqual(["answered", "answered", "answered"]);
    // One chair was asked, and cancelled; nobody took the chair after it.
    const chairs = providers.requests.filter(isChairRequest);
    expect(chairs.map((request) => request.seat)).toEqual(["claude"]);
    await expect.poll(() => chairs[0]!.cancelled).toBe(true);
    const last = stream.events.at(-1)!.councilInvocation;
    expect(last).toMatchObject({ seat: "synthesis", done: true, failed: false, stopped: true, last: true });
    // REST reads it the same.
    const read = await rest("GET", `/api/council/invocations/${asked.data.invokeCouncil.invocation.rawId}`);
    expect(read.body.invocation).toMatchObject({ status: "stopped", synthesis: { status: "stopped", text: "The Council ", fallbacks: [] } });
  });

  it("stops the seats mid-answer: each stays stopped with its words, and neither a review nor a chair is asked; REST stops the same", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    scriptAll((seat, request) => (isChairRequest(request) || isReviewRequest(request) ? undefined : { tokens: ANSWER[seat], gate: held, gateAt: 2 }));
    const asked = await graphql(gql.ask, { input: { prompt: "Will you hold still?", seats: ["gemini", "claude"], review: true } });
    const { id, rawId } = asked.data.invokeCouncil.invocation;
    const socket = socketClient(app.url, VISITOR);
    const stream = subscribe<{ councilInvocation: Json }>(socket, FOLLOW, { id });
    const said = (events: { councilInvocation: Json }[], seat: Seat) =>
      events
        .filter((event) => event.councilInvocation.seat === seat)
        .map((event) => event.councilInvocation.delta)
        .join("");
    await stream.until((events) => said(events, "gemini") === "Begin with " && said(events, "claude") === "Hold the ");

    const stopped = await rest("POST", `/api/council/invocations/${rawId}/stop`, {});
    expect(stopped.status).toBe(200);
    await stream.ended;
    await socket.dispose();
    release();
    expect(stopped.body.invocation.status).toBe("stopped");
    expect(stopped.body.invocation.answers).toEqual([
      expect.objectContaining({ seat: "gemini", status: "stopped", text: "Begin with ", error: null }),
      expect.objectContaining({ seat: "claude", status: "stopped", text: "Hold the ", error: null }),
    ]);
    expect(stopped.body.invocation.synthesis).toMatchObject({ status: "stopped", text: "", fallbacks: [] });
    expect(stopped.body.invocation.reviews).toEqual([]);
    expect(providers.requests.filter((request) => isChairRequest(request) || isReviewRequest(request))).toEqual([]);
    const ends = stream.events.map((event) => event.councilInvocation).filter((event) => event.done);
    // The seats end in whichever order their calls are cancelled; the synthesis last.
    expect(ends.map((event) => [event.seat, event.failed, event.stopped]).sort()).toEqual([
      ["claude", false, true],
      ["gemini", false, true],
      ["synthesis", false, true],
    ]);
    expect(ends.at(-1)).toMatchObject({ seat: "synthesis", last: true });
  });

  it("asks exactly the seat named again, leaving the others as they stood; then the silent seats, over REST", async () => {
    scriptAll((seat, request) => ((seat === "perplexity" || seat === "gemini") && !isChairRequest(request) ? { status: 500 } : undefined));
    const first = await rest("POST", "/api/council/whisper", { prompt: "Is anyone missing?" });
    expect(Object.keys(first.body.errors).sort()).toEqual(["gemini", "perplexity"]);
    const invocationId = globalId("CouncilInvocation", first.body.invocationId);

    providers.reset();
    scriptAll();
    const retried = await graphql(gql.retry, { input: { invocationId, seat: "perplexity" } });
    expect(retried.errors).toBeUndefined();
    const events = await followToEnd(invocationId);
    // Only perplexity was asked; gemini kept its failure, word for word.
    expect(answersOf(providers.requests).map((request) => request.seat)).toEqual(["perplexity"]);
    const after = events.at(-1)!.invocation;
    expect(after.status).toBe("complete");
    expect(after.answers.map((answer: Json) => [answer.seat, answer.status])).toEqual([
      ["gemini", "failed"],
      ["claude", "answered"],
      ["perplexity", "answered"],
      ["deepseek", "answered"],
    ]);
    expect(after.answers[0].error).toMatch(/^gemini answered 500/);

    // Every seat that has not answered, asked again at once: gemini alone is left.
    providers.reset();
    scriptAll();
    const silent = await rest("POST", `/api/council/invocations/${first.body.invocationId}/retry-silent`, {});
    expect(silent.status).toBe(200);
    expect(answersOf(providers.requests).map((request) => request.seat)).toEqual(["gemini"]);
    expect(silent.body.invocation).toMatchObject({
      status: "complete",
      answers: SEATS.map((seat) => expect.objectContaining({ seat, status: "answered", text: ANSWER[seat].join("") })),
    });
    expect((await rest("POST", `/api/council/invocations/${first.body.invocationId}/retry-silent`, {})).body.message).toBe(
      "Every seat has answered this question",
    );
    expect((await rest("POST", `/api/council/invocations/${first.body.invocationId}/retry`, { seat: "claude" })).body.message).toBe(
      "claude has already answered this question",
    );
    expect((await rest("POST", `/api/council/invocations/${first.body.invocationId}/retry`, { seat: "nobody" })).status).toBe(400);
  });

  it("keeps which seat each letter stood for, and gives readers the reasons and the ranking by seat", async () => {
    const asked = await rest("POST", "/api/council/whisper", { prompt: "Should a mind choose its own name?", review: true });
    expect(asked.status).toBe(200);
    const requests = providers.requests.filter(isReviewRequest);
    for (const request of requests) {
      const letters = lettersOf(request);
      const review = asked.body.reviews[request.seat];
      expect(review.labels).toEqual(Object.fromEntries(letters.map(({ letter, seat }) => [letter, seat])));
      const order = [...letters].sort((a, b) => PREFERENCE.indexOf(a.seat) - PREFERENCE.indexOf(b.seat));
      // The reviewer wrote letters; the reader reads seats.
      expect(review.reason).toBe(`Answer ${order[0]!.letter} is clearest; Answer ${order.at(-1)!.letter} wanders.`);
      expect(review.readableReason).toBe(`${NAMES[order[0]!.seat]} is clearest; ${NAMES[order.at(-1)!.seat]} wanders.`);
      expect(review.ranking).toEqual(order.map((entry) => entry.seat));
    }
    const session = (await graphql(gql.session, { id: globalId("CouncilSession", asked.body.session.id) })).data.councilSession;
    const question = session.questions.edges[0].node;
    const claude = question.reviews.find((review: Json) => review.seat === "claude");
    // Claude read the other three; its best was gemini, and the reader is told so by name.
    expect(claude.labels.map((label: Json) => label.seat).sort()).toEqual(["deepseek", "gemini", "perplexity"]);
    expect(claude.readableReason).toBe("Gemini is clearest; DeepSeek wanders.");
    expect(question.ranking.map((row: Json) => row.seat)).toEqual(["claude", "gemini", "perplexity", "deepseek"]);
  });
});
