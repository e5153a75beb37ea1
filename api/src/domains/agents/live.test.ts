// Witnessing's agent feeds over a real graphql-ws connection: every forging and every remix
// reaches subscribers after it commits, through GraphQL and REST alike; a refused write
// publishes nothing.
import { encodeGlobalID } from "@pothos/plugin-relay";
import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../test/databases.ts";
import { plainAppPerBlock, socketsPerBlock } from "../../../test/blocks.ts";
import { listen, subscribed } from "../../../test/live.ts";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const FORGED = `subscription { agentForged { id rawId name username glyph apiModel type createdBy createdAt } }`;
const REMIXED = `subscription { agentRemixed { id name type remixType createdAt parent { id name remixCount } } }`;
const FORGE = `mutation ($input: ForgeAgentInput!) { forgeAgent(input: $input) { agent { id } } }`;
const REMIX = `mutation ($input: RemixAgentInput!) { remixAgent(input: $input) { agent { id } } }`;

const essence = { personality: "Counts the seconds between two heartbeats of the grid.", apiModel: "deepseek" };

describe.each(databaseKinds)("agent live feeds over graphql-ws on %s", (kind) => {
  const block = plainAppPerBlock(kind);
  const open = socketsPerBlock(block);

  it("agentForged delivers each agent forged after subscribing, through GraphQL and REST", async () => {
    const client = await open();
    const forged = listen<Json>(client, FORGED);
    await subscribed(client);

    const viaGraph = await block.app.graphql<Json>(FORGE, { input: { name: "Pulse Warden", glyph: "⌬", ...essence } });
    expect(viaGraph.errors).toBeUndefined();
    const stored = await block.app.db.prisma.agent.findUniqueOrThrow({ where: { username: "pulse-warden" } });
    expect(await forged.next()).toEqual({
      id: viaGraph.data!.forgeAgent.agent.id,
      rawId: stored.id,
      name: "Pulse Warden",
      username: "pulse-warden",
      glyph: "⌬",
      apiModel: "deepseek",
      type: "forged",
      createdBy: "anonymous",
      createdAt: stored.createdAt.toISOString(),
    });

    const viaRest = await block.app.request("POST", "/api/agents", { name: "Tide Reader", glyph: "≋", ...essence });
    expect(viaRest.status).toBe(201);
    expect(await forged.next()).toMatchObject({ rawId: (await viaRest.json()).id, name: "Tide Reader" });
  });

  it("agentRemixed delivers the new remix with its parent, whose remixCount has risen", async () => {
    const client = await open();
    const remixed = listen<Json>(client, REMIXED);
    await subscribed(client);
    const parent = await block.app.db.prisma.agent.findUniqueOrThrow({ where: { username: "echo-haiku" } });
    const remix = { description: "Haiku folded into the static.", personality: "Answers in three lines of static and one of silence." };

    const viaGraph = await block.app.graphql<Json>(REMIX, { input: { parentAgentId: encodeGlobalID("Agent", parent.id), name: "Echo Static", ...remix } });
    expect(viaGraph.errors).toBeUndefined();
    expect(await remixed.next()).toMatchObject({
      id: viaGraph.data!.remixAgent.agent.id,
      name: "Echo Static",
      type: "remix",
      parent: { id: encodeGlobalID("Agent", parent.id), name: parent.name, remixCount: parent.remixCount + 1 },
    });

    const viaRest = await block.app.request("POST", "/api/agents/remix", { parentAgentId: parent.id, name: "Echo Static II", ...remix });
    expect(viaRest.status).toBe(201);
    expect(await remixed.next()).toMatchObject({ name: "Echo Static II", parent: { remixCount: parent.remixCount + 2 } });
  });

  it("publishes nothing for a refused forging or remix", async () => {
    const client = await open();
    const forged = listen<Json>(client, FORGED);
    const remixed = listen<Json>(client, REMIXED);
    await subscribed(client);

    expect((await block.app.request("POST", "/api/agents", { name: "", glyph: "⌬", ...essence })).status).toBe(400);
    expect(
      (
        await block.app.request("POST", "/api/agents/remix", {
          parentAgentId: "00000000-0000-7000-8000-000000000000",
          description: "Never born at all.",
          personality: "A remix of nothing at all, refused.",
        })
      ).status,
    ).toBe(404);

    // Markers written last: each feed's next event must be a marker's, not a refused write's.
    await block.app.request("POST", "/api/agents", { name: "Marker Forged", glyph: "✶", ...essence });
    const parent = await block.app.db.prisma.agent.findUniqueOrThrow({ where: { username: "mnemosyne" } });
    await block.app.request("POST", "/api/agents/remix", {
      parentAgentId: parent.id,
      name: "Marker Remix",
      description: "The marker of this test.",
      personality: "Exists only to be heard after the refusals.",
    });
    expect(await forged.next()).toMatchObject({ name: "Marker Forged" });
    expect(await remixed.next()).toMatchObject({ name: "Marker Remix" });
  });
});
