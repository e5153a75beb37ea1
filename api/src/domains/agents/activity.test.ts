// Trending, popular and a creator's numbers (#30 items 3 and 6) over real HTTP on both databases:
// every act on an agent counts on its day and, weighted, in its two scores; the listing sorts by
// them; only its creator reads the days; and the trending window lets go of days that leave it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, from, registered, signedIn, type Json } from "../../../test/accounts.ts";
import { forgeAgent, remixAgent } from "../../../test/agents.ts";
import { databaseKinds } from "../../../test/databases.ts";
import { NO_LIMITS, startTestApp, type TestApp } from "../../../test/harness.ts";
import { SPAN_REFUSED, STATS_NOT_YOURS, createAgentActivity } from "./activity.ts";

const MINE = { "x-nomina-visitor": "activity-test-maker-key-0123456789" };
const STRANGER = { "x-nomina-visitor": "activity-test-stranger-key-0123456789" };

const FORGE = `mutation ($input: ForgeAgentInput!) { forgeAgent(input: $input) { agent { id rawId } } }`;
const REMIX = `mutation ($input: RemixAgentInput!) { remixAgent(input: $input) { agent { id } } }`;
const ACTIVITY = `query ($id: ID!, $days: Int) { agentActivity(agentId: $id, days: $days) { days { day conversations invocations remixes nominations } totals { conversations invocations remixes nominations } } }`;
const LISTING = `query ($sort: AgentSort) { agents(search: "Zephyrine", sort: $sort, first: 10) { edges { node { name trendScore activityTotal } } } }`;

const today = () => new Date().toISOString().slice(0, 10);

describe.each(databaseKinds)("agents' activity on %s", (kind) => {
  let app: TestApp;
  let lamp: { id: string; rawId: string };
  let bell: { id: string; rawId: string };
  beforeAll(async () => {
    app = await startTestApp(kind);
    const forged = async (name: string) => {
      const result = await app.graphql<Json>(
        FORGE,
        { input: { name, glyph: "✶", personality: "Patient and exact, it keeps small lamps burning.", apiModel: "claude" } },
        MINE,
      );
      expect(result.errors).toBeUndefined();
      return result.data.forgeAgent.agent as { id: string; rawId: string };
    };
    lamp = await forged("Zephyrine Lamp");
    bell = await forged("Zephyrine Bell");
    // Two conversations with the lamp (each invocation without a thread begins one), one with the bell.
    for (const agent of [lamp, lamp, bell]) {
      const invoked = await app.request("POST", `/api/agents/${agent.rawId}/invoke`, { message: "What do you keep?" }, STRANGER);
      expect(invoked.status).toBe(200);
    }
    const remixed = await app.graphql<Json>(
      REMIX,
      {
        input: {
          parentAgentId: bell.rawId,
          name: "Zephyrine Bell Reforged",
          description: "The bell, cast again.",
          personality: "Louder, and kinder about it.",
        },
      },
      STRANGER,
    );
    expect(remixed.errors).toBeUndefined();
    const nominated = await app.request(
      "POST",
      "/api/council/nominate",
      { agentId: bell.rawId, agentName: "", nominatedBy: "anonymous", reason: "" },
      STRANGER,
    );
    expect(nominated.status).toBe(201);
  });
  afterAll(() => app?.stop());

  it("counts each act on its day for its creator, on GraphQL and REST alike, and no one else", async () => {
    const { data, errors } = await app.graphql<Json>(ACTIVITY, { id: bell.id }, MINE);
    expect(errors).toBeUndefined();
    const days = data.agentActivity.days as Json[];
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toEqual({ day: today(), conversations: 1, invocations: 1, remixes: 1, nominations: 1 });
    expect(days.slice(0, -1).every((day) => day.conversations + day.invocations + day.remixes + day.nominations === 0)).toBe(true);
    expect(data.agentActivity.totals).toEqual({ conversations: 1, invocations: 1, remixes: 1, nominations: 1 });

    const rest = await app.request("GET", `/api/agents/${lamp.rawId}/activity?days=90`, undefined, MINE);
    expect(rest.status).toBe(200);
    const body = await rest.json();
    expect(body.days).toHaveLength(90);
    expect(body.days.at(-1)).toEqual({ day: today(), conversations: 2, invocations: 2, remixes: 0, nominations: 0 });
    expect(body.totals).toEqual({ conversations: 2, invocations: 2, remixes: 0, nominations: 0 });

    const refused = await app.graphql<Json>(ACTIVITY, { id: bell.id }, STRANGER);
    expect(refused.data).toBeNull();
    expect(refused.errors?.[0]?.message).toBe(STATS_NOT_YOURS);
    const refusedRest = await app.request("GET", `/api/agents/${bell.rawId}/activity`, undefined, STRANGER);
    expect(refusedRest.status).toBe(403);
    expect((await refusedRest.json()).message).toBe(STATS_NOT_YOURS);

    const badSpan = await app.request("GET", `/api/agents/${bell.rawId}/activity?days=45`, undefined, MINE);
    expect(badSpan.status).toBe(400);
    expect((await badSpan.json()).message).toBe(SPAN_REFUSED);
    const badSpanGraph = await app.graphql<Json>(ACTIVITY, { id: bell.id, days: 45 }, MINE);
    expect(badSpanGraph.errors?.[0]?.message).toBe(SPAN_REFUSED);
  });

  it("lists by the last seven days' activity (trending) and by all of it (popular)", async () => {
    // The bell: a conversation 2, an answer 1, a remix 5, a nomination 5; the lamp: two of each of the first two.
    const trending = await app.graphql<Json>(LISTING, { sort: "TRENDING" });
    expect(trending.errors).toBeUndefined();
    expect(trending.data.agents.edges.map((edge: Json) => [edge.node.name, edge.node.trendScore, edge.node.activityTotal])).toEqual([
      ["Zephyrine Bell", 13, 13],
      ["Zephyrine Lamp", 6, 6],
      ["Zephyrine Bell Reforged", 0, 0],
    ]);
    const rest = await app.request("GET", "/api/agents?search=Zephyrine&sort=popular");
    expect(rest.status).toBe(200);
    const listed = await rest.json();
    expect(listed.agents.map((agent: Json) => [agent.name, agent.activityTotal])).toEqual([
      ["Zephyrine Bell", 13],
      ["Zephyrine Lamp", 6],
      ["Zephyrine Bell Reforged", 0],
    ]);
  });

  it("lets the days that leave the trending window go once, and keeps them in popular", async () => {
    const activity = createAgentActivity({ prisma: app.db.prisma, findByRef: () => Promise.resolve(null) });
    // A week on, today's acts have left the window: whichever process rolls first takes them off.
    const weekOn = new Date(Date.now() + 7 * 86_400_000);
    expect(await activity.roll(weekOn)).toBeGreaterThanOrEqual(2);
    expect(await activity.roll(weekOn)).toBe(0);
    const { data } = await app.graphql<Json>(LISTING, { sort: "POPULAR" });
    expect(data.agents.edges.map((edge: Json) => [edge.node.name, edge.node.trendScore, edge.node.activityTotal])).toEqual([
      ["Zephyrine Bell", 0, 13],
      ["Zephyrine Lamp", 0, 6],
      ["Zephyrine Bell Reforged", 0, 0],
    ]);
  });
});

// #42 item 5: forty remixes in 3.7 s took an agent from 0 to the top of trending. The scores count
// distinct actors: an actor's first act of a kind on an agent in a day scores, the rest are only
// counted (the creator's chart still shows them all).
describe.each(databaseKinds)("trending by distinct actors on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind, { limits: NO_LIMITS });
  });
  afterAll(() => app?.stop());

  const scores = async (...ids: string[]) => {
    const rows = await app.db.prisma.agent.findMany({ where: { id: { in: ids } }, select: { id: true, trendScore: true, activityTotal: true } });
    return ids.map((id) => rows.find((row) => row.id === id)).map((row) => [row?.trendScore, row?.activityTotal]);
  };

  it("scores one visitor's forty remixes of an agent as one remix a day, each other remixer once, exactly when they come at once", async () => {
    const lantern = await forgeAgent(app, { name: "Quillon Lantern" }, MINE);
    const moth = await forgeAgent(app, { name: "Quillon Moth" }, MINE);
    // One address, a fresh visitor key each time (as a script would send): forty remixes, the last ten at once.
    const remixOf = (parent: string, name: string, headers: Record<string, string>) => remixAgent(app, parent, { name }, headers);
    const script = (i: number) => ({ "x-nomina-visitor": `activity-script-visitor-${i}-0123456789abcdef` });
    for (let i = 1; i <= 30; i++) await remixOf(lantern.id, `Lantern Copy ${i}`, script(i));
    await Promise.all(Array.from({ length: 10 }, (_, k) => remixOf(lantern.id, `Lantern Copy ${31 + k}`, script(31 + k))));
    // Three people (two accounts and another address) remix the moth once each, at once.
    const people = [bearer(await signedIn(app, await registered(app))), bearer(await signedIn(app, await registered(app)))];
    await Promise.all([
      ...people.map((headers, i) => remixOf(moth.id, `Moth Kin ${i}`, headers)),
      (async () => {
        const other = await from(app, "127.42.5.1")("POST", "/api/agents/remix", {
          parentAgentId: moth.id,
          name: "Moth Kin Far",
          description: "A branch of the old tree.",
          personality: "Patient, curious, and fond of its origins.",
        });
        expect(other.status).toBe(201);
      })(),
    ]);

    // A remix weighs 5: the lantern's forty are one, the moth's three are three.
    expect(await scores(lantern.id, moth.id)).toEqual([
      [5, 5],
      [15, 15],
    ]);
    const { data } = await app.graphql<Json>(`query { agents(search: "Quillon", sort: TRENDING, first: 5) { edges { node { name trendScore } } } }`, {});
    expect(data.agents.edges.map((edge: Json) => [edge.node.name, edge.node.trendScore])).toEqual([
      ["Quillon Moth", 15],
      ["Quillon Lantern", 5],
    ]);
    // The creator's chart counts every remix, and the agent shows them all.
    const chart = await app.request("GET", `/api/agents/${lantern.id}/activity`, undefined, MINE);
    expect((await chart.json()).days.at(-1)).toMatchObject({ day: today(), remixes: 40 });
    expect((await app.db.prisma.agent.findUniqueOrThrow({ where: { id: lantern.id } })).remixCount).toBe(40);

    // A week on the day leaves the window: exactly what it scored is taken off, and who acted is forgotten.
    const activity = createAgentActivity({ prisma: app.db.prisma, findByRef: () => Promise.resolve(null) });
    await activity.roll(new Date(Date.now() + 7 * 86_400_000));
    expect(await scores(lantern.id, moth.id)).toEqual([
      [0, 5],
      [0, 15],
    ]);
    expect(await app.db.prisma.agentActivityActor.count()).toBe(0);
  });
});
