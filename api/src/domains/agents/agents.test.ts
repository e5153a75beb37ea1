import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../../../test/databases.ts";
import { startTestApp, type TestApp } from "../../../test/harness.ts";
import { bearer, registered, signedIn } from "../../../test/accounts.ts";
import { GENESIS_AGENTS } from "../../db/genesis.ts";

const AGENTS_PAGE = /* GraphQL */ `
  query Page($first: Int, $after: String, $search: String, $sort: AgentSort, $includeArchived: Boolean) {
    agents(first: $first, after: $after, search: $search, sort: $sort, includeArchived: $includeArchived) {
      edges { cursor node { id rawId name username glyph apiModel type archived persona { traits tone } capabilities { skills } outputs { type content quality } } }
      pageInfo { hasNextPage endCursor }
    }
  }
`;

type Page = {
  agents: {
    edges: {
      cursor: string;
      node: { id: string; rawId: string; name: string; username: string; archived: boolean; persona: { traits: string[] } | null; outputs: unknown[] };
    }[];
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
  };
};

describe.each(databaseKinds)("agents on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(() => app.stop());

  it("lists the six genesis agents as a Relay connection, page by page", async () => {
    const first = await app.graphql<Page>(AGENTS_PAGE, { first: 4 });
    expect(first.errors).toBeUndefined();
    expect(first.data!.agents.edges).toHaveLength(4);
    expect(first.data!.agents.pageInfo.hasNextPage).toBe(true);

    const second = await app.graphql<Page>(AGENTS_PAGE, { first: 4, after: first.data!.agents.pageInfo.endCursor });
    expect(second.data!.agents.edges).toHaveLength(2);
    expect(second.data!.agents.pageInfo.hasNextPage).toBe(false);

    const names = [...first.data!.agents.edges, ...second.data!.agents.edges].map((e) => e.node.name);
    expect(names.sort()).toEqual(GENESIS_AGENTS.map((a) => a.name).sort());
  });

  it("gives every genesis agent a full persona, capabilities and sample outputs", async () => {
    const { data } = await app.graphql<Page>(AGENTS_PAGE, { first: 10 });
    for (const { node } of data!.agents.edges) {
      expect(node.persona?.traits.length, node.name).toBeGreaterThan(0);
      expect(node.outputs.length, node.name).toBeGreaterThan(0);
    }
  });

  it("refetches an agent through node(id) and nodes(ids)", async () => {
    const { data } = await app.graphql<Page>(AGENTS_PAGE, { first: 2 });
    const [a, b] = data!.agents.edges.map((e) => e.node);
    const result = await app.graphql<{ node: { name: string }; nodes: { username: string }[] }>(
      `query ($id: ID!, $ids: [ID!]!) { node(id: $id) { ... on Agent { name } } nodes(ids: $ids) { ... on Agent { username } } }`,
      { id: a!.id, ids: [a!.id, b!.id] },
    );
    expect(result.data).toEqual({ node: { name: a!.name }, nodes: [{ username: a!.username }, { username: b!.username }] });
  });

  it("searches names case-insensitively and sorts by name", async () => {
    const search = await app.graphql<Page>(AGENTS_PAGE, { first: 10, search: "HAIKU" });
    expect(search.data!.agents.edges.map((e) => e.node.username)).toEqual(["echo-haiku"]);
    const sorted = await app.graphql<Page>(AGENTS_PAGE, { first: 10, sort: "NAME" });
    const names = sorted.data!.agents.edges.map((e) => e.node.name);
    expect(names).toEqual([...names].sort((x, y) => (x < y ? -1 : 1)));
  });

  it("matches a term of three characters or more anywhere in the name, a shorter one at the start of the name or of a word", async () => {
    const names = ["Spectre Of Glass", "Echo Vale", "Vespers Ec", "...", "Trailing..."];
    await app.db.prisma.agent.createMany({
      data: names.map((name, i) => ({
        name,
        username: `term-${i}`,
        glyph: "✶",
        personality: "Answers to a few letters.",
        apiModel: "claude" as const,
        createdBy: "test",
      })),
    });
    try {
      const found = async (search: string) =>
        (await app.graphql<Page>(AGENTS_PAGE, { first: 20, search, sort: "NAME" }))
          .data!.agents.edges.map((e) => e.node.name)
          .filter((name) => names.includes(name));
      expect(await found("ect")).toEqual(["Spectre Of Glass"]);
      expect(await found("ECHO")).toEqual(["Echo Vale"]);
      // The last word typed is the start of a word (agents/search.ts), wherever it is in the name.
      expect(await found("ec")).toEqual(["Echo Vale", "Vespers Ec"]);
      expect(await found("e")).toEqual(["Echo Vale", "Vespers Ec"]);
      expect(await found(" vE ")).toEqual(["Vespers Ec"]);
      // "s e": anywhere in "Vespers Ec"; "s" alone is no English word, so "e" starts "Echo".
      expect(await found("s e")).toEqual(["Echo Vale", "Vespers Ec"]);
      expect(await found("o")).toEqual([]);
      expect(await found("%")).toEqual([]);
      // No letter or digit, so no trigram an index could look up: such a term names a whole name.
      expect(await found("...")).toEqual(["..."]);
      expect(await found(" ... ")).toEqual(["..."]);
      expect(await found("!!!")).toEqual([]);
    } finally {
      await app.db.prisma.agent.deleteMany({ where: { username: { startsWith: "term-" } } });
    }
  });

  it("lists the types present among visible agents, or among all when archived ones are included", async () => {
    const types = async (includeArchived: boolean) =>
      (await app.graphql<{ agentTypes: string[] }>(`query ($all: Boolean) { agentTypes(includeArchived: $all) }`, { all: includeArchived })).data!.agentTypes;
    expect(await types(false)).toEqual(["genesis"]);
    await app.db.prisma.agent.createMany({
      data: [
        { name: "Relic", username: "types-relic", type: "relic", archived: true },
        { name: "Forged One", username: "types-forged", type: "forged" },
        { name: "Forged Two", username: "types-forged-2", type: "forged" },
      ].map((agent) => ({ ...agent, glyph: "✶", personality: "Has a type of its own.", apiModel: "claude" as const, createdBy: "test" })),
    });
    try {
      expect(await types(false)).toEqual(["forged", "genesis"]);
      expect(await types(true)).toEqual(["forged", "genesis", "relic"]);
    } finally {
      await app.db.prisma.agent.deleteMany({ where: { username: { startsWith: "types-" } } });
    }
  });

  it("hides archived agents unless asked", async () => {
    await app.db.prisma.agent.update({ where: { username: "silent-hand" }, data: { archived: true } });
    try {
      const visible = await app.graphql<Page>(AGENTS_PAGE, { first: 10 });
      expect(visible.data!.agents.edges.map((e) => e.node.username)).not.toContain("silent-hand");
      const all = await app.graphql<Page>(AGENTS_PAGE, { first: 10, includeArchived: true });
      expect(all.data!.agents.edges.find((e) => e.node.username === "silent-hand")?.node.archived).toBe(true);

      const rest = await (await app.request("GET", "/api/agents?includeArchived=true")).json();
      expect(rest.agents).toHaveLength(6);
      expect((await (await app.request("GET", "/api/agents")).json()).agents).toHaveLength(5);
    } finally {
      await app.db.prisma.agent.update({ where: { username: "silent-hand" }, data: { archived: false } });
    }
  });

  it("answers GET /api/agents from the same service: newest first, essence as objects, no secrets", async () => {
    const response = await app.request("GET", "/api/agents");
    expect(response.status).toBe(200);
    const { agents } = await response.json();
    const { data } = await app.graphql<Page>(AGENTS_PAGE, { first: 10 });
    expect(agents.map((a: { id: string }) => a.id)).toEqual(data!.agents.edges.map((e) => e.node.rawId));
    for (const agent of agents) {
      expect(agent).not.toHaveProperty("apiKeyHash");
      expect(agent).not.toHaveProperty("nameKey");
      expect(agent.persona.traits.length).toBeGreaterThan(0);
      expect(Array.isArray(agent.outputs)).toBe(true);
    }
    const times = agents.map((a: { createdAt: string }) => Date.parse(a.createdAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));
  });

  it("never shows the remixer's user id in REST agent JSON; the creator's id only as its page's address (#30)", async () => {
    const account = await registered(app);
    const token = await signedIn(app, account);
    const forged = await app.request(
      "POST",
      "/api/agents",
      { name: "Quiet Ledger", glyph: "✶", personality: "Keeps accounts of small kindnesses.", apiModel: "claude" },
      bearer(token),
    );
    expect(forged.status).toBe(201);
    const agent = await forged.json();
    const remixed = await app.request(
      "POST",
      "/api/agents/remix",
      { parentAgentId: agent.id, description: "Keeps a second ledger.", personality: "Keeps accounts of larger kindnesses too." },
      bearer(token),
    );
    const remix = await remixed.json();
    const stored = await app.db.prisma.agent.findUniqueOrThrow({ where: { id: remix.id } });
    expect(stored).toMatchObject({ creatorId: account.id, remixerId: account.id });
    const answers = [
      agent,
      remix,
      (await (await app.request("GET", `/api/agents/${agent.id}`)).json()).agent,
      ...(await (await app.request("GET", "/api/agents")).json()).agents,
    ];
    for (const shown of answers.filter((one) => one.id === agent.id || one.id === remix.id)) {
      expect(shown).not.toHaveProperty("remixerId");
      expect(shown).not.toHaveProperty("visitorId");
      // The creator's account id appears once, as the address of its page, which shows its name alone.
      expect(shown.creatorId).toBe(account.id);
      expect(JSON.stringify(shown).split(account.id)).toHaveLength(2);
    }
    expect(agent.createdBy).toBe(account.name);
    const page = await (await app.request("GET", `/api/creators/${agent.creatorId}`)).json();
    expect(Object.keys(page.creator).sort()).toEqual(["agentsCreated", "id", "joinedAt", "lineagesStarted", "name", "remixesReceived"]);
  });

  it("resolves a page of agents with their parents and children in one SQL statement", async () => {
    const statements = await app.countQueries(() =>
      app.graphql(`{ agents(first: 6) { edges { node { name parent { name } children(first: 3) { edges { node { name } } } } } } }`),
    );
    expect(statements).toBe(1);
  });

  it("refuses a search longer than 100 characters", async () => {
    const result = await app.graphql(AGENTS_PAGE, { first: 2, search: "x".repeat(101) });
    expect(result.errors?.[0]?.message).toMatch(/Search is too long/);
  });
});
