// Lineage reads: ancestry, the Ancestry Map's lineages and trees, the remix feed and the Evolution Gate.
import { isUuid } from "../../db/ids.ts";
import { INVALID_CURSOR, keysetFind, type KeysetOrder } from "../../db/keyset.ts";
import { badInput } from "../../errors.ts";
import { Prisma, type PrismaClient } from "../../../generated/prisma/client.ts";
import { type AgentQuery } from "./service.ts";
import { agentMatchSql, resolveAgentSearch } from "./search.ts";

export const LINEAGE_FILTERS = ["all", "ancestors", "remixed"] as const;
export type LineageFilter = (typeof LINEAGE_FILTERS)[number];

/** How far up an ancestry is followed; a deeper chain is cut (it would be a data fault). */
export const MAX_ANCESTRY = 50;

export type EvolutionStats = { totalAgents: number; totalRemixes: number; activeLineages: number };

const visible = { archived: false } satisfies Prisma.AgentWhereInput;

/** Descendants drawn with each lineage of the map: its newest (or its newest that match a search). */
export const TREE_SEEDS = 12;

/** One agent's tree in focus: generations below it, remixes drawn per agent, agents in all. */
export const FOCUS_BOUNDS = { depth: 12, childrenEach: 20, agents: 200 } as const;

/** What a lineage's tree draws below its origin: the map's filter and search. */
export type Drawing = { filter: LineageFilter; search: string | null };

export type AgentTree = { ancestorIds: string[]; descendantIds: string[] };

/** A page of found lineages when the caller names no size (Pothos always does). */
const SEARCH_PAGE = 25;

/**
 * The origins of the map's lineages. all: every origin (an archived one only while its lineage
 * lives on in remixes, drawn dimmed); ancestors: the same origins, drawn alone; remixed: only
 * origins with at least one remix. lineageActiveAt is null on remixes, so the index on it
 * holds origins alone.
 */
export function lineageOriginsWhere(filter: LineageFilter): Prisma.AgentWhereInput {
  return {
    lineageActiveAt: { not: null },
    parentAgentId: null,
    ...(filter === "remixed" ? { remixCount: { gt: 0 } } : { OR: [{ archived: false }, { remixCount: { gt: 0 } }] }),
  };
}

/** Most recently active first: the origin's own forging, or the latest remix anywhere below it. */
const LATEST_ACTIVITY: KeysetOrder = [
  ["lineageActiveAt", "desc"],
  ["id", "desc"],
];
const NEWEST_FIRST: KeysetOrder = [
  ["createdAt", "desc"],
  ["id", "desc"],
];
const MOST_REMIXED: KeysetOrder = [
  ["remixCount", "desc"],
  ["createdAt", "desc"],
  ["id", "desc"],
];

/** How many matching agents a search follows to their origins before it walks the origins instead. */
export const SEARCH_PROBE = 1000;

export function createLineage({ prisma, searchProbe = SEARCH_PROBE }: { prisma: PrismaClient; searchProbe?: number }) {
  /** Counts the agents again into the Gate's row: the operators' repair, should it ever drift. */
  const recountStats = async (): Promise<EvolutionStats> => {
    const [row] = await prisma.$queryRaw<EvolutionStats[]>`
      SELECT total_agents AS "totalAgents", total_remixes AS "totalRemixes", active_lineages AS "activeLineages"
      FROM recount_agent_stats()`;
    return row!;
  };
  const anchor = (id: string, select: Record<string, true>) => prisma.agent.findUnique({ where: { id }, select });
  const page = (query: AgentQuery, order: KeysetOrder, where: Prisma.AgentWhereInput) =>
    keysetFind(query, order, where, anchor, (args) => prisma.agent.findMany(args as Prisma.AgentFindManyArgs));

  /** Each agent's ancestors (parent first, MAX_ANCESTRY at most), for many agents in one statement. */
  async function ancestorIdsOf(agentIds: readonly string[]): Promise<Map<string, string[]>> {
    const chains = new Map<string, string[]>(agentIds.map((id) => [id, []]));
    const valid = [...new Set(agentIds.filter(isUuid))];
    if (valid.length === 0) return chains;
    const rows = await prisma.$queryRaw<{ start: string; id: string }[]>`
      WITH RECURSIVE chain (start, id, parent_agent_id, depth) AS (
        SELECT a.id, a.id, a.parent_agent_id, 0 FROM agents a WHERE a.id = ANY(${valid}::uuid[])
        UNION ALL
        SELECT c.start, a.id, a.parent_agent_id, c.depth + 1
        FROM agents a JOIN chain c ON a.id = c.parent_agent_id
        WHERE c.depth < ${MAX_ANCESTRY}
      )
      SELECT start::text AS start, id::text AS id FROM chain WHERE depth > 0 ORDER BY start, depth`;
    for (const row of rows) chains.get(row.start)?.push(row.id);
    return chains;
  }

  return {
    /**
     * A page of lineages (their origins), most recently active first, read from the
     * (lineage_active_at, id) index. A search finds lineages by any member, anywhere in history,
     * matched as The Named matches (agents/search.ts: its words or its name), in one of two ways,
     * whichever reads fewer rows: when few agents match (at most `searchProbe`, counted through
     * the GIN indexes on its words and its name's trigrams), from those agents to their
     * origins, then ordered; when many do, by walking the origins in order of activity and
     * keeping each that has a match, which fills a page early.
     */
    async lineages(filter: LineageFilter, search: string | null | undefined, query: AgentQuery = {}) {
      const term = await resolveAgentSearch(prisma, search);
      if (!term) return page(query, LATEST_ACTIVITY, lineageOriginsWhere(filter));
      const { cursor, take = 0, skip: _skip, ...selection } = query;
      const backward = take < 0;
      let after = Prisma.empty;
      if (cursor?.id !== undefined) {
        const anchor =
          typeof cursor.id === "string" && isUuid(cursor.id)
            ? await prisma.agent.findUnique({ where: { id: cursor.id }, select: { id: true, lineageActiveAt: true } })
            : null;
        if (!anchor?.lineageActiveAt) throw badInput(INVALID_CURSOR, backward ? "before" : "after");
        after = Prisma.sql`AND (o.lineage_active_at, o.id) ${backward ? Prisma.sql`>` : Prisma.sql`<`} (${anchor.lineageActiveAt}, ${anchor.id}::uuid)`;
      }
      const ancestors = filter === "ancestors";
      const origin = Prisma.sql`o.parent_agent_id IS NULL AND o.lineage_active_at IS NOT NULL
        AND ${filter === "remixed" ? Prisma.sql`o.remix_count > 0` : Prisma.sql`(NOT o.archived OR o.remix_count > 0)`} ${after}`;
      const order = backward ? Prisma.sql`o.lineage_active_at ASC, o.id ASC` : Prisma.sql`o.lineage_active_at DESC, o.id DESC`;
      const limit = Math.abs(take) || SEARCH_PAGE;

      const probe = await prisma.$queryRaw<{ origin: string }[]>`
        SELECT coalesce(origin_agent_id, id)::text AS origin FROM agents
        WHERE ${agentMatchSql(term, "agents")} ${ancestors ? Prisma.sql`AND parent_agent_id IS NULL` : Prisma.empty}
        LIMIT ${searchProbe + 1}`;
      const rows =
        probe.length <= searchProbe
          ? await prisma.$queryRaw<{ id: string }[]>`
              SELECT o.id::text AS id FROM agents o
              WHERE o.id = ANY(${[...new Set(probe.map((row) => row.origin))]}::uuid[]) AND ${origin}
              ORDER BY ${order} LIMIT ${limit}`
          : ancestors
            ? await prisma.$queryRaw<{ id: string }[]>`
                SELECT o.id::text AS id FROM agents o WHERE ${origin} AND ${agentMatchSql(term, "o")}
                ORDER BY ${order} LIMIT ${limit}`
            : await prisma.$queryRaw<{ id: string }[]>`
                SELECT o.id::text AS id FROM agents o
                CROSS JOIN LATERAL (
                  SELECT 1 FROM agents d WHERE (d.id = o.id OR d.origin_agent_id = o.id) AND ${agentMatchSql(term, "d")} LIMIT 1
                ) AS matched
                WHERE ${origin}
                ORDER BY ${order} LIMIT ${limit}`;
      const ids = rows.map((row) => row.id);
      if (backward) ids.reverse();
      const agents = await prisma.agent.findMany({ ...(selection as Pick<Prisma.AgentFindManyArgs, "select" | "include">), where: { id: { in: ids } } });
      const byId = new Map(agents.map((agent) => [agent.id, agent]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /**
     * Which agents each lineage draws below its origin, for a page of origins in one statement:
     * its TREE_SEEDS newest descendants (read from the (origin_agent_id, created_at, id) index,
     * so a lineage of thousands costs what a small one does), or with a search the newest that
     * match, and every agent between them and the origin. Ancestors draws origins alone.
     */
    async lineageTrees(originIds: readonly string[], drawing: Drawing): Promise<Map<string, string[]>> {
      const trees = new Map<string, string[]>(originIds.map((id) => [id, []]));
      if (drawing.filter === "ancestors" || originIds.length === 0) return trees;
      const term = await resolveAgentSearch(prisma, drawing.search);
      const named = term ? Prisma.sql`AND ${agentMatchSql(term, "a")}` : Prisma.empty;
      const rows = await prisma.$queryRaw<{ origin: string; id: string }[]>`
        WITH RECURSIVE seeds AS (
          SELECT o.id AS origin, d.id
          FROM unnest(${originIds as string[]}::uuid[]) AS o(id)
          CROSS JOIN LATERAL (
            SELECT a.id FROM agents a WHERE a.origin_agent_id = o.id ${named}
            ORDER BY a.created_at DESC, a.id DESC LIMIT ${TREE_SEEDS}
          ) d
        ), up (origin, id, parent_agent_id, created_at) AS (
          SELECT s.origin, a.id, a.parent_agent_id, a.created_at FROM seeds s JOIN agents a ON a.id = s.id
          UNION
          SELECT u.origin, a.id, a.parent_agent_id, a.created_at FROM up u JOIN agents a ON a.id = u.parent_agent_id
          WHERE u.parent_agent_id <> u.origin
        )
        SELECT origin::text AS origin, id::text AS id FROM up WHERE id <> origin ORDER BY origin, created_at, id`;
      for (const row of rows) trees.get(row.origin)?.push(row.id);
      return trees;
    },

    /**
     * One agent's tree for the map's focus: its ancestors (origin first) and its descendants
     * breadth first, each agent's FOCUS_BOUNDS.childrenEach newest remixes, FOCUS_BOUNDS.depth
     * generations down, FOCUS_BOUNDS.agents in all. Null when no agent has this id.
     */
    async agentTree(agentId: string): Promise<AgentTree | null> {
      if (!isUuid(agentId)) return null;
      const rows = await prisma.$queryRaw<{ up: boolean; id: string }[]>`
        WITH RECURSIVE up (id, parent_agent_id, depth) AS (
          SELECT id, parent_agent_id, 0 FROM agents WHERE id = ${agentId}::uuid
          UNION ALL
          SELECT a.id, a.parent_agent_id, u.depth + 1 FROM agents a JOIN up u ON a.id = u.parent_agent_id
          WHERE u.depth < ${MAX_ANCESTRY}
        ), down (id, depth) AS (
          SELECT id, 0 FROM agents WHERE id = ${agentId}::uuid
          UNION ALL
          SELECT c.id, d.depth + 1 FROM down d
          CROSS JOIN LATERAL (
            SELECT a.id FROM agents a WHERE a.parent_agent_id = d.id
            ORDER BY a.created_at DESC, a.id DESC LIMIT ${FOCUS_BOUNDS.childrenEach}
          ) c
          WHERE d.depth < ${FOCUS_BOUNDS.depth}
        )
        (SELECT true AS up, id::text AS id FROM up WHERE depth > 0 ORDER BY depth DESC)
        UNION ALL
        (SELECT false, id::text FROM down LIMIT ${FOCUS_BOUNDS.agents + 1})`;
      if (!rows.some((row) => !row.up)) return null;
      return {
        ancestorIds: rows.filter((row) => row.up).map((row) => row.id),
        descendantIds: rows
          .filter((row) => !row.up)
          .slice(1)
          .map((row) => row.id),
      };
    },

    /** Parent first, then its parent, up to the origin: one recursive SQL statement. */
    async ancestorIds(agentId: string): Promise<string[]> {
      return (await ancestorIdsOf([agentId])).get(agentId) ?? [];
    },

    ancestorIdsOf,

    /** Remixes, newest first: each is a child agent with its parent. */
    remixes(query: AgentQuery = {}) {
      return page(query, NEWEST_FIRST, { ...visible, parentAgentId: { not: null } });
    },

    /** The feed as REST shows it: each remix with its parent. */
    remixFeed(take: number) {
      return prisma.agent.findMany({
        take,
        where: { ...visible, parentAgentId: { not: null } },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        include: { parent: true },
      });
    },

    topRemixed(query: AgentQuery = {}) {
      return page(query, MOST_REMIXED, { ...visible, remixCount: { gt: 0 } });
    },

    /** The Gate's totals: one row, kept by a trigger on agents (migration 20261124122707_scale_listings). */
    async stats(): Promise<EvolutionStats> {
      return (await prisma.agentStats.findUnique({ where: { id: 1 } })) ?? recountStats();
    },

    recountStats,
  };
}
