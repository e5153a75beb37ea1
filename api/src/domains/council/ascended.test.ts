// The Council of the Ascended at the Gate (issue #28, item 6), through the real app over HTTP,
// every seat pointed at its provider's local stand-in: an ascended member sits in the seat its
// agent is bound to, in place of that seat's model, and its persona reaches that seat's provider;
// it can chair; reviews name it where the reviewer saw a letter; follow-ups keep it; a member
// retired since no longer sits; asking its seat again asks it; two members bound to one seat, or
// a member who does not sit, are refused; each member's sittings are counted.
import { randomUUID } from "node:crypto";
import { encodeGlobalID } from "@pothos/plugin-relay";
import { MEMBER_NOT_SEATED, membersShareSeat } from "@nomina/shared/council";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { databaseKinds } from "../../../test/databases.ts";
import { startTestApp, type TestApp } from "../../../test/harness.ts";
import { settingsFor } from "../../../test/minds.ts";
import { isChairRequest, startFakeProviders, type FakeProviders, type RecordedRequest } from "../../../test/providers.ts";
import { SEATS, type Seat } from "../../minds/identity.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const ANSWER: Record<Seat, string> = {
  gemini: "Begin with the nearest light.",
  claude: "Hold the name loosely.",
  perplexity: "The records disagree.",
  deepseek: "Step by step.",
};
const isReviewRequest = (request: RecordedRequest) => request.system.includes("Rank them from best to worst");
const answersOf = (requests: RecordedRequest[]) => requests.filter((request) => !isChairRequest(request) && !isReviewRequest(request));
const pieces = (text: string) => text.match(/.{1,12}/gs)!;

/** The reviewer ranks the answers in the order it read them, naming the first by its letter. */
function rankingFor(request: RecordedRequest): string {
  const letters = [...request.prompt.matchAll(/Answer ([A-D]):/g)].map(([, letter]) => letter!);
  return JSON.stringify({ ranking: letters, reason: `Answer ${letters[0]} is clearest.` });
}

const ASK = `mutation ($input: InvokeCouncilInput!) {
  invokeCouncil(input: $input) {
    invocation { id rawId answers { seat speaker member { name agentRawId } } }
    session { id rawId settings { seats chair nextChair members { agentName seat } } }
  }
}`;
const QUESTION = `query ($id: ID!) {
  node(id: $id) { ... on CouncilInvocation {
    status
    answers { seat status text speaker member { name } }
    synthesis { seat status speaker member { name } }
    reviews { seat member { name } readableReason labels { letter seat } }
  } }
}`;
const MEMBERS = `{ councilMembers(first: 10) { edges { node { agentName seat satCount } } } }`;

describe.each(databaseKinds)("the Council of the Ascended on %s", (kind) => {
  let app: TestApp;
  let providers: FakeProviders;
  let VISITOR: Record<string, string>;
  /** Echo Haiku (bound to gemini) and Nomenclator (bound to claude), ascended. */
  let haiku: { memberId: string; agentId: string; name: string; username: string };
  let nomenclator: { memberId: string; agentId: string; name: string; username: string };

  const graphql = async (query: string, variables: Json = {}) => app.graphql<Json>(query, variables, VISITOR);
  const rest = async (method: string, path: string, body?: Json) => {
    const response = await app.request(method, path, body, VISITOR);
    return { status: response.status, body: await response.json() };
  };
  /** Waits until the question has ended, and reads it back. */
  async function settled(invocationId: string) {
    for (;;) {
      const read = (await graphql(QUESTION, { id: invocationId })).data.node;
      if (read.status !== "running") return read;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  async function ascend(username: string) {
    const agent = await app.db.prisma.agent.findFirstOrThrow({ where: { username } });
    const member = await app.db.prisma.councilMember.create({ data: { agentId: agent.id, agentName: agent.name, ascendedBy: "The Council" } });
    return { memberId: member.id, agentId: agent.id, name: agent.name, username: agent.username };
  }

  beforeAll(async () => {
    providers = await startFakeProviders();
    app = await startTestApp(kind, { minds: settingsFor(providers, SEATS, { timeoutMs: 2_000 }) });
    haiku = await ascend("echo-haiku");
    nomenclator = await ascend("nomenclator");
  });
  afterAll(async () => {
    await app?.stop();
    await providers?.close();
  });
  /** Forgets the requests so far; every seat answers as scripted. */
  function fresh() {
    providers.reset();
    for (const seat of SEATS) {
      providers.script(seat, (request) => {
        if (isReviewRequest(request)) return { tokens: pieces(rankingFor(request)) };
        return { tokens: pieces(isChairRequest(request) ? `The Council agrees, through ${seat}.` : ANSWER[seat]) };
      });
    }
  }
  beforeEach(() => {
    VISITOR = { "x-nomina-visitor": `ascended-${randomUUID()}` };
    fresh();
  });

  it("seats two members beside two model seats: each member's persona reaches its bound seat's provider, one chairs, and reviews name them", async () => {
    const asked = await graphql(ASK, {
      input: {
        prompt: "Which light is nearest?",
        seats: ["perplexity", "deepseek"],
        members: [encodeGlobalID("CouncilMember", haiku.memberId), nomenclator.memberId],
        chair: "claude",
        review: true,
      },
    });
    expect(asked.errors).toBeUndefined();
    const { invocation, session } = asked.data.invokeCouncil;
    // The members' seats sit with the two named, and the cards name the members from the start.
    expect(session.settings).toMatchObject({ seats: ["gemini", "claude", "perplexity", "deepseek"], chair: "claude", nextChair: "claude" });
    expect(session.settings.members).toEqual([
      { agentName: "Echo Haiku", seat: "gemini" },
      { agentName: "Nomenclator", seat: "claude" },
    ]);
    expect(invocation.answers.map((answer: Json) => [answer.seat, answer.speaker, answer.member?.agentRawId ?? null])).toEqual([
      ["gemini", "Echo Haiku", haiku.agentId],
      ["claude", "Nomenclator", nomenclator.agentId],
      ["perplexity", "Perplexity", null],
      ["deepseek", "DeepSeek", null],
    ]);
    const read = await settled(invocation.id);
    expect(read.status).toBe("complete");

    // Each member spoke in its own persona through its own seat; the model seats in theirs.
    const bySeat = Object.fromEntries(answersOf(providers.requests).map((request) => [request.seat, request.system]));
    expect(Object.keys(bySeat).sort()).toEqual(["claude", "deepseek", "gemini", "perplexity"]);
    expect(bySeat.gemini).toContain(`You are Echo Haiku (@${haiku.username})`);
    expect(bySeat.gemini).toContain("The network ascended you to the Council of Nomina");
    expect(bySeat.claude).toContain(`You are Nomenclator (@${nomenclator.username})`);
    expect(bySeat.perplexity).not.toContain("ascended you");
    expect(bySeat.perplexity).toContain("You speak from the archives");
    // Nomenclator chairs from the claude seat, in its own voice.
    const chair = providers.requests.filter(isChairRequest);
    expect(chair.map((request) => request.seat)).toEqual(["claude"]);
    expect(chair[0]!.system).toContain("You are Nomenclator");
    expect(chair[0]!.system).toContain("Speak the synthesis as Nomenclator");
    expect(read.synthesis).toMatchObject({ seat: "claude", status: "answered", speaker: "Nomenclator", member: { name: "Nomenclator" } });
    expect(read.answers.map((answer: Json) => [answer.speaker, answer.status, answer.text])).toEqual([
      ["Echo Haiku", "answered", ANSWER.gemini],
      ["Nomenclator", "answered", ANSWER.claude],
      ["Perplexity", "answered", ANSWER.perplexity],
      ["DeepSeek", "answered", ANSWER.deepseek],
    ]);

    // Peer review: every seat reviewed; readers see members' names where a reviewer saw letters.
    expect(read.reviews).toHaveLength(4);
    expect(read.reviews.find((review: Json) => review.seat === "gemini").member).toEqual({ name: "Echo Haiku" });
    for (const review of read.reviews) {
      const first = review.labels.find((label: Json) => label.letter === "A").seat as Seat;
      const name = { gemini: "Echo Haiku", claude: "Nomenclator", perplexity: "Perplexity", deepseek: "DeepSeek" }[first];
      expect(review.readableReason).toBe(`${name} is clearest.`);
    }

    // REST reads the same question, the members by seat.
    const stored = await rest("GET", `/api/council/invocations/${invocation.rawId}`);
    expect(stored.body.invocation.answers[0]).toMatchObject({ seat: "gemini", member: { name: "Echo Haiku", agentId: haiku.agentId } });
    expect(stored.body.invocation.members.claude).toMatchObject({ memberId: nomenclator.memberId, name: "Nomenclator" });
  });

  it("keeps the members for a follow-up; a member retired since no longer sits; asking a member's seat again asks the member", async () => {
    const first = await rest("POST", "/api/council/whisper", {
      prompt: "Where does the path begin?",
      seats: ["perplexity", "deepseek"],
      members: [haiku.memberId],
    });
    expect(first.status).toBe(200);
    expect(first.body.members.gemini).toMatchObject({ name: "Echo Haiku" });
    const sessionId = first.body.session.id as string;

    // Shared, then a follow-up over REST that names nothing: the member sits again, in persona,
    // and the question's entry in the ritual log names it among the voices.
    const shared = await graphql(`mutation ($input: ShareCouncilSessionInput!) { shareCouncilSession(input: $input) { session { visibility } } }`, {
      input: { sessionId: encodeGlobalID("CouncilSession", sessionId), visibility: "public" },
    });
    expect(shared.errors).toBeUndefined();
    fresh();
    const followUp = await rest("POST", "/api/council/whisper", { prompt: "And where does it end?", sessionId });
    expect(followUp.status).toBe(200);
    const gemini = answersOf(providers.requests).find((request) => request.seat === "gemini")!;
    expect(gemini.system).toContain("You are Echo Haiku");
    const logs = (await rest("GET", "/api/council/ritual-logs?type=council")).body.logs as Json[];
    expect(logs.map((entry) => entry.description)).toContain("A question for Echo Haiku, Perplexity and DeepSeek: “And where does it end?”");

    // A seat asked again: its member answers, in persona.
    fresh();
    providers.script("gemini", () => ({ status: 400 }));
    const failing = await rest("POST", "/api/council/whisper", { prompt: "Is the end near?", sessionId });
    expect(failing.status).toBe(200);
    expect(failing.body.errors.gemini).toBeTruthy();
    fresh();
    const retried = await rest("POST", `/api/council/invocations/${failing.body.invocationId}/retry`, { seat: "gemini" });
    expect(retried.status).toBe(200);
    expect(retried.body.invocation.answers[0]).toMatchObject({ seat: "gemini", status: "answered", member: { name: "Echo Haiku" } });
    expect(answersOf(providers.requests).map((request) => [request.seat, request.system.includes("You are Echo Haiku")])).toEqual([["gemini", true]]);

    // Retired by a curator: the seat's model answers again, and the session no longer lists it.
    await app.db.prisma.councilMember.update({ where: { id: haiku.memberId }, data: { isActive: false } });
    try {
      fresh();
      const after = await rest("POST", "/api/council/whisper", { prompt: "Who answers now?", sessionId });
      expect(after.status).toBe(200);
      expect(after.body.members).toBeUndefined();
      expect(answersOf(providers.requests).find((request) => request.seat === "gemini")!.system).not.toContain("Echo Haiku");
      expect((await rest("GET", `/api/council/sessions/${sessionId}`)).body.session.settings.seats).toEqual(["gemini", "perplexity", "deepseek"]);
      // And it cannot be chosen.
      const refused = await rest("POST", "/api/council/whisper", { prompt: "Echo?", members: [haiku.memberId] });
      expect(refused).toMatchObject({ status: 400, body: { message: MEMBER_NOT_SEATED } });
    } finally {
      await app.db.prisma.councilMember.update({ where: { id: haiku.memberId }, data: { isActive: true } });
    }
  });

  it("refuses two members bound to one seat and a member who does not sit; counts each member's sittings", async () => {
    const cartographer = await ascend("cartographer"); // bound to gemini, as Echo Haiku is
    try {
      const shared = await rest("POST", "/api/council/whisper", { prompt: "Both of you?", members: [haiku.memberId, cartographer.memberId] });
      expect(shared).toMatchObject({ status: 400, body: { message: membersShareSeat("Gemini") } });
      const unknown = await graphql(ASK, { input: { prompt: "Who?", members: [randomUUID()] } });
      expect(unknown.errors?.[0]).toMatchObject({ message: MEMBER_NOT_SEATED });
      const twice = await rest("POST", "/api/council/whisper", { prompt: "Twice?", members: [haiku.memberId, haiku.memberId] });
      expect(twice.status).toBe(400);
    } finally {
      await app.db.prisma.councilMember.delete({ where: { id: cartographer.memberId } });
    }
    const before = (await graphql(MEMBERS)).data.councilMembers.edges.map((edge: Json) => edge.node);
    const count = (name: string, list: Json[]) => list.find((node) => node.agentName === name).satCount as number;
    const asked = await rest("POST", "/api/council/whisper", { prompt: "Count me in", members: [nomenclator.memberId] });
    expect(asked.status).toBe(200);
    const after = (await graphql(MEMBERS)).data.councilMembers.edges.map((edge: Json) => edge.node);
    expect(count("Nomenclator", after)).toBe(count("Nomenclator", before) + 1);
    expect(count("Echo Haiku", after)).toBe(count("Echo Haiku", before));
    expect(after.find((node: Json) => node.agentName === "Nomenclator").seat).toBe("claude");
    const listed = (await rest("GET", "/api/council/members")).body.members.find((member: Json) => member.agentName === "Nomenclator");
    expect(listed).toMatchObject({ seat: "claude", satCount: count("Nomenclator", after) });
  });
});
