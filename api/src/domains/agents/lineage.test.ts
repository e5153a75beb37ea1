// Remixing and lineage over REST and GraphQL: defaults, the spec's messages, remixCount,
// origins through a chain, the remix feed, the Evolution Gate,
// and what a page of agents with their relatives costs in SQL statements.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../../../test/databases.ts";
import { startTestApp, type TestApp } from "../../../test/harness.ts";
import { forgeAgent, remixAgent } from "../../../test/agents.ts";

const REMIX = /* GraphQL */ `
  mutation Remix($input: RemixAgentInput!) {
    remixAgent(input: $input) {
      agent { id rawId name username glyph apiModel type description personality remixOf remixNote remixCount parent { rawId } origin { rawId } }
      parent { rawId remixCount }
    }
  }
`;

const FAMILY = /* GraphQL */ `
  query Family($ref: String!) {
    agent(ref: $ref) {
      rawId name remixCount
      parent { rawId name }
      origin { rawId name }
      ancestors { rawId name }
      children(first: 10) { edges { node { rawId name } } pageInfo { hasNextPage } }
    }
  }
`;

const ACTIVITY = /* GraphQL */ `
  query Activity($first: Int) {
    remixActivity(first: $first) {
      edges { node { remixedAt parentAgent { rawId name glyph } childAgent { rawId name glyph } } }
    }
  }
`;

const STATS = /* GraphQL */ `{ evolutionStats { totalAgents totalRemixes activeLineages } }`;
/** The same question under another name: an answer not yet in the response cache (raw SQL writes are not announced to it). */
const uncachedStats = (name: string) => `query ${name} { evolutionStats { totalAgents totalRemixes activeLineages } }`;

type Brief = { rawId: string; name: string };
type Family = {
  agent: Brief & {
    remixCount: number;
    parent: Brief | null;
    origin: Brief | null;
    ancestors: Brief[];
    children: { edges: { node: Brief }[]; pageInfo: { hasNextPage: boolean } };
  };
};
type Stats = { evolutionStats: { totalAgents: number; totalRemixes: number; activeLineages: number } };
type RestAgent = {
  id: string;
  name: string;
  username: string;
  glyph: string;
  apiModel: string;
  parentAgentId: string | null;
  originAgentId: string | null;
  remixCount: number;
};

const DESCRIPTION = "A descendant that keeps the old fire.";
const PERSONALITY = "Patient, curious, and fond of its origins.";

describe.each(databaseKinds)("remixes and lineage on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(() => app.stop());

  const agentCount = () => app.db.prisma.agent.count();
  const remixCountOf = async (id: string) => (await app.db.prisma.agent.findUniqueOrThrow({ where: { id } })).remixCount;

  const forge = (name: string, apiModel = "claude"): Promise<RestAgent> => forgeAgent(app, { name, apiModel });
  const remix = (parentAgentId: string, fields: Record<string, unknown> = {}): Promise<RestAgent> =>
    remixAgent(app, parentAgentId, { description: DESCRIPTION, personality: PERSONALITY, ...fields });

  const family = async (ref: string) => {
    const result = await app.graphql<Family>(FAMILY, { ref });
    expect(result.errors).toBeUndefined();
    return result.data!.agent;
  };

  describe("remixing over REST", () => {
    it("answers 201 with the new agent: name + ' v2', glyph ◊, model gemini by default", async () => {
      const parent = await forge("Origin Wisp");
      const before = await agentCount();
      const response = await app.request("POST", "/api/agents/remix", { parentAgentId: parent.id, description: DESCRIPTION, personality: PERSONALITY });
      expect(response.status).toBe(201);
      const child = await response.json();
      expect(child).toMatchObject({
        name: "Origin Wisp v2",
        username: "origin-wisp-v2",
        glyph: "◊",
        apiModel: "gemini",
        type: "remix",
        description: DESCRIPTION,
        personality: PERSONALITY,
        parentAgentId: parent.id,
        originAgentId: parent.id,
        remixOf: "Origin Wisp",
        remixCount: 0,
        isActive: true,
      });
      expect(child).not.toHaveProperty("apiKeyHash");
      expect(child.id).not.toBe(parent.id);
      expect(await agentCount()).toBe(before + 1);
      expect(await remixCountOf(parent.id)).toBe(1);

      const { agent: reread } = await (await app.request("GET", `/api/agents/${parent.id}`)).json();
      expect(reread.remixCount).toBe(1);
    });

    it("keeps the chosen name, glyph, model and note", async () => {
      const parent = await forge("Chosen Parent");
      const child = await remix(parent.id, { name: "  Chosen Heir  ", glyph: "🜂", apiModel: "deepseek", remixNote: "Sharper edges." });
      expect(child).toMatchObject({
        name: "Chosen Heir",
        username: "chosen-heir",
        glyph: "🜂",
        apiModel: "deepseek",
        remixNote: "Sharper edges.",
        parentAgentId: parent.id,
      });
    });

    it("cuts the default name to 50 characters", async () => {
      const longName = "L".repeat(48);
      const parent = await forge(longName);
      const child = await remix(parent.id);
      expect(child.name).toBe(`${longName} v`);
      expect(child.name).toHaveLength(50);
    });

    it("cuts the default name on a character boundary, never inside an emoji", async () => {
      // 49 letters and an emoji: ' v2' makes 52 characters, and the cut falls on the emoji.
      const parent = await forge(`${"E".repeat(49)}🔥`);
      const response = await app.request("POST", "/api/agents/remix", { parentAgentId: parent.id, description: DESCRIPTION, personality: PERSONALITY });
      expect(response.status).toBe(201);
      const child = await response.json();
      expect(child.name.isWellFormed()).toBe(true);
      expect(child.name.startsWith("E".repeat(49))).toBe(true);
      expect([...child.name].length).toBeLessThanOrEqual(50);
      expect(await remixCountOf(parent.id)).toBe(1);
    });

    it("inherits the parent's persona and capabilities, and records the kind of remix", async () => {
      const genesis = await app.db.prisma.agent.findUniqueOrThrow({ where: { username: "nomenclator" } });
      const kept = await remix(genesis.id, { name: "Nomenclator Kept", apiModel: genesis.apiModel });
      const moved = await remix(genesis.id, { name: "Nomenclator Moved", apiModel: "deepseek" });
      const { agent: parent } = await (await app.request("GET", `/api/agents/${genesis.id}`)).json();
      for (const child of [kept, moved] as (RestAgent & { persona: unknown; capabilities: unknown })[]) {
        expect(child.persona, child.name).toEqual(parent.persona);
        expect(child.capabilities, child.name).toEqual(parent.capabilities);
      }
      expect(kept).toMatchObject({ remixType: "evolution", remixOf: "Nomenclator" });
      expect(moved).toMatchObject({ remixType: "transmutation", remixOf: "Nomenclator" });
      expect(parent.remixCount).toBe(2);
    });

    it("accepts a name of exactly 50 characters", async () => {
      const parent = await forge("Fifty Parent");
      const child = await remix(parent.id, { name: "N".repeat(50) });
      expect(child.name).toBe("N".repeat(50));
    });

    it.each([
      ["a name over 50 characters", { name: "N".repeat(51) }, "Name too long"],
      ["an empty name", { name: "" }, "Agent name is required"],
      ["a whitespace-only name", { name: "    " }, "Agent name is required"],
      ["a missing description", { description: undefined }, "Description must be at least 10 characters"],
      ["a description of 9 characters", { description: "123456789" }, "Description must be at least 10 characters"],
      ["a missing personality", { personality: undefined }, "Personality description must be at least 20 characters"],
      ["a personality of 19 characters", { personality: "1234567890123456789" }, "Personality description must be at least 20 characters"],
      ["a personality padded to 20 with spaces", { personality: "  123456789012345678  " }, "Personality description must be at least 20 characters"],
      ["an empty glyph", { glyph: "" }, "Glyph is required"],
      ["a whitespace-only glyph", { glyph: "   " }, "Glyph is required"],
      ["an unknown model", { apiModel: "gpt-4" }, "Please select an AI model"],
    ])("refuses %s with {error, message} and changes nothing", async (_label, change, message) => {
      const parent = await forge("Refusing Parent");
      const before = await agentCount();
      const response = await app.request("POST", "/api/agents/remix", {
        parentAgentId: parent.id,
        description: DESCRIPTION,
        personality: PERSONALITY,
        ...change,
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: message, message });
      expect(await agentCount()).toBe(before);
      expect(await remixCountOf(parent.id)).toBe(0);
    });

    it("refuses a glyph longer than 3 characters and changes nothing", async () => {
      const parent = await forge("Glyph Guard");
      const before = await agentCount();
      const response = await app.request("POST", "/api/agents/remix", {
        parentAgentId: parent.id,
        description: DESCRIPTION,
        personality: PERSONALITY,
        glyph: "ABCD",
      });
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body.error).toBe(body.message);
      expect(body.message).toMatch(/3/);
      expect(await agentCount()).toBe(before);
      expect(await remixCountOf(parent.id)).toBe(0);
    });

    it("keeps {error, message} when the refusal comes before the route: a stale token, an oversized body", async () => {
      const stale = await app.request(
        "POST",
        "/api/agents/remix",
        { parentAgentId: "x", description: DESCRIPTION, personality: PERSONALITY },
        { authorization: "Bearer not-a-token" },
      );
      expect(stale.status).toBe(401);
      const staleBody = await stale.json();
      expect(staleBody.error).toBe(staleBody.message);
      const huge = await app.request("POST", "/api/agents/remix", {
        parentAgentId: "x",
        description: "x".repeat(app.config.bodyLimit),
        personality: PERSONALITY,
      });
      expect(huge.status).toBe(413);
      expect(await huge.json()).toEqual({ error: "Request body is too large", message: "Request body is too large" });
    });

    it("answers 404 {error, message: 'Original agent not found'} for a missing parent", async () => {
      const before = await agentCount();
      for (const parentAgentId of ["00000000-0000-7000-8000-000000000000", "not-an-agent"]) {
        const response = await app.request("POST", "/api/agents/remix", { parentAgentId, description: DESCRIPTION, personality: PERSONALITY });
        expect(response.status, parentAgentId).toBe(404);
        expect(await response.json(), parentAgentId).toMatchObject({ error: "Original agent not found", message: "Original agent not found" });
      }
      expect(await agentCount()).toBe(before);
    });

    it("gives fifty simultaneous remixes named alike fifty distinct usernames, none refused", async () => {
      const parent = await forge("Popular Origin");
      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          app.request("POST", "/api/agents/remix", { parentAgentId: parent.id, name: "Same Name", description: DESCRIPTION, personality: PERSONALITY }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(201));
      const usernames = await Promise.all(answers.map(async (answer) => (await answer.json()).username as string));
      expect(new Set(usernames).size).toBe(50);
      expect(usernames).toContain("same-name");
      expect(usernames.every((username) => /^same-name(-\d+)?$/.test(username))).toBe(true);
      expect(await remixCountOf(parent.id)).toBe(50);
    });

    it("counts concurrent remixes of one parent exactly, each with its own username", async () => {
      const parent = await forge("Crowded Origin");
      const children = await Promise.all([1, 2, 3].map(() => remix(parent.id)));
      expect(new Set(children.map((c) => c.username))).toEqual(new Set(["crowded-origin-v2", "crowded-origin-v2-2", "crowded-origin-v2-3"]));
      expect(await remixCountOf(parent.id)).toBe(3);
    });
  });

  describe("remixing over GraphQL", () => {
    it("remixes through remixAgent with the parent's global id, returning both agents", async () => {
      const parent = await forge("Graph Origin", "perplexity");
      const { data: found } = await app.graphql<{ agent: { id: string } }>(`query ($ref: String!) { agent(ref: $ref) { id } }`, { ref: parent.id });
      const result = await app.graphql<{ remixAgent: { agent: Record<string, unknown>; parent: { rawId: string; remixCount: number } } }>(REMIX, {
        input: { parentAgentId: found!.agent.id, description: DESCRIPTION, personality: PERSONALITY },
      });
      expect(result.errors).toBeUndefined();
      expect(result.data!.remixAgent.agent).toMatchObject({
        name: "Graph Origin v2",
        username: "graph-origin-v2",
        glyph: "◊",
        apiModel: "gemini",
        type: "remix",
        remixOf: "Graph Origin",
        remixCount: 0,
        parent: { rawId: parent.id },
        origin: { rawId: parent.id },
      });
      expect(result.data!.remixAgent.parent).toEqual({ rawId: parent.id, remixCount: 1 });
      expect(await remixCountOf(parent.id)).toBe(1);

      const byRawId = await app.graphql<{ remixAgent: { agent: { name: string }; parent: { remixCount: number } } }>(REMIX, {
        input: { parentAgentId: parent.id, name: "Graph Heir", glyph: "⚶", apiModel: "claude", description: DESCRIPTION, personality: PERSONALITY },
      });
      expect(byRawId.errors).toBeUndefined();
      expect(byRawId.data!.remixAgent.agent).toMatchObject({ name: "Graph Heir", glyph: "⚶", apiModel: "claude" });
      expect(byRawId.data!.remixAgent.parent.remixCount).toBe(2);
    });

    it.each([
      ["a name over 50 characters", { name: "x".repeat(51) }, "Name too long", "BAD_USER_INPUT"],
      ["a short description", { description: "short" }, "Description must be at least 10 characters", "BAD_USER_INPUT"],
      ["a short personality", { personality: "not twenty chars" }, "Personality description must be at least 20 characters", "BAD_USER_INPUT"],
      ["an empty glyph", { glyph: " " }, "Glyph is required", "BAD_USER_INPUT"],
      ["a missing parent", { parentAgentId: "00000000-0000-7000-8000-000000000000" }, "Original agent not found", "NOT_FOUND"],
    ])("refuses %s with the same message and changes nothing", async (_label, change, message, code) => {
      const parent = await forge("Graph Refuser");
      const before = await agentCount();
      const result = await app.graphql(REMIX, { input: { parentAgentId: parent.id, description: DESCRIPTION, personality: PERSONALITY, ...change } });
      expect(result.data?.remixAgent ?? null).toBeNull();
      expect(result.errors?.[0]).toMatchObject({ message, extensions: { code } });
      expect(await agentCount()).toBe(before);
      expect(await remixCountOf(parent.id)).toBe(0);
    });
  });

  describe("lineage", () => {
    it("keeps the first origin through a chain and lists ancestors parent first", async () => {
      const root = await forge("Chain Root");
      // The client may send an originAgentId of its own: the server derives the origin itself.
      const first = await remix(root.id, { name: "Chain First", originAgentId: "00000000-0000-7000-8000-000000000000" });
      const second = await remix(first.id, { name: "Chain Second" });
      const third = await remix(second.id, { name: "Chain Third" });

      expect(first).toMatchObject({ parentAgentId: root.id, originAgentId: root.id });
      expect(second).toMatchObject({ parentAgentId: first.id, originAgentId: root.id });
      expect(third).toMatchObject({ parentAgentId: second.id, originAgentId: root.id });
      expect(root.originAgentId).toBeNull();

      const leaf = await family(third.id);
      expect(leaf.parent).toEqual({ rawId: second.id, name: "Chain Second" });
      expect(leaf.origin).toEqual({ rawId: root.id, name: "Chain Root" });
      expect(leaf.ancestors).toEqual([
        { rawId: second.id, name: "Chain Second" },
        { rawId: first.id, name: "Chain First" },
        { rawId: root.id, name: "Chain Root" },
      ]);
      expect(leaf.children.edges).toEqual([]);
      expect(leaf.remixCount).toBe(0);

      const top = await family(root.id);
      expect(top.parent).toBeNull();
      expect(top.origin).toBeNull();
      expect(top.ancestors).toEqual([]);
      expect(top.remixCount).toBe(1);
      expect(top.children.edges.map((e) => e.node)).toEqual([{ rawId: first.id, name: "Chain First" }]);

      // Each link counts only its own direct remixes.
      expect(await remixCountOf(first.id)).toBe(1);
      expect(await remixCountOf(second.id)).toBe(1);

      const { agent } = await (await app.request("GET", `/api/agents/${third.id}`)).json();
      expect(agent).toMatchObject({ parentAgentId: second.id, originAgentId: root.id });
    });

    it("lists children newest first, as a connection", async () => {
      const parent = await forge("Many Branches");
      const a = await remix(parent.id, { name: "Branch A" });
      const b = await remix(parent.id, { name: "Branch B" });
      const c = await remix(parent.id, { name: "Branch C" });
      const result = await app.graphql<{ agent: { remixCount: number; children: { edges: { node: Brief }[]; pageInfo: { hasNextPage: boolean } } } }>(
        `query ($ref: String!) { agent(ref: $ref) { remixCount children(first: 2) { edges { node { rawId name } } pageInfo { hasNextPage } } } }`,
        { ref: parent.id },
      );
      expect(result.data!.agent.remixCount).toBe(3);
      expect(result.data!.agent.children.edges.map((e) => e.node.rawId)).toEqual([c.id, b.id]);
      expect(result.data!.agent.children.pageInfo.hasNextPage).toBe(true);
      expect((await family(parent.id)).children.edges.map((e) => e.node.rawId)).toEqual([c.id, b.id, a.id]);
    });

    it("shows recent evolution activity newest first, over GraphQL and REST", async () => {
      const parent = await forge("Activity Origin");
      const older = await remix(parent.id, { name: "Activity Older", glyph: "☉" });
      const newer = await remix(older.id, { name: "Activity Newer", glyph: "☽" });
      const stored = await app.db.prisma.agent.findUniqueOrThrow({ where: { id: newer.id } });

      const result = await app.graphql<{
        remixActivity: { edges: { node: { remixedAt: string; parentAgent: Brief & { glyph: string }; childAgent: Brief & { glyph: string } } }[] };
      }>(ACTIVITY, { first: 2 });
      expect(result.errors).toBeUndefined();
      expect(result.data!.remixActivity.edges.map((e) => e.node)).toEqual([
        {
          remixedAt: stored.createdAt.toISOString(),
          parentAgent: { rawId: older.id, name: "Activity Older", glyph: "☉" },
          childAgent: { rawId: newer.id, name: "Activity Newer", glyph: "☽" },
        },
        {
          remixedAt: expect.any(String),
          parentAgent: { rawId: parent.id, name: "Activity Origin", glyph: "✧" },
          childAgent: { rawId: older.id, name: "Activity Older", glyph: "☉" },
        },
      ]);

      const all = await app.graphql<{ remixActivity: { edges: { node: { remixedAt: string } }[] } }>(ACTIVITY, { first: 100 });
      const times = all.data!.remixActivity.edges.map((e) => Date.parse(e.node.remixedAt));
      expect(times).toEqual([...times].sort((x, y) => y - x));
      expect(times).toHaveLength(await app.db.prisma.agent.count({ where: { archived: false, parentAgentId: { not: null } } }));

      const response = await app.request("GET", "/api/agents/remixes");
      expect(response.status).toBe(200);
      const feed = await response.json();
      expect(Array.isArray(feed)).toBe(true);
      expect(feed.slice(0, 2)).toEqual([
        {
          parentAgent: expect.objectContaining({ id: older.id, name: "Activity Older", glyph: "☉" }),
          childAgent: expect.objectContaining({ id: newer.id, name: "Activity Newer", glyph: "☽" }),
          remixedAt: stored.createdAt.toISOString(),
        },
        {
          parentAgent: expect.objectContaining({ id: parent.id, name: "Activity Origin", glyph: "✧" }),
          childAgent: expect.objectContaining({ id: older.id, name: "Activity Older", glyph: "☉" }),
          remixedAt: expect.any(String),
        },
      ]);
      const restTimes = feed.map((item: { remixedAt: string }) => Date.parse(item.remixedAt));
      expect(restTimes).toEqual(times);
    });

    it("counts the Evolution Gate's totals: agents, remixes and active lineages", async () => {
      const before = (await app.graphql<Stats>(STATS)).data!.evolutionStats;
      expect(before.totalAgents).toBe(await app.db.prisma.agent.count({ where: { archived: false } }));

      const root = await forge("Stats Root");
      const afterForge = (await app.graphql<Stats>(STATS)).data!.evolutionStats;
      expect(afterForge).toEqual({ ...before, totalAgents: before.totalAgents + 1 });

      const child = await remix(root.id, { name: "Stats Child" });
      await remix(child.id, { name: "Stats Grandchild" });
      await remix(root.id, { name: "Stats Sibling" });
      const after = (await app.graphql<Stats>(STATS)).data!.evolutionStats;
      expect(after).toEqual({
        totalAgents: before.totalAgents + 4,
        totalRemixes: before.totalRemixes + 3,
        activeLineages: before.activeLineages + 1,
      });

      // A refused remix moves nothing.
      const refused = await app.request("POST", "/api/agents/remix", { parentAgentId: root.id, description: "short", personality: PERSONALITY });
      expect(refused.status).toBe(400);
      expect((await app.graphql<Stats>(STATS)).data!.evolutionStats).toEqual(after);
    });

    it("ranks the top remixed agents by remixCount, six by default", async () => {
      await app.db.prisma.agent.createMany({
        data: [103, 107, 101, 105, 104, 106, 102].map((remixCount) => ({
          name: `Famous ${remixCount}`,
          username: `famous-${remixCount}`,
          glyph: "★",
          personality: "Remixed more often than anyone.",
          apiModel: "gemini" as const,
          createdBy: "test",
          remixCount,
        })),
      });
      const result = await app.graphql<{ topRemixedAgents: { edges: { node: { name: string; remixCount: number } }[] } }>(
        `{ topRemixedAgents { edges { node { name remixCount } } } }`,
      );
      expect(result.errors).toBeUndefined();
      expect(result.data!.topRemixedAgents.edges.map((e) => e.node)).toEqual(
        [107, 106, 105, 104, 103, 102].map((remixCount) => ({ name: `Famous ${remixCount}`, remixCount })),
      );

      const more = await app.graphql<{ topRemixedAgents: { edges: { node: { remixCount: number } }[] } }>(
        `{ topRemixedAgents(first: 50) { edges { node { remixCount } } } }`,
      );
      const counts = more.data!.topRemixedAgents.edges.map((e) => e.node.remixCount);
      expect(counts).toEqual([...counts].sort((x, y) => y - x));
      expect(counts.every((count) => count > 0)).toBe(true);
      expect(counts).toHaveLength(await app.db.prisma.agent.count({ where: { archived: false, remixCount: { gt: 0 } } }));
    });

    it("keeps the Gate's totals in one row through archiving and restoring an origin, without counting", async () => {
      const root = await forge("Keeper Root");
      await remix(root.id, { name: "Keeper Child" });
      const before = (await app.graphql<Stats>(STATS)).data!.evolutionStats;

      await app.db.prisma.agent.update({ where: { id: root.id }, data: { archived: true } });
      expect((await app.graphql<Stats>(STATS)).data!.evolutionStats).toEqual({
        totalAgents: before.totalAgents - 1,
        totalRemixes: before.totalRemixes,
        activeLineages: before.activeLineages - 1,
      });
      await app.db.prisma.agent.update({ where: { id: root.id }, data: { archived: false } });
      expect((await app.graphql<Stats>(STATS)).data!.evolutionStats).toEqual(before);

      // The Gate reads the row (one statement, no count); the operators' recount repairs a drifted one.
      const statements: string[] = [];
      const stop = app.db.onQuery((sql) => statements.push(sql));
      await app.db.prisma.$executeRaw`UPDATE agent_stats SET total_agents = 0, active_lineages = 0`;
      const drifted = (await app.graphql<Stats>(uncachedStats("Drifted"))).data!.evolutionStats;
      stop();
      expect(drifted).toEqual({ ...before, totalAgents: 0, activeLineages: 0 });
      expect(statements.filter((sql) => /count\(/i.test(sql))).toEqual([]);
      await app.db.prisma.$queryRaw`SELECT recount_agent_stats()`;
      expect((await app.graphql<Stats>(uncachedStats("Repaired"))).data!.evolutionStats).toEqual(before);
    });

    it("hides archived remixes from the feed and the totals", async () => {
      const root = await forge("Fading Root");
      const child = await remix(root.id, { name: "Fading Child" });
      const before = (await app.graphql<Stats>(STATS)).data!.evolutionStats;
      await app.db.prisma.agent.update({ where: { id: child.id }, data: { archived: true } });

      const after = (await app.graphql<Stats>(STATS)).data!.evolutionStats;
      expect(after.totalAgents).toBe(before.totalAgents - 1);
      expect(after.totalRemixes).toBe(before.totalRemixes - 1);
      const feed = await (await app.request("GET", "/api/agents/remixes")).json();
      expect(feed.map((item: { childAgent: { id: string } }) => item.childAgent.id)).not.toContain(child.id);
      const activity = await app.graphql<{ remixActivity: { edges: { node: { childAgent: Brief } }[] } }>(ACTIVITY, { first: 100 });
      expect(activity.data!.remixActivity.edges.map((e) => e.node.childAgent.rawId)).not.toContain(child.id);
    });
  });
});

describe.each(databaseKinds)("the cost of a page of agents with their relatives on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
    const prisma = app.db.prisma;
    const base = { glyph: "◊", personality: "One of a large family.", apiModel: "gemini" as const, createdBy: "test" };
    await prisma.agent.createMany({
      data: Array.from({ length: 10 }, (_, i) => ({ ...base, name: `Elder ${i}`, username: `elder-${i}`, type: "forged", remixCount: 3 })),
    });
    const elders = await prisma.agent.findMany({ where: { username: { startsWith: "elder-" } }, orderBy: { username: "asc" } });
    await prisma.agent.createMany({
      data: Array.from({ length: 30 }, (_, i) => ({
        ...base,
        name: `Child ${i}`,
        username: `child-${i}`,
        type: "remix",
        remixCount: 1,
        parentAgentId: elders[i % 10]!.id,
        originAgentId: elders[i % 10]!.id,
      })),
    });
    const byNumber = (a: { username: string }, b: { username: string }) => Number(a.username.split("-")[1]) - Number(b.username.split("-")[1]);
    const children = (await prisma.agent.findMany({ where: { username: { startsWith: "child-" } } })).sort(byNumber);
    await prisma.agent.createMany({
      data: children.map((child, i) => ({
        ...base,
        name: `Grandchild ${i}`,
        username: `grandchild-${i}`,
        type: "remix",
        parentAgentId: child.id,
        originAgentId: child.originAgentId,
      })),
    });
  });
  afterAll(() => app.stop());

  const PAGE = /* GraphQL */ `
    query Page($first: Int!) {
      agents(first: $first, sort: OLDEST) {
        edges { node { name parent { name } children(first: 5) { edges { node { name } } } } }
      }
    }
  `;
  type Page = { agents: { edges: { node: { name: string; parent: { name: string } | null; children: { edges: { node: { name: string } }[] } } }[] } };

  it("costs as many SQL statements for 50 agents as for 5: no N+1", async () => {
    expect(await app.db.prisma.agent.count()).toBe(76);

    let small: Awaited<ReturnType<typeof app.graphql<Page>>> | undefined;
    let large: Awaited<ReturnType<typeof app.graphql<Page>>> | undefined;
    const fiveCost = await app.countQueries(async () => {
      small = await app.graphql<Page>(PAGE, { first: 5 });
    });
    const fiftyCost = await app.countQueries(async () => {
      large = await app.graphql<Page>(PAGE, { first: 50 });
    });

    expect(small!.errors).toBeUndefined();
    expect(large!.errors).toBeUndefined();
    expect(small!.data!.agents.edges).toHaveLength(5);
    const nodes = large!.data!.agents.edges.map((e) => e.node);
    expect(nodes).toHaveLength(50);
    // The page really holds relatives: parents on the remixes, children on the elders.
    const elder = nodes.find((n) => n.name === "Elder 0")!;
    expect(elder.parent).toBeNull();
    expect(elder.children.edges.map((e) => e.node.name).sort()).toEqual(["Child 0", "Child 10", "Child 20"]);
    const child = nodes.find((n) => n.name === "Child 3")!;
    expect(child.parent).toEqual({ name: "Elder 3" });
    expect(child.children.edges.map((e) => e.node.name)).toEqual(["Grandchild 3"]);
    expect(nodes.filter((n) => n.parent !== null).length).toBeGreaterThan(30);

    expect(fiftyCost).toBe(fiveCost);
    expect(fiftyCost).toBeGreaterThan(0);
    expect(fiftyCost).toBeLessThanOrEqual(3);
  });
});
