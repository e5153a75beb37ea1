// Tags (issue #30 item 2), as a creator and a visitor meet them over HTTP: tags given at the forge,
// an edit and a remix (normalised, refused with the same messages the forms show), shown on the
// agent, a filter of the listing (with a search too, in every order), in search at weight B, on
// character cards both ways, counted as agents come and go, and merged or removed by curators only.
import { TAG_CHARACTERS, TAG_TOO_LONG, TOO_MANY_TAGS } from "@nomina/shared/tags";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VISITOR_HEADER } from "../../actor.ts";
import { bearer, call, from, registered, signedIn, type Json } from "../../../test/accounts.ts";
import { signedInCurator } from "../../../test/curators.ts";
import { databaseKinds } from "../../../test/databases.ts";
import { startTestApp, type TestApp } from "../../../test/harness.ts";

const VISITOR = { [VISITOR_HEADER]: "tags-visitor-0000000000000000000001" };

const FORGE = /* GraphQL */ `
  mutation ($input: ForgeAgentInput!) { forgeAgent(input: $input) { agent { id rawId name tags } } }
`;
const UPDATE = /* GraphQL */ `
  mutation ($input: UpdateAgentInput!) { updateAgent(input: $input) { agent { rawId tags version } } }
`;
const REMIX = /* GraphQL */ `
  mutation ($input: RemixAgentInput!) { remixAgent(input: $input) { agent { rawId name tags } } }
`;
const AGENTS = /* GraphQL */ `
  query ($tag: String, $search: String, $sort: AgentSort, $first: Int, $after: String, $includeArchived: Boolean) {
    agents(tag: $tag, search: $search, sort: $sort, first: $first, after: $after, includeArchived: $includeArchived) {
      edges { node { name tags } }
      pageInfo { hasNextPage endCursor }
    }
  }
`;
const TAGS = /* GraphQL */ `
  query ($first: Int, $after: String, $includeEmpty: Boolean) {
    tags(first: $first, after: $after, includeEmpty: $includeEmpty) { edges { node { id name agentCount } } pageInfo { hasNextPage endCursor } }
  }
`;
const MERGE = /* GraphQL */ `
  mutation ($input: MergeTagInput!) { mergeTag(input: $input) { removedTagId tag { name agentCount } agentCount ritualLog { type description performedBy } } }
`;
const REMOVE = /* GraphQL */ `
  mutation ($input: RemoveTagInput!) { removeTag(input: $input) { removedTagId agentCount ritualLog { type description } } }
`;

describe.each(databaseKinds)("tags on %s", (kind) => {
  let app: TestApp;
  let curator: Record<string, string>;

  beforeAll(async () => {
    app = await startTestApp(kind);
    curator = bearer(await signedInCurator(app));
  }, 120_000);
  afterAll(() => app?.stop());

  async function graphql(query: string, variables: Record<string, unknown>, headers: Record<string, string> = VISITOR) {
    const result = await app.graphql<Json>(query, variables, headers);
    expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
    return result.data;
  }
  const forge = async (name: string, tags?: unknown) =>
    (
      await graphql(FORGE, {
        input: { name, glyph: "✶", personality: "Keeps to its own small corner of the network.", apiModel: "claude", ...(tags === undefined ? {} : { tags }) },
      })
    ).forgeAgent.agent;
  const listed = async (variables: Record<string, unknown>) =>
    (await graphql(AGENTS, { first: 50, ...variables })).agents.edges.map((edge: Json) => edge.node.name) as string[];
  const counts = async (names: string[]) => {
    const rows = await app.db.prisma.tag.findMany({ where: { name: { in: names } } });
    return Object.fromEntries(names.map((name) => [name, rows.find((row) => row.name === name)?.agentCount ?? null]));
  };

  /** The kept counts are what the agents say: the visible agents carrying each tag, and their distinct makers. */
  async function expectCountsTrue() {
    const truth = await app.db.prisma.$queryRaw<{ tag: string; n: number; makers: number }[]>`
      SELECT tag, count(*)::int AS n, count(DISTINCT agent_actor(actor_key, creator_id, visitor_id, id))::int AS makers
      FROM agents, unnest(tags) AS tag WHERE NOT archived GROUP BY tag`;
    const kept = await app.db.prisma.tag.findMany({ where: { agentCount: { gt: 0 } } });
    expect(Object.fromEntries(kept.map((row) => [row.name, [row.agentCount, row.actorCount]]))).toEqual(
      Object.fromEntries(truth.map((row) => [row.tag, [row.n, row.makers]])),
    );
    expect(await app.db.prisma.tag.count({ where: { agentCount: 0, actorCount: { not: 0 } } })).toBe(0);
  }

  it("keeps the tags given at the forge, normalised, each once, over GraphQL and REST alike", async () => {
    const agent = await forge("Vellum Tagger", ["  Poetry ", "Creative   Writing", "poetry", "#Night_Owl", "ＣＯＤＥ"]);
    expect(agent.tags).toEqual(["poetry", "creative-writing", "night-owl", "code"]);
    const rest = await call(
      app,
      "POST",
      "/api/agents",
      { name: "Rest Tagger", glyph: "✶", personality: "Answers by REST alone, and tersely.", apiModel: "gemini", tags: ["Research", "code"] },
      VISITOR,
    );
    expect(rest).toMatchObject({ status: 201, body: { name: "Rest Tagger", tags: ["research", "code"] } });
    expect((await call(app, "GET", `/api/agents/${rest.body.id}`)).body.agent.tags).toEqual(["research", "code"]);
    // An agent forged without tags carries none.
    expect((await forge("Untagged Wisp")).tags).toEqual([]);
  });

  it("refuses tags that are no tags with the messages the forms show, on GraphQL and REST", async () => {
    const cases: [unknown, string][] = [
      [["x".repeat(33)], TAG_TOO_LONG],
      [["🔥"], TAG_CHARACTERS],
      [["semi;colon"], TAG_CHARACTERS],
      [["   "], "A tag cannot be empty"],
      [["a", "b", "c", "d", "e", "f", "g", "h", "i"], TOO_MANY_TAGS],
      [Array.from({ length: 5_000 }, (_, i) => `t${i}`), TOO_MANY_TAGS],
      [["y".repeat(20_000)], TAG_TOO_LONG],
    ];
    for (const [tags, message] of cases) {
      const input = { name: "Refused Tagger", glyph: "✶", personality: "Never forged, for its tags are wrong.", apiModel: "claude", tags };
      const viaGraph = await app.graphql<Json>(FORGE, { input }, VISITOR);
      expect(viaGraph.errors?.[0], message).toMatchObject({ message, extensions: { code: "BAD_USER_INPUT" } });
      expect(await call(app, "POST", "/api/agents", input, VISITOR), message).toMatchObject({ status: 400, body: { message } });
    }
    expect(await app.db.prisma.agent.count({ where: { name: "Refused Tagger" } })).toBe(0);
  });

  it("lets the creator change the tags (the list replaced), and a remix inherit its parent's unless it says otherwise", async () => {
    const agent = await forge("Edited Tagger", ["poetry"]);
    const updated = (await graphql(UPDATE, { input: { agentId: agent.id, tags: ["Mentor", "poetry"] } })).updateAgent.agent;
    expect(updated.tags).toEqual(["mentor", "poetry"]);
    const others = await app.graphql<Json>(
      UPDATE,
      { input: { agentId: agent.id, tags: ["stolen"] } },
      { [VISITOR_HEADER]: "tags-visitor-0000000000000000000002" },
    );
    expect(others.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");

    const remix = { parentAgentId: agent.id, description: "The same, but with a softer voice.", personality: "Gentler than its parent, and slower to answer." };
    expect((await graphql(REMIX, { input: { ...remix, name: "Edited Heir" } })).remixAgent.agent.tags).toEqual(["mentor", "poetry"]);
    expect((await graphql(REMIX, { input: { ...remix, name: "Edited Rebel", tags: ["Games"] } })).remixAgent.agent.tags).toEqual(["games"]);
    expect((await graphql(REMIX, { input: { ...remix, name: "Edited Blank", tags: [] } })).remixAgent.agent.tags).toEqual([]);
    const rest = await call(app, "POST", "/api/agents/remix", { ...remix, parentAgentId: agent.rawId, name: "Edited Rest" }, VISITOR);
    expect(rest).toMatchObject({ status: 201, body: { tags: ["mentor", "poetry"] } });
  });

  it("filters the listing by a tag, normalised, alone or with a search, in every order, over GraphQL and REST", async () => {
    for (const name of ["Filter Alpha", "Filter Beta", "Filter Gamma"]) await forge(name, ["astronomy", "filter-test"]);
    await forge("Filter Delta", ["filter-test"]);
    const alpha = await app.db.prisma.agent.findFirstOrThrow({ where: { name: "Filter Alpha" } });
    await app.db.prisma.agent.update({ where: { id: alpha.id }, data: { description: "Charts comets by night." } });

    expect(await listed({ tag: "astronomy" })).toEqual(["Filter Gamma", "Filter Beta", "Filter Alpha"]);
    expect(await listed({ tag: " Astronomy " })).toEqual(["Filter Gamma", "Filter Beta", "Filter Alpha"]);
    expect(await listed({ tag: "astronomy", sort: "OLDEST" })).toEqual(["Filter Alpha", "Filter Beta", "Filter Gamma"]);
    expect(await listed({ tag: "astronomy", sort: "NAME" })).toEqual(["Filter Alpha", "Filter Beta", "Filter Gamma"]);
    expect(await listed({ tag: "filter-test", sort: "TYPE" })).toEqual(["Filter Delta", "Filter Gamma", "Filter Beta", "Filter Alpha"]);
    expect(await listed({ tag: "nobody-has-this" })).toEqual([]);
    // With a search: by relevance, and by an order.
    expect(await listed({ tag: "filter-test", search: "comets" })).toEqual(["Filter Alpha"]);
    expect(await listed({ tag: "filter-test", search: "filter", sort: "NAME" })).toEqual(["Filter Alpha", "Filter Beta", "Filter Delta", "Filter Gamma"]);
    expect(await listed({ tag: "poetry", search: "comets" })).toEqual([]);
    // Pages by cursor.
    const first = (await graphql(AGENTS, { tag: "filter-test", first: 3 })).agents;
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = (await graphql(AGENTS, { tag: "filter-test", first: 3, after: first.pageInfo.endCursor })).agents;
    expect(second.edges.map((edge: Json) => edge.node.name)).toEqual(["Filter Alpha"]);

    const rest = await call(app, "GET", "/api/agents?tag=Astronomy&sort=name");
    expect(rest.status).toBe(200);
    expect(rest.body.agents.map((agent: Json) => agent.name)).toEqual(["Filter Alpha", "Filter Beta", "Filter Gamma"]);
    expect((await call(app, "GET", "/api/agents?tag=filter-test&search=comets")).body.agents.map((agent: Json) => agent.name)).toEqual(["Filter Alpha"]);
    expect(await call(app, "GET", `/api/agents?tag=${"z".repeat(40)}`)).toMatchObject({ status: 400, body: { message: TAG_TOO_LONG } });
    expect(await call(app, "GET", "/api/agents?tag=%F0%9F%94%A5")).toMatchObject({ status: 400, body: { message: TAG_CHARACTERS } });
    expect((await app.graphql<Json>(AGENTS, { tag: "x".repeat(33) })).errors?.[0]).toMatchObject({ message: TAG_TOO_LONG });
  });

  it("finds agents by their tags' words in search, below the name and beside traits", async () => {
    await forge("Plain Lighthouse", ["cartomancy"]);
    await forge("Cartomancy Keeper");
    expect(await listed({ search: "cartomancy" })).toEqual(["Cartomancy Keeper", "Plain Lighthouse"]);
    // A tag of words joined by '-' is found by each word.
    await forge("Hyphen Reader", ["tarot-reading"]);
    expect(await listed({ search: "tarot" })).toContain("Hyphen Reader");
  });

  it("counts the visible agents carrying each tag as they are forged, edited, archived and restored, most carried first", async () => {
    const a = await forge("Count One", ["counted-a", "counted-b"]);
    await forge("Count Two", ["counted-a"]);
    expect(await counts(["counted-a", "counted-b"])).toEqual({ "counted-a": 2, "counted-b": 1 });
    await graphql(UPDATE, { input: { agentId: a.id, tags: ["counted-b", "counted-c"] } });
    expect(await counts(["counted-a", "counted-b", "counted-c"])).toEqual({ "counted-a": 1, "counted-b": 1, "counted-c": 1 });
    // Archived agents are not counted (their tags stay, at 0, for a curator), and come back with a restore.
    await call(app, "POST", `/api/curator/agents/${a.rawId}/archive`, undefined, curator);
    expect(await counts(["counted-b", "counted-c"])).toEqual({ "counted-b": 0, "counted-c": 0 });
    const listedTags = async (variables: Record<string, unknown>) =>
      (await graphql(TAGS, { first: 100, ...variables })).tags.edges.map((edge: Json) => edge.node.name) as string[];
    expect(await listedTags({})).not.toContain("counted-c");
    expect(await listedTags({ includeEmpty: true })).toContain("counted-c");
    expect(await listed({ tag: "counted-c" })).toEqual([]);
    expect(await listed({ tag: "counted-c", includeArchived: true })).toEqual(["Count One"]);
    await call(app, "POST", `/api/curator/agents/${a.rawId}/restore`, undefined, curator);
    expect(await counts(["counted-b", "counted-c"])).toEqual({ "counted-b": 1, "counted-c": 1 });
    await expectCountsTrue();
  });

  it("lists tags by their makers, then the most carried, ties by name, a page at a time, on GraphQL and REST", async () => {
    const all = (await graphql(TAGS, { first: 100 })).tags.edges.map((edge: Json) => edge.node);
    const makers = new Map((await app.db.prisma.tag.findMany()).map((tag) => [tag.name, tag.actorCount]));
    const order = (x: Json, y: Json) => makers.get(y.name)! - makers.get(x.name)! || y.agentCount - x.agentCount || (x.name < y.name ? -1 : 1);
    expect(all).toEqual([...all].sort(order));
    expect(all[0]).toMatchObject({ name: "filter-test", agentCount: 4 });
    const pages: string[] = [];
    let after: string | null = null;
    for (;;) {
      const page: Json = (await graphql(TAGS, { first: 3, after })).tags;
      pages.push(...page.edges.map((edge: Json) => edge.node.name));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(pages).toEqual(all.map((tag: Json) => tag.name));
    const rest = await call(app, "GET", "/api/tags");
    expect(rest).toMatchObject({ status: 200, body: { tags: all.map((tag: Json) => ({ name: tag.name, agentCount: tag.agentCount })) } });
  });

  // #42 item 5: a junk tag reached the top of the filter after 25 forges from one address.
  it("puts a tag three people gave above one a single visitor forged onto twenty-five agents, in the filter and on every page", async () => {
    const tagged = (name: string, tags: string[], headers: Record<string, string>) =>
      call(app, "POST", "/api/agents", { name, glyph: "✶", personality: "Carries a tag for the filter's sake.", apiModel: "claude", tags }, headers);
    // One address, a fresh visitor key each time (as a script would send it): the last five at once.
    const script = (i: number) => ({ [VISITOR_HEADER]: `tags-script-visitor-${i}-000000000000000` });
    for (let i = 1; i <= 20; i++) expect((await tagged(`Junk Bearer ${i}`, ["junk-tag", "shared-too"], script(i))).status).toBe(201);
    const atOnce = await Promise.all(Array.from({ length: 5 }, (_, k) => tagged(`Junk Bearer ${21 + k}`, ["junk-tag"], script(21 + k))));
    expect(atOnce.map((response) => response.status)).toEqual([201, 201, 201, 201, 201]);
    // Three people, at once: two accounts and a visitor from another address.
    const people = [bearer(await signedIn(app, await registered(app))), bearer(await signedIn(app, await registered(app)))];
    const far = from(app, "127.42.7.1");
    const kin = await Promise.all([
      ...people.map((headers, i) => tagged(`Kin Bearer ${i}`, ["kin-tag", "shared-too"], headers)),
      far("POST", "/api/agents", {
        name: "Kin Bearer Far",
        glyph: "✶",
        personality: "Carries a tag for the filter's sake.",
        apiModel: "claude",
        tags: ["kin-tag"],
      }),
    ]);
    expect(kin.map((response) => response.status)).toEqual([201, 201, 201]);
    const above = (names: string[]) => {
      expect(names).toEqual(expect.arrayContaining(["junk-tag", "kin-tag"]));
      return names.indexOf("kin-tag") < names.indexOf("junk-tag");
    };
    const filter = await graphql(`query FilterByMakers { agentTypes tags(first: 100) { edges { node { name agentCount } } } }`, {});
    expect(above(filter.tags.edges.map((edge: Json) => edge.node.name))).toBe(true);
    expect(above((await call(app, "GET", "/api/tags")).body.tags.map((tag: Json) => tag.name))).toBe(true);
    expect(above((await graphql(TAGS, { first: 100, includeEmpty: true }, curator)).tags.edges.map((edge: Json) => edge.node.name))).toBe(true);
    const paged: string[] = [];
    for (let after: string | null = null; ;) {
      const page: Json = (await graphql(TAGS, { first: 2, after })).tags;
      paged.push(...page.edges.map((edge: Json) => edge.node.name));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(above(paged)).toBe(true);
    expect(paged).toEqual(filter.tags.edges.map((edge: Json) => edge.node.name));
    // Kept as the agents come: twenty-five agents of one maker, three of three, twenty-two of three.
    const rows = await app.db.prisma.tag.findMany({ where: { name: { in: ["junk-tag", "kin-tag", "shared-too"] } }, orderBy: { name: "asc" } });
    expect(rows.map((row) => [row.name, row.agentCount, row.actorCount])).toEqual([
      ["junk-tag", 25, 1],
      ["kin-tag", 3, 3],
      ["shared-too", 22, 3],
    ]);

    // A maker's agent archived takes them off the tag; its restore gives them back.
    const kinAgent = await app.db.prisma.agent.findFirstOrThrow({ where: { name: "Kin Bearer 0" } });
    await call(app, "POST", `/api/curator/agents/${kinAgent.id}/archive`, undefined, curator);
    expect((await app.db.prisma.tag.findUniqueOrThrow({ where: { name: "kin-tag" } })).actorCount).toBe(2);
    await call(app, "POST", `/api/curator/agents/${kinAgent.id}/restore`, undefined, curator);
    expect((await app.db.prisma.tag.findUniqueOrThrow({ where: { name: "kin-tag" } })).actorCount).toBe(3);
    await expectCountsTrue();
  });

  it("offers The Named's two filters as it opens, the types and the most carried tags, in one statement and as each is alone", async () => {
    await forge("Filter Lantern", ["lantern-lore"]);
    // Operation names of their own: each a miss in the response cache, read from the database.
    const apart = async (includeArchived: boolean) => ({
      agentTypes: (await graphql(`query TypesAlone${includeArchived ? "All" : ""} ($a: Boolean) { agentTypes(includeArchived: $a) }`, { a: includeArchived }))
        .agentTypes,
      tags: (await graphql(`query TagsAlone${includeArchived ? "All" : ""} { tags(first: 12) { edges { node { name agentCount } } } }`, {})).tags,
    });
    for (const includeArchived of [false, true]) {
      const statements: string[] = [];
      const stop = app.db.onQuery((sql) => statements.push(sql));
      const together = await graphql(
        `query Filters${includeArchived ? "All" : ""} ($a: Boolean) { agentTypes(includeArchived: $a) tags(first: 12) { edges { node { name agentCount } } } }`,
        { a: includeArchived },
      );
      stop();
      expect(statements.filter((sql) => /\btags\b|\bfound\b/.test(sql))).toHaveLength(1);
      expect(together).toEqual(await apart(includeArchived));
      expect(together.agentTypes.length).toBeGreaterThan(0);
      expect(together.tags.edges.length).toBe(12);
    }
  });

  it("lets curators alone merge a tag into another or remove it, each act logged", async () => {
    await forge("Merge One", ["stargazing", "astronomy"]);
    await forge("Merge Two", ["stargazing"]);
    const before = await counts(["astronomy", "stargazing"]);

    // Refused to visitors and users on both APIs, changing nothing.
    for (const headers of [{}, VISITOR]) {
      expect((await app.graphql<Json>(MERGE, { input: { tag: "stargazing", into: "astronomy" } }, headers)).errors?.[0]?.extensions?.code).toBe(
        "UNAUTHENTICATED",
      );
      expect((await app.graphql<Json>(REMOVE, { input: { tag: "stargazing" } }, headers)).errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
      expect((await call(app, "POST", "/api/curator/tags/stargazing/merge", { into: "astronomy" }, headers)).status).toBe(401);
      expect((await call(app, "POST", "/api/curator/tags/stargazing/remove", undefined, headers)).status).toBe(401);
    }
    expect(await counts(["astronomy", "stargazing"])).toEqual(before);

    // Merged over GraphQL: an agent carrying both keeps one; the counts follow.
    const merged = (await graphql(MERGE, { input: { tag: "Stargazing", into: "astronomy" } }, curator)).mergeTag;
    expect(merged).toMatchObject({
      tag: { name: "astronomy", agentCount: before.astronomy! + 1 },
      agentCount: 2,
      ritualLog: { type: "curation", description: 'The tag "stargazing" was merged into "astronomy"', performedBy: "The Keeper" },
    });
    expect(await counts(["astronomy", "stargazing"])).toEqual({ astronomy: before.astronomy! + 1, stargazing: null });
    expect((await app.db.prisma.agent.findFirstOrThrow({ where: { name: "Merge One" } })).tags).toEqual(["astronomy"]);
    expect(await listed({ tag: "stargazing" })).toEqual([]);
    expect(await listed({ tag: "astronomy" })).toEqual(expect.arrayContaining(["Merge One", "Merge Two"]));

    // Mistakes: no such tag, a tag into itself, a tag that is no tag.
    expect((await app.graphql<Json>(MERGE, { input: { tag: "stargazing", into: "astronomy" } }, curator)).errors?.[0]).toMatchObject({
      message: "Tag not found",
      extensions: { code: "NOT_FOUND" },
    });
    expect((await app.graphql<Json>(MERGE, { input: { tag: "astronomy", into: "Astronomy" } }, curator)).errors?.[0]).toMatchObject({
      message: "A tag cannot be merged into itself",
    });
    expect(await call(app, "POST", "/api/curator/tags/astronomy/merge", { into: "🔥" }, curator)).toMatchObject({
      status: 400,
      body: { message: TAG_CHARACTERS },
    });
    expect(await call(app, "POST", "/api/curator/tags/nothing-here/remove", undefined, curator)).toMatchObject({
      status: 404,
      body: { message: "Tag not found" },
    });

    // Merged over REST into a new tag (a rename), then removed.
    const renamed = await call(app, "POST", "/api/curator/tags/astronomy/merge", { into: "Star Lore" }, curator);
    expect(renamed).toMatchObject({
      status: 200,
      body: {
        removedTag: "astronomy",
        tag: { name: "star-lore", agentCount: before.astronomy! + 1 },
        log: { description: 'The tag "astronomy" was merged into "star-lore"' },
      },
    });
    const removed = await call(app, "POST", "/api/curator/tags/star-lore/remove", undefined, curator);
    expect(removed).toMatchObject({
      status: 200,
      body: { removedTag: "star-lore", agentCount: before.astronomy! + 1, log: { description: 'The tag "star-lore" was removed' } },
    });
    expect((await app.db.prisma.agent.findFirstOrThrow({ where: { name: "Merge One" } })).tags).toEqual([]);
    expect(await app.db.prisma.tag.findUnique({ where: { name: "star-lore" } })).toBeNull();
    const viaGraph = (await graphql(REMOVE, { input: { tag: "counted-a" } }, curator)).removeTag;
    expect(viaGraph).toMatchObject({ agentCount: 1, ritualLog: { description: 'The tag "counted-a" was removed' } });
    // The acts wrote the counts themselves (the trigger steps aside for them): still true.
    await expectCountsTrue();
  });

  it("merges and removes a tag carried by more agents than one batch moves, the counts true throughout", async () => {
    // 1,200 agents carry "shoal": every tenth archived, every fifth carrying "reef" already.
    await app.db.prisma.agent.createMany({
      data: Array.from({ length: 1_200 }, (_, i) => ({
        name: `Shoal ${i}`,
        username: `shoal-${i}`,
        glyph: "✶",
        personality: "One fish of many.",
        apiModel: "claude" as const,
        type: "forged" as const,
        createdBy: "anonymous",
        archived: i % 10 === 0,
        tags: i % 5 === 0 ? ["shoal", "reef"] : ["shoal"],
      })),
    });
    await expectCountsTrue();
    const before = await counts(["reef"]);

    const merged = (await graphql(MERGE, { input: { tag: "shoal", into: "reef" } }, curator)).mergeTag;
    // "reef" gains the unarchived agents that did not carry it yet: 1,200 less the 120 archived
    // (every tenth, all among the 240 carrying both), less the 120 unarchived carrying both.
    expect(merged).toMatchObject({ agentCount: 1_200, tag: { name: "reef", agentCount: before.reef! + 960 } });
    expect(await app.db.prisma.agent.count({ where: { tags: { has: "shoal" } } })).toBe(0);
    expect(await app.db.prisma.agent.count({ where: { tags: { has: "reef" }, name: { startsWith: "Shoal " } } })).toBe(1_200);
    expect(await counts(["shoal"])).toEqual({ shoal: null });
    await expectCountsTrue();

    const removed = (await graphql(REMOVE, { input: { tag: "reef" } }, curator)).removeTag;
    expect(removed.agentCount).toBeGreaterThanOrEqual(1_200);
    expect(await app.db.prisma.agent.count({ where: { tags: { has: "reef" } } })).toBe(0);
    expect(await counts(["reef"])).toEqual({ reef: null });
    await expectCountsTrue();
  });

  it("exports an agent's tags on its card and imports a card's tags, normalised", async () => {
    const agent = await forge("Card Tagger", ["poetry", "night-owl"]);
    const card = await call(app, "GET", `/api/agents/${agent.rawId}/card`);
    expect(card.body.data.tags).toEqual(["poetry", "night-owl"]);
    const imported = await call(
      app,
      "POST",
      "/api/agents/import",
      { ...card.body, data: { ...card.body.data, name: "Card Tagger Again", tags: ["Poetry", "Sea Shanties", "🔥🔥"] } },
      VISITOR,
    );
    expect(imported).toMatchObject({ status: 201, body: { name: "Card Tagger Again", tags: ["poetry", "sea-shanties"] } });
  });
});
