// The response cache over real HTTP on both databases: a public read asked again is answered
// without touching the database, and no write (GraphQL, REST, a transaction or not) is ever
// followed by a read that misses it, in this process or, through Redis, another. Answers that
// depend on the caller are never shared, and what only a caller may read is never cached.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Json } from "../../test/accounts.ts";
import { createTestDatabase, databaseKinds, serverUrl } from "../../test/databases.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { webOperation } from "../../test/scale.ts";
import { createReadingClassifier } from "./response-cache.ts";
import { schema } from "./schema.ts";

const redisUrl = process.env.REDIS_URL;
const visitor = (name: string) => ({ "x-nomina-visitor": `response-cache-${name}-key-0123456789` });
const MAKER = visitor("maker");
const PASSER_BY = visitor("passer-by");

const NAMED = `query Named($search: String) { agentTypes agents(first: 24, search: $search) { edges { node { id name whisperCount } } } }`;
const PROFILE = `query Profile($ref: String!) { agent(ref: $ref) { name description canEdit } }`;
const MINE = `query Mine { myAgents { edges { node { name } } } }`;
const FORGE = `mutation Forge($input: ForgeAgentInput!) { forgeAgent(input: $input) { agent { id rawId name } } }`;
const UPDATE = `mutation Update($input: UpdateAgentInput!) { updateAgent(input: $input) { agent { name description } } }`;

const forgeInput = (name: string) => ({ name, glyph: "✶", personality: "Keeps what it is told, and tells it back.", apiModel: "claude" });

describe("what the response cache may keep, of the operations the web app sends", () => {
  const classify = createReadingClassifier(schema);
  const reading = (name: string) => classify(webOperation(name), name);

  it("keeps the public screens, whose root fields Relay spreads through fragments", () => {
    for (const name of ["TheNamedRouteQuery", "AgentGridPaginationQuery", "EvolutionGateRouteQuery", "LineageRouteQuery", "WitnessingRouteQuery"]) {
      expect(reading(name), name).toMatchObject({ cacheable: true, personal: false });
    }
    // A profile asks whether the caller may edit it: kept per caller.
    expect(reading("AgentProfileRouteQuery")).toMatchObject({ cacheable: true, personal: true });
  });

  it("never keeps what is the caller's own", () => {
    for (const name of ["MyAgentsRouteQuery", "ConversationsRouteQuery", "ConversationRouteQuery", "SettingsRouteQuery"]) {
      expect(reading(name).cacheable, name).toBe(false);
    }
    expect(classify("mutation { logout { message } }", undefined).cacheable).toBe(false);
    expect(classify("{ __schema { queryType { name } } }", undefined).cacheable).toBe(false);
    expect(classify("{ mindsHealth { day } }", undefined).cacheable).toBe(false);
    expect(classify("{ agents(first: 1) { edges { node { name } } } ...Mine } fragment Mine on Query { viewer { name } }", undefined).cacheable).toBe(false);
  });
});

describe.each(databaseKinds)("the response cache on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(() => app?.stop());

  const named = async (search: string) => {
    const result = await app.graphql<Json>(NAMED, { search });
    expect(result.errors).toBeUndefined();
    return result.data as { agentTypes: string[]; agents: { edges: { node: { id: string; name: string; whisperCount: number } }[] } };
  };

  it("answers a public read asked again without reading the database", async () => {
    const first = await app.countQueries(() => named("Nomenclator"));
    const again = await app.countQueries(() => named("Nomenclator"));
    expect(first).toBeGreaterThan(0);
    expect(again).toBe(0);
    // Other variables are another answer.
    expect(await app.countQueries(() => named("Mnemosyne"))).toBeGreaterThan(0);
  });

  it("lists the first agent forged through GraphQL at once, and its type", async () => {
    const tag = `Cachebreaker ${randomBytes(3).toString("hex")}`;
    expect((await named(tag)).agents.edges).toEqual([]);
    // The genesis agents alone so far (this is the file's first forge).
    expect((await named("")).agentTypes).toEqual(["genesis"]);
    const forged = await app.graphql<Json>(FORGE, { input: forgeInput(`${tag} One`) }, MAKER);
    expect(forged.errors).toBeUndefined();
    expect((await named(tag)).agents.edges.map((edge) => edge.node.name)).toEqual([`${tag} One`]);
    expect((await named("")).agentTypes).toEqual(["forged", "genesis"]);
  });

  it("lists an agent forged through REST at once", async () => {
    const tag = `Restbreaker ${randomBytes(3).toString("hex")}`;
    expect((await named(tag)).agents.edges).toEqual([]);
    const response = await app.request("POST", "/api/agents", forgeInput(`${tag} Two`), MAKER);
    expect(response.status).toBe(201);
    expect((await named(tag)).agents.edges.map((edge) => edge.node.name)).toEqual([`${tag} Two`]);
  });

  it("shows an edit at once (a transaction that writes a version and the agent)", async () => {
    const forged = await app.graphql<Json>(FORGE, { input: forgeInput(`Editable ${randomBytes(3).toString("hex")}`) }, MAKER);
    const { id, rawId } = forged.data.forgeAgent.agent as { id: string; rawId: string };
    const read = async () => (await app.graphql<Json>(PROFILE, { ref: rawId }, PASSER_BY)).data.agent as { description: string | null };
    await read();
    await read();
    const edited = await app.graphql<Json>(UPDATE, { input: { agentId: id, description: "Rewritten, and read so at once." } }, MAKER);
    expect(edited.errors).toBeUndefined();
    expect((await read()).description).toBe("Rewritten, and read so at once.");
  });

  it("never shares an answer that depends on who asks", async () => {
    const forged = await app.graphql<Json>(FORGE, { input: forgeInput(`Owned ${randomBytes(3).toString("hex")}`) }, MAKER);
    const { rawId } = forged.data.forgeAgent.agent as { rawId: string };
    const canEdit = async (headers: Record<string, string>) =>
      ((await app.graphql<Json>(PROFILE, { ref: rawId }, headers)).data.agent as { canEdit: boolean }).canEdit;
    expect(await canEdit(MAKER)).toBe(true);
    expect(await canEdit(PASSER_BY)).toBe(false);
    expect(await canEdit({})).toBe(false);
    expect(await canEdit(MAKER)).toBe(true);
  });

  it("never caches what only the caller may read", async () => {
    const mine = async () => ((await app.graphql<Json>(MINE, {}, MAKER)).data.myAgents as { edges: unknown[] }).edges.length;
    const before = await mine();
    expect(await app.countQueries(mine)).toBeGreaterThan(0);
    await app.graphql<Json>(FORGE, { input: forgeInput(`Mine ${randomBytes(3).toString("hex")}`) }, MAKER);
    expect(await mine()).toBe(before + 1);
  });
});

describe.runIf(serverUrl && redisUrl)("the response cache across two processes on one PostgreSQL and one Redis", () => {
  it("never serves one process's cached list after a write through the other", async () => {
    const database = await createTestDatabase("postgres");
    const shared = { database, redisUrl: redisUrl!, redisChannelPrefix: `nomina-cache-test-${randomBytes(4).toString("hex")}` };
    const reader = await startTestApp("postgres", shared);
    const writer = await startTestApp("postgres", shared);
    try {
      const tag = `Crossing${randomBytes(3).toString("hex")}`; // one word: several match any of theirs when no agent has all
      const listed = async () =>
        ((await reader.graphql<Json>(NAMED, { search: tag })).data.agents as { edges: { node: { name: string } }[] }).edges.map((edge) => edge.node.name);
      expect(await listed()).toEqual([]);
      expect(await reader.countQueries(listed)).toBe(0);
      const forged = await writer.graphql<Json>(FORGE, { input: forgeInput(`${tag} Three`) }, MAKER);
      expect(forged.errors).toBeUndefined();
      expect(await listed()).toEqual([`${tag} Three`]);
    } finally {
      await Promise.all([reader.stop(), writer.stop()]);
      await database.drop();
    }
  });
});
