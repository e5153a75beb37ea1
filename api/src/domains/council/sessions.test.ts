// Council sessions through the real app, over real HTTP and graphql-ws, with every seat pointed at
// its provider's local stand-in: a follow-up carries what the session said before, the seats
// review each other anonymously (one reviewer's output malformed), the asker's choice of seats and
// chair is honoured, the cost is estimated before and recorded after, Stop cancels every provider
// call, one failed seat is asked again alone, and a late subscriber replays the reviews.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ANSWER, COUNCIL_INVOCATION, PREFERENCE, SYNTHESIS, isReviewRequest, lettersOf, rebuild, scriptCouncil } from "../../../test/council.ts";
import { databaseKinds } from "../../../test/databases.ts";
import { startTestApp, type TestApp } from "../../../test/harness.ts";
import { settingsFor } from "../../../test/minds.ts";
import { inputTokens, isChairRequest, startFakeProviders, type FakeProviders, type RecordedRequest, type Script } from "../../../test/providers.ts";
import { socketClient, subscribe } from "../../../test/subscriptions.ts";
import { DEFAULT_MODELS, estimateCost } from "../../minds/pricing.ts";
import { SEATS, type Seat } from "../../minds/identity.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const STRANGER = { "x-nomina-visitor": "council-sessions-stranger-key-987654321" };

/** A reviewer's honest JSON: the letters under which the preferred answers appear, best first. */
function rankingFor(request: RecordedRequest): string {
  const letters = lettersOf(request);
  const ranking = [...letters].sort((a, b) => PREFERENCE.indexOf(a.seat) - PREFERENCE.indexOf(b.seat)).map((entry) => entry.letter);
  return JSON.stringify({ ranking, reason: `${letters.find((entry) => entry.letter === ranking[0])!.seat} sees furthest` });
}

const gql = {
  ask: `mutation ($input: InvokeCouncilInput!) { invokeCouncil(input: $input) { invocation { id rawId status } session { id rawId } } }`,
  estimate: `query ($input: InvokeCouncilInput!) { councilEstimate(input: $input) { totalUsd chair questionsLeftToday dailyLimit answers { seat mode model costUsd } reviews { seat costUsd } synthesis { seat costUsd } } }`,
  stop: `mutation ($input: StopCouncilInvocationInput!) { stopCouncilInvocation(input: $input) { invocation { status answers { seat status text } synthesis { status } } } }`,
  retry: `mutation ($input: RetryCouncilSeatInput!) { retryCouncilSeat(input: $input) { invocation { id status } } }`,
  session: `query ($id: ID!) { councilSession(id: $id) { title questionCount costUsd questions { edges { node { prompt costUsd answers { seat status costUsd } reviews { seat status ranking reason error costUsd } ranking { seat points firstPlaces reviewers } synthesis { seat text costUsd } } } } } }`,
};

describe.each(databaseKinds)("council sessions on %s", (kind) => {
  let app: TestApp;
  let providers: FakeProviders;
  /** Each test is its own visitor. */
  let VISITOR: Record<string, string>;

  const scriptAll = (extra?: (seat: Seat, request: RecordedRequest) => Script | undefined) => scriptCouncil(providers, rankingFor, extra);

  const whisper = async (body: Json, headers: Record<string, string> = VISITOR) => {
    const response = await app.request("POST", "/api/council/whisper", body, headers);
    return { status: response.status, body: await response.json() };
  };
  const graphql = async (query: string, variables: Json, headers: Record<string, string> = VISITOR) => app.graphql<Json>(query, variables, headers);
  const answersOf = (seat: Seat) => providers.requests.filter((request) => request.seat === seat && !isChairRequest(request) && !isReviewRequest(request));

  beforeAll(async () => {
    providers = await startFakeProviders();
    // The seats' real default models, so that pricing.ts knows their prices.
    app = await startTestApp(kind, { minds: { ...settingsFor(providers, SEATS, { timeoutMs: 1_500 }), seats: providers.seats({}, DEFAULT_MODELS) } });
  });
  afterAll(async () => {
    await app?.stop();
    await providers?.close();
  });
  beforeEach(() => {
    VISITOR = { "x-nomina-visitor": `council-sessions-${randomUUID()}` };
    providers.reset();
    scriptAll();
  });

  it("asks a follow-up within the session: every seat and the chair hear the first question and its synthesis, in order", async () => {
    const first = await whisper({ prompt: "What is a name for?" });
    expect(first.status).toBe(200);
    providers.reset();
    scriptAll();
    const second = await whisper({ prompt: "And who gives it?", sessionId: first.body.session.id });
    expect(second.status).toBe(200);
    expect(second.body.session).toEqual(first.body.session);

    const asked = providers.requests.filter((request) => !isReviewRequest(request));
    expect(asked).toHaveLength(5);
    for (const request of asked) {
      expect(request.turns.slice(0, 2)).toEqual([
        { role: "user", text: "What is a name for?" },
        { role: "agent", text: first.body.synthesis },
      ]);
      expect(request.turns.at(-1)!.text).toContain("And who gives it?");
    }
    const { data } = await graphql(gql.session, { id: Buffer.from(`CouncilSession:${first.body.session.id}`).toString("base64") });
    expect(data.councilSession).toMatchObject({ title: "What is a name for?", questionCount: 2 });
    expect(data.councilSession.questions.edges.map((edge: Json) => edge.node.prompt)).toEqual(["What is a name for?", "And who gives it?"]);

    // Someone else's session cannot be continued, nor read.
    expect((await whisper({ prompt: "May I?", sessionId: first.body.session.id }, STRANGER)).status).toBe(404);
    expect(
      (await graphql(gql.session, { id: Buffer.from(`CouncilSession:${first.body.session.id}`).toString("base64") }, STRANGER)).data.councilSession,
    ).toBeNull();
  });

  it("runs an anonymous peer review: a reviewer with malformed output is shown failed, the Borda count comes from the rest and reaches the chair", async () => {
    scriptAll((seat, request) => (seat === "deepseek" && isReviewRequest(request) ? { tokens: ["I liked ", "answer B ", "best."] } : undefined));
    const response = await whisper({ prompt: "Should a mind choose its own name?", review: true });
    expect(response.status).toBe(200);

    const reviews = providers.requests.filter(isReviewRequest);
    expect(reviews.map((request) => request.seat).sort()).toEqual([...SEATS].sort());
    for (const request of reviews) {
      // Each reviewer reads the three others under letters, never its own answer, never a seat's name.
      expect(request.prompt).toMatch(/Answer A:[\s\S]*Answer B:[\s\S]*Answer C:/);
      expect(request.prompt).not.toMatch(/Answer D:/);
      expect(request.prompt).not.toContain(ANSWER[request.seat].join(""));
      for (const seat of SEATS) expect(request.prompt).not.toMatch(new RegExp(`\\b${seat}\\b`, "i"));
    }
    // The letters are shuffled per reviewer: not every reviewer sees the same seat under A.
    const underA = reviews.map((request) => /Answer A:\n([^\n]*)/.exec(request.prompt)![1]);
    expect(new Set(underA).size).toBeGreaterThan(1);

    expect(response.body.reviews.deepseek).toMatchObject({ status: "failed", ranking: [], error: expect.any(String) });
    for (const seat of ["gemini", "claude", "perplexity"] as const)
      expect(response.body.reviews[seat]).toMatchObject({ status: "reviewed", reason: expect.stringContaining("sees furthest") });
    // gemini ranks claude > perplexity > deepseek, claude ranks gemini > perplexity > deepseek,
    // perplexity ranks claude > gemini > deepseek: claude 4, gemini 3, perplexity 2, deepseek 0.
    expect(response.body.ranking).toEqual([
      { seat: "claude", points: 4, firstPlaces: 2, reviewers: 2 },
      { seat: "gemini", points: 3, firstPlaces: 1, reviewers: 2 },
      { seat: "perplexity", points: 2, firstPlaces: 0, reviewers: 2 },
      { seat: "deepseek", points: 0, firstPlaces: 0, reviewers: 3 },
    ]);
    const chair = providers.requests.find(isChairRequest)!;
    // The chair reads the totals under its own letters, best first.
    const letterOf = (seat: Seat) => new RegExp(`Answer ([A-D]):\n${ANSWER[seat].join("")}`).exec(chair.prompt)![1];
    expect(chair.prompt).toContain(
      `(Borda points, best first): Answer ${letterOf("claude")} 4, Answer ${letterOf("gemini")} 3, Answer ${letterOf("perplexity")} 2, Answer ${letterOf("deepseek")} 0.`,
    );

    const { data } = await graphql(gql.session, { id: Buffer.from(`CouncilSession:${response.body.session.id}`).toString("base64") });
    const stored = data.councilSession.questions.edges[0].node;
    expect(stored.reviews.find((review: Json) => review.seat === "deepseek")).toMatchObject({ status: "failed", ranking: [] });
    expect(stored.ranking[0]).toEqual({ seat: "claude", points: 4, firstPlaces: 2, reviewers: 2 });
  });

  it("seats only the chosen seats and gives the chosen chair the synthesis; rotate passes the chair on; a bad choice is refused", async () => {
    const chosen = await whisper({ prompt: "Two voices only?", seats: ["gemini", "deepseek"], chair: "deepseek" });
    expect(chosen.status).toBe(200);
    expect(new Set(providers.requests.map((request) => request.seat))).toEqual(new Set(["gemini", "deepseek"]));
    expect(providers.requests.find(isChairRequest)!.seat).toBe("deepseek");
    expect(chosen.body).toMatchObject({ gemini: ANSWER.gemini.join(""), deepseek: ANSWER.deepseek.join(""), synthesis: SYNTHESIS("deepseek").join("") });
    expect(chosen.body).not.toHaveProperty("claude");
    expect(chosen.body.modes).toEqual({ gemini: "model", deepseek: "model", synthesis: "model" });

    providers.reset();
    scriptAll();
    const rotating = await whisper({ prompt: "Who chairs first?", seats: ["claude", "perplexity", "deepseek"], chair: "rotate" });
    const again = await whisper({ prompt: "And next?", seats: ["claude", "perplexity", "deepseek"], chair: "rotate", sessionId: rotating.body.session.id });
    expect(providers.requests.filter(isChairRequest).map((request) => request.seat)).toEqual(["claude", "perplexity"]);
    expect(again.body.synthesis).toBe(SYNTHESIS("perplexity").join(""));

    expect(await whisper({ prompt: "Alone?", seats: ["claude"] })).toMatchObject({ status: 400, body: { field: "seats" } });
    expect(await whisper({ prompt: "Unseated chair?", seats: ["claude", "gemini"], chair: "deepseek" })).toMatchObject({
      status: 400,
      body: { field: "chair" },
    });
  });

  it("estimates a question's cost before it is asked, review included, and records what each seat, review and synthesis cost", async () => {
    const input = { prompt: "What does a forgotten name become?", review: true };
    const { data } = await graphql(gql.estimate, { input });
    const estimate = data.councilEstimate;
    expect(estimate.answers.map((call: Json) => [call.seat, call.mode, call.model])).toEqual(SEATS.map((seat) => [seat, "model", DEFAULT_MODELS[seat]]));
    expect(estimate.reviews).toHaveLength(4);
    expect(estimate.chair).toBe("claude");
    const calls = [...estimate.answers, ...estimate.reviews, estimate.synthesis].map((call: Json) => call.costUsd);
    expect(calls.every((cost: number) => cost > 0)).toBe(true);
    expect(estimate.totalUsd).toBeCloseTo(
      calls.reduce((sum: number, cost: number) => sum + cost, 0),
      6,
    );
    const withoutReview = (await graphql(gql.estimate, { input: { ...input, review: false } })).data.councilEstimate;
    expect(withoutReview.reviews).toEqual([]);
    expect(withoutReview.totalUsd).toBeLessThan(estimate.totalUsd);

    const response = await whisper(input);
    expect(response.body.estimateUsd).toBeCloseTo(estimate.totalUsd, 6);
    const session = (await graphql(gql.session, { id: Buffer.from(`CouncilSession:${response.body.session.id}`).toString("base64") })).data.councilSession;
    const question = session.questions.edges[0].node;
    for (const answer of question.answers) {
      const request = answersOf(answer.seat)[0]!;
      expect(answer.costUsd).toBeCloseTo(
        estimateCost(DEFAULT_MODELS[answer.seat as Seat], { inputTokens: inputTokens(request), outputTokens: ANSWER[answer.seat as Seat].length })!,
        9,
      );
    }
    expect(question.reviews.every((review: Json) => review.costUsd > 0)).toBe(true);
    expect(question.synthesis.costUsd).toBeGreaterThan(0);
    const parts = [...question.answers, ...question.reviews, question.synthesis].reduce((sum: number, call: Json) => sum + call.costUsd, 0);
    expect(question.costUsd).toBeCloseTo(parts, 6);
    expect(session.costUsd).toBeCloseTo(question.costUsd, 6);
  });

  it("stops a question: every provider call still running is cancelled and the invocation is kept as stopped", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    scriptAll((seat, request) => (isChairRequest(request) || isReviewRequest(request) ? undefined : { tokens: ANSWER[seat], gate: held, gateAt: 2 }));
    const asked = await graphql(gql.ask, { input: { prompt: "Will you hold still?", review: true } });
    expect(asked.errors).toBeUndefined();
    await expect.poll(() => providers.requests.filter((request) => request.firstTokenAt !== undefined).length).toBe(4);

    const stopped = await graphql(gql.stop, { input: { invocationId: asked.data.invokeCouncil.invocation.id } });
    expect(stopped.errors).toBeUndefined();
    await expect.poll(() => providers.requests.filter((request) => request.cancelled).length).toBe(4);
    release();
    const { invocation } = stopped.data.stopCouncilInvocation;
    expect(invocation.status).toBe("stopped");
    // What each seat had said is kept; nothing went on to review or synthesis.
    expect(invocation.answers.map((answer: Json) => answer.text)).toEqual(SEATS.map((seat) => ANSWER[seat].slice(0, 2).join("")));
    expect(providers.requests.filter((request) => isChairRequest(request) || isReviewRequest(request))).toEqual([]);
    // A stranger cannot stop someone else's question.
    expect((await graphql(gql.stop, { input: { invocationId: asked.data.invokeCouncil.invocation.id } }, STRANGER)).errors?.[0]?.extensions?.code).toBe(
      "NOT_FOUND",
    );
  });

  it("asks one failed seat again without asking the others, then speaks a new synthesis", async () => {
    scriptAll((seat, request) => (seat === "perplexity" && !isChairRequest(request) ? { status: 500 } : undefined));
    const first = await whisper({ prompt: "Is anyone missing?" });
    expect(first.body.errors).toMatchObject({ perplexity: expect.stringMatching(/^perplexity answered 500/) });

    providers.reset();
    scriptAll();
    const invocationId = Buffer.from(`CouncilInvocation:${first.body.invocationId}`).toString("base64");
    const retried = await graphql(gql.retry, { input: { invocationId, seat: "perplexity" } });
    expect(retried.errors).toBeUndefined();
    const socket = socketClient(app.url, VISITOR);
    const stream = subscribe<{ councilInvocation: Json }>(socket, COUNCIL_INVOCATION, { id: invocationId });
    await stream.ended;
    await socket.dispose();
    expect(providers.requests.filter((request) => !isChairRequest(request)).map((request) => request.seat)).toEqual(["perplexity"]);
    const last = stream.events.at(-1)!.councilInvocation;
    expect(last.invocation.status).toBe("complete");
    expect(last.invocation.answers.map((answer: Json) => [answer.seat, answer.status])).toEqual(SEATS.map((seat) => [seat, "answered"]));
    expect(last.invocation.answers.find((answer: Json) => answer.seat === "gemini").text).toBe(first.body.gemini);
    // The new synthesis read all four answers.
    expect(providers.requests.find(isChairRequest)!.prompt).toMatch(/Answer D:/);

    // A seat that answered is not asked again.
    expect((await graphql(gql.retry, { input: { invocationId, seat: "gemini" } })).errors?.[0]?.message).toBe("gemini has already answered this question");
  });

  it("replays a finished session to a late subscriber, its reviews and ranking included", async () => {
    const asked = await graphql(gql.ask, { input: { prompt: "What did the council decide?", review: true } });
    const id = asked.data.invokeCouncil.invocation.id;
    const live = socketClient(app.url, VISITOR);
    await subscribe(live, COUNCIL_INVOCATION, { id }).ended;
    await live.dispose();

    const late = socketClient(app.url, VISITOR);
    const replay = subscribe<{ councilInvocation: Json }>(
      late,
      `subscription ($id: ID!) { councilInvocation(id: $id) { seat phase delta done last review { seat status ranking } ranking { seat points } } }`,
      { id },
    );
    await replay.ended;
    await late.dispose();
    const events = replay.events.map((event) => event.councilInvocation);
    expect(rebuild(replay.events.filter((event) => event.councilInvocation.phase !== "review" && event.councilInvocation.phase !== "ranking"))).toEqual({
      ...Object.fromEntries(SEATS.map((seat) => [seat, ANSWER[seat].join("")])),
      synthesis: SYNTHESIS("claude").join(""),
    });
    expect(
      events
        .filter((event) => event.review)
        .map((event) => event.review.seat)
        .sort(),
    ).toEqual([...SEATS].sort());
    expect(events.find((event) => event.ranking)?.ranking[0]).toEqual({ seat: "claude", points: 6 });
    expect(events.at(-1)).toMatchObject({ seat: "synthesis", last: true });
  });
});
