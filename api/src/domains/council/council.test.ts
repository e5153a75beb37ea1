// The Council through real HTTP and WebSocket against a real database: nominations and
// ascension, whispers and the Summoning Gate, the graph and its live feeds, and refusals that
// leave every table as it was. Visitors are known by their address, so distinct nominators
// speak from distinct loopback addresses (any 127.x.y.z reaches the server on 127.0.0.1).
import { randomUUID } from "node:crypto";
import http from "node:http";
import { encodeGlobalID } from "@pothos/plugin-relay";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, type DatabaseKind } from "../../../test/databases.ts";
import { socketsPerBlock } from "../../../test/blocks.ts";
import { startTestApp, type TestApp } from "../../../test/harness.ts";
import { listen, subscribed } from "../../../test/live.ts";
import { visitor } from "../../actor.ts";
import { createEventBus } from "../events.ts";
import { createLogger } from "../../logger.ts";
import { createMinds } from "../../minds/index.ts";
import { oracleCouncilWhisper, oracleSeatAnswer, oracleSynthesis } from "../../minds/oracle.ts";
import { SEATS } from "../../minds/identity.ts";
import { testServices } from "../../../test/services.ts";

/** A response body or GraphQL payload: asserted field by field, so left untyped. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** Nominations an agent needs to ascend in these tests. */
const THRESHOLD = 2;
const NOMINATE = "/api/council/nominate";
const WHISPER = "/api/council/whisper";

type AgentIds = { id: string; rawId: string; name: string };

/** Every agent by username, with its global id (from the graph) and its raw id. */
async function agentsOf(app: TestApp): Promise<Map<string, AgentIds>> {
  const { data } = await app.graphql<{ agents: { edges: { node: AgentIds & { username: string } }[] } }>(
    `{ agents(first: 50) { edges { node { id rawId name username } } } }`,
  );
  return new Map(data!.agents.edges.map(({ node }) => [node.username, node]));
}

async function rowCounts(app: TestApp) {
  const { prisma } = app.db;
  return {
    nominations: await prisma.agentNomination.count(),
    members: await prisma.councilMember.count(),
    whispers: await prisma.councilWhisper.count(),
    logs: await prisma.ritualLog.count(),
  };
}

async function post(app: TestApp, pathname: string, body: unknown): Promise<{ status: number; body: Json }> {
  const response = await app.request("POST", pathname, body);
  return { status: response.status, body: await response.json() };
}

async function get(app: TestApp, pathname: string): Promise<Json> {
  const response = await app.request("GET", pathname);
  expect(response.status, pathname).toBe(200);
  return response.json();
}

/** A visitor whose requests leave from `address`: to the server, another person. */
function visitorAt(app: TestApp, address: string) {
  const send = (pathname: string, body: unknown) =>
    new Promise<{ status: number; body: Json }>((resolve, reject) => {
      const payload = JSON.stringify(body);
      const headers = { "content-type": "application/json", "content-length": Buffer.byteLength(payload) };
      const request = http.request(`${app.url}${pathname}`, { method: "POST", localAddress: address, headers }, (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      });
      request.on("error", reject);
      request.end(payload);
    });
  return {
    nominate: (agentId: string, reason = "") => send(NOMINATE, { agentId, agentName: "", nominatedBy: "anonymous", reason }),
    graphql: (query: string, variables: Record<string, unknown>) => send("/graphql", { query, variables }),
  };
}

const NOMINATE_AGENT = /* GraphQL */ `
  mutation Nominate($input: NominateAgentInput!) {
    nominateAgent(input: $input) {
      nomination { id agentName nominatedBy reason agent { id } }
      agent { id nominationCount councilMember { id } }
      count
      alreadyNominated
      member { id agentName ascendedBy isActive agent { id } }
    }
  }
`;

const WHISPER_TO_COUNCIL = /* GraphQL */ `
  mutation Whisper($input: WhisperToCouncilInput!) {
    whisperToCouncil(input: $input) { whisper { id content councilResponse isAnonymous createdAt } }
  }
`;

const RITUAL_LOG_ADDED = `subscription { ritualLogAdded { id type description performedBy relatedAgent { id name } createdAt } }`;
const WHISPER_ADDED = `subscription { councilWhisperAdded { id content councilResponse isAnonymous createdAt } }`;
const MEMBER_ASCENDED = `subscription { councilMemberAscended { id agentName ascendedBy ascendedAt isActive agent { id name } } }`;

const isoTime = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
const newestFirst = (times: string[]) => times.map(Date.parse).every((time, i, all) => i === 0 || all[i - 1]! >= time);

/** The block's app (the Council ascends at THRESHOLD) and its agents by username, started before its tests and stopped after. */
function councilPerBlock(kind: DatabaseKind): { app: TestApp; agents: Map<string, AgentIds> } {
  const block = {} as { app: TestApp; agents: Map<string, AgentIds> };
  beforeAll(async () => {
    block.app = await startTestApp(kind, { ascensionThreshold: THRESHOLD });
    block.agents = await agentsOf(block.app);
  });
  afterAll(() => block.app?.stop());
  return block;
}

describe.each(databaseKinds)("the nomination counts on %s: a bounded map, and pages for the rest", (kind) => {
  let app: TestApp;
  /** 105 agents nominated 1 to 105 times (the counts kept on each agent), and one archived nominee. */
  const nominees: { id: string; count: number }[] = [];
  let archived: string;
  beforeAll(async () => {
    app = await startTestApp(kind);
    const base = Date.parse("2026-01-01T00:00:00Z");
    const rows: { id: string; name: string; username: string; nominationCount: number; createdAt: Date }[] = Array.from({ length: 105 }, (_, i) => ({
      id: randomUUID(),
      name: `Nominee ${i + 1}`,
      username: `nominee-${i + 1}`,
      nominationCount: i + 1,
      createdAt: new Date(base + i * 1000),
    }));
    archived = randomUUID();
    rows.push({ id: archived, name: "Archived Favourite", username: "archived-favourite", nominationCount: 500, createdAt: new Date(base) });
    await app.db.prisma.agent.createMany({
      data: rows.map((row) => ({
        ...row,
        glyph: "✶",
        personality: "Nominated by many.",
        apiModel: "claude" as const,
        createdBy: "test",
        archived: row.id === archived,
      })),
    });
    nominees.push(...rows.filter((row) => row.id !== archived).map((row) => ({ id: row.id, count: row.nominationCount })));
  });
  afterAll(() => app.stop());

  it("names the 100 most nominated visible agents when no agents are given", async () => {
    const { nominations } = await get(app, "/api/council/nominations");
    expect(Object.keys(nominations)).toHaveLength(100);
    expect(nominations).toEqual(Object.fromEntries(nominees.filter((n) => n.count > 5).map((n) => [n.id, { count: n.count }])));
  });

  it("names the given agents that were nominated, archived or not; unknown ids and the never nominated are left out", async () => {
    const genesis = await app.db.prisma.agent.findFirstOrThrow({ where: { type: "genesis" } });
    const asked = [nominees[0]!.id, nominees[104]!.id, archived, genesis.id, randomUUID(), "not-an-id"];
    const { nominations } = await get(app, `/api/council/nominations?agentIds=${asked.join(",")},${nominees[0]!.id}`);
    expect(nominations).toEqual({ [nominees[0]!.id]: { count: 1 }, [nominees[104]!.id]: { count: 105 }, [archived]: { count: 500 } });
    expect((await get(app, "/api/council/nominations?agentIds=")).nominations).toEqual({});
  });

  it("refuses more than 100 agents at once", async () => {
    const ids = Array.from({ length: 101 }, () => randomUUID()).join(",");
    const response = await app.request("GET", `/api/council/nominations?agentIds=${ids}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "At most 100 agent ids", field: "agentIds" });
  });

  it("pages through every nominated visible agent, most nominated first", async () => {
    const PAGE = `query ($after: String) { nominatedAgents(first: 40, after: $after) { edges { node { rawId nominationCount } } pageInfo { hasNextPage endCursor } } }`;
    type Page = { nominatedAgents: { edges: { node: { rawId: string; nominationCount: number } }[]; pageInfo: { hasNextPage: boolean; endCursor: string } } };
    const seen: { rawId: string; nominationCount: number }[] = [];
    let after: string | null = null;
    for (let page = 0; page < 10; page++) {
      const result: Awaited<ReturnType<typeof app.graphql<Page>>> = await app.graphql<Page>(PAGE, { after });
      expect(result.errors).toBeUndefined();
      seen.push(...result.data!.nominatedAgents.edges.map((edge) => edge.node));
      if (!result.data!.nominatedAgents.pageInfo.hasNextPage) break;
      after = result.data!.nominatedAgents.pageInfo.endCursor;
    }
    expect(seen).toEqual([...nominees].reverse().map((n) => ({ rawId: n.id, nominationCount: n.count })));
  });
});

describe.each(databaseKinds)("council nominations and ascension on %s", (kind) => {
  const block = councilPerBlock(kind);

  it("records a nomination once per nominator, through REST and GraphQL alike", async () => {
    const agent = block.agents.get("nomenclator")!;
    const before = await rowCounts(block.app);
    const body = { agentId: agent.rawId, agentName: "Someone Else", nominatedBy: "anonymous", reason: "  It names the nameless.  " };

    const first = await post(block.app, NOMINATE, body);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      nomination: {
        id: expect.any(String),
        agentId: agent.rawId,
        agentName: agent.name,
        nominatedBy: "anonymous",
        reason: "It names the nameless.",
        createdAt: isoTime,
      },
      count: 1,
      alreadyNominated: false,
      ascended: false,
      member: null,
    });
    const stored = await block.app.db.prisma.agentNomination.findMany({ where: { agentId: agent.rawId } });
    expect(stored).toEqual([
      expect.objectContaining({ id: first.body.nomination.id, agentName: agent.name, nominatedBy: "anonymous", nominationReason: "It names the nameless." }),
    ]);
    const logs = await block.app.db.prisma.ritualLog.findMany({ where: { relatedAgentId: agent.rawId } });
    expect(logs).toEqual([
      expect.objectContaining({ type: "nomination", description: `${agent.name} was nominated for the Council`, performedBy: "anonymous" }),
    ]);

    const again = await post(block.app, NOMINATE, body);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ nomination: { id: first.body.nomination.id }, count: 1, alreadyNominated: true, ascended: false });

    const viaGraph = await block.app.graphql<Json>(NOMINATE_AGENT, { input: { agentId: agent.id, reason: "once more" } });
    expect(viaGraph.errors).toBeUndefined();
    expect(viaGraph.data.nominateAgent).toMatchObject({ count: 1, alreadyNominated: true, member: null, agent: { nominationCount: 1, councilMember: null } });

    expect(await rowCounts(block.app)).toEqual({ ...before, nominations: before.nominations + 1, logs: before.logs + 1 });
    expect((await get(block.app, "/api/council/nominations")).nominations[agent.rawId]).toEqual({ count: 1 });
  });

  it("makes an agent ascend exactly once, when distinct nominators reach the threshold", async () => {
    const agent = block.agents.get("echo-haiku")!;
    const first = await visitorAt(block.app, "127.0.0.2").nominate(agent.rawId);
    expect(first).toMatchObject({ status: 201, body: { count: 1, ascended: false, member: null } });
    expect(await block.app.db.prisma.councilMember.count({ where: { agentId: agent.rawId } })).toBe(0);

    const second = await visitorAt(block.app, "127.0.0.3").nominate(agent.rawId, "It sings.");
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({
      count: THRESHOLD,
      alreadyNominated: false,
      ascended: true,
      member: { id: expect.any(String), agentId: agent.rawId, agentName: agent.name, ascendedAt: isoTime, ascendedBy: "The Council" },
    });

    const third = await visitorAt(block.app, "127.0.0.4").nominate(agent.rawId);
    expect(third).toMatchObject({ status: 201, body: { count: 3, ascended: false, member: null } });

    const members = await block.app.db.prisma.councilMember.findMany({ where: { agentId: agent.rawId } });
    expect(members).toEqual([expect.objectContaining({ id: second.body.member.id, agentName: agent.name, isActive: true })]);
    const ascensions = await block.app.db.prisma.ritualLog.findMany({ where: { relatedAgentId: agent.rawId, type: "ascension" } });
    expect(ascensions).toEqual([
      expect.objectContaining({ description: `${agent.name} ascended to the Council`, performedBy: "The Council", metadata: { nominations: THRESHOLD } }),
    ]);
    expect(await block.app.db.prisma.ritualLog.count({ where: { relatedAgentId: agent.rawId, type: "nomination" } })).toBe(3);

    const { members: listed } = await get(block.app, "/api/council/members");
    expect(listed).toEqual([
      // Echo Haiku is bound to gemini: that is its seat at the Gate; it has not sat yet.
      {
        id: second.body.member.id,
        agentId: agent.rawId,
        agentName: agent.name,
        ascendedAt: second.body.member.ascendedAt,
        ascendedBy: "The Council",
        satCount: 0,
        seat: "gemini",
      },
    ]);
    expect((await get(block.app, "/api/council/nominations")).nominations[agent.rawId]).toEqual({ count: 3 });
  });

  it("records who nominated as the server knows them, never a label the client sent", async () => {
    const created = await block.app.request("POST", "/api/agents", {
      name: "Nominee Of Record",
      glyph: "✶",
      personality: "Waits to be named by someone.",
      apiModel: "claude",
    });
    const agent = { rawId: (await created.json()).id as string };
    const forged = await visitorAt(block.app, "127.0.0.9").nominate(agent.rawId);
    expect(forged.status).toBe(201);
    const impostor = await post(block.app, NOMINATE, { agentId: agent.rawId, agentName: "", nominatedBy: "The Council", reason: "" });
    expect(impostor.status).toBe(201);
    expect(impostor.body.nomination.nominatedBy).toBe("anonymous");
    const logs = await block.app.db.prisma.ritualLog.findMany({ where: { relatedAgentId: agent.rawId, type: "nomination" } });
    expect(logs.map((log) => log.performedBy)).toEqual(["anonymous", "anonymous"]);
    expect(await block.app.db.prisma.agentNomination.count({ where: { agentId: agent.rawId, nominatedBy: "The Council" } })).toBe(0);
  });

  it("answers 404 Agent not found for an unknown or malformed agent id, and records nothing", async () => {
    const before = await rowCounts(block.app);
    for (const agentId of [randomUUID(), "not-an-id", "42", encodeGlobalID("Agent", randomUUID())]) {
      const response = await post(block.app, NOMINATE, { agentId, agentName: "Nobody", nominatedBy: "anonymous", reason: "" });
      expect({ agentId, ...response }).toEqual({ agentId, status: 404, body: { message: "Agent not found" } });
    }
    const viaGraph = await block.app.graphql(NOMINATE_AGENT, { input: { agentId: encodeGlobalID("Agent", randomUUID()) } });
    expect(viaGraph.errors).toEqual([expect.objectContaining({ message: "Agent not found", extensions: expect.objectContaining({ code: "NOT_FOUND" }) })]);
    expect(await rowCounts(block.app)).toEqual(before);
  });

  if (kind === "postgres") {
    it("serialises concurrent nominations: one member and one ascension when they cross the threshold together", async () => {
      const log = createLogger("silent");
      const bus = createEventBus({ channelPrefix: `council-test-${randomUUID()}`, log });
      const nominators = 6;
      const { council } = testServices({
        prisma: block.app.db.prisma,
        bus,
        minds: createMinds(block.app.config.minds, log),
        log,
        config: { ascensionThreshold: nominators },
      });
      try {
        for (const [round, username] of ["mnemosyne", "silent-hand", "cartographer"].entries()) {
          const agent = block.agents.get(username)!;
          const results = await Promise.all(
            Array.from({ length: nominators }, (_, i) => council.nominate({ agentId: agent.rawId, reason: "together" }, visitor(`10.0.${round}.${i + 1}`))),
          );
          // Without the row lock each transaction counts only itself and no one ascends.
          expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
          expect(results.filter((r) => r.member !== null).map((r) => r.count)).toEqual([nominators]);
          expect(await block.app.db.prisma.councilMember.count({ where: { agentId: agent.rawId } })).toBe(1);
          expect(await block.app.db.prisma.ritualLog.count({ where: { relatedAgentId: agent.rawId, type: "ascension" } })).toBe(1);
          expect(await block.app.db.prisma.agentNomination.count({ where: { agentId: agent.rawId } })).toBe(nominators);
        }
      } finally {
        await bus.close();
      }
    });
  }
});

describe.each(databaseKinds)("council whispers and the Summoning Gate on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(() => app.stop());

  it("trims a whisper, answers it from the oracle, stores it and logs it", async () => {
    const response = await post(app, WHISPER, { content: "  What is owed to a name?\n ", userId: "anonymous" });
    expect(response.status).toBe(201);
    const councilResponse = oracleCouncilWhisper("What is owed to a name?");
    expect(response.body).toEqual({
      councilResponse,
      mode: "oracle",
      oracleReason: null,
      whisper: {
        id: expect.any(String),
        content: "What is owed to a name?",
        councilResponse,
        mode: "oracle",
        oracleReason: null,
        respondedBy: "claude",
        isAnonymous: true,
        createdAt: isoTime,
      },
    });
    const id = response.body.whisper.id;
    expect(await app.db.prisma.councilWhisper.findUnique({ where: { id } })).toMatchObject({
      content: "What is owed to a name?",
      userId: "anonymous",
      councilResponse,
      isAnonymous: true,
    });
    expect(await app.db.prisma.ritualLog.findMany({ where: { relatedWhisperId: id } })).toEqual([
      expect.objectContaining({ type: "whisper", description: 'A whisper reached the Council: "What is owed to a name?"', performedBy: "anonymous" }),
    ]);
  });

  it("accepts exactly 500 characters after trimming, and shortens the log's description", async () => {
    const content = "a".repeat(500);
    const response = await post(app, WHISPER, { content: `  ${content}\t`, userId: "anonymous" });
    expect(response.status).toBe(201);
    expect(response.body.whisper.content).toBe(content);
    const [log] = await app.db.prisma.ritualLog.findMany({ where: { relatedWhisperId: response.body.whisper.id } });
    expect(log?.description).toBe(`A whisper reached the Council: "${"a".repeat(79)}…"`);
  });

  it("refuses an empty, blank or 501-character whisper with the schema's message and stores nothing", async () => {
    const before = await rowCounts(app);
    const refusals: [string, string][] = [
      ["", "A whisper needs words"],
      [" \n\t ", "A whisper needs words"],
      ["b".repeat(501), "A whisper holds at most 500 characters"],
    ];
    for (const [content, message] of refusals) {
      const response = await post(app, WHISPER, { content, userId: "anonymous" });
      expect({ length: content.length, ...response }).toEqual({ length: content.length, status: 400, body: { message, field: "content" } });
    }
    expect(await rowCounts(app)).toEqual(before);
  });

  it("lists whispers and ritual logs newest first", async () => {
    const contents = ["The first of three.", "The second of three.", "The third of three."];
    for (const content of contents) expect((await post(app, WHISPER, { content, userId: "anonymous" })).status).toBe(201);

    const { whispers } = await get(app, "/api/council/whispers");
    expect(whispers.slice(0, 3)).toEqual(
      [...contents].reverse().map((content) => expect.objectContaining({ content, councilResponse: oracleCouncilWhisper(content), createdAt: isoTime })),
    );
    expect(whispers).toHaveLength(await app.db.prisma.councilWhisper.count());
    expect(newestFirst(whispers.map((w: Json) => w.createdAt))).toBe(true);

    const { logs } = await get(app, "/api/council/ritual-logs");
    expect(logs.slice(0, 3)).toEqual(
      [...contents].reverse().map((content) =>
        expect.objectContaining({
          type: "whisper",
          description: `A whisper reached the Council: "${content}"`,
          performedBy: "anonymous",
          createdAt: isoTime,
        }),
      ),
    );
    expect(newestFirst(logs.map((l: Json) => l.createdAt))).toBe(true);
  });

  it("answers a Summoning Gate prompt with the four seats and a synthesis, all from the oracle", async () => {
    const before = await rowCounts(app);
    const prompt = "What does a forgotten name become?";
    const response = await post(app, WHISPER, { prompt: `  ${prompt} ` });
    expect(response.status).toBe(200);
    const seats = Object.fromEntries(SEATS.map((seat) => [seat, oracleSeatAnswer(seat, prompt)]));
    expect(response.body).toEqual({
      success: true,
      ...seats,
      synthesis: oracleSynthesis(prompt, seats),
      modes: { gemini: "oracle", claude: "oracle", perplexity: "oracle", deepseek: "oracle", synthesis: "oracle" },
      invocationId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      // The second version's additions: the session the question opened, and what it cost (the
      // oracle costs nothing, and says so before and after).
      session: { id: expect.stringMatching(/^[0-9a-f-]{36}$/) },
      costUsd: 0,
      estimateUsd: 0,
    });
    // It is stored as an invocation, with who asked; a consultation is not a whisper.
    const stored = await app.db.prisma.councilInvocation.findUniqueOrThrow({ where: { id: response.body.invocationId } });
    expect(stored).toMatchObject({ prompt, status: "complete", userId: null, askedBy: "anonymous", synthesis: response.body.synthesis, costUsd: 0 });
    expect((await rowCounts(app)).whispers).toBe(before.whispers);
  });

  it("refuses an empty or blank Summoning Gate prompt", async () => {
    for (const prompt of ["", "   "]) {
      expect(await post(app, WHISPER, { prompt })).toEqual({ status: 400, body: { message: "Speak a question to the Council", field: "prompt" } });
    }
  });
});

describe.each(databaseKinds)("council in GraphQL on %s", (kind) => {
  const block = councilPerBlock(kind);

  it("nominates by global id, and shows the count and the membership on the agent", async () => {
    const agent = block.agents.get("threshold-keeper")!;
    const first = await block.app.graphql<Json>(NOMINATE_AGENT, { input: { agentId: agent.id, reason: " It keeps the door. " } });
    expect(first.errors).toBeUndefined();
    expect(first.data.nominateAgent).toEqual({
      nomination: { id: expect.any(String), agentName: agent.name, nominatedBy: "anonymous", reason: "It keeps the door.", agent: { id: agent.id } },
      agent: { id: agent.id, nominationCount: 1, councilMember: null },
      count: 1,
      alreadyNominated: false,
      member: null,
    });

    const second = await visitorAt(block.app, "127.0.0.2").graphql(NOMINATE_AGENT, { input: { agentId: agent.id } });
    expect(second.body.errors).toBeUndefined();
    const payload = second.body.data.nominateAgent;
    expect(payload).toMatchObject({
      count: THRESHOLD,
      alreadyNominated: false,
      member: { id: expect.any(String), agentName: agent.name, ascendedBy: "The Council", isActive: true, agent: { id: agent.id } },
    });
    expect(payload.agent).toEqual({ id: agent.id, nominationCount: THRESHOLD, councilMember: { id: payload.member.id } });

    const read = await block.app.graphql<Json>(
      `query ($ids: [ID!]!) { nodes(ids: $ids) { ... on Agent { name nominationCount councilMember { id agentName } } } }`,
      {
        ids: [agent.id, block.agents.get("nomenclator")!.id],
      },
    );
    expect(read.data.nodes).toEqual([
      { name: agent.name, nominationCount: THRESHOLD, councilMember: { id: payload.member.id, agentName: agent.name } },
      { name: "Nomenclator", nominationCount: 0, councilMember: null },
    ]);
  });

  it("takes a whisper through whisperToCouncil and pages the Council's lists as connections", async () => {
    const contents = ["One for the archive.", "Two for the watch.", "  Three for the door.  "];
    const written = [];
    for (const content of contents) {
      const result = await block.app.graphql<Json>(WHISPER_TO_COUNCIL, { input: { content } });
      expect(result.errors).toBeUndefined();
      written.push(result.data.whisperToCouncil.whisper);
    }
    expect(written[2]).toEqual({
      id: expect.any(String),
      content: "Three for the door.",
      councilResponse: oracleCouncilWhisper("Three for the door."),
      isAnonymous: true,
      createdAt: isoTime,
    });

    const WHISPERS = `query ($after: String) { councilWhispers(first: 2, after: $after) { edges { cursor node { id content } } pageInfo { hasNextPage endCursor } } }`;
    const page1 = (await block.app.graphql<Json>(WHISPERS)).data.councilWhispers;
    expect(page1.edges.map((e: Json) => e.node.id)).toEqual([written[2].id, written[1].id]);
    expect(page1.pageInfo.hasNextPage).toBe(true);
    const page2 = (await block.app.graphql<Json>(WHISPERS, { after: page1.pageInfo.endCursor })).data.councilWhispers;
    expect(page2.edges.map((e: Json) => e.node.id)).toEqual([written[0].id]);
    expect(page2.pageInfo.hasNextPage).toBe(false);

    const LOGS = `query ($type: RitualType) { ritualLogs(type: $type, first: 10) { edges { node { type description performedBy relatedAgent { name } } } pageInfo { hasNextPage } } }`;
    const typesOf = async (type: string) => ((await block.app.graphql<Json>(LOGS, { type })).data.ritualLogs.edges as Json[]).map((e) => e.node);
    const keeper = block.agents.get("threshold-keeper")!.name;
    expect(await typesOf("whisper")).toEqual(
      ["Three for the door.", "Two for the watch.", "One for the archive."].map((content) => ({
        type: "whisper",
        description: `A whisper reached the Council: "${content}"`,
        performedBy: "anonymous",
        relatedAgent: null,
      })),
    );
    expect(await typesOf("ascension")).toEqual([
      { type: "ascension", description: `${keeper} ascended to the Council`, performedBy: "The Council", relatedAgent: { name: keeper } },
    ]);
    expect((await typesOf("nomination")).map((log) => log.relatedAgent)).toEqual([{ name: keeper }, { name: keeper }]);

    const all = await block.app.graphql<Json>(`{ ritualLogs(first: 5) { edges { node { type } } pageInfo { hasNextPage } } }`);
    expect(all.data.ritualLogs.edges).toHaveLength(5);
    expect(all.data.ritualLogs.pageInfo.hasNextPage).toBe(true);

    const members = await block.app.graphql<Json>(`{ councilMembers(first: 10) { edges { node { agentName agent { name } } } pageInfo { hasNextPage } } }`);
    expect(members.data.councilMembers).toEqual({ edges: [{ node: { agentName: keeper, agent: { name: keeper } } }], pageInfo: { hasNextPage: false } });

    // The REST shim reads the same rows.
    const { whispers } = await get(block.app, "/api/council/whispers");
    expect(whispers.map((w: Json) => w.content)).toEqual(["Three for the door.", "Two for the watch.", "One for the archive."]);
  });

  it("resolves a page of members with their agents in one SQL statement", async () => {
    const statements = await block.app.countQueries(() =>
      block.app.graphql(`{ councilMembers(first: 10) { edges { node { agentName agent { name nominationCount } } } } }`),
    );
    expect(statements).toBe(1);
  });

  it("refuses bad input with the schema's messages and changes nothing", async () => {
    const before = await rowCounts(block.app);
    const blank = await block.app.graphql(WHISPER_TO_COUNCIL, { input: { content: "   " } });
    expect(blank.errors).toEqual([
      expect.objectContaining({ message: "A whisper needs words", extensions: expect.objectContaining({ code: "BAD_USER_INPUT", field: "content" }) }),
    ]);
    const long = await block.app.graphql(WHISPER_TO_COUNCIL, { input: { content: "c".repeat(501) } });
    expect(long.errors?.[0]?.message).toBe("A whisper holds at most 500 characters");
    const wrongType = await block.app.graphql(WHISPER_TO_COUNCIL, { input: { content: 42 } });
    expect(wrongType.errors).toHaveLength(1);
    expect(wrongType.data).toBeUndefined();
    const reason = await block.app.graphql(NOMINATE_AGENT, { input: { agentId: block.agents.get("mnemosyne")!.id, reason: "r".repeat(501) } });
    expect(reason.errors?.[0]?.message).toBe("The nomination reason is too long");
    expect(await rowCounts(block.app)).toEqual(before);
  });
});

describe.each(databaseKinds)("council live feeds over graphql-ws on %s", (kind) => {
  const block = councilPerBlock(kind);
  const open = socketsPerBlock(block);

  it("ritualLogAdded delivers the log of each nomination made after subscribing, REST or GraphQL", async () => {
    const client = await open();
    const logs = listen(client, RITUAL_LOG_ADDED);
    await subscribed(client);
    const [viaRest, viaGraph] = [block.agents.get("nomenclator")!, block.agents.get("echo-haiku")!];

    expect((await post(block.app, NOMINATE, { agentId: viaRest.rawId, agentName: "", nominatedBy: "anonymous", reason: "" })).status).toBe(201);
    const stored = await block.app.db.prisma.ritualLog.findFirstOrThrow({ where: { relatedAgentId: viaRest.rawId } });
    expect(await logs.next()).toEqual({
      id: encodeGlobalID("RitualLog", stored.id),
      type: "nomination",
      description: `${viaRest.name} was nominated for the Council`,
      performedBy: "anonymous",
      relatedAgent: { id: viaRest.id, name: viaRest.name },
      createdAt: stored.createdAt.toISOString(),
    });

    expect((await block.app.graphql(NOMINATE_AGENT, { input: { agentId: viaGraph.id } })).errors).toBeUndefined();
    expect(await logs.next()).toMatchObject({ type: "nomination", relatedAgent: { id: viaGraph.id } });
  });

  it("councilWhisperAdded and ritualLogAdded deliver each whisper with its council response", async () => {
    const client = await open();
    const whispers = listen(client, WHISPER_ADDED);
    const logs = listen(client, RITUAL_LOG_ADDED);
    await subscribed(client);

    const viaGraph = await block.app.graphql<Json>(WHISPER_TO_COUNCIL, { input: { content: "Heard in the graph." } });
    const written = viaGraph.data.whisperToCouncil.whisper;
    expect(await whispers.next()).toEqual(written);
    expect(written.councilResponse).toBe(oracleCouncilWhisper("Heard in the graph."));
    expect(await logs.next()).toMatchObject({ type: "whisper", description: 'A whisper reached the Council: "Heard in the graph."', relatedAgent: null });

    const viaRest = await post(block.app, WHISPER, { content: "Heard through the shim.", userId: "anonymous" });
    expect(await whispers.next()).toEqual({
      id: encodeGlobalID("CouncilWhisper", viaRest.body.whisper.id),
      content: "Heard through the shim.",
      councilResponse: viaRest.body.councilResponse,
      isAnonymous: true,
      createdAt: viaRest.body.whisper.createdAt,
    });
    expect(await logs.next()).toMatchObject({ type: "whisper", description: 'A whisper reached the Council: "Heard through the shim."' });
  });

  it("councilMemberAscended delivers the member when an agent ascends, after its logs", async () => {
    const client = await open();
    const ascended = listen(client, MEMBER_ASCENDED);
    const logs = listen(client, RITUAL_LOG_ADDED);
    await subscribed(client);
    const agent = block.agents.get("mnemosyne")!;

    expect((await visitorAt(block.app, "127.0.0.5").nominate(agent.rawId)).body.count).toBe(1);
    const crossing = await visitorAt(block.app, "127.0.0.6").graphql(NOMINATE_AGENT, { input: { agentId: agent.id } });
    const member = crossing.body.data.nominateAgent.member;
    expect(member).toMatchObject({ agentName: agent.name });

    const stored = await block.app.db.prisma.councilMember.findUniqueOrThrow({ where: { agentId: agent.rawId } });
    expect(await ascended.next()).toEqual({
      id: member.id,
      agentName: agent.name,
      ascendedBy: "The Council",
      ascendedAt: stored.ascendedAt.toISOString(),
      isActive: true,
      agent: { id: agent.id, name: agent.name },
    });
    expect([await logs.next(), await logs.next(), await logs.next()].map((log) => log.type)).toEqual(["nomination", "nomination", "ascension"]);
  });

  it("publishes nothing for a repeated or refused write, nor a second ascension", async () => {
    const [repeated, member, marker] = [block.agents.get("cartographer")!, block.agents.get("threshold-keeper")!, block.agents.get("silent-hand")!];
    expect((await post(block.app, NOMINATE, { agentId: repeated.rawId, agentName: "", nominatedBy: "anonymous", reason: "" })).status).toBe(201);
    expect((await visitorAt(block.app, "127.0.1.1").nominate(member.rawId)).body.ascended).toBe(false);
    expect((await visitorAt(block.app, "127.0.1.2").nominate(member.rawId)).body.ascended).toBe(true);

    const client = await open();
    const ascended = listen(client, MEMBER_ASCENDED);
    const whispers = listen(client, WHISPER_ADDED);
    const logs = listen(client, RITUAL_LOG_ADDED);
    await subscribed(client);

    expect((await post(block.app, NOMINATE, { agentId: repeated.rawId, agentName: "", nominatedBy: "anonymous", reason: "" })).body.alreadyNominated).toBe(
      true,
    );
    expect((await post(block.app, NOMINATE, { agentId: randomUUID(), agentName: "", nominatedBy: "anonymous", reason: "" })).status).toBe(404);
    expect((await post(block.app, WHISPER, { content: "  " })).status).toBe(400);
    // Past the threshold of an agent already in the Council: a nomination log, no second ascension.
    expect((await visitorAt(block.app, "127.0.1.3").nominate(member.rawId)).body).toMatchObject({ count: 3, ascended: false });

    // Markers written last: each feed's next event must be a marker's, not an earlier write's.
    await post(block.app, WHISPER, { content: "The marker.", userId: "anonymous" });
    await visitorAt(block.app, "127.0.1.4").nominate(marker.rawId);
    await visitorAt(block.app, "127.0.1.5").nominate(marker.rawId);

    expect(await logs.next()).toMatchObject({ type: "nomination", relatedAgent: { id: member.id } });
    expect(await logs.next()).toMatchObject({ type: "whisper", description: 'A whisper reached the Council: "The marker."' });
    expect(await whispers.next()).toMatchObject({ content: "The marker." });
    expect(await ascended.next()).toMatchObject({ agentName: marker.name, agent: { id: marker.id } });
  });
});

describe.each(databaseKinds)("council refuses bad input on %s", (kind) => {
  let app: TestApp;
  let agentId: string;
  beforeAll(async () => {
    app = await startTestApp(kind, { ascensionThreshold: THRESHOLD });
    agentId = (await agentsOf(app)).get("cartographer")!.rawId;
  });
  afterAll(() => app.stop());

  const nomination = (fields: Record<string, unknown>) => (id: string) => ({ agentId: id, agentName: "", nominatedBy: "anonymous", reason: "", ...fields });
  const JSON_TYPE = "application/json";
  // [what, route, body (raw text, or built from a real agent id), content type, status, answer]
  const refusals: [string, string, string | ((id: string) => unknown), string, number, Record<string, unknown>][] = [
    ["a nomination that is not JSON", NOMINATE, '{"agentId": ', JSON_TYPE, 400, { message: "Request body must be valid JSON" }],
    ["a nomination sent as text/plain", NOMINATE, nomination({}), "text/plain", 415, { message: "Send the body as JSON with Content-Type: application/json" }],
    ["a nomination that is a JSON array", NOMINATE, "[]", JSON_TYPE, 400, { message: "Request body must be a JSON object" }],
    ["a nomination without an agent", NOMINATE, () => ({ reason: "who?" }), JSON_TYPE, 400, { message: "Agent not found", field: "agentId" }],
    ["a numeric agentId", NOMINATE, () => ({ agentId: 42 }), JSON_TYPE, 400, { message: "Agent not found", field: "agentId" }],
    ["a numeric reason", NOMINATE, nomination({ reason: 42 }), JSON_TYPE, 400, { message: "reason must be text", field: "reason" }],
    ["an object as nominatedBy", NOMINATE, nomination({ nominatedBy: {} }), JSON_TYPE, 400, { message: "nominatedBy must be text", field: "nominatedBy" }],
    [
      "a reason of 501 characters",
      NOMINATE,
      nomination({ reason: "r".repeat(501) }),
      JSON_TYPE,
      400,
      { message: "The nomination reason is too long", field: "reason" },
    ],
    [
      "a nominatedBy of 101 characters",
      NOMINATE,
      nomination({ nominatedBy: "n".repeat(101) }),
      JSON_TYPE,
      400,
      { message: "nominatedBy is too long", field: "nominatedBy" },
    ],
    ["a nomination of an unknown agent", NOMINATE, () => nomination({})(randomUUID()), JSON_TYPE, 404, { message: "Agent not found" }],
    ["a whisper that is not JSON", WHISPER, "content=hello", JSON_TYPE, 400, { message: "Request body must be valid JSON" }],
    [
      "a whisper sent as text/plain",
      WHISPER,
      () => ({ content: "hello" }),
      "text/plain",
      415,
      { message: "Send the body as JSON with Content-Type: application/json" },
    ],
    ["a numeric whisper", WHISPER, () => ({ content: 42, userId: "anonymous" }), JSON_TYPE, 400, { message: "A whisper needs words", field: "content" }],
    ["a null whisper", WHISPER, () => ({ content: null }), JSON_TYPE, 400, { message: "A whisper needs words", field: "content" }],
    ["a whisper without content or prompt", WHISPER, () => ({ userId: "anonymous" }), JSON_TYPE, 400, { message: "A whisper needs words", field: "content" }],
    [
      "a whisper of 501 characters",
      WHISPER,
      () => ({ content: "w".repeat(501) }),
      JSON_TYPE,
      400,
      { message: "A whisper holds at most 500 characters", field: "content" },
    ],
    ["a numeric prompt", WHISPER, () => ({ prompt: 42 }), JSON_TYPE, 400, { message: "Speak a question to the Council", field: "prompt" }],
    [
      "a prompt of 4001 characters",
      WHISPER,
      () => ({ prompt: "p".repeat(4001) }),
      JSON_TYPE,
      400,
      { message: "The question is too long for the Council", field: "prompt" },
    ],
    ["a whisper larger than the body limit", WHISPER, () => ({ content: "x".repeat(200_000) }), JSON_TYPE, 413, { message: "Request body is too large" }],
  ];

  it.each(refusals)("refuses %s and changes nothing", async (_what, route, body, contentType, status, answer) => {
    const before = await rowCounts(app);
    const text = typeof body === "string" ? body : JSON.stringify(body(agentId));
    const response = await app.request("POST", route, text, { "content-type": contentType });
    expect(response.status).toBe(status);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual(answer);
    expect(await rowCounts(app)).toEqual(before);
  });

  it("refuses a wrongly typed agentName or userId with 400", async () => {
    const before = await rowCounts(app);
    const name = await post(app, NOMINATE, { agentId, agentName: 7, nominatedBy: "anonymous", reason: "" });
    expect(name).toMatchObject({ status: 400, body: { field: "agentName", message: expect.any(String) } });
    const user = await post(app, WHISPER, { content: "hello", userId: ["anonymous"] });
    expect(user).toMatchObject({ status: 400, body: { field: "userId", message: expect.any(String) } });
    expect(await rowCounts(app)).toEqual(before);
  });

  it("accepts a reason of exactly 500 characters, so the refusal above is the limit's", async () => {
    const response = await post(app, NOMINATE, nomination({ reason: "r".repeat(500) })(agentId));
    expect(response.status).toBe(201);
    expect(response.body.nomination.reason).toHaveLength(500);
  });
});
