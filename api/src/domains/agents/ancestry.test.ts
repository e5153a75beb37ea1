// The Ancestry Map's reads (issue 20): lineages by latest activity, each drawn as a bounded
// tree, paged by cursor; search across all of history; one agent's tree in focus; and what a
// page costs in SQL statements.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeGlobalID } from "@pothos/plugin-relay";
import { databaseKinds } from "../../../test/databases.ts";
import { startTestApp, type TestApp } from "../../../test/harness.ts";
import { forgeAgent, remixAgent } from "../../../test/agents.ts";
import { createLineage, FOCUS_BOUNDS, LINEAGE_FILTERS, TREE_SEEDS, type LineageFilter } from "./lineage.ts";

const LINEAGES = /* GraphQL */ `
  query Lineages($first: Int, $after: String, $last: Int, $before: String, $filter: LineageFilter, $search: String) {
    lineages(first: $first, after: $after, last: $last, before: $before, filter: $filter, search: $search) {
      edges { cursor node { activeAt origin { name } agents { name remixCount archived parent { name } } } }
      pageInfo { hasNextPage hasPreviousPage endCursor startCursor }
    }
  }
`;

const TREE = /* GraphQL */ `
  query Tree($agentId: ID!) {
    agentTree(agentId: $agentId) { focus { name } truncated agents { name parent { name } } }
  }
`;

type Drawn = { name: string; remixCount: number; archived: boolean; parent: { name: string } | null };
type LineagePage = {
  lineages: {
    edges: { cursor: string; node: { activeAt: string; origin: { name: string }; agents: Drawn[] } }[];
    pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; endCursor: string | null; startCursor: string | null };
  };
};
type Tree = { agentTree: { focus: { name: string }; truncated: boolean; agents: { name: string; parent: { name: string } | null }[] } | null };
type RestAgent = { id: string; name: string; originAgentId: string | null };

describe.each(databaseKinds)("the Ancestry Map on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(() => app.stop());

  const forge = (name: string): Promise<RestAgent> => forgeAgent(app, { name });
  const remix = (parent: RestAgent, name: string): Promise<RestAgent> => remixAgent(app, parent.id, { name });

  async function lineages(variables: Record<string, unknown>) {
    const result = await app.graphql<LineagePage>(LINEAGES, variables);
    expect(result.errors).toBeUndefined();
    return result.data!.lineages;
  }

  const origins = (page: LineagePage["lineages"]) => page.edges.map((edge) => edge.node.origin.name);
  const drawn = (page: LineagePage["lineages"], origin: string) => page.edges.find((edge) => edge.node.origin.name === origin)!.node.agents;

  it("lists lineages most recently active first: a remix anywhere below an origin brings its lineage forward", async () => {
    const elder = await forge("Activity Elder");
    const child = await remix(elder, "Activity Elder Child");
    await forge("Activity Younger");
    expect(origins(await lineages({ first: 2 }))).toEqual(["Activity Younger", "Activity Elder"]);

    const before = await app.db.prisma.agent.findUniqueOrThrow({ where: { id: elder.id } });
    await remix(child, "Activity Elder Grandchild");
    const after = await app.db.prisma.agent.findUniqueOrThrow({ where: { id: elder.id } });
    expect(after.lineageActiveAt!.getTime()).toBeGreaterThan(before.lineageActiveAt!.getTime());
    // A remix is no lineage of its own: only origins carry the activity.
    expect((await app.db.prisma.agent.findUniqueOrThrow({ where: { id: child.id } })).lineageActiveAt).toBeNull();

    const page = await lineages({ first: 2 });
    expect(origins(page)).toEqual(["Activity Elder", "Activity Younger"]);
    expect(page.edges[0]!.node.activeAt).toBe(after.lineageActiveAt!.toISOString());
    expect(drawn(page, "Activity Elder")).toEqual([
      { name: "Activity Elder", remixCount: 1, archived: false, parent: null },
      { name: "Activity Elder Child", remixCount: 1, archived: false, parent: { name: "Activity Elder" } },
      { name: "Activity Elder Grandchild", remixCount: 0, archived: false, parent: { name: "Activity Elder Child" } },
    ]);
  });

  it(`draws a large lineage as its ${TREE_SEEDS} newest descendants and the agents between them and the origin`, async () => {
    const origin = await forge("Bounded Origin");
    const elder = await remix(origin, "Bounded Elder");
    const branches: RestAgent[] = [];
    for (let i = 1; i <= 14; i += 1) branches.push(await remix(i % 2 ? origin : elder, `Bounded Branch ${i}`));
    const leaf = await remix(branches[13]!, "Bounded Leaf");

    const tree = drawn(await lineages({ first: 1 }), "Bounded Origin");
    const names = tree.map((agent) => agent.name);
    // The origin, the 12 newest (the leaf and branches 4 to 14) and the agents on their way up
    // (the elder, whose remixes 4 to 14 are drawn); branches 1 to 3 are left out.
    expect(names[0]).toBe("Bounded Origin");
    expect(new Set(names)).toEqual(new Set(["Bounded Origin", "Bounded Elder", ...branches.slice(3).map((branch) => branch.name), leaf.name]));
    expect(tree).toHaveLength(1 + TREE_SEEDS + 1);
    // Parents come before their children; what is left out shows in the counts.
    for (const [index, agent] of tree.entries()) {
      if (agent.parent) expect(names.indexOf(agent.parent.name)).toBeLessThan(index);
    }
    const shownBelow = (name: string) => tree.filter((agent) => agent.parent?.name === name).length;
    expect(tree[0]!.remixCount - shownBelow("Bounded Origin")).toBe(2);
    expect(tree.find((agent) => agent.name === "Bounded Elder")!.remixCount - shownBelow("Bounded Elder")).toBe(1);
  });

  it("filters: Ancestors draws origins alone, Remixed leaves out origins never remixed, an archived origin shows only while remixed", async () => {
    const tag = "Sylvan";
    const root = await forge(`${tag} Root`);
    const child = await remix(root, `${tag} Child`);
    await forge(`${tag} Lone`);
    const hidden = await forge(`${tag} Hidden`);
    await app.db.prisma.agent.update({ where: { id: hidden.id }, data: { archived: true } });
    await app.db.prisma.agent.update({ where: { id: child.id }, data: { archived: true } });

    const all = await lineages({ first: 10, search: tag });
    expect(origins(all)).toEqual([`${tag} Lone`, `${tag} Root`]);
    // An archived remix is drawn, dimmed by the client, so that its lineage stays whole.
    expect(drawn(all, `${tag} Root`).map((agent) => [agent.name, agent.archived])).toEqual([
      [`${tag} Root`, false],
      [`${tag} Child`, true],
    ]);
    const ancestors = await lineages({ first: 10, filter: "ANCESTORS", search: tag });
    expect(origins(ancestors)).toEqual([`${tag} Lone`, `${tag} Root`]);
    expect(ancestors.edges.every((edge) => edge.node.agents.length === 1)).toBe(true);
    expect(origins(await lineages({ first: 10, filter: "REMIXED", search: tag }))).toEqual([`${tag} Root`]);

    // Unsearched, the same rules over the whole network.
    const everyOrigin = origins(await lineages({ first: 50 }));
    expect(everyOrigin).toContain(`${tag} Root`);
    expect(everyOrigin).not.toContain(`${tag} Hidden`);
    const remixed = origins(await lineages({ first: 50, filter: "REMIXED" }));
    expect(remixed).toContain(`${tag} Root`);
    expect(remixed).not.toContain(`${tag} Lone`);
    expect(remixed).not.toContain("Echo Haiku");
    // An archived origin with a remix stays: its lineage lives on.
    await app.db.prisma.agent.update({ where: { id: root.id }, data: { archived: true } });
    expect(origins(await lineages({ first: 10, search: tag }))).toEqual([`${tag} Lone`, `${tag} Root`]);
  });

  it("finds a lineage by any member's name, anywhere in history, drawing the way to the matches", async () => {
    const origin = await forge("Hearth Origin");
    const middle = await remix(origin, "Hearth Middle");
    const deep = await remix(middle, "Quillon the Deep");
    await remix(origin, "Hearth Sibling");
    // Far back in history: other lineages have been active since.
    await app.db.prisma.agent.update({ where: { id: origin.id }, data: { lineageActiveAt: new Date("2024-01-01T00:00:00Z") } });
    for (const name of ["Newer One", "Newer Two"]) await forge(name);

    const found = await lineages({ first: 10, search: "quillon" });
    expect(origins(found)).toEqual(["Hearth Origin"]);
    // The path to the match, not the lineage's other branches.
    expect(drawn(found, "Hearth Origin").map((agent) => agent.name)).toEqual(["Hearth Origin", "Hearth Middle", deep.name]);
    // Ancestors searches the origins' own names; a remix's name finds nothing there.
    expect(origins(await lineages({ first: 10, filter: "ANCESTORS", search: "quillon" }))).toEqual([]);
    expect(origins(await lineages({ first: 10, filter: "ANCESTORS", search: "hearth" }))).toEqual(["Hearth Origin"]);
    // Wildcards are the characters themselves.
    expect(origins(await lineages({ first: 10, search: "%" }))).toEqual([]);
  });

  it("finds the same lineages whether it follows few matches to their origins or walks the origins for many", async () => {
    const tag = "Marrow";
    const first = await forge(`${tag} First`);
    await remix(await remix(first, "Plain Child"), `${tag} Deep`);
    const second = await forge("Plain Second");
    await remix(second, `${tag} Branch`);
    await forge(`${tag} Lone`);
    await forge("Plain Stranger");
    const following = createLineage({ prisma: app.db.prisma });
    const walking = createLineage({ prisma: app.db.prisma, searchProbe: 1 });
    const pages = async (service: ReturnType<typeof createLineage>, filter: LineageFilter) => {
      const one = await service.lineages(filter, tag.toLowerCase(), { take: 2 });
      const two = await service.lineages(filter, tag, { take: 2, cursor: { id: one.at(-1)!.id } });
      const back = await service.lineages(filter, tag, { take: -1, cursor: { id: one.at(-1)!.id } });
      return [one, two, back].map((rows) => rows.map((row) => row.name));
    };
    expect(await pages(following, "all")).toEqual([[`${tag} Lone`, "Plain Second"], [`${tag} First`], [`${tag} Lone`]]);
    for (const filter of LINEAGE_FILTERS) expect(await pages(walking, filter), filter).toEqual(await pages(following, filter));
    expect(await pages(walking, "ancestors")).toEqual([[`${tag} Lone`, `${tag} First`], [], [`${tag} Lone`]]);
  });

  it("pages by cursor, forward and back, searched or not; a cursor it never issued is the client's mistake", async () => {
    const tag = "Pagewood";
    for (let i = 1; i <= 5; i += 1) await forge(`${tag} ${i}`);
    for (const search of [tag, null]) {
      const first = await lineages({ first: 2, search });
      const second = await lineages({ first: 2, after: first.pageInfo.endCursor, search });
      const third = await lineages({ first: 2, after: second.pageInfo.endCursor, search });
      const names = [first, second, third].flatMap(origins);
      expect(names.slice(0, 5), String(search)).toEqual([5, 4, 3, 2, 1].map((i) => `${tag} ${i}`));
      expect(first.pageInfo.hasNextPage).toBe(true);
      if (search) expect(third.pageInfo.hasNextPage).toBe(false);
      const back = await lineages({ last: 2, before: third.pageInfo.startCursor, search });
      expect(origins(back)).toEqual(origins(second));
    }
    for (const search of [tag, null]) {
      const result = await app.graphql(LINEAGES, { first: 2, after: "bm90IGEgY3Vyc29y", search });
      expect(result.errors?.[0]).toMatchObject({ message: "Invalid cursor", extensions: { code: "BAD_USER_INPUT" } });
    }
  });

  it("focuses one agent's tree: its ancestors, itself and its descendants, bounded", async () => {
    const origin = await forge("Focus Origin");
    const parent = await remix(origin, "Focus Parent");
    const focus = await remix(parent, "Focus Self");
    await remix(origin, "Focus Uncle");
    const child = await remix(focus, "Focus Child");
    await remix(child, "Focus Grandchild");

    const result = await app.graphql<Tree>(TREE, { agentId: focus.id });
    expect(result.errors).toBeUndefined();
    expect(result.data!.agentTree).toEqual({
      focus: { name: "Focus Self" },
      truncated: false,
      agents: [
        { name: "Focus Origin", parent: null },
        { name: "Focus Parent", parent: { name: "Focus Origin" } },
        { name: "Focus Self", parent: { name: "Focus Parent" } },
        { name: "Focus Child", parent: { name: "Focus Self" } },
        { name: "Focus Grandchild", parent: { name: "Focus Child" } },
      ],
    });
    // A global id works as well; an id that names nothing answers null.
    expect((await app.graphql<Tree>(TREE, { agentId: encodeGlobalID("Agent", origin.id) })).data!.agentTree!.agents).toHaveLength(6);
    expect((await app.graphql<Tree>(TREE, { agentId: "00000000-0000-7000-8000-000000000000" })).data).toEqual({ agentTree: null });
    expect((await app.graphql<Tree>(TREE, { agentId: "not an id" })).data).toEqual({ agentTree: null });

    // Each agent draws its newest remixes only.
    const base = {
      glyph: "◊",
      personality: "One of a crowd.",
      apiModel: "gemini" as const,
      createdBy: "test",
      type: "remix",
      parentAgentId: child.id,
      originAgentId: origin.id,
      lineageActiveAt: null,
    };
    await app.db.prisma.agent.createMany({
      data: Array.from({ length: FOCUS_BOUNDS.childrenEach + 3 }, (_, i) => ({
        ...base,
        name: `Crowd ${i}`,
        username: `focus-crowd-${i}`,
        createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)),
      })),
    });
    const crowded = (await app.graphql<Tree>(TREE, { agentId: child.id })).data!.agentTree!;
    // The grandchild (remixed today) and the 19 newest of the crowd; the 4 oldest are left out.
    const crowd = crowded.agents.filter((agent) => agent.name.startsWith("Crowd")).map((agent) => agent.name);
    expect(crowded.agents.map((agent) => agent.name)).toContain("Focus Grandchild");
    expect(crowd).toHaveLength(FOCUS_BOUNDS.childrenEach - 1);
    expect(crowd).toEqual(expect.not.arrayContaining(["Crowd 0", "Crowd 1", "Crowd 2", "Crowd 3"]));
  });

  it("costs as many SQL statements for a page of eight lineages as for two: trees are read together", async () => {
    const tag = "Costly";
    for (let i = 1; i <= 8; i += 1) {
      const root = await forge(`${tag} ${i}`);
      await remix(await remix(root, `${tag} ${i} Child`), `${tag} ${i} Grandchild`);
    }
    for (const search of [null, tag]) {
      let small: LineagePage["lineages"] | undefined;
      let large: LineagePage["lineages"] | undefined;
      // A term's corrections (a typo's words) are looked up once and kept a few seconds
      // (search.ts): looked up first, so both counts are the pages' own.
      await lineages({ first: 1, search });
      const twoCost = await app.countQueries(async () => {
        small = await lineages({ first: 2, search });
      });
      const eightCost = await app.countQueries(async () => {
        large = await lineages({ first: 8, search });
      });
      expect(small!.edges).toHaveLength(2);
      expect(large!.edges).toHaveLength(8);
      expect(large!.edges.every((edge) => edge.node.agents.length === 3)).toBe(true);
      expect(eightCost).toBe(twoCost);
      expect(eightCost).toBeLessThanOrEqual(5);
    }
  });
});
