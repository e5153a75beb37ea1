// Character cards over real HTTP on both databases: an agent exported as JSON and as PNG and
// imported back is the same agent again (a remix comes back as a remix of its parent), a V2
// card from another app becomes an agent, and every bad file is a 400 that says what is wrong.
import {
  BEHAVIOR_MAX,
  DESCRIPTION_MAX,
  FORGE_NAME_MAX,
  LIMITATIONS_MAX,
  OUTPUT_MAX,
  OUTPUTS_MAX,
  PERSONALITY_MAX,
  REMIX_NAME_MAX,
  SKILL_MAX,
  SKILLS_MAX,
  TONE_MAX,
  TRAIT_MAX,
  TRAITS_MAX,
} from "@nomina/shared/agents";
import { GLYPH_IMAGE_MAX } from "@nomina/shared/glyph-image";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withCard, type CardV3 } from "./cards.ts";
import { REST_AGENTS_BYTES, REST_LIST_LIMIT } from "./rest.ts";
import { captainWrenCard } from "../../../test/cards.ts";
import { databaseKinds } from "../../../test/databases.ts";
import { startTestApp, type TestApp } from "../../../test/harness.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

describe.each(databaseKinds)("character cards on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(() => app?.stop());

  const importCard = async (body: Buffer | string, type: string) => {
    const response = await fetch(`${app.url}/api/agents/import`, {
      method: "POST",
      headers: { "content-type": type },
      body: typeof body === "string" ? body : new Uint8Array(body),
    });
    const json: Json = await response.json();
    return { status: response.status, body: json };
  };
  const exportPng = async (ref: string) => {
    const response = await app.request("GET", `/api/agents/${ref}/card?format=png`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    return Buffer.from(await response.arrayBuffer());
  };

  it("exports an agent as a V3 card naming its profile, and a PNG of it imports back as the same persona and samples", async () => {
    const response = await app.request("GET", "/api/agents/echo-haiku/card");
    expect(response.status).toBe(200);
    const card = await response.json();
    const { agent } = await (await app.request("GET", "/api/agents/echo-haiku")).json();
    expect(card).toMatchObject({
      spec: "chara_card_v3",
      spec_version: "3.0",
      data: { name: agent.name, personality: agent.personality, source: [`${app.config.publicUrl}/agent/echo-haiku`] },
    });
    expect(card.data.extensions.nomina).toMatchObject({ id: agent.id, glyph: agent.glyph, apiModel: agent.apiModel, persona: agent.persona });

    const imported = await importCard(await exportPng("echo-haiku"), "image/png");
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({
      name: agent.name,
      glyph: agent.glyph,
      apiModel: agent.apiModel,
      personality: agent.personality,
      persona: agent.persona,
      outputs: agent.outputs,
      type: "forged",
    });
    expect(imported.body.id).not.toBe(agent.id);
    expect(imported.body.username).not.toBe(agent.username);
  });

  it("imports a remix's card as a remix of its parent, counted on the parent", async () => {
    const parent = (await (await app.request("GET", "/api/agents/echo-haiku")).json()).agent;
    const remix = await (
      await app.request("POST", "/api/agents/remix", {
        parentAgentId: parent.id,
        name: "Echo Card Child",
        description: "A child made to travel as a card.",
        personality: "Quiet, exact and fond of haiku, like its parent before it.",
      })
    ).json();
    const before = (await (await app.request("GET", `/api/agents/${parent.id}`)).json()).agent.remixCount;
    const imported = await importCard(await exportPng(remix.id), "image/png");
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({
      type: "remix",
      parentAgentId: parent.id,
      originAgentId: parent.originAgentId ?? parent.id,
      remixOf: parent.name,
      remixType: remix.remixType,
    });
    expect((await (await app.request("GET", `/api/agents/${parent.id}`)).json()).agent.remixCount).toBe(before + 1);
  });

  it("imports a V2 card from another app, its greeting as the first sample", async () => {
    const v2 = captainWrenCard();
    const imported = await importCard(JSON.stringify(v2), "application/json");
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({
      name: "Captain Wren",
      description: v2.data.description,
      personality: v2.data.personality,
      greeting: v2.data.first_mes,
      type: "forged",
    });
  });

  it("refuses a truncated PNG, a PNG without a card, a card with a 10 MB field and JSON of the wrong spec with 400 saying what is wrong, forging nothing", async () => {
    const before = await app.db.prisma.agent.count();
    const png = await exportPng("echo-haiku");
    const plain = await sharp({ create: { width: 40, height: 60, channels: 4, background: "#120a2a" } })
      .png()
      .toBuffer();
    const huge = { spec: "chara_card_v3", spec_version: "3.0", data: { name: "Vast", personality: "x".repeat(10 * 1024 * 1024) } };
    const cases: [Buffer | string, string, RegExp][] = [
      [png.subarray(0, png.length - 30), "image/png", /^The PNG is damaged/],
      [plain, "image/png", /^The PNG carries no character card/],
      [JSON.stringify(huge), "application/json", /^The card is larger than 4 MB/],
      [JSON.stringify({ spec: "chara_card_v9", data: { name: "Nine" } }), "application/json", /^Not a character card/],
      ["{ not json", "application/json", /^The card is neither a PNG nor JSON/],
    ];
    for (const [body, type, message] of cases) {
      const refused = await importCard(body, type);
      expect(refused, String(message)).toMatchObject({ status: 400, body: { message: expect.stringMatching(message), field: "card" } });
    }
    expect(await importCard("name: yaml", "text/yaml")).toMatchObject({ status: 415, body: { message: "Send the card as application/json or image/png" } });
    expect(await app.db.prisma.agent.count()).toBe(before);
    expect((await app.request("GET", "/api/agents/no-such-agent/card")).status).toBe(404);
  });

  it("reads and forges cards through GraphQL too, from the same service", async () => {
    const { agent } = await (await app.request("GET", "/api/agents/echo-haiku")).json();
    const id = Buffer.from(`Agent:${agent.id}`).toString("base64");
    const exported = await app.graphql<Json>(`query ($id: ID!) { exportAgentCard(agentId: $id) { json pngPath agent { username } } }`, { id });
    expect(exported.errors).toBeUndefined();
    const card = JSON.parse(exported.data.exportAgentCard.json);
    expect(card).toEqual(await (await app.request("GET", "/api/agents/echo-haiku/card")).json());
    expect((await app.request("GET", exported.data.exportAgentCard.pngPath)).headers.get("content-type")).toBe("image/png");

    const IMPORT = `mutation ($input: ImportAgentCardInput!) { importAgentCard(input: $input) { agent { name glyph personality } } }`;
    const png = await exportPng("echo-haiku");
    for (const text of [exported.data.exportAgentCard.json, `data:image/png;base64,${png.toString("base64")}`]) {
      const imported = await app.graphql<Json>(IMPORT, { input: { card: text } });
      expect(imported.errors).toBeUndefined();
      expect(imported.data.importAgentCard.agent).toEqual({ name: agent.name, glyph: agent.glyph, personality: agent.personality });
    }
    const refused = await app.graphql<Json>(IMPORT, { input: { card: JSON.stringify({ spec: "chara_card_v1" }) } });
    expect(refused.errors?.[0]).toMatchObject({ message: expect.stringMatching(/^Not a character card/), extensions: { code: "BAD_USER_INPUT" } });
  });
  /** A card Nomina could have written, every field of its essence at its limit, in characters JSON escapes to six bytes. */
  const maximalCard = (name: string) => {
    const text = (length: number) => "\u0001".repeat(length);
    return {
      spec: "chara_card_v3",
      spec_version: "3.0",
      data: {
        name,
        description: text(DESCRIPTION_MAX),
        personality: text(PERSONALITY_MAX),
        extensions: {
          nomina: {
            glyph: "👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦",
            apiModel: "claude",
            persona: { traits: Array.from({ length: TRAITS_MAX }, () => text(TRAIT_MAX)), tone: text(TONE_MAX), behavior: text(BEHAVIOR_MAX) },
            capabilities: {
              skills: Array.from({ length: SKILLS_MAX }, () => text(SKILL_MAX)),
              tools: Array.from({ length: SKILLS_MAX }, () => text(SKILL_MAX)),
              limitations: text(LIMITATIONS_MAX),
            },
            outputs: Array.from({ length: OUTPUTS_MAX }, () => ({ type: "text", content: text(OUTPUT_MAX), quality: 5 })),
          },
        },
      },
    };
  };

  /**
   * The most bytes one agent's JSON can take: every text field at its limit (name, username,
   * glyph, personality, description, glyph image, persona, capabilities, outputs, creator's name,
   * parent's name, remix note, creation ritual), six bytes a character, and 2 KB of ids, dates,
   * numbers and keys.
   */
  const AGENT_JSON_MAX =
    6 *
      (FORGE_NAME_MAX +
        40 +
        128 +
        PERSONALITY_MAX +
        DESCRIPTION_MAX +
        GLYPH_IMAGE_MAX +
        TRAITS_MAX * TRAIT_MAX +
        TONE_MAX +
        BEHAVIOR_MAX +
        2 * SKILLS_MAX * SKILL_MAX +
        LIMITATIONS_MAX +
        OUTPUTS_MAX * OUTPUT_MAX +
        100 +
        REMIX_NAME_MAX +
        500 +
        200) +
    2048;

  it("holds an imported card to an edited agent's limits: one over a limit is a 400 naming the field, over REST and GraphQL, forging nothing", async () => {
    const before = await app.db.prisma.agent.count();
    const huge = maximalCard("Vast Keeper");
    huge.data.extensions.nomina.persona.behavior = "b".repeat(3 * 1024 * 1024);
    const tooMany = maximalCard("Many Keeper");
    tooMany.data.extensions.nomina.outputs.push({ type: "text", content: "one more", quality: 5 });
    const cases: [unknown, string][] = [
      [huge, "Behaviour is too long (data.extensions.nomina.persona.behavior)"],
      [tooMany, `At most ${OUTPUTS_MAX} sample outputs (data.extensions.nomina.outputs)`],
    ];
    for (const [card, message] of cases) {
      expect(await importCard(JSON.stringify(card), "application/json")).toEqual({ status: 400, body: expect.objectContaining({ message, field: "card" }) });
    }
    const IMPORT = `mutation ($input: ImportAgentCardInput!) { importAgentCard(input: $input) { agent { id } } }`;
    const traits = {
      spec: "chara_card_v3",
      data: {
        name: "Calm Keeper",
        personality: "Patient, and fond of lists.",
        extensions: { nomina: { persona: { traits: Array.from({ length: TRAITS_MAX + 1 }, () => "calm") } } },
      },
    };
    const graph = await app.graphql<Json>(IMPORT, { input: { card: JSON.stringify(traits) } });
    expect(graph.errors?.[0]).toMatchObject({
      message: `At most ${TRAITS_MAX} traits (data.extensions.nomina.persona.traits)`,
      extensions: { code: "BAD_USER_INPUT" },
    });
    expect(await app.db.prisma.agent.count()).toBe(before);
  });

  it("refuses a card whose text holds a NUL or an unpaired surrogate with 400, JSON or PNG, over REST and GraphQL", async () => {
    const message = expect.stringMatching(/^The card holds text no agent can keep/);
    const before = await app.db.prisma.agent.count();
    const card: CardV3 = await (await app.request("GET", "/api/agents/echo-haiku/card")).json();
    const png = await exportPng("echo-haiku");
    const IMPORT = `mutation ($input: ImportAgentCardInput!) { importAgentCard(input: $input) { agent { id } } }`;
    for (const bad of ["Speaks\u0000 in haiku.", "Speaks \ud800 in haiku."]) {
      const changed: CardV3 = { ...card, data: { ...card.data, description: bad } };
      const json = JSON.stringify(changed);
      // The PNG's ccv3 chunk carries the same JSON, base64: the edge never sees its text.
      const crcFixed = withCard(png, changed);
      expect(await importCard(json, "application/json")).toEqual({ status: 400, body: expect.objectContaining({ message, field: "card" }) });
      expect(await importCard(crcFixed, "image/png")).toEqual({ status: 400, body: expect.objectContaining({ message, field: "card" }) });
      const graph = await app.graphql<Json>(IMPORT, { input: { card: `data:image/png;base64,${crcFixed.toString("base64")}` } });
      expect(graph.errors?.[0]).toMatchObject({ message, extensions: { code: "BAD_USER_INPUT" } });
    }
    expect(await app.db.prisma.agent.count()).toBe(before);
  });

  it(`answers GET /api/agents within a computed bound: each agent at every limit stays under it, and the whole list under ${REST_AGENTS_BYTES / 1024 / 1024} MB`, async () => {
    // What the issue stored: one agent whose persona alone was 3 MB.
    const vast = maximalCard("Vast Keeper");
    vast.data.extensions.nomina.persona.behavior = "b".repeat(3 * 1024 * 1024);
    expect((await importCard(JSON.stringify(vast), "application/json")).status).toBe(400);
    const imported: string[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await importCard(JSON.stringify(maximalCard("Brimming Keeper")), "application/json");
      expect(response.status).toBe(201);
      imported.push(response.body.id);
    }
    const response = await app.request("GET", "/api/agents");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const body = await response.text();
    const { agents } = JSON.parse(body);
    for (const agent of agents) expect(Buffer.byteLength(JSON.stringify(agent))).toBeLessThanOrEqual(AGENT_JSON_MAX);
    expect(agents.length).toBeLessThanOrEqual(REST_LIST_LIMIT);
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(Math.min(REST_LIST_LIMIT * AGENT_JSON_MAX, REST_AGENTS_BYTES) + 16);
    // Newest first, cut before the byte bound: the maximal agents fill it before the older ones.
    expect(agents.length).toBeLessThan(imported.length);
    expect(agents.map((agent: { id: string }) => agent.id)).toEqual(imported.slice(-agents.length).reverse());
    const one = agents[0];
    expect(Buffer.byteLength(JSON.stringify(one))).toBeGreaterThan(AGENT_JSON_MAX / 10);
  });
});
