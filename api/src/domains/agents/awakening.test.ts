// Awakening over real HTTP on both databases: a forged agent's profile is never hollow. Its seat
// drafts a description, persona, capabilities and one sample as structured output (here the
// claude seat's local stand-in); a seat that answers malformed JSON, and a keyless seat, leave
// the draft to the oracle, which writes it from the agent's own words and says so.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Json } from "../../../test/accounts.ts";
import { databaseKinds } from "../../../test/databases.ts";
import { startTestApp, type TestApp } from "../../../test/harness.ts";
import { settingsFor } from "../../../test/minds.ts";
import { startFakeProviders, type FakeProviders } from "../../../test/providers.ts";

const VISITOR = { "x-nomina-visitor": "awakening-test-visitor-key-0123456789" };
const FORGE = { name: "Tidewatcher", glyph: "≋", personality: "Counts the tides of forgotten harbours and speaks in slow, salt-heavy sentences." };

const DRAFT = {
  description: "Tidewatcher keeps the count of tides no harbour remembers. It speaks slowly, as the sea does.",
  persona: { traits: ["patient", "salt-worn"], tone: "Slow and low, like water on stone.", behavior: "Waits for the seeker to finish before it answers." },
  capabilities: { skills: ["counting tides", "remembering harbours"], tools: [], limitations: "Knows nothing of inland places." },
  sample: { type: "poetry", content: "Six tides since you last asked; the seventh is already turning." },
};

describe.each(databaseKinds)("awakening a forged agent on %s", (kind) => {
  let app: TestApp;
  let providers: FakeProviders;
  beforeAll(async () => {
    providers = await startFakeProviders();
    // claude has a key (its stand-in); the other seats answer from the oracle.
    app = await startTestApp(kind, { minds: settingsFor(providers, ["claude"]) });
  });
  afterAll(async () => {
    await app?.stop();
    await providers?.close();
  });
  beforeEach(() => providers.reset());

  const forge = async (apiModel: string) => {
    const response = await app.request("POST", "/api/agents", { ...FORGE, apiModel }, VISITOR);
    expect(response.status).toBe(201);
    return (await response.json());
  };

  it("gives the forge's answer the seat's draft: description, persona, capabilities and one sample", async () => {
    providers.script("claude", { tokens: JSON.stringify(DRAFT).match(/.{1,16}/gs)! });
    const agent = await forge("claude");
    expect(agent).toMatchObject({
      description: DRAFT.description,
      persona: DRAFT.persona,
      capabilities: { skills: DRAFT.capabilities.skills, tools: [], limitations: DRAFT.capabilities.limitations },
      outputs: [{ type: "poetry", content: DRAFT.sample.content, quality: null }],
      creationRitual: "Awakened by claude (claude-test-model)",
    });
    const [request] = providers.requests;
    expect(request!.prompt).toContain(`Personality: ${FORGE.personality}`);
    expect(request!.body).toHaveProperty("output_config"); // Anthropic's structured output, not a prompt to please answer in JSON
  });

  it("lets the oracle draft from the agent's own words when the seat answers malformed, or has no key", async () => {
    providers.script("claude", { tokens: ["Here is ", "a lovely ", "profile!"] });
    for (const apiModel of ["claude", "gemini"]) {
      const agent = await forge(apiModel);
      expect(agent.creationRitual, apiModel).toBe("Awakened by the offline oracle");
      expect(agent.description).toContain("Tidewatcher ≋ was forged with these words: Counts the tides of forgotten harbours");
      expect(agent.persona.traits).toEqual(expect.arrayContaining(["harbours"]));
      expect(agent.capabilities.skills.length).toBeGreaterThan(0);
      expect(agent.outputs).toHaveLength(1);
      expect(agent.outputs[0].content.length).toBeGreaterThan(20);
    }
  });

  it("redraws an agent's essence for its creator, as its next version", async () => {
    const agent = await forge("gemini");
    const id = Buffer.from(`Agent:${agent.id}`).toString("base64");
    const redraw = `mutation ($input: MyAgentInput!) { redrawAgentEssence(input: $input) { agent { version description } } }`;
    const redrawn = await app.graphql<Json>(redraw, { input: { agentId: id } }, VISITOR);
    expect(redrawn.errors).toBeUndefined();
    expect(redrawn.data.redrawAgentEssence.agent).toEqual({ version: 2, description: agent.description });
    expect((await app.graphql<Json>(redraw, { input: { agentId: id } }, { "x-nomina-visitor": "someone-else-entirely-0123456789" })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });
});
