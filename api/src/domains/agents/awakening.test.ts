// Awakening over real HTTP on both databases: a forged agent's profile is never hollow. Its seat
// drafts a description, persona, capabilities and one sample as structured output (here the
// claude seat's local stand-in); a seat that answers malformed JSON, and a keyless seat, leave
// the draft to the oracle, which writes it (never quoting the agent's words back) and says so. A
// redraw is the next draft; one that gives the same essence again saves no version and says so.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Json } from "../../../test/accounts.ts";
import { databaseKinds } from "../../../test/databases.ts";
import { startTestApp, type TestApp } from "../../../test/harness.ts";
import { settingsFor } from "../../../test/minds.ts";
import { startFakeProviders, type FakeProviders } from "../../../test/providers.ts";
import { socketClient, subscribe } from "../../../test/subscriptions.ts";
import { forgeAgent } from "../../../test/agents.ts";

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
    app = await startTestApp(kind, { minds: settingsFor(providers, ["claude"], { timeoutMs: 10_000 }) });
  });
  afterAll(async () => {
    await app?.stop();
    await providers?.close();
  });
  beforeEach(() => providers.reset());

  const forge = (apiModel: string) => forgeAgent(app, { ...FORGE, apiModel }, VISITOR);

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
      expect(agent.description).toMatch(/^(Forged under the glyph ≋, )?Tidewatcher\b/);
      expect(agent.description).not.toMatch(/forged with these words|Counts the tides/);
      // Traits from the curated vocabulary of the themes the personality touches (the sea, memory), never its filler words.
      expect(agent.persona.traits.some((trait: string) => ["watchful", "patient", "faithful", "meticulous"].includes(trait))).toBe(true);
      expect(agent.persona.traits).not.toEqual(expect.arrayContaining(["harbours"]));
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
    // The oracle's redraw is its next attempt, so it reads differently from the forged draft.
    expect(redrawn.data.redrawAgentEssence.agent.version).toBe(2);
    expect(redrawn.data.redrawAgentEssence.agent.description).not.toBe(agent.description);
    expect(
      (await app.graphql<Json>(redraw, { input: { agentId: id } }, { "x-nomina-visitor": "someone-else-entirely-0123456789" })).errors?.[0]?.extensions?.code,
    ).toBe("FORBIDDEN");
  });

  type Draft = { description: string | null; traits: string[]; sample: string | null };
  type AwakeningEvent = { done: boolean; draft: Draft | null; agent: { rawId: string; description: string; version: number; creationRitual: string } | null };
  const DRAFT_FIELDS = "done draft { description traits sample } agent { rawId description version creationRitual }";
  const FORGING = `subscription ($input: ForgeAgentInput!) { agentForging(input: $input) { ${DRAFT_FIELDS} } }`;
  const REDRAWING = `subscription ($input: MyAgentInput!) { agentRedrawing(input: $input) { ${DRAFT_FIELDS} } }`;
  const events = (received: { agentForging?: AwakeningEvent; agentRedrawing?: AwakeningEvent }[]) =>
    received.map((event) => (event.agentForging ?? event.agentRedrawing)!);

  it("streams the seat's draft into the forge as it is written, then the agent as saved", async () => {
    providers.script("claude", { tokens: JSON.stringify(DRAFT).match(/.{1,12}/gs)!, intervalMs: 15 });
    const client = socketClient(app.url, VISITOR);
    try {
      const forging = subscribe<{ agentForging: AwakeningEvent }>(client, FORGING, { input: { ...FORGE, apiModel: "claude" } });
      await forging.ended;
      expect(forging.errors).toEqual([]);
      const all = events(forging.events);
      const drafts = all.filter((event) => !event.done).map((event) => event.draft!);
      const last = all.at(-1)!;
      expect(last).toMatchObject({
        done: true,
        draft: null,
        agent: { description: DRAFT.description, creationRitual: "Awakened by claude (claude-test-model)" },
      });
      // Written piece by piece: the description grows through the drafts, and the sample arrives last.
      const descriptions = drafts.map((draft) => draft.description ?? "");
      expect(new Set(descriptions).size).toBeGreaterThan(2);
      descriptions.reduce(
        (previous, current) => (
          expect(DRAFT.description.startsWith(current) || current === DRAFT.description).toBe(true),
          expect(current.length).toBeGreaterThanOrEqual(previous.length),
          current
        ),
      );
      expect(drafts.some((draft) => draft.description && !draft.sample)).toBe(true);
      expect(drafts.at(-1)).toMatchObject({ description: DRAFT.description, traits: DRAFT.persona.traits, sample: DRAFT.sample.content });
      const stored = await app.db.prisma.agent.findUniqueOrThrow({ where: { id: last.agent!.rawId } });
      expect(stored.description).toBe(DRAFT.description);
    } finally {
      await client.dispose();
    }
  });

  it("refuses a bad forge before any event, and keeps the oracle's draft when the forger leaves mid-awakening", async () => {
    const client = socketClient(app.url, VISITOR);
    try {
      const refused = subscribe<{ agentForging: AwakeningEvent }>(client, FORGING, { input: { ...FORGE, name: "", apiModel: "claude" } });
      await refused.ended;
      expect(refused.events).toEqual([]);
      expect(refused.errors[0]).toMatchObject({ message: "Agent name is required", extensions: { code: "BAD_USER_INPUT" } });

      let release!: () => void;
      providers.script("claude", { tokens: JSON.stringify(DRAFT).match(/.{1,12}/gs)!, gate: new Promise<void>((resolve) => (release = resolve)), gateAt: 4 });
      const forging = subscribe<{ agentForging: AwakeningEvent }>(client, FORGING, { input: { ...FORGE, name: "Leaving Tide", apiModel: "claude" } });
      await forging.until((received) => received.length > 0);
      forging.stop();
      await expect.poll(() => providers.requests[0]?.cancelled).toBe(true);
      release();
      await expect
        .poll(() => app.db.prisma.agent.findFirst({ where: { name: "Leaving Tide" } }))
        .toMatchObject({ creationRitual: "Awakened by the offline oracle" });
      const kept = await app.db.prisma.agent.findFirstOrThrow({ where: { name: "Leaving Tide" } });
      expect(kept.description).toMatch(/Leaving Tide/);
      expect(kept.description).not.toMatch(/forged with these words/);
    } finally {
      await client.dispose();
    }
  });

  it("saves no version when a redraw gives the same essence again, and says so", async () => {
    providers.script("claude", { tokens: [JSON.stringify(DRAFT)] });
    const agent = await forge("claude");
    const id = Buffer.from(`Agent:${agent.id}`).toString("base64");
    providers.script("claude", { tokens: [JSON.stringify(DRAFT)] });
    const redraw = `mutation ($input: MyAgentInput!) { redrawAgentEssence(input: $input) { agent { version } } }`;
    const same = await app.graphql<Json>(redraw, { input: { agentId: id } }, VISITOR);
    expect(same.errors?.[0]).toMatchObject({
      message: "The redraw gave the same essence again, so no new version was saved",
      extensions: { code: "CONFLICT" },
    });
    expect(await app.db.prisma.agent.findUniqueOrThrow({ where: { id: agent.id } })).toMatchObject({ version: 1, description: DRAFT.description });
    expect(await app.db.prisma.agentVersion.count({ where: { agentId: agent.id } })).toBe(0);
  });

  it("streams a redraw for the agent's creator only", async () => {
    const agent = await forge("gemini");
    const id = Buffer.from(`Agent:${agent.id}`).toString("base64");
    const stranger = socketClient(app.url, { "x-nomina-visitor": "someone-else-entirely-0123456789" });
    const owner = socketClient(app.url, VISITOR);
    try {
      const refused = subscribe<{ agentRedrawing: AwakeningEvent }>(stranger, REDRAWING, { input: { agentId: id } });
      await refused.ended;
      expect(refused.events).toEqual([]);
      expect(refused.errors[0]).toMatchObject({ extensions: { code: "FORBIDDEN" } });

      const redrawing = subscribe<{ agentRedrawing: AwakeningEvent }>(owner, REDRAWING, { input: { agentId: id } });
      await redrawing.ended;
      const all = events(redrawing.events);
      expect(all.filter((event) => !event.done).length).toBeGreaterThan(0);
      expect(all.at(-1)).toMatchObject({ done: true, agent: { version: 2 } });
      expect(all.at(-1)!.agent!.description).not.toBe(agent.description);
    } finally {
      await Promise.all([stranger.dispose(), owner.dispose()]);
    }
  });
});
