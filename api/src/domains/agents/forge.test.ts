// Forging agents over REST and GraphQL, reading them back by reference, and The Named's
// listing filters. Every refusal carries the spec's message (section 5) and writes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../../../test/databases.ts";
import { startTestApp, type TestApp } from "../../../test/harness.ts";

const FORGE = /* GraphQL */ `
  mutation Forge($input: ForgeAgentInput!) {
    forgeAgent(input: $input) {
      agent { id rawId name username glyph personality apiModel type remixCount isActive archived createdBy parent { name } }
    }
  }
`;

const AGENT = /* GraphQL */ `
  query Agent($ref: String!) {
    agent(ref: $ref) { id rawId name username glyph type persona { traits tone behavior } capabilities { skills tools limitations } outputs { type content quality } }
  }
`;

const LIST = /* GraphQL */ `
  query List($first: Int, $search: String, $type: String, $sort: AgentSort, $includeArchived: Boolean) {
    agents(first: $first, search: $search, type: $type, sort: $sort, includeArchived: $includeArchived) {
      edges { node { rawId name username type archived createdAt } }
    }
  }
`;

type ListNode = { rawId: string; name: string; username: string; type: string; archived: boolean; createdAt: string };
type ListResult = { agents: { edges: { node: ListNode }[] } };

const valid = { name: "Velvet Cipher", glyph: "⟁", personality: "Speaks only in folded riddles.", apiModel: "claude" };

describe.each(databaseKinds)("forging agents on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(() => app.stop());

  const agentCount = () => app.db.prisma.agent.count();
  const forgeRest = (body: unknown) => app.request("POST", "/api/agents", body);
  const list = async (variables: Record<string, unknown>) => {
    const result = await app.graphql<ListResult>(LIST, { first: 100, ...variables });
    expect(result.errors).toBeUndefined();
    return result.data!.agents.edges.map((e) => e.node);
  };

  describe("over REST", () => {
    it("answers 201 with the agent object itself, its username derived from the name", async () => {
      const before = await agentCount();
      const response = await forgeRest(valid);
      expect(response.status).toBe(201);
      const agent = await response.json();
      expect(agent).toMatchObject({
        name: "Velvet Cipher",
        username: "velvet-cipher",
        glyph: "⟁",
        personality: "Speaks only in folded riddles.",
        apiModel: "claude",
        type: "forged",
        remixCount: 0,
        isActive: true,
        archived: false,
        parentAgentId: null,
        createdBy: "anonymous",
      });
      expect(agent.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(agent).not.toHaveProperty("agent");
      expect(agent).not.toHaveProperty("apiKeyHash");
      expect(await agentCount()).toBe(before + 1);

      const stored = await app.db.prisma.agent.findUniqueOrThrow({ where: { id: agent.id } });
      expect(stored).toMatchObject({ name: "Velvet Cipher", username: "velvet-cipher", apiModel: "claude", type: "forged" });
    });

    it("makes the username unique when the name is forged again", async () => {
      const second = await (await forgeRest(valid)).json();
      expect(second.username).toBe("velvet-cipher-2");
      const third = await (await forgeRest({ ...valid, name: "velvet   CIPHER!" })).json();
      expect(third.username).toBe("velvet-cipher-3");

      // The genesis Echo Haiku holds echo-haiku: a new one takes the next free suffix.
      const echo = await forgeRest({ ...valid, name: "Echo Haiku" });
      expect(echo.status).toBe(201);
      expect((await echo.json()).username).toBe("echo-haiku-2");
      expect(await app.db.prisma.agent.count({ where: { name: "Echo Haiku" } })).toBe(2);
    });

    it("derives usernames from accented names and gives simultaneous forgers distinct ones", async () => {
      const accented = await (await forgeRest({ ...valid, name: "Ünïcödé Wïsp" })).json();
      expect(accented.username).toBe("unicode-wisp");

      const racers = await Promise.all([1, 2, 3, 4].map(() => forgeRest({ ...valid, name: "Race Condition" })));
      expect(racers.map((r) => r.status)).toEqual([201, 201, 201, 201]);
      const usernames = await Promise.all(racers.map(async (r) => (await r.json()).username as string));
      expect(new Set(usernames)).toEqual(new Set(["race-condition", "race-condition-2", "race-condition-3", "race-condition-4"]));
    });

    it("trims the name, glyph and personality before storing them", async () => {
      const response = await forgeRest({ name: "  Lantern Moth  ", glyph: "  ☾ ", personality: "   Drawn to every unlit question.  ", apiModel: "deepseek" });
      expect(response.status).toBe(201);
      expect(await response.json()).toMatchObject({
        name: "Lantern Moth",
        username: "lantern-moth",
        glyph: "☾",
        personality: "Drawn to every unlit question.",
        apiModel: "deepseek",
      });
    });

    it("accepts a glyph of three emoji, each counted as one character", async () => {
      const glyph = "👩‍💻🔥🌙";
      const response = await forgeRest({ ...valid, name: "Triple Sigil", glyph });
      expect(response.status).toBe(201);
      expect((await response.json()).glyph).toBe(glyph);
    });

    it("accepts every one of the four models", async () => {
      for (const apiModel of ["gemini", "claude", "perplexity", "deepseek"]) {
        const response = await forgeRest({ ...valid, name: `Seat Bound ${apiModel}`, apiModel });
        expect(response.status, apiModel).toBe(201);
        expect((await response.json()).apiModel).toBe(apiModel);
      }
    });

    it.each([
      ["a missing name", { ...valid, name: undefined }, "Agent name is required"],
      ["an empty name", { ...valid, name: "" }, "Agent name is required"],
      ["a whitespace-only name", { ...valid, name: "   \t " }, "Agent name is required"],
      ["a missing glyph", { ...valid, glyph: undefined }, "Agent glyph is required"],
      ["an empty glyph", { ...valid, glyph: "" }, "Agent glyph is required"],
      ["a whitespace-only glyph", { ...valid, glyph: "   " }, "Agent glyph is required"],
      ["a missing personality", { ...valid, personality: undefined }, "Personality description must be at least 10 characters"],
      ["a personality of 9 characters", { ...valid, personality: "123456789" }, "Personality description must be at least 10 characters"],
      ["a personality padded to 10 with spaces", { ...valid, personality: "  12345678  " }, "Personality description must be at least 10 characters"],
      ["a missing model", { ...valid, apiModel: undefined }, "Please select an AI model"],
      ["an unknown model", { ...valid, apiModel: "gpt-4" }, "Please select an AI model"],
      ["a model in the wrong case", { ...valid, apiModel: "Claude" }, "Please select an AI model"],
    ])("refuses %s with the spec's message and writes nothing", async (_label, body, message) => {
      const before = await agentCount();
      const response = await forgeRest(body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message });
      expect(await agentCount()).toBe(before);
    });

    it("refuses a glyph longer than three characters and writes nothing", async () => {
      const before = await agentCount();
      for (const glyph of ["ABCD", "🔥🌙✨⚡"]) {
        const response = await forgeRest({ ...valid, name: "Too Many Sigils", glyph });
        expect(response.status, glyph).toBe(400);
        const body = await response.json();
        expect(body.message, glyph).toMatch(/glyph/i);
        expect(body.message, glyph).toMatch(/3/);
      }
      expect(await agentCount()).toBe(before);
      expect(await app.db.prisma.agent.count({ where: { name: "Too Many Sigils" } })).toBe(0);
    });

    it("refuses fields of the wrong type and bodies that are not JSON with 400, writing nothing", async () => {
      const before = await agentCount();
      const wrongType = await forgeRest({ ...valid, name: 42 });
      expect(wrongType.status).toBe(400);
      expect(await wrongType.json()).toEqual(expect.objectContaining({ message: "Agent name is required" }));

      const garbage = await app.request("POST", "/api/agents", "{not json", { "content-type": "application/json" });
      expect(garbage.status).toBe(400);
      expect(typeof (await garbage.json()).message).toBe("string");
      expect(await agentCount()).toBe(before);
    });
  });

  describe("over GraphQL", () => {
    it("forges through forgeAgent and returns the agent in the payload", async () => {
      const before = await agentCount();
      const result = await app.graphql<{ forgeAgent: { agent: Record<string, unknown> } }>(FORGE, {
        input: { name: "Quiet Lattice", glyph: "⌬", personality: "Weaves silence into structure.", apiModel: "perplexity" },
      });
      expect(result.errors).toBeUndefined();
      const agent = result.data!.forgeAgent.agent;
      expect(agent).toMatchObject({
        name: "Quiet Lattice",
        username: "quiet-lattice",
        glyph: "⌬",
        personality: "Weaves silence into structure.",
        apiModel: "perplexity",
        type: "forged",
        remixCount: 0,
        isActive: true,
        archived: false,
        createdBy: "anonymous",
        parent: null,
      });
      expect(await agentCount()).toBe(before + 1);

      const again = await app.graphql<{ forgeAgent: { agent: { username: string } } }>(FORGE, {
        input: { name: "Quiet Lattice", glyph: "⌬", personality: "Weaves silence into structure.", apiModel: "gemini" },
      });
      expect(again.data!.forgeAgent.agent.username).toBe("quiet-lattice-2");
    });

    it.each([
      ["a whitespace-only name", { name: "  " }, "Agent name is required", "name"],
      ["an empty glyph", { glyph: "" }, "Agent glyph is required", "glyph"],
      ["a glyph of four characters", { glyph: "WXYZ" }, null, "glyph"],
      ["a short personality", { personality: "too short" }, "Personality description must be at least 10 characters", "personality"],
    ])("refuses %s with the spec's message and writes nothing", async (_label, change, message, field) => {
      const before = await agentCount();
      const result = await app.graphql(FORGE, {
        input: { name: "Refused One", glyph: "✶", personality: "A perfectly long personality.", apiModel: "gemini", ...change },
      });
      expect(result.data?.forgeAgent ?? null).toBeNull();
      expect(result.errors).toHaveLength(1);
      const error = result.errors![0]!;
      if (message) expect(error.message).toBe(message);
      else expect(error.message).toMatch(/3/);
      expect(error.extensions).toMatchObject({ code: "BAD_USER_INPUT", field });
      expect(await agentCount()).toBe(before);
    });

    it("refuses a model outside the four and writes nothing", async () => {
      const before = await agentCount();
      const result = await app.graphql(FORGE, {
        input: { name: "Refused Two", glyph: "✶", personality: "A perfectly long personality.", apiModel: "gpt4" },
      });
      expect(result.errors?.length).toBeGreaterThan(0);
      expect(result.data?.forgeAgent ?? null).toBeNull();
      expect(await agentCount()).toBe(before);
    });
  });

  describe("reading an agent back", () => {
    it("GET /api/agents/{id | username | name} answers {agent} with its essence as objects and no secrets", async () => {
      const genesis = await app.db.prisma.agent.findUniqueOrThrow({ where: { username: "echo-haiku" } });
      await app.db.prisma.agent.update({ where: { id: genesis.id }, data: { apiKeyHash: "secret-hash" } });

      for (const ref of [genesis.id, "echo-haiku", "ECHO-HAIKU", encodeURIComponent("Echo Haiku"), encodeURIComponent("echo haiku")]) {
        const response = await app.request("GET", `/api/agents/${ref}`);
        expect(response.status, ref).toBe(200);
        const body = await response.json();
        expect(Object.keys(body), ref).toEqual(["agent"]);
        // By name the oldest agent of that name answers: the genesis one, not the later forge.
        expect(body.agent, ref).toMatchObject({ id: genesis.id, name: "Echo Haiku", username: "echo-haiku", apiModel: "gemini", type: "genesis" });
        expect(body.agent, ref).not.toHaveProperty("apiKeyHash");
        expect(Array.isArray(body.agent.persona.traits), ref).toBe(true);
        expect(body.agent.persona.traits.length, ref).toBeGreaterThan(0);
        expect(typeof body.agent.persona.tone, ref).toBe("string");
        expect(Array.isArray(body.agent.capabilities.skills), ref).toBe(true);
        expect(Array.isArray(body.agent.capabilities.tools), ref).toBe(true);
        expect(body.agent.outputs[0], ref).toMatchObject({ type: "poetry", quality: 5 });
        expect(body.agent.outputs[0].content, ref).toContain("cursor blinks alone");
      }
    });

    it("parses essence stored as JSON text into objects", async () => {
      const agent = await app.db.prisma.agent.create({
        data: {
          name: "Stringly Typed",
          username: "stringly-typed",
          glyph: "❝",
          personality: "Remembers everything as text.",
          apiModel: "gemini",
          createdBy: "test",
          persona: JSON.stringify({ traits: ["literal", "patient"], tone: "dry", behavior: "quotes itself" }),
          capabilities: JSON.stringify({ skills: ["parsing"], tools: ["quotes"], limitations: "no irony" }),
          outputs: JSON.stringify([{ type: "code", content: "JSON.parse(me)", quality: 4 }]),
        },
      });
      const { agent: json } = await (await app.request("GET", `/api/agents/${agent.id}`)).json();
      expect(json.persona).toEqual({ traits: ["literal", "patient"], tone: "dry", behavior: "quotes itself" });
      expect(json.capabilities).toEqual({ skills: ["parsing"], tools: ["quotes"], limitations: "no irony" });
      expect(json.outputs).toEqual([{ type: "code", content: "JSON.parse(me)", quality: 4 }]);
    });

    it("reads every forged agent back by its username, whatever word its name makes", async () => {
      // 'remixes' is also a REST path segment (GET /api/agents/remixes).
      for (const name of ["Remixes", "Remix"]) {
        const forged = await (await forgeRest({ ...valid, name })).json();
        const response = await app.request("GET", `/api/agents/${forged.username}`);
        expect(response.status, name).toBe(200);
        const body = await response.json();
        expect(body, name).toHaveProperty("agent");
        expect(body.agent, name).toMatchObject({ id: forged.id, name, username: forged.username });
      }
    });

    it("answers 404 {message: 'Agent not found'} for an unknown reference", async () => {
      for (const ref of ["no-such-agent", "00000000-0000-7000-8000-000000000000", encodeURIComponent("Nobody At All")]) {
        const response = await app.request("GET", `/api/agents/${ref}`);
        expect(response.status, ref).toBe(404);
        expect(await response.json(), ref).toEqual({ message: "Agent not found" });
      }
    });

    it("GraphQL agent(ref:) finds an agent by id, username and name, and is null when unknown", async () => {
      const forged = await (await forgeRest({ ...valid, name: "Harbor Sigil" })).json();
      for (const ref of [forged.id, "harbor-sigil", "Harbor Sigil", "harbor sigil"]) {
        const result = await app.graphql<{ agent: { rawId: string; username: string; type: string } | null }>(AGENT, { ref });
        expect(result.errors, ref).toBeUndefined();
        expect(result.data!.agent, ref).toMatchObject({ rawId: forged.id, username: "harbor-sigil", type: "forged" });
      }
      const globalId = (await app.graphql<{ agent: { id: string } }>(AGENT, { ref: forged.id })).data!.agent.id;
      expect(globalId).not.toBe(forged.id);
      const genesis = await app.graphql<{ agent: { persona: { traits: string[] }; outputs: unknown[] } }>(AGENT, { ref: "mnemosyne" });
      expect(genesis.data!.agent.persona.traits.length).toBeGreaterThan(0);
      expect(genesis.data!.agent.outputs.length).toBeGreaterThan(0);

      for (const ref of ["nobody-here", "00000000-0000-7000-8000-000000000000", "   "]) {
        const unknown = await app.graphql<{ agent: unknown }>(AGENT, { ref });
        expect(unknown.errors, ref).toBeUndefined();
        expect(unknown.data, ref).toEqual({ agent: null });
      }
    });
  });

  it("GraphQL agent(ref:) also finds an agent by the global id the graph itself hands out", async () => {
    // DECISIONS.md: global ids and database ids are accepted everywhere.
    const forged = await (await forgeRest({ ...valid, name: "Global Sigil" })).json();
    const { data } = await app.graphql<{ agent: { id: string } }>(AGENT, { ref: forged.id });
    const result = await app.graphql<{ agent: { rawId: string; username: string } | null }>(AGENT, { ref: data!.agent.id });
    expect(result.errors).toBeUndefined();
    expect(result.data!.agent).toMatchObject({ rawId: forged.id, username: "global-sigil" });
  });

  describe("The Named listing", () => {
    it("filters by type: genesis, forged and remix", async () => {
      const root = await (await forgeRest({ ...valid, name: "Typed Root" })).json();
      const remix = await app.request("POST", "/api/agents/remix", {
        parentAgentId: root.id,
        name: "Typed Remix",
        description: "A child that proves the filter.",
        personality: "It inherits its parent's appetite for types.",
      });
      expect(remix.status).toBe(201);

      const genesis = await list({ type: "genesis" });
      expect(genesis).toHaveLength(6);
      expect(genesis.every((a) => a.type === "genesis")).toBe(true);

      const forged = await list({ type: "forged" });
      expect(forged.length).toBeGreaterThan(0);
      expect(forged.every((a) => a.type === "forged")).toBe(true);
      expect(forged.map((a) => a.username)).toContain("typed-root");
      expect(forged.map((a) => a.username)).not.toContain("typed-remix");

      const remixes = await list({ type: "remix" });
      expect(remixes.map((a) => a.username)).toEqual(["typed-remix"]);

      const all = await list({});
      expect(all).toHaveLength(genesis.length + forged.length + remixes.length);

      const types = await app.graphql<{ agentTypes: string[] }>(`{ agentTypes }`);
      expect(types.data!.agentTypes).toEqual(["forged", "genesis", "remix"]);

      const rest = await (await app.request("GET", "/api/agents?type=remix")).json();
      expect(rest.agents.map((a: { username: string }) => a.username)).toEqual(["typed-remix"]);
    });

    it("sorts NEWEST, OLDEST and NAME", async () => {
      for (const name of ["Sortling Beta", "Sortling Gamma", "Sortling Alpha"]) {
        expect((await forgeRest({ ...valid, name })).status).toBe(201);
      }
      const names = async (sort?: string) => (await list({ search: "sortling", ...(sort ? { sort } : {}) })).map((a) => a.name);
      expect(await names()).toEqual(["Sortling Alpha", "Sortling Gamma", "Sortling Beta"]);
      expect(await names("NEWEST")).toEqual(["Sortling Alpha", "Sortling Gamma", "Sortling Beta"]);
      expect(await names("OLDEST")).toEqual(["Sortling Beta", "Sortling Gamma", "Sortling Alpha"]);
      expect(await names("NAME")).toEqual(["Sortling Alpha", "Sortling Beta", "Sortling Gamma"]);

      const rest = await (await app.request("GET", "/api/agents?search=sortling&sort=oldest")).json();
      expect(rest.agents.map((a: { name: string }) => a.name)).toEqual(["Sortling Beta", "Sortling Gamma", "Sortling Alpha"]);
    });

    it("sorts TYPE: grouped by type, newest first within a type", async () => {
      const sorted = await list({ sort: "TYPE" });
      const types = sorted.map((a) => a.type);
      expect(types).toEqual([...types].sort());
      expect(new Set(types)).toEqual(new Set(["forged", "genesis", "remix"]));
      for (const type of new Set(types)) {
        const times = sorted.filter((a) => a.type === type).map((a) => Date.parse(a.createdAt));
        expect(times, type).toEqual([...times].sort((x, y) => y - x));
      }
      const forged = await list({ type: "forged" });
      expect(sorted.filter((a) => a.type === "forged").map((a) => a.rawId)).toEqual(forged.map((a) => a.rawId));
    });

    it("includes archived agents only when asked, together with the other filters", async () => {
      const hidden = await (await forgeRest({ ...valid, name: "Archived Ember" })).json();
      await app.db.prisma.agent.update({ where: { id: hidden.id }, data: { archived: true } });

      expect((await list({ type: "forged" })).map((a) => a.rawId)).not.toContain(hidden.id);
      const withArchived = await list({ type: "forged", includeArchived: true });
      expect(withArchived.find((a) => a.rawId === hidden.id)).toMatchObject({ name: "Archived Ember", archived: true });
      expect((await list({ search: "ember", includeArchived: false })).map((a) => a.rawId)).toEqual([]);
      expect((await list({ search: "ember", includeArchived: true })).map((a) => a.rawId)).toEqual([hidden.id]);

      const rest = await (await app.request("GET", "/api/agents?search=ember")).json();
      expect(rest.agents).toEqual([]);
      const restAll = await (await app.request("GET", "/api/agents?search=ember&includeArchived=true")).json();
      expect(restAll.agents.map((a: { id: string; archived: boolean }) => [a.id, a.archived])).toEqual([[hidden.id, true]]);

      // An archived agent can still be opened directly.
      expect((await app.request("GET", `/api/agents/${hidden.id}`)).status).toBe(200);
    });

    it("refuses an unknown sort or a bad includeArchived over REST with 400", async () => {
      const sort = await app.request("GET", "/api/agents?sort=random");
      expect(sort.status).toBe(400);
      expect((await sort.json()).message).toMatch(/Sort must be one of/);
      const flag = await app.request("GET", "/api/agents?includeArchived=yes");
      expect(flag.status).toBe(400);
      expect(await flag.json()).toEqual(expect.objectContaining({ message: "Must be true or false" }));
    });
  });
  describe("names that look alike", () => {
    const VISITOR = { "X-Nomina-Visitor": "4b2f0c3e-9d1a-4f6b-8a5e-3c7d2e1f0a9b" };
    const UPDATE = `mutation ($input: UpdateAgentInput!) { updateAgent(input: $input) { agent { name } } }`;
    const importCard = (name: string) =>
      app.request("POST", "/api/agents/import", {
        spec: "chara_card_v3",
        spec_version: "3.0",
        data: { name, personality: "Waits where others hurry, and says little." },
      });
    // A Cyrillic 'е' and 'Т', Greek capitals, a Greek omicron, a capital I for an l, a doubled space: each reads as the genesis agent's name.
    const lookalikes = [
      "The Thrеshold Keeper",
      "Тhe Threshold Keeper",
      "ΤΗE THRESHOLD KEEPER",
      "Τhe Threshοld Keeper",
      "The ThreshoId Keeper",
      "The Threshold  Keeper",
    ];
    const TAKEN = { message: 'Name looks like an existing agent\'s name ("The Threshold Keeper")', field: "name" };

    it("refuses a look-alike of an existing name as taken, over REST, GraphQL, card import and rename, writing nothing", async () => {
      const before = await agentCount();
      for (const name of lookalikes) {
        const rest = await forgeRest({ ...valid, name });
        expect({ name, status: rest.status, body: await rest.json() }).toEqual({ name, status: 409, body: expect.objectContaining(TAKEN) });
        const graph = await app.graphql<Record<string, unknown>>(FORGE, { input: { ...valid, name } });
        expect(graph.errors?.[0], name).toMatchObject({ message: TAKEN.message, extensions: { code: "CONFLICT" } });
        const imported = await importCard(name);
        expect({ name, status: imported.status, body: await imported.json() }).toEqual({ name, status: 409, body: expect.objectContaining(TAKEN) });
      }
      const remix = await app.request("POST", "/api/agents/remix", {
        parentAgentId: (await (await app.request("GET", "/api/agents/echo-haiku")).json()).agent.id,
        name: lookalikes[0],
        description: "A keeper in disguise.",
        personality: "Waits where others hurry, and says little.",
      });
      expect(remix.status).toBe(409);
      expect(await agentCount()).toBe(before);

      const mine = await app.graphql<{ forgeAgent: { agent: { id: string } } }>(FORGE, { input: { ...valid, name: "Quiet Doorman" } }, VISITOR);
      const renamed = await app.graphql(UPDATE, { input: { agentId: mine.data!.forgeAgent.agent.id, name: lookalikes[1] } }, VISITOR);
      expect(renamed.errors?.[0]).toMatchObject({ message: TAKEN.message, extensions: { code: "CONFLICT" } });
      // Its own name, in another case or with a look-alike of itself, is no one else's.
      const own = await app.graphql(UPDATE, { input: { agentId: mine.data!.forgeAgent.agent.id, name: "Quiet Dооrman" } }, VISITOR);
      expect(own.errors).toBeUndefined();
    });

    it("still lets agents share a name exactly (their usernames tell them apart), case aside, and lets other names be", async () => {
      for (const name of ["The Threshold Keeper", "the threshold keeper", "The Threshold Keepers", "Thé Threshold Keeper"]) {
        const response = await forgeRest({ ...valid, name });
        expect(response.status, name).toBe(201);
      }
      // Styled and full-width letters are folded (NFKC) into the plain name, which is then the name itself.
      const styled = await forgeRest({ ...valid, name: "𝐓𝐡𝐞 Ｔhreshold Keeper" });
      expect(styled.status).toBe(201);
      expect((await styled.json()).name).toBe("The Threshold Keeper");
    });

    it("refuses zero-width, bidi and control characters in a name, and a name of only invisible ones, over REST and GraphQL", async () => {
      const hidden = "Name cannot contain invisible or control characters";
      for (const name of ["The Threshold\u200B Keeper", "The Threshold Keeper\u2060", "\u202EThe Threshold Keeper", "The\tThreshold"]) {
        const rest = await forgeRest({ ...valid, name });
        expect({ name, status: rest.status, message: (await rest.json()).message }).toEqual({ name, status: 400, message: hidden });
        const graph = await app.graphql(FORGE, { input: { ...valid, name } });
        expect(graph.errors?.[0], name).toMatchObject({ message: hidden, extensions: { code: "BAD_USER_INPUT" } });
      }
      const blank = await forgeRest({ ...valid, name: "\u200B\u3164" });
      expect(blank.status).toBe(400);
      expect((await blank.json()).message).toBe("Agent name is required");
      const glyph = await forgeRest({ ...valid, name: "Family Glyph", glyph: "👨‍👩‍👧‍👦" });
      expect(glyph.status).toBe(201);
    });
  });
});
