// A creator's own agents over real HTTP on both databases: the visitor or user who forged an
// agent lists it, edits it (each save a version, the old one still readable), archives and
// restores it; nobody else may (another visitor key, a keyless client, another user), a genesis
// agent is curators' alone, and a visitor's agents move to the account at sign-in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, registered, signedIn, type Json } from "../../../test/accounts.ts";
import { signedInCurator } from "../../../test/curators.ts";
import { databaseKinds } from "../../../test/databases.ts";
import { startTestApp, type TestApp } from "../../../test/harness.ts";
import { GENESIS_IS_CURATED, NOT_YOURS } from "./creators.ts";

const key = (name: string) => ({ "x-nomina-visitor": `creators-test-${name}-key-0123456789` });
const MINE = { ...key("maker") };
const STRANGER = key("stranger");

const FORGE = `mutation ($input: ForgeAgentInput!) { forgeAgent(input: $input) { agent { id rawId } } }`;
const UPDATE = `mutation ($input: UpdateAgentInput!) { updateAgent(input: $input) { agent { name description version persona { traits tone } outputs { type content quality } canEdit } } }`;
const ARCHIVE = `mutation ($input: MyAgentInput!) { archiveMyAgent(input: $input) { agent { archived } } }`;
const RESTORE = `mutation ($input: MyAgentInput!) { restoreMyAgent(input: $input) { agent { archived } } }`;
const MY_AGENTS = `query ($sort: MyAgentSort) { myAgents(sort: $sort) { edges { node { name whisperCount remixCount nominationCount version } } } }`;
const VERSIONS = `query ($id: ID!) { node(id: $id) { ... on Agent { version versions { edges { node { version name description editedBy } } } first: versionAt(version: 1) { name personality } } } }`;

describe.each(databaseKinds)("creators' tools on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(() => app?.stop());

  const gql = async (query: string, variables: Json, headers: Record<string, string> = MINE) => app.graphql<Json>(query, variables, headers);
  const forged = async (name: string, headers: Record<string, string> = MINE) => {
    const result = await gql(
      FORGE,
      { input: { name, glyph: "✶", personality: "Patient and exact, it keeps small lamps burning.", apiModel: "claude" } },
      headers,
    );
    expect(result.errors).toBeUndefined();
    return result.data.forgeAgent.agent as { id: string; rawId: string };
  };
  const stored = (id: string) => app.db.prisma.agent.findUniqueOrThrow({ where: { id } });

  it("saves each edit as a version, keeps the earlier one readable, and lists the creator's agents", async () => {
    const agent = await forged("Lamp Keeper");
    const edited = await gql(UPDATE, {
      input: {
        agentId: agent.id,
        description: "Keeps the lamps of forgotten names.",
        persona: { traits: ["patient", "exact"], tone: "Low and warm." },
        outputs: [{ type: "poetry", content: "A lamp, a name, a night.", quality: 4 }],
      },
    });
    expect(edited.errors).toBeUndefined();
    expect(edited.data.updateAgent.agent).toEqual({
      name: "Lamp Keeper",
      description: "Keeps the lamps of forgotten names.",
      version: 2,
      persona: { traits: ["patient", "exact"], tone: "Low and warm." },
      outputs: [{ type: "poetry", content: "A lamp, a name, a night.", quality: 4 }],
      canEdit: true,
    });
    await gql(UPDATE, { input: { agentId: agent.id, name: "Lamp Keeper Ascendant" } });

    const { data } = await gql(VERSIONS, { id: agent.id });
    expect(data.node.version).toBe(3);
    expect(data.node.versions.edges.map((edge: Json) => [edge.node.version, edge.node.name, edge.node.description])).toEqual([
      [3, "Lamp Keeper Ascendant", "Keeps the lamps of forgotten names."],
      [2, "Lamp Keeper", "Keeps the lamps of forgotten names."],
      // Version 1 is the agent as forged: awakened by the oracle (no seat has a key here).
      [1, "Lamp Keeper", expect.stringMatching(/^(Forged under the glyph ✶, )?Lamp Keeper\b/)],
    ]);
    expect(data.node.first).toEqual({ name: "Lamp Keeper", personality: "Patient and exact, it keeps small lamps burning." });

    const mine = await gql(MY_AGENTS, {});
    expect(mine.data.myAgents.edges.map((edge: Json) => edge.node.name)).toContain("Lamp Keeper Ascendant");
    expect((await gql(MY_AGENTS, {}, STRANGER)).data.myAgents.edges.map((edge: Json) => edge.node.name)).not.toContain("Lamp Keeper Ascendant");

    // A remix records which version of its parent it forked.
    const remix = await (
      await app.request(
        "POST",
        "/api/agents/remix",
        { parentAgentId: agent.rawId, description: "A child of the lamp keeper.", personality: "Restless where its parent is patient, but as exact." },
        MINE,
      )
    ).json();
    expect(remix.parentVersion).toBe(3);
    expect(remix).not.toHaveProperty("visitorId");
  });

  it("lets no one else change an agent: another visitor, a keyless client, another user; a genesis agent is curators' alone", async () => {
    const agent = await forged("Guarded Lamp");
    const before = await stored(agent.rawId);
    const user = await signedIn(app, await registered(app));
    for (const headers of [STRANGER, {}, bearer(user)]) {
      for (const [query, input] of [
        [UPDATE, { agentId: agent.id, name: "Stolen Lamp" }],
        [ARCHIVE, { agentId: agent.id }],
      ] as const) {
        const refused = await gql(query, { input }, headers);
        expect(refused.errors?.[0], JSON.stringify(headers)).toMatchObject({ message: NOT_YOURS, extensions: { code: "FORBIDDEN" } });
      }
    }
    expect(await stored(agent.rawId)).toEqual(before);
    expect(await app.db.prisma.agentVersion.count({ where: { agentId: agent.rawId } })).toBe(0);

    const genesis = await app.db.prisma.agent.findFirstOrThrow({ where: { type: "genesis" } });
    const genesisId = Buffer.from(`Agent:${genesis.id}`).toString("base64");
    expect((await gql(UPDATE, { input: { agentId: genesisId, description: "Mine now." } })).errors?.[0]).toMatchObject({
      message: GENESIS_IS_CURATED,
      extensions: { code: "FORBIDDEN" },
    });
    const curator = await signedInCurator(app);
    const curated = await gql(UPDATE, { input: { agentId: genesisId, description: "Tended by the curators." } }, bearer(curator));
    expect(curated.errors).toBeUndefined();
    expect(curated.data.updateAgent.agent).toMatchObject({ description: "Tended by the curators.", version: genesis.version + 1 });
  });

  it("archives and restores one's own agent, and refuses an empty or invalid edit", async () => {
    const agent = await forged("Folding Lamp");
    expect((await gql(ARCHIVE, { input: { agentId: agent.id } })).data.archiveMyAgent.agent).toEqual({ archived: true });
    expect((await gql(RESTORE, { input: { agentId: agent.id } })).data.restoreMyAgent.agent).toEqual({ archived: false });
    expect((await gql(UPDATE, { input: { agentId: agent.id } })).errors?.[0]).toMatchObject({
      message: "Nothing to change",
      extensions: { code: "BAD_USER_INPUT" },
    });
    expect((await gql(UPDATE, { input: { agentId: agent.id, personality: "short" } })).errors?.[0]).toMatchObject({
      message: "Personality description must be at least 10 characters",
    });
    expect((await stored(agent.rawId)).version).toBe(1);
  });

  it("keeps the counts the list shows: whispers and nominations, with each one", async () => {
    const agent = await forged("Counted Lamp");
    await app.request("POST", `/api/agents/${agent.rawId}/invoke`, { message: "Are you counting?" }, MINE);
    await app.request("POST", `/api/agents/${agent.rawId}/invoke`, { message: "Still counting?" }, MINE);
    await app.request("POST", "/api/council/nominate", { agentId: agent.rawId, reason: "It counts." }, MINE);
    const mine = await gql(MY_AGENTS, { sort: "whispers" });
    expect(mine.data.myAgents.edges[0].node).toMatchObject({ name: "Counted Lamp", whisperCount: 2, nominationCount: 1 });
  });

  it("moves a visitor's agents to the account when the visitor registers", async () => {
    const visitor = key("newcomer");
    const lamp = await forged("Newcomer's Lamp", visitor);
    const account = await registered(app);
    const token = await signedIn(app, account);
    // Signing in with the key moves what it made.
    await app.request("POST", "/api/auth/login", { email: account.email, password: account.password }, visitor);
    const listed = await gql(`{ viewer { agents { edges { node { name canEdit } } } } }`, {}, bearer(token));
    expect(listed.data.viewer.agents.edges.map((edge: Json) => edge.node)).toEqual([{ name: "Newcomer's Lamp", canEdit: true }]);
    expect((await gql(MY_AGENTS, {}, visitor)).data.myAgents.edges).toEqual([]);
    // Theirs everywhere: the profile names the account, and Settings counts the agent.
    const profile = await (await app.request("GET", `/api/agents/${lamp.rawId}`)).json();
    expect(profile.agent.createdBy).toBe(account.name);
    const me = await gql(`{ viewer { usage { agentsCreated } } }`, {}, bearer(token));
    expect(me.data.viewer.usage.agentsCreated).toBe(1);
  });
  it("shows a creator's page: the account's name, its kept totals and its public agents, newest first; nothing else of the account", async () => {
    const account = await registered(app);
    const token = await signedIn(app, account);
    const asCreator = bearer(token);
    const first = await forged("Creator's First Lamp", asCreator);
    const second = await forged("Creator's Second Lamp", asCreator);
    const hidden = await forged("Creator's Hidden Lamp", asCreator);
    expect((await gql(ARCHIVE, { input: { agentId: hidden.id } }, asCreator)).errors).toBeUndefined();
    // Another visitor remixes the first; the creator remixing its own is not "received".
    const remixed = await app.request(
      "POST",
      "/api/agents/remix",
      {
        parentAgentId: first.rawId,
        name: "A Stranger's Lamp",
        description: "A lamp borrowed and kept lit.",
        personality: "Borrowed light, kept burning elsewhere.",
      },
      STRANGER,
    );
    expect(remixed.status).toBe(201);
    expect(
      (
        await app.request(
          "POST",
          "/api/agents/remix",
          {
            parentAgentId: second.rawId,
            name: "Creator's Own Echo",
            description: "Its maker's echo of a lamp.",
            personality: "Its maker's second thought, kept.",
          },
          asCreator,
        )
      ).status,
    ).toBe(201);

    const page = await gql(
      `query ($id: ID!) { creator(id: $id) { rawId name agentsCreated lineagesStarted remixesReceived agents(first: 10) { edges { node { name creatorRawId } } } } }`,
      { id: account.id },
    );
    expect(page.errors).toBeUndefined();
    expect(page.data.creator).toMatchObject({ rawId: account.id, name: account.name, agentsCreated: 4, lineagesStarted: 3, remixesReceived: 1 });
    expect(page.data.creator.agents.edges.map((edge: Json) => edge.node)).toEqual([
      { name: "Creator's Own Echo", creatorRawId: account.id },
      { name: "Creator's Second Lamp", creatorRawId: account.id },
      { name: "Creator's First Lamp", creatorRawId: account.id },
    ]);
    // REST says the same, and nothing else of the account.
    const rest = await (await app.request("GET", `/api/creators/${account.id}`)).json();
    expect(rest.creator).toEqual({
      id: account.id,
      name: account.name,
      joinedAt: expect.any(String),
      agentsCreated: 4,
      lineagesStarted: 3,
      remixesReceived: 1,
    });
    expect(rest.agents.map((agent: Json) => agent.name)).toEqual(["Creator's Own Echo", "Creator's Second Lamp", "Creator's First Lamp"]);
    expect(JSON.stringify(rest)).not.toContain(account.email);
    // "Created by" leads there.
    expect((await (await app.request("GET", `/api/agents/${first.rawId}`)).json()).agent.creatorId).toBe(account.id);
    // An account that has made nothing has no page; nor has an id that names no account.
    const idle = await registered(app);
    expect((await gql(`query ($id: ID!) { creator(id: $id) { name } }`, { id: idle.id })).data.creator).toBeNull();
    expect((await app.request("GET", `/api/creators/${idle.id}`)).status).toBe(404);
    expect((await app.request("GET", "/api/creators/not-an-id")).status).toBe(404);
  });
});
