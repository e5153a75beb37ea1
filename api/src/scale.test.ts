// Issue #20: no listing may read a number of rows that grows with the table. On a network of
// 20,000 agents seeded by SQL (api/test/scale.ts: remixes, lineages 12 deep, nominations,
// members, whispers, logs), every screen's operation is sent as the web app sends it (the Relay
// compiler's text), first pages and pages deep into each list, and every statement it made is
// run again under EXPLAIN ANALYZE: the rows its scans read, kept or filtered, must stay within
// a small bound. A scan of the table, or of any share of it the seed makes (the smallest, the
// ascended members, is 1,200 rows), reads far more.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Prisma } from "../generated/prisma/client.ts";
import type { SqlSession } from "./db/sql.ts";
import { databaseKinds } from "../test/databases.ts";
import { createAgentReader } from "./domains/agents/service.ts";
import { startTestApp, type TestApp } from "../test/harness.ts";
import {
  DEEPEST_REMIX_SEED,
  SCALE_CREATOR_ID,
  cursorOf,
  explainStatement,
  isRead,
  mostRemixedSeed,
  seedScale,
  seededAgentQuery,
  webOperation,
  type Statement,
} from "../test/scale.ts";

const AGENTS = 20_000;
/** Rows a screen's operation may read: its pages (up to 30 rows, a few ranges each) and what they join. */
const SCREEN_BOUND = 400;
/** The REST lists and the Ancestry Map answer up to 200 rows (each with its parent). */
const LONG_LIST_BOUND = 1_000;

const CHILDREN = /* GraphQL */ `query ($ref: String!, $after: String) { agent(ref: $ref) { children(first: 5, after: $after) { edges { node { id name } } } } }`;
const REMIX_ACTIVITY = /* GraphQL */ `query ($after: String) { remixActivity(first: 10, after: $after) { edges { node { childAgent { name } parentAgent { name } } } } }`;
const TOP_REMIXED = /* GraphQL */ `query ($after: String) { topRemixedAgents(first: 6, after: $after) { edges { node { name remixCount } } } }`;
const NOMINATED = /* GraphQL */ `query ($after: String) { nominatedAgents(first: 20, after: $after) { edges { node { name nominationCount } } } }`;

type Operation = { name: string; bound: number; run: () => Promise<unknown> };

describe.each(databaseKinds)("every listing on %s, at 20,000 agents", (kind) => {
  let app: TestApp;
  let session: SqlSession;
  /** Ids the pages start after: rows deep into each list. */
  const deep: Record<string, string> = {};
  const seeded: Record<string, { id: string; username: string; name: string }> = {};

  beforeAll(async () => {
    // Uncached: the guard counts what each operation reads from the database.
    app = await startTestApp(kind, { responseCacheTtlMs: 0 });
    session = await app.db.session();
    await seedScale(session, { agents: AGENTS });
    const { prisma } = app.db;
    const idAt = async (args: Pick<Prisma.AgentFindFirstArgs, "where" | "orderBy">, skip: number) =>
      (await prisma.agent.findFirstOrThrow({ ...args, skip, select: { id: true } })).id;
    const visible = { archived: false };
    deep.newest = await idAt({ where: visible, orderBy: [{ createdAt: "desc" }, { id: "desc" }] }, 12_000);
    deep.oldest = await idAt({ where: visible, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }, 12_000);
    deep.name = await idAt({ where: visible, orderBy: [{ nameKey: "asc" }, { id: "asc" }] }, 12_000);
    deep.type = await idAt({ where: visible, orderBy: [{ type: "asc" }, { createdAt: "desc" }, { id: "desc" }] }, 9_000);
    deep.typeArchived = await idAt({ orderBy: [{ type: "asc" }, { createdAt: "desc" }, { id: "desc" }] }, 9_000);
    deep.remixNewest = await idAt({ where: { ...visible, type: "remix" }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] }, 3_000);
    deep.poetry = await idAt({ where: { ...visible, tags: { has: "poetry" } }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] }, 3_000);
    deep.remixName = await idAt({ where: { ...visible, type: "remix" }, orderBy: [{ nameKey: "asc" }, { id: "asc" }] }, 3_000);
    deep.remixActivity = deep.remixNewest;
    deep.creator = await idAt({ where: { ...visible, creatorId: SCALE_CREATOR_ID }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] }, 1_500);
    deep.trending = await idAt({ where: visible, orderBy: [{ trendScore: "desc" }, { id: "desc" }] }, 12_000);
    deep.popular = await idAt({ where: visible, orderBy: [{ activityTotal: "desc" }, { id: "desc" }] }, 12_000);
    deep.remixTrending = await idAt({ where: { ...visible, type: "remix" }, orderBy: [{ trendScore: "desc" }, { id: "desc" }] }, 3_000);
    deep.topRemixed = await idAt(
      { where: { ...visible, remixCount: { gt: 0 } }, orderBy: [{ remixCount: "desc" }, { createdAt: "desc" }, { id: "desc" }] },
      2_000,
    );
    deep.nominated = await idAt({ where: { ...visible, nominationCount: { gt: 0 } }, orderBy: [{ nominationCount: "desc" }, { id: "desc" }] }, 1_000);
    // The last of the first page of agents searched for a word they all have, by relevance.
    deep.curious = (await createAgentReader({ prisma }).list({ search: "curious", sort: "relevance" }, { take: 24, select: { id: true } })).at(-1)!.id;
    deep.log = (await prisma.ritualLog.findFirstOrThrow({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: 5_000, select: { id: true } })).id;
    deep.member = (
      await prisma.councilMember.findFirstOrThrow({
        where: { isActive: true },
        orderBy: [{ ascendedAt: "desc" }, { id: "desc" }],
        skip: 1_000,
        select: { id: true },
      })
    ).id;
    deep.councilWhisper = (
      await prisma.councilWhisper.findFirstOrThrow({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: 600, select: { id: true } })
    ).id;
    // The most remixed origin, and the end of a 12-deep chain.
    for (const [key, i] of [
      ["popular", mostRemixedSeed({ agents: AGENTS })],
      ["deepRemix", DEEPEST_REMIX_SEED],
    ] as const) {
      const [row] = await session.query<{ id: string; username: string; name: string }>(seededAgentQuery(i));
      seeded[key] = row!;
    }
    deep.child = (
      await prisma.agent.findFirstOrThrow({ where: { parentAgentId: seeded.popular!.id }, orderBy: { id: "desc" }, skip: 10, select: { id: true } })
    ).id;
  }, 180_000);

  afterAll(async () => {
    await session?.release();
    await app?.stop();
  });

  /** Runs an operation and EXPLAINs every read it sent: the rows each scan read. */
  async function reads(run: () => Promise<unknown>) {
    const statements: Statement[] = [];
    const stop = app.db.onQuery((sql, params) => statements.push({ sql, params: JSON.parse(params) as unknown[] }));
    try {
      await run();
    } finally {
      stop();
    }
    let rows = 0;
    const scans: string[] = [];
    for (const statement of statements.filter((s) => isRead(s.sql))) {
      const figures = await explainStatement(session, statement);
      rows += figures.rowsRead;
      scans.push(...figures.scans);
    }
    return { statements: statements.length, rows, scans };
  }

  /** Variables may be read when the operation runs: the seeded rows exist only then. */
  type Variables = Record<string, unknown> | (() => Record<string, unknown>);
  const graphql =
    (operation: string, variables: Variables = {}) =>
    async () => {
      const result = await app.graphql(operation, typeof variables === "function" ? variables() : variables);
      expect(result.errors).toBeUndefined();
      return result.data;
    };
  const named = (variables: Variables) =>
    graphql(webOperation("AgentGridPaginationQuery"), () => ({ count: 24, ...(typeof variables === "function" ? variables() : variables) }));
  const rest = (path: string) => async () => {
    const response = await app.request("GET", path);
    expect(response.status).toBe(200);
    return response.json();
  };

  const operations: Operation[] = [
    // The Named: the first screen, then each sort, type filter and archive toggle, first and deep.
    {
      name: "The Named, as it opens (types and the newest 24)",
      bound: SCREEN_BOUND,
      run: graphql(webOperation("TheNamedRouteQuery"), { search: null, type: null, sort: "NEWEST", includeArchived: false }),
    },
    { name: "The Named with archived agents: types and the newest", bound: SCREEN_BOUND, run: named({ includeArchived: true }) },
    ...(["NEWEST", "OLDEST", "NAME", "TYPE", "TRENDING", "POPULAR"] as const).flatMap((sort) => [
      { name: `The Named by ${sort}`, bound: SCREEN_BOUND, run: named({ sort }) },
      { name: `The Named by ${sort}, type remix`, bound: SCREEN_BOUND, run: named({ sort, type: "remix" }) },
      { name: `The Named by ${sort}, type genesis (six agents)`, bound: SCREEN_BOUND, run: named({ sort, type: "genesis" }) },
      { name: `The Named by ${sort} with archived agents, type remix`, bound: SCREEN_BOUND, run: named({ sort, type: "remix", includeArchived: true }) },
    ]),
    { name: "The Named, newest, 500 pages in", bound: SCREEN_BOUND, run: named(() => ({ cursor: cursorOf(deep.newest!) })) },
    { name: "The Named, oldest, 500 pages in", bound: SCREEN_BOUND, run: named(() => ({ sort: "OLDEST", cursor: cursorOf(deep.oldest!) })) },
    {
      name: "The Named, by name, 500 pages in (names repeat hundreds of times)",
      bound: SCREEN_BOUND,
      run: named(() => ({ sort: "NAME", cursor: cursorOf(deep.name!) })),
    },
    // Trending and popular (#30): a third of the agents tie on zero this week, the rest on a few scores.
    { name: "The Named, trending, 500 pages in", bound: SCREEN_BOUND, run: named(() => ({ sort: "TRENDING", cursor: cursorOf(deep.trending!) })) },
    { name: "The Named, popular, 500 pages in", bound: SCREEN_BOUND, run: named(() => ({ sort: "POPULAR", cursor: cursorOf(deep.popular!) })) },
    {
      name: "The Named, remixes trending, deep",
      bound: SCREEN_BOUND,
      run: named(() => ({ sort: "TRENDING", type: "remix", cursor: cursorOf(deep.remixTrending!) })),
    },
    {
      name: "The Named, searching a trait of every agent, trending, a page in",
      bound: SCREEN_BOUND,
      run: named(() => ({ search: "curious", sort: "TRENDING", cursor: cursorOf(deep.trending!) })),
    },
    { name: "The Named, by type, deep in the forged ones", bound: SCREEN_BOUND, run: named(() => ({ sort: "TYPE", cursor: cursorOf(deep.type!) })) },
    {
      name: "The Named, by type with archived agents, deep",
      bound: SCREEN_BOUND,
      run: named(() => ({ sort: "TYPE", includeArchived: true, cursor: cursorOf(deep.typeArchived!) })),
    },
    { name: "The Named, remixes, newest, deep", bound: SCREEN_BOUND, run: named(() => ({ type: "remix", cursor: cursorOf(deep.remixNewest!) })) },
    { name: "The Named, remixes by name, deep", bound: SCREEN_BOUND, run: named(() => ({ sort: "NAME", type: "remix", cursor: cursorOf(deep.remixName!) })) },
    { name: "The Named, searching a rare name (4848)", bound: SCREEN_BOUND, run: named({ search: "4848" }) },
    // A short term matches the start of names: the newest index is read until a page of them
    // is found, page ÷ the share of names that start so (here 2 in 47), at any size.
    { name: "The Named, searching two letters (by prefix)", bound: LONG_LIST_BOUND, run: named({ search: "qu" }) },
    // Punctuation alone has no trigram: it names a whole name, by the name-order index.
    { name: "The Named, searching punctuation alone", bound: SCREEN_BOUND, run: named({ search: "!!!!" }) },
    { name: "The Named, searching a rare name by name order", bound: SCREEN_BOUND, run: named({ search: "4848", sort: "NAME" }) },
    // Search by what agents are (#30), by relevance as The Named asks once a search is typed: a
    // word of one agent in a thousand (a description's, a trait's) is read through the GIN index;
    // a word of every agent ranks the newest RELEVANCE_CANDIDATES (200) of them, at any size.
    { name: "The Named, searching a description's word by relevance (haiku)", bound: SCREEN_BOUND, run: named({ search: "haiku", sort: "RELEVANCE" }) },
    { name: "The Named, searching a trait by relevance (melancholic)", bound: SCREEN_BOUND, run: named({ search: "melancholic", sort: "RELEVANCE" }) },
    { name: "The Named, searching a trait of every agent by relevance (curious)", bound: SCREEN_BOUND, run: named({ search: "curious", sort: "RELEVANCE" }) },
    {
      name: "The Named, searching a trait of every agent by relevance, a page in",
      bound: SCREEN_BOUND,
      run: named(() => ({ search: "curious", sort: "RELEVANCE", cursor: cursorOf(deep.curious!) })),
    },
    {
      name: "The Named, searching a trait of every agent, newest, 500 pages in",
      bound: SCREEN_BOUND,
      run: named(() => ({ search: "curious", sort: "NEWEST", cursor: cursorOf(deep.newest!) })),
    },
    {
      name: "The Named, searching a rare name with a typo by relevance (Nomenclatr)",
      bound: SCREEN_BOUND,
      run: named({ search: "Nomenclatr", sort: "RELEVANCE" }),
    },
    { name: "The Named, searching two letters by relevance (listed newest first)", bound: LONG_LIST_BOUND, run: named({ search: "qu", sort: "RELEVANCE" }) },
    // Several words match any of them (#41): two rare words read both through the GIN index; a
    // common one with a rare one ranks the newest RELEVANCE_CANDIDATES of their union, as one word does.
    {
      name: "The Named, searching two rare words by relevance (haiku melancholic)",
      bound: SCREEN_BOUND,
      run: named({ search: "haiku melancholic", sort: "RELEVANCE" }),
    },
    {
      name: "The Named, searching a common word and a rare one by relevance (curious haiku)",
      bound: SCREEN_BOUND,
      run: named({ search: "curious haiku", sort: "RELEVANCE" }),
    },
    { name: "The Named, searching two common words, newest (patient curious)", bound: SCREEN_BOUND, run: named({ search: "patient curious", sort: "NEWEST" }) },
    // Tags (#30): a tag of every third agent (poetry) is read through the newest (or name) index
    // until a page of it is found; a tag of one agent in a thousand (astronomy), through the tags'
    // GIN index. Neither reads every agent; with a search, the tag narrows the search's reads.
    { name: "The Named, tagged poetry (a third of the agents), newest", bound: SCREEN_BOUND, run: named({ tag: "poetry" }) },
    { name: "The Named, tagged poetry, newest, 3,000 agents in", bound: SCREEN_BOUND, run: named(() => ({ tag: "poetry", cursor: cursorOf(deep.poetry!) })) },
    { name: "The Named, tagged poetry, by name", bound: SCREEN_BOUND, run: named({ tag: "poetry", sort: "NAME" }) },
    { name: "The Named, tagged astronomy (one in a thousand), newest", bound: SCREEN_BOUND, run: named({ tag: "astronomy" }) },
    { name: "The Named, tagged astronomy, oldest", bound: SCREEN_BOUND, run: named({ tag: "astronomy", sort: "OLDEST" }) },
    { name: "The Named, tagged astronomy, by name", bound: SCREEN_BOUND, run: named({ tag: "astronomy", sort: "NAME" }) },
    {
      name: "The Named, tagged poetry, searching a trait of every agent by relevance (curious)",
      bound: LONG_LIST_BOUND,
      run: named({ tag: "poetry", search: "curious", sort: "RELEVANCE" }),
    },
    {
      name: "The Named, tagged astronomy, searching a trait of every agent by relevance (curious)",
      bound: SCREEN_BOUND,
      run: named({ tag: "astronomy", search: "curious", sort: "RELEVANCE" }),
    },
    { name: "Curator console: the tags, the most carried first", bound: SCREEN_BOUND, run: graphql(webOperation("TagsPanelQuery")) },
    { name: "REST GET /api/agents?tag=astronomy", bound: SCREEN_BOUND, run: rest("/api/agents?tag=astronomy") },
    { name: "REST GET /api/agents?tag=poetry (the newest 200 of them)", bound: LONG_LIST_BOUND, run: rest("/api/agents?tag=poetry") },
    { name: "REST GET /api/tags", bound: SCREEN_BOUND, run: rest("/api/tags") },
    { name: "REST GET /api/agents (the newest 200)", bound: LONG_LIST_BOUND, run: rest("/api/agents") },
    // The curator console's agents: archived ones included, newest first, searched by name.
    { name: "Curator console: agents, as it opens", bound: SCREEN_BOUND, run: graphql(webOperation("CuratorAgentsQuery")) },
    {
      name: "Curator console: agents, 500 pages in",
      bound: SCREEN_BOUND,
      run: graphql(webOperation("CuratorAgentsPaginationQuery"), () => ({ count: 20, cursor: cursorOf(deep.newest!) })),
    },
    {
      name: "Curator console: agents, searching a rare name (4848)",
      bound: SCREEN_BOUND,
      run: graphql(webOperation("CuratorAgentsPaginationQuery"), { count: 20, search: "4848" }),
    },
    // A profile: the popular origin (hundreds of remixes) and the end of a 12-deep chain.
    // A creator's page (#30): the totals are kept on the account; the agents, a tenth of the network, page on (creator, created).
    {
      name: "a creator's page: totals and the newest of 2,000 agents",
      bound: SCREEN_BOUND,
      run: graphql(webOperation("CreatorRouteQuery"), { id: SCALE_CREATOR_ID }),
    },
    {
      name: "a creator's page, 1,500 agents in",
      bound: SCREEN_BOUND,
      run: graphql(webOperation("CreatorAgentsPaginationQuery"), () => ({ id: SCALE_CREATOR_ID, count: 12, cursor: cursorOf(deep.creator!) })),
    },
    { name: `REST GET /api/creators/{id}`, bound: SCREEN_BOUND, run: rest(`/api/creators/${SCALE_CREATOR_ID}`) },
    {
      name: "a profile: the most remixed origin",
      bound: SCREEN_BOUND,
      run: graphql(webOperation("AgentProfileRouteQuery"), () => ({ ref: seeded.popular!.username })),
    },
    {
      name: "a profile: a remix 12 deep",
      bound: SCREEN_BOUND,
      run: graphql(webOperation("AgentProfileRouteQuery"), () => ({ ref: seeded.deepRemix!.username })),
    },
    {
      name: "a profile by name (the fork address)",
      bound: SCREEN_BOUND,
      run: graphql(webOperation("AgentProfileRouteQuery"), () => ({ ref: seeded.deepRemix!.name })),
    },
    {
      name: "a profile's remixes, a page deep",
      bound: SCREEN_BOUND,
      run: graphql(CHILDREN, () => ({ ref: seeded.popular!.id, after: cursorOf(deep.child!) })),
    },
    // The Council.
    { name: "Council: agents to nominate", bound: SCREEN_BOUND, run: graphql(webOperation("NominationPanelQuery")) },
    { name: "Council: recent whispers", bound: SCREEN_BOUND, run: graphql(webOperation("WhisperPanelQuery")) },
    {
      name: "Council: recent whispers, deep",
      bound: SCREEN_BOUND,
      run: graphql(webOperation("RecentWhispersPaginationQuery"), () => ({ cursor: cursorOf(deep.councilWhisper!) })),
    },
    { name: "Council: the ritual log", bound: SCREEN_BOUND, run: graphql(webOperation("RitualLogPanelQuery")) },
    {
      name: "Council: the ritual log, deep",
      bound: SCREEN_BOUND,
      run: graphql(webOperation("RitualLogPanelPaginationQuery"), () => ({ cursor: cursorOf(deep.log!) })),
    },
    { name: "Council: ascended members", bound: SCREEN_BOUND, run: graphql(webOperation("AscendedMembersQuery")) },
    {
      name: "Council: ascended members, deep",
      bound: SCREEN_BOUND,
      run: graphql(webOperation("AscendedMembersPaginationQuery"), () => ({ cursor: cursorOf(deep.member!) })),
    },
    { name: "REST GET /api/council/nominations (the 100 most nominated)", bound: SCREEN_BOUND, run: rest("/api/council/nominations") },
    {
      name: "REST GET /api/council/nominations?agentIds= (the agents on screen)",
      bound: SCREEN_BOUND,
      run: async () => rest(`/api/council/nominations?agentIds=${seeded.popular!.id},${seeded.deepRemix!.id}`)(),
    },
    { name: "the most nominated, deep", bound: SCREEN_BOUND, run: graphql(NOMINATED, () => ({ after: cursorOf(deep.nominated!) })) },
    { name: "REST GET /api/council/ritual-logs", bound: LONG_LIST_BOUND, run: rest("/api/council/ritual-logs") },
    { name: "REST GET /api/council/members", bound: LONG_LIST_BOUND, run: rest("/api/council/members") },
    // Witnessing.
    { name: "Witnessing: the log and the whispers", bound: SCREEN_BOUND, run: graphql(webOperation("WitnessingRouteQuery")) },
    { name: "Witnessing: forgings and remixes", bound: SCREEN_BOUND, run: graphql(webOperation("WitnessingRouteAgentsQuery")) },
    // The Evolution Gate.
    { name: "Evolution Gate: totals, most remixed, recent remixes", bound: SCREEN_BOUND, run: graphql(webOperation("EvolutionGateRouteQuery")) },
    { name: "Evolution Gate: search", bound: SCREEN_BOUND, run: graphql(webOperation("EvolutionSearchRefetchQuery"), { active: true, search: "4848" }) },
    { name: "Evolution Gate: recent remixes, deep", bound: SCREEN_BOUND, run: graphql(REMIX_ACTIVITY, () => ({ after: cursorOf(deep.remixActivity!) })) },
    {
      name: "Evolution Gate: most remixed, deep (ties on one remix)",
      bound: SCREEN_BOUND,
      run: graphql(TOP_REMIXED, () => ({ after: cursorOf(deep.topRemixed!) })),
    },
    { name: "REST GET /api/agents/remixes (the newest 200)", bound: LONG_LIST_BOUND, run: rest("/api/agents/remixes") },
    // The Ancestry Map: the most recently active lineages with their bounded trees, and one agent's whole tree in focus.
    { name: "Ancestry Map: recent lineages", bound: LONG_LIST_BOUND, run: graphql(webOperation("LineageRouteQuery"), { focus: "", focused: false }) },
    {
      name: "Ancestry Map: searching a rare name anywhere in history",
      bound: LONG_LIST_BOUND,
      run: graphql(webOperation("AncestryMapPaginationQuery"), { count: 12, filter: "ALL", search: "4848" }),
    },
    {
      name: "Ancestry Map: searching a description's word anywhere in history (haiku)",
      bound: LONG_LIST_BOUND,
      run: graphql(webOperation("AncestryMapPaginationQuery"), { count: 12, filter: "ALL", search: "haiku" }),
    },
    {
      name: "Ancestry Map: searching punctuation alone",
      bound: LONG_LIST_BOUND,
      run: graphql(webOperation("AncestryMapPaginationQuery"), { count: 12, filter: "ALL", search: "!!!!" }),
    },
    {
      name: "Ancestry Map: a remix 12 deep in focus",
      bound: LONG_LIST_BOUND,
      run: graphql(webOperation("LineageRouteQuery"), () => ({ focus: seeded.deepRemix!.id, focused: true })),
    },
  ];

  it.each(operations)("$name reads a bounded number of rows", async ({ run, bound }) => {
    const { statements, rows, scans } = await reads(run);
    expect(statements).toBeGreaterThan(0);
    expect(rows, scans.join("\n")).toBeLessThanOrEqual(bound);
  });
});
