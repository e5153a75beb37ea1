// Search by what agents are (issue #30): The Named (and the curator console, REST and the Ancestry
// Map) find agents by their name, traits, skills, description and behaviour, or by a name like
// the term; the best matches first, paged by cursor.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../../../test/databases.ts";
import { startTestApp, type TestApp } from "../../../test/harness.ts";

const AGENTS = /* GraphQL */ `
  query Search($first: Int, $after: String, $last: Int, $before: String, $search: String, $sort: AgentSort, $type: String) {
    agents(first: $first, after: $after, last: $last, before: $before, search: $search, sort: $sort, type: $type) {
      edges { cursor node { name } }
      pageInfo { hasNextPage hasPreviousPage endCursor startCursor }
    }
  }
`;

const LINEAGES = /* GraphQL */ `
  query Lineages($first: Int, $search: String) {
    lineages(first: $first, search: $search) { edges { node { origin { name } agents { name } } } }
  }
`;

type Page = {
  agents: {
    edges: { cursor: string; node: { name: string } }[];
    pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; endCursor: string | null; startCursor: string | null };
  };
};

type Fixture = { name: string; description?: string; personality?: string; persona?: unknown; capabilities?: unknown };

/** Agents that say what they are in each place the search reads; names unlike the genesis agents'. */
const FIXTURES: Fixture[] = [
  { name: "Sparrowgate Haiku", description: "Keeps the gate." },
  { name: "Basho Heir", description: "Answers every question with a haiku." },
  { name: "Kigo Counter", description: "Counts syllables: haiku, tanka and more haiku, haiku all day." },
  { name: "Lantern Wick", persona: { traits: ["melancholic", "patient"], tone: "hushed", behavior: "waits" } },
  // Older rows: the persona as JSON text, and wrapped as {ok, value} (agents/essence.ts).
  { name: "Greyfold", persona: JSON.stringify({ traits: ["melancholy"], tone: "low" }) },
  { name: "Wrapped Lark", persona: { ok: true, value: { traits: ["jubilant"] } }, capabilities: { skills: ["cartography"] } },
  { name: "Quillamire Thornwood", personality: "A careful reader of old maps." },
  { name: "Dusk Listener", personality: "Speaks softly.", persona: { traits: ["calm"], behavior: "hums sea shanties while thinking" } },
];

describe.each(databaseKinds)("search by what agents are on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
    for (const fixture of FIXTURES) {
      await app.db.prisma.agent.create({
        data: {
          glyph: "✶",
          apiModel: "claude",
          createdBy: "test",
          personality: "One of the searched.",
          username: fixture.name.toLowerCase().replace(/\W+/g, "-"),
          ...fixture,
          persona: fixture.persona as never,
          capabilities: fixture.capabilities as never,
        },
      });
    }
  });
  afterAll(() => app.stop());

  async function search(variables: Record<string, unknown>) {
    const result = await app.graphql<Page>(AGENTS, { first: 50, ...variables });
    expect(result.errors).toBeUndefined();
    return result.data!.agents;
  }
  const names = (page: Page["agents"]) => page.edges.map((edge) => edge.node.name);
  const ours = (page: Page["agents"]) => names(page).filter((name) => FIXTURES.some((fixture) => fixture.name === name));

  it('finds "haiku" in descriptions as well as in names', async () => {
    expect(new Set(ours(await search({ search: "haiku" })))).toEqual(new Set(["Sparrowgate Haiku", "Basho Heir", "Kigo Counter"]));
    // English words: a plural finds the word, and the word being typed already finds it.
    expect(ours(await search({ search: "syllable" }))).toEqual(["Kigo Counter"]);
    expect(ours(await search({ search: "question" }))).toEqual(["Basho Heir"]);
    expect(ours(await search({ search: "syllab" }))).toEqual(["Kigo Counter"]);
  });

  it('finds "melancholic", a trait, and "melancholy" with it (a trait stored as JSON text too)', async () => {
    expect(new Set(ours(await search({ search: "melancholic" })))).toEqual(new Set(["Lantern Wick", "Greyfold"]));
    expect(ours(await search({ search: "jubilant" }))).toEqual(["Wrapped Lark"]);
    expect(ours(await search({ search: "cartography" }))).toEqual(["Wrapped Lark"]);
  });

  it("finds an agent by its personality and behaviour: all the words when one has them all, else any of them (#41)", async () => {
    expect(ours(await search({ search: "old maps" }))).toEqual(["Quillamire Thornwood"]);
    expect(ours(await search({ search: "sea shanties" }))).toEqual(["Dusk Listener"]);
    // No agent has both words: an agent with either is found ("haiku about memory" found nothing when all were required).
    expect(ours(await search({ search: "shanties haiku" })).sort()).toEqual(["Basho Heir", "Dusk Listener", "Kigo Counter", "Sparrowgate Haiku"]);
    expect(ours(await search({ search: "haiku about memory" }))).toContain("Sparrowgate Haiku");
    expect(ours(await search({ search: "qwzx vbnrt" }))).toEqual([]);
  });

  it("finds a name typed with a typo", async () => {
    expect(ours(await search({ search: "Quilamire" }))).toEqual(["Quillamire Thornwood"]);
    expect(ours(await search({ search: "Thornwod" }))).toEqual(["Quillamire Thornwood"]);
  });

  it("puts a name match first, then the agents that say the word most", async () => {
    const found = ours(await search({ search: "haiku" }));
    expect(found[0]).toBe("Sparrowgate Haiku");
    // Said three times in a description counts more than once.
    expect(found.indexOf("Kigo Counter")).toBeLessThan(found.indexOf("Basho Heir"));
    // Without a sort, a search is by relevance; the other orders still apply when asked for.
    expect(names(await search({ search: "haiku", sort: "RELEVANCE" }))).toEqual(names(await search({ search: "haiku" })));
    const byName = ours(await search({ search: "haiku", sort: "NAME" }));
    expect(byName).toEqual(["Basho Heir", "Kigo Counter", "Sparrowgate Haiku"]);
  });

  it("follows an edit: the words are the agent's current ones", async () => {
    const agent = await app.db.prisma.agent.findUniqueOrThrow({ where: { username: "dusk-listener" } });
    await app.db.prisma.agent.update({ where: { id: agent.id }, data: { description: "Tends a lighthouse." } });
    expect(ours(await search({ search: "lighthouse" }))).toEqual(["Dusk Listener"]);
    await app.db.prisma.agent.update({ where: { id: agent.id }, data: { description: null } });
    expect(ours(await search({ search: "lighthouse" }))).toEqual([]);
  });

  it("pages through the matches by cursor, each once, forward and back, in every order", async () => {
    const extra = Array.from({ length: 9 }, (_, i) => ({
      name: `Paged Verse ${i}`,
      username: `paged-verse-${i}`,
      glyph: "✶",
      apiModel: "gemini" as const,
      createdBy: "test",
      personality: "One of the searched.",
      // Some rank alike (the same words), so ties are broken by id.
      description: i % 3 === 0 ? "Writes a haiku, then another haiku." : "Writes a haiku.",
    }));
    await app.db.prisma.agent.createMany({ data: extra });
    try {
      for (const sort of ["RELEVANCE", "NEWEST", "OLDEST", "NAME", "TYPE"]) {
        const whole = names(await search({ search: "haiku", sort }));
        expect(whole.length, sort).toBeGreaterThanOrEqual(12);
        const seen: string[] = [];
        let after: string | null = null;
        for (let pages = 0; pages < 20; pages++) {
          const page = await search({ search: "haiku", sort, first: 4, after });
          seen.push(...names(page));
          if (!page.pageInfo.hasNextPage) break;
          after = page.pageInfo.endCursor;
        }
        expect(seen, sort).toEqual(whole);
        // Back from the end: the same matches, in the same order.
        const end = await search({ search: "haiku", sort, first: null, last: 3 });
        expect(names(end), sort).toEqual(whole.slice(-3));
        const before = await search({ search: "haiku", sort, first: null, last: 4, before: end.pageInfo.startCursor });
        expect(names(before), sort).toEqual(whole.slice(-7, -3));
      }
      // REST reads the same service.
      const response = await app.request("GET", "/api/agents?search=haiku&sort=relevance");
      expect(response.status).toBe(200);
      const rest = ((await response.json()) as { agents: { name: string }[] }).agents.map((agent) => agent.name);
      expect(rest).toEqual(names(await search({ search: "haiku" })));
    } finally {
      await app.db.prisma.agent.deleteMany({ where: { username: { startsWith: "paged-verse-" } } });
    }
  });

  it("reads any text as words: operators, punctuation and symbols are never a syntax error", async () => {
    for (const term of ["a:*|b", "!(haiku)&", "haiku <-> tanka", "½", "O'Neil", "x_y%z", "'", "\\", "日本語", "é\u0301"]) {
      const result = await app.graphql<Page>(AGENTS, { first: 5, search: term });
      expect(result.errors, term).toBeUndefined();
    }
    expect(ours(await search({ search: "!(haiku)&" }))).toContain("Basho Heir");
  });

  it("refuses a cursor that names no agent", async () => {
    const result = await app.graphql(AGENTS, {
      first: 2,
      search: "haiku",
      after: Buffer.from("GPC:S:00000000-0000-7000-8000-000000000000").toString("base64"),
    });
    expect(result.errors?.[0]?.message).toMatch(/Invalid cursor/);
  });

  it("finds a lineage on the Ancestry Map by what a remix in it is", async () => {
    const origin = await app.db.prisma.agent.create({
      data: { name: "Tidewright", username: "tidewright", glyph: "✶", apiModel: "claude", createdBy: "test", personality: "An origin." },
    });
    await app.db.prisma.agent.create({
      data: {
        name: "Tidewright v2",
        username: "tidewright-v2",
        glyph: "✶",
        apiModel: "claude",
        createdBy: "test",
        personality: "A remix.",
        type: "remix",
        description: "Composes sonnets for sailors.",
        parentAgentId: origin.id,
        originAgentId: origin.id,
        lineageActiveAt: null,
      },
    });
    const result = await app.graphql<{ lineages: { edges: { node: { origin: { name: string }; agents: { name: string }[] } }[] } }>(LINEAGES, {
      first: 10,
      search: "sonnet",
    });
    expect(result.errors).toBeUndefined();
    expect(result.data!.lineages.edges.map((edge) => [edge.node.origin.name, edge.node.agents.map((agent) => agent.name)])).toEqual([
      ["Tidewright", ["Tidewright", "Tidewright v2"]],
    ]);
  });
});
