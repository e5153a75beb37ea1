// What a remix still has of its parent, over real HTTP on both databases (issue #30 item 7): the
// fields it kept unchanged from the version it forked, derived by comparison; they leave the list
// as the remix is re-awakened (the oracle stands in for the seat) or edited, and a later edit of
// the parent does not change what was forked.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Json } from "../../../test/accounts.ts";
import { databaseKinds } from "../../../test/databases.ts";
import { startTestApp, type TestApp } from "../../../test/harness.ts";

const MINE = { "x-nomina-visitor": "inherited-test-maker-key-0123456789" };

const FORGE = `mutation ($input: ForgeAgentInput!) { forgeAgent(input: $input) { agent { id rawId description personality } } }`;
const REMIX = `mutation ($input: RemixAgentInput!) { remixAgent(input: $input) { agent { id rawId inheritedFields } } }`;
const INHERITED = `query ($id: ID!) { node(id: $id) { ... on Agent { inheritedFields } } }`;
const REDRAW = `mutation ($input: MyAgentInput!) { redrawAgentEssence(input: $input) { agent { inheritedFields } } }`;
const UPDATE = `mutation ($input: UpdateAgentInput!) { updateAgent(input: $input) { agent { inheritedFields } } }`;

describe.each(databaseKinds)("a remix's inherited fields on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(() => app?.stop());

  const gql = async (query: string, variables: Json) => {
    const result = await app.graphql<Json>(query, variables, MINE);
    expect(result.errors).toBeUndefined();
    return result.data;
  };
  const forged = async (name: string) =>
    (await gql(FORGE, { input: { name, glyph: "✶", personality: "Patient and exact, it keeps small lamps burning.", apiModel: "claude" } })).forgeAgent
      .agent as {
      id: string;
      rawId: string;
      description: string;
      personality: string;
    };
  const inherited = async (id: string) => (await gql(INHERITED, { id })).node.inheritedFields as string[];

  it("names what a remix kept unchanged, and none for an agent that is no remix", async () => {
    const parent = await forged("Inheritance Lamp");
    expect(await inherited(parent.id)).toEqual([]);

    const kept = (await gql(REMIX, { input: { parentAgentId: parent.id, description: parent.description, personality: parent.personality } })).remixAgent.agent;
    // The persona and capabilities are always the parent's at first; the form offered its words too.
    expect(kept.inheritedFields).toEqual(["DESCRIPTION", "PERSONALITY", "PERSONA", "CAPABILITIES"]);

    const changed = (
      await gql(REMIX, {
        input: {
          parentAgentId: parent.id,
          name: "Inheritance Lamp Rewritten",
          description: "A lamp that reads its own light.",
          personality: "Restless where its parent is patient, but as exact.",
        },
      })
    ).remixAgent.agent;
    expect(changed.inheritedFields).toEqual(["PERSONA", "CAPABILITIES"]);

    // The REST profile says the same.
    const rest = await app.request("GET", `/api/agents/${changed.rawId}`);
    expect(rest.status).toBe(200);
    expect((await rest.json()).agent.inheritedFields).toEqual(["persona", "capabilities"]);
    const plain = await app.request("GET", `/api/agents/${parent.rawId}`);
    expect((await plain.json()).agent.inheritedFields).toEqual([]);
  });

  it("compares with the version forked: the parent's later edits change nothing, the remix's own edits and re-awakening do", async () => {
    const parent = await forged("Forked Lamp");
    const remix = (await gql(REMIX, { input: { parentAgentId: parent.id, description: parent.description, personality: parent.personality } })).remixAgent
      .agent;

    // The parent moves on: the remix still holds what it forked, and says so.
    await gql(UPDATE, { input: { agentId: parent.id, description: "The parent has since changed its mind." } });
    expect(await inherited(remix.id)).toEqual(["DESCRIPTION", "PERSONALITY", "PERSONA", "CAPABILITIES"]);

    // Re-awakening redraws the description, persona and capabilities; the personality stays its parent's.
    const redrawn = (await gql(REDRAW, { input: { agentId: remix.id } })).redrawAgentEssence.agent;
    expect(redrawn.inheritedFields).toEqual(["PERSONALITY"]);

    const edited = (await gql(UPDATE, { input: { agentId: remix.id, personality: "Its own voice now, quick and bright and curious." } })).updateAgent.agent;
    expect(edited.inheritedFields).toEqual([]);
  });

  it("inherits nothing once its parent is gone", async () => {
    const parent = await forged("Vanishing Lamp");
    const remix = (await gql(REMIX, { input: { parentAgentId: parent.id, description: parent.description, personality: parent.personality } })).remixAgent
      .agent;
    await app.db.prisma.agent.delete({ where: { id: parent.rawId } });
    expect(await inherited(remix.id)).toEqual([]);
  });
});
