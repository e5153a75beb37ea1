// The rules for reading agents, shared by GraphQL, REST and subscriptions.
import { Prisma, type PrismaClient, type Tag } from "../../../generated/prisma/client.ts";
import { keysetFind, keysetOrderBy, type ConnectionQuery, type KeysetOrder } from "../../db/keyset.ts";
import { likeLiteral } from "../../db/text.ts";
import { isUuid } from "../../db/ids.ts";
import { createAgentSearch, rankable, resolveAgentSearch } from "./search.ts";

/**
 * relevance: with a search, the best matches first (agents/search.ts); without one, the newest.
 * trending: the most activity over the last 7 days; popular: over all time (agents/activity.ts).
 */
export const AGENT_SORTS = ["newest", "oldest", "name", "type", "relevance", "trending", "popular"] as const;
export type AgentSort = (typeof AGENT_SORTS)[number];
/** The orders a listing can keep without a search. */
export type AgentOrder = Exclude<AgentSort, "relevance">;

export type AgentFilter = {
  /** What agents are: their words (name, traits, skills, description, behaviour) or a name like it (agents/search.ts). */
  search?: string | null | undefined;
  type?: string | null | undefined;
  /** One tag, normalised (shared/src/tags.ts): the agents carrying it, through the tags' GIN index. */
  tag?: string | null | undefined;
  includeArchived?: boolean | null | undefined;
  sort?: AgentSort | null | undefined;
};

/** What a GraphQL selection or a REST page adds to a query: selection and pagination. */
export type AgentQuery = ConnectionQuery & Pick<Prisma.AgentFindManyArgs, "include" | "select" | "take">;

/** The listing without a search (a search is read by agents/search.ts). */
export function agentWhere(filter: Omit<AgentFilter, "search">): Prisma.AgentWhereInput {
  return {
    ...(filter.includeArchived ? {} : { archived: false }),
    ...(filter.type ? { type: filter.type } : {}),
    ...(filter.tag ? { tags: { has: filter.tag } } : {}),
  };
}

/** Every order ends on id, so that it is total and a page can start right after any row. */
export const AGENT_ORDERS: Record<AgentOrder, KeysetOrder> = {
  newest: [
    ["createdAt", "desc"],
    ["id", "desc"],
  ],
  oldest: [
    ["createdAt", "asc"],
    ["id", "asc"],
  ],
  name: [
    ["nameKey", "asc"],
    ["id", "asc"],
  ],
  type: [
    ["type", "asc"],
    ["createdAt", "desc"],
    ["id", "desc"],
  ],
  trending: [
    ["trendScore", "desc"],
    ["id", "desc"],
  ],
  popular: [
    ["activityTotal", "desc"],
    ["id", "desc"],
  ],
};

export function agentOrder(sort: AgentOrder = "newest"): Prisma.AgentOrderByWithRelationInput[] {
  return keysetOrderBy(AGENT_ORDERS[sort]);
}

/** The walk `types` makes (the next type after the last one found), as a CTE named `found`. */
function typesFound(includeArchived: boolean): Prisma.Sql {
  return includeArchived
    ? Prisma.sql`
        WITH RECURSIVE found (type) AS (
          (SELECT type FROM agents ORDER BY type LIMIT 1)
          UNION ALL
          SELECT (SELECT a.type FROM agents a WHERE a.type > found.type ORDER BY a.type LIMIT 1)
          FROM found WHERE found.type IS NOT NULL
        )`
    : Prisma.sql`
        WITH RECURSIVE found (type) AS (
          (SELECT type FROM agents WHERE NOT archived ORDER BY type LIMIT 1)
          UNION ALL
          SELECT (SELECT a.type FROM agents a WHERE NOT a.archived AND a.type > found.type ORDER BY a.type LIMIT 1)
          FROM found WHERE found.type IS NOT NULL
        )`;
}

export function createAgentReader({ prisma }: { prisma: PrismaClient }) {
  const anchorAgent = (id: string, select: Record<string, true>) => prisma.agent.findUnique({ where: { id }, select });
  const page = (query: AgentQuery, order: KeysetOrder, where: Prisma.AgentWhereInput) =>
    keysetFind(query, order, where, anchorAgent, (args) => prisma.agent.findMany(args as Prisma.AgentFindManyArgs));
  const search = createAgentSearch(prisma);
  return {
    /** A page of the listing; with a search, its matches (by relevance unless sorted otherwise). */
    async list(filter: AgentFilter, query: AgentQuery = {}) {
      const term = await resolveAgentSearch(prisma, filter.search);
      const sort = filter.sort ?? (term ? "relevance" : "newest");
      if (term && sort === "relevance" && rankable(term)) return search.byRelevance(term, filter, query);
      const order = AGENT_ORDERS[sort === "relevance" ? "newest" : sort];
      if (term) return search.inOrder(term, filter, order, query);
      return page(query, order, agentWhere(filter));
    },

    /**
     * The distinct types present among visible agents (or all), for the listing's type filter.
     * A loose index scan: one index probe per type (the next type after the last one found),
     * so a handful of types cost a handful of probes however many agents there are.
     */
    async types(includeArchived = false): Promise<string[]> {
      const rows = await prisma.$queryRaw<{ type: string }[]>`${typesFound(includeArchived)} SELECT type FROM found WHERE type IS NOT NULL`;
      return rows.map((row) => row.type);
    },

    /**
     * The listing's two filters as it opens, in one statement: the types present (as `types`)
     * and the first `take` tags by the number of distinct makers of the visible agents carrying
     * them (as the tags reader's first page, `TAG_ORDER`). Each statement costs the server about
     * as much again as the little it reads; The Named asks both on every first load.
     */
    async typesAndTopTags(includeArchived: boolean, take: number): Promise<{ types: string[]; tags: Tag[] }> {
      const rows = await prisma.$queryRaw<({ kind: "type"; name: string } | ({ kind: "tag" } & Tag))[]>`
        ${typesFound(includeArchived)}
        SELECT 'type' AS kind, type AS name, NULL::int AS "actorCount", NULL::int AS "agentCount", NULL::timestamptz AS "createdAt" FROM found WHERE type IS NOT NULL
        UNION ALL
        (SELECT 'tag', name, actor_count, agent_count, created_at FROM tags WHERE actor_count > 0 ORDER BY actor_count DESC, agent_count DESC, name LIMIT ${take})
        ORDER BY kind, "actorCount" DESC NULLS LAST, "agentCount" DESC NULLS LAST, name`;
      return {
        types: rows.flatMap((row) => (row.kind === "type" ? [row.name] : [])),
        tags: rows.flatMap((row) =>
          row.kind === "tag" ? [{ name: row.name, actorCount: row.actorCount, agentCount: row.agentCount, createdAt: row.createdAt }] : [],
        ),
      };
    },

    /** An agent by id, then username, then exact name (case-insensitive, oldest first). */
    async findByRef<Q extends Pick<Prisma.AgentFindFirstArgs, "include" | "select">>(ref: string, query?: Q) {
      const key = ref.trim();
      const selection = { ...query };
      // No agent is called by nothing, and none by a name PostgreSQL text could not hold.
      if (!key || key.includes("\0")) return null;
      if (isUuid(key)) {
        const byId = await prisma.agent.findUnique({ ...selection, where: { id: key } });
        if (byId) return byId;
      }
      const byUsername = await prisma.agent.findUnique({ ...selection, where: { username: key.toLowerCase() } });
      if (byUsername) return byUsername;
      return prisma.agent.findFirst({
        ...selection,
        where: { name: { equals: likeLiteral(key), mode: "insensitive" } },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      });
    },
  };
}
export type AgentReader = ReturnType<typeof createAgentReader>;
