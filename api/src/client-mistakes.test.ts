// Client mistakes that would otherwise reach the database: LIKE wildcards in a name, NUL
// characters (which PostgreSQL text cannot hold), ids and cursors that are no UUID. Each is
// the client's: answered as such on both APIs, nothing stored, nothing logged as a fault.
import { describe, expect, it } from "vitest";
import { databaseKinds } from "../test/databases.ts";
import { faultlessAppPerBlock } from "../test/blocks.ts";
import { GENESIS_AGENTS } from "./db/genesis.ts";

const NUL = "\u0000";
const globalId = (text: string) => Buffer.from(text).toString("base64");
const names = (result: { data?: { agents?: { edges: { node: { name: string } }[] } } }) => result.data?.agents?.edges.map((edge) => edge.node.name);

describe.each(databaseKinds)("client mistakes on %s", (kind) => {
  const block = faultlessAppPerBlock(kind);

  it("finds no agent for a reference made of LIKE wildcards", async () => {
    for (const ref of ["%25", "_", "echo_haiku", "%25haiku"]) {
      const response = await block.app.request("GET", `/api/agents/${ref}`);
      expect(response.status, ref).toBe(404);
      expect(await response.json()).toEqual({ message: "Agent not found" });
    }
    const invoked = await block.app.request("POST", "/api/agents/%25/invoke", { message: "Who answers?" });
    expect(invoked.status).toBe(404);
    expect(await block.app.db.prisma.whisper.count()).toBe(0);
    expect((await block.app.graphql(`{ agent(ref: "%") { name } }`)).data).toEqual({ agent: null });
    // A real name still resolves, whatever its case.
    expect((await block.app.graphql(`{ agent(ref: "ECHO HAIKU") { name } }`)).data).toEqual({ agent: { name: "Echo Haiku" } });
  });

  it("searches for wildcard characters as the characters themselves", async () => {
    for (const search of ["%", "_", "\\"]) {
      const result = await block.app.graphql(`query ($search: String) { agents(first: 10, search: $search) { edges { node { name } } } }`, { search });
      expect(names(result), search).toEqual([]);
      const lineages = await block.app.graphql(`query ($search: String) { lineages(first: 10, search: $search) { edges { node { activeAt } } } }`, { search });
      expect(lineages.data, search).toEqual({ lineages: { edges: [] } });
    }
    const found = await block.app.graphql(`{ agents(first: 10, search: "o h") { edges { node { name } } } }`);
    expect(names(found)).toEqual(["Echo Haiku"]);
  });

  it("refuses NUL characters in any text with 400, storing nothing", async () => {
    const before = await block.app.db.prisma.agent.count();
    const forged = await block.app.request("POST", "/api/agents", {
      name: `Null${NUL}Mind`,
      glyph: "◊",
      personality: "A mind that hides a NUL in its name.",
      apiModel: "claude",
    });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ message: "Text cannot contain NUL characters", field: "name" });
    const joined = await block.app.request("POST", "/api/waitlist", { name: "Witness", email: "nul@example.com", agent_type: `witness${NUL}` });
    expect(joined.status).toBe(400);
    const whispered = await block.app.request("POST", "/api/council/whisper", { content: `a truth${NUL}`, userId: "anonymous" });
    expect(whispered.status).toBe(400);
    for (const path of [
      `/api/agents/${encodeURIComponent(NUL)}`,
      `/api/agents?search=${encodeURIComponent(NUL)}`,
      `/api/whispers/${encodeURIComponent(NUL)}`,
    ]) {
      const response = await block.app.request("GET", path);
      expect(response.status, path).toBe(400);
      expect(await response.json()).toEqual({ message: "Text cannot contain NUL characters" });
    }

    const viaVariables = await block.app.graphql(`mutation ($input: ForgeAgentInput!) { forgeAgent(input: $input) { agent { id } } }`, {
      input: { name: `Null${NUL}Mind`, glyph: "◊", personality: "A mind that hides a NUL in its name.", apiModel: "claude" },
    });
    expect(viaVariables.errors?.[0]).toMatchObject({ message: "Text cannot contain NUL characters", extensions: { code: "BAD_USER_INPUT" } });
    const viaLiteral = await block.app.graphql(`{ agents(first: 1, search: "a\\u0000b") { edges { cursor } } }`);
    expect(viaLiteral.errors?.[0]).toMatchObject({ message: "Text cannot contain NUL characters", extensions: { code: "BAD_USER_INPUT" } });
    expect(await block.app.db.prisma.agent.count()).toBe(before);
    expect(await block.app.db.prisma.waitlistEntry.count()).toBe(0);
    expect(await block.app.db.prisma.councilWhisper.count()).toBe(0);
  });

  it("refuses text over each field's limit with the field's message, storing nothing", async () => {
    const echo = await block.app.db.prisma.agent.findUniqueOrThrow({ where: { username: "echo-haiku" } });
    const forge = { name: "Measured Mind", glyph: "◊", personality: "A mind forged to measure the limits.", apiModel: "claude" };
    const cases: [string, string, Record<string, unknown>, string, string][] = [
      ["forge name", "/api/agents", { ...forge, name: "n".repeat(81) }, "Name too long", "name"],
      ["forge personality", "/api/agents", { ...forge, personality: "p".repeat(2001) }, "Personality description is too long", "personality"],
      [
        "remix description",
        "/api/agents/remix",
        { parentAgentId: echo.id, description: "d".repeat(1001), personality: "p".repeat(30) },
        "Description is too long",
        "description",
      ],
      ["invocation", `/api/agents/${echo.id}/invoke`, { message: "m".repeat(2001) }, "Your invocation is too long", "message"],
      ["waitlist name", "/api/waitlist", { name: "s".repeat(101), email: "long@example.com", agent_type: "seeker" }, "Secret name is too long", "name"],
      [
        "waitlist email",
        "/api/waitlist",
        { name: "Seeker", email: `${"e".repeat(250)}@example.com`, agent_type: "seeker" },
        "Neural link is too long",
        "email",
      ],
    ];
    const stored = async () => [
      await block.app.db.prisma.agent.count(),
      await block.app.db.prisma.whisper.count(),
      await block.app.db.prisma.waitlistEntry.count(),
    ];
    const before = await stored();
    for (const [what, path, body, message, field] of cases) {
      const response = await block.app.request("POST", path, body);
      expect(response.status, what).toBe(400);
      expect(await response.json(), what).toMatchObject({ message, field });
    }
    expect(await stored()).toEqual(before);
  });

  it("answers ids and cursors that are no UUID as the client's mistake, not as a fault", async () => {
    for (const query of [`query ($id: ID!) { node(id: $id) { id } }`, `query ($id: ID!) { nodes(ids: [$id]) { id } }`]) {
      const garbage = await block.app.graphql(query, { id: "not a global id" });
      expect(garbage.errors?.[0]?.extensions?.code, query).toBe("BAD_USER_INPUT");
    }
    const cursor = await block.app.graphql(`query ($after: String) { agents(first: 2, after: $after) { edges { cursor } } }`, { after: globalId("GPC:S:abc") });
    expect(cursor.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    const garbage = await block.app.graphql(`query ($after: String) { agents(first: 2, after: $after) { edges { cursor } } }`, { after: "not a cursor" });
    expect(garbage.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
  });

  it("sorts names alphabetically whatever their case", async () => {
    for (const name of ["aardvark of Echoes", "Zephyr Sentinel", "émissaire Quiet"]) {
      const response = await block.app.request("POST", "/api/agents", {
        name,
        glyph: "◊",
        personality: "Forged to test the order of names.",
        apiModel: "gemini",
      });
      expect(response.status).toBe(201);
    }
    const sorted = names(await block.app.graphql(`{ agents(first: 20, sort: NAME) { edges { node { name } } } }`))!;
    const expected = [...GENESIS_AGENTS.map((agent) => agent.name), "aardvark of Echoes", "Zephyr Sentinel", "émissaire Quiet"].sort((a, b) =>
      a.localeCompare(b, "en", { sensitivity: "base" }),
    );
    expect(sorted).toEqual(expected);
  });
});
