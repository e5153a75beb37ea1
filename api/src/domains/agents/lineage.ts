// Lineage reads: ancestry, the Ancestry Map's forest, the remix feed and the Evolution Gate.
import { keysetFind, type KeysetOrder } from "../../db/keyset.ts";
import { likeLiteral } from "../../db/text.ts";
import type { Prisma, PrismaClient } from "../../../generated/prisma/client.ts";
import type { AgentQuery } from "./service.ts";

export const LINEAGE_FILTERS = ["all", "ancestors", "remixed"] as const;
export type LineageFilter = (typeof LINEAGE_FILTERS)[number];

/** How far up an ancestry is followed; a deeper chain is cut (it would be a data fault). */
export const MAX_ANCESTRY = 50;

export type EvolutionStats = { totalAgents: number; totalRemixes: number; activeLineages: number };

const visible = { archived: false } satisfies Prisma.AgentWhereInput;

/**
 * all: every visible agent; ancestors: roots only (no parent); remixed: only lineages that
 * evolved (remixes, and roots with at least one remix). Oldest first, so parents come first.
 */
export function lineageWhere(filter: LineageFilter, search?: string | null): Prisma.AgentWhereInput {
  const term = search?.trim();
  return {
    ...visible,
    ...(term ? { name: { contains: likeLiteral(term), mode: "insensitive" } } : {}),
    ...(filter === "ancestors" ? { parentAgentId: null } : {}),
    ...(filter === "remixed" ? { OR: [{ parentAgentId: { not: null } }, { remixCount: { gt: 0 } }] } : {}),
  };
}

const OLDEST_FIRST: KeysetOrder = [["createdAt", "asc"], ["id", "asc"]];
const NEWEST_FIRST: KeysetOrder = [["createdAt", "desc"], ["id", "desc"]];
const MOST_REMIXED: KeysetOrder = [["remixCount", "desc"], ["createdAt", "desc"], ["id", "desc"]];

export function createLineage(prisma: PrismaClient) {
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
  return {
    forest(filter: LineageFilter, search: string | null | undefined, query: AgentQuery = {}) {
      return page(query, OLDEST_FIRST, lineageWhere(filter, search));
    },


    /** Parent first, then its parent, up to the origin: one recursive SQL statement. */
    async ancestorIds(agentId: string): Promise<string[]> {
      const rows = await prisma.$queryRaw<{ id: string }[]>`
        WITH RECURSIVE chain (id, parent_agent_id, depth) AS (
          SELECT id, parent_agent_id, 0 FROM agents WHERE id = ${agentId}::uuid
          UNION ALL
          SELECT a.id, a.parent_agent_id, c.depth + 1
          FROM agents a JOIN chain c ON a.id = c.parent_agent_id
          WHERE c.depth < ${MAX_ANCESTRY}
        )
        SELECT id::text AS id FROM chain WHERE depth > 0 ORDER BY depth`;
      return rows.map((row) => row.id);
    },

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
