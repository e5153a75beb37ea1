// The rules for reading agents, shared by GraphQL, REST and subscriptions.
import { Prisma, type PrismaClient } from "../../../generated/prisma/client.ts";
import { keysetFind, keysetOrderBy, type ConnectionQuery, type KeysetOrder } from "../../db/keyset.ts";
import { likeLiteral } from "../../db/text.ts";
import { isUuid } from "../../db/ids.ts";

export const AGENT_SORTS = ["newest", "oldest", "name", "type"] as const;
export type AgentSort = (typeof AGENT_SORTS)[number];

export type AgentFilter = {
  /** Case-insensitive: anywhere in the name, or at its start for a short term (nameSearch). */
  search?: string | null | undefined;
  type?: string | null | undefined;
  includeArchived?: boolean | null | undefined;
  sort?: AgentSort | null | undefined;
};

/** What a GraphQL selection or a REST page adds to a query: selection and pagination. */
export type AgentQuery = ConnectionQuery & Pick<Prisma.AgentFindManyArgs, "include" | "select" | "take">;

/**
 * A name search: a term of three characters or more matches anywhere in the name (ILIKE
 * '%term%', which the trigram index answers); a shorter one has no trigram of its own, so it
 * matches the start of the name instead (ILIKE 'te%'), which the same index answers from the
 * trigrams that begin a word, or the listing's own index until a page of matches is found.
 */
export function nameSearch(search: string | null | undefined): Prisma.AgentWhereInput {
  const term = search?.trim();
  if (!term) return {};
  if (isWordless(term)) return { nameKey: term.toLowerCase() };
  const literal = likeLiteral(term);
  return [...term].length >= SEARCH_ANYWHERE_FROM
    ? { name: { contains: literal, mode: "insensitive" } }
    : { name: { startsWith: literal, mode: "insensitive" } };
}

/** Characters a search term needs to match anywhere in a name (a trigram's length). */
export const SEARCH_ANYWHERE_FROM = 3;

/**
 * A term with no letter or digit ('...', '!!!') has no trigram, so no index could answer it
 * anywhere in a name and the listing would be read to its end: it matches a whole name instead
 * (by the name-order index; the key of a name without letters is the name itself).
 */
export function isWordless(term: string): boolean {
  return !/[\p{L}\p{N}]/u.test(term);
}

/** The same rule as nameSearch, as SQL over the agents table aliased `alias`. */
export function nameMatchSql(term: string, alias: string): Prisma.Sql {
  const table = Prisma.raw(alias);
  if (isWordless(term)) return Prisma.sql`${table}.name_key = ${term.toLowerCase()}`;
  const literal = likeLiteral(term);
  return Prisma.sql`${table}.name ILIKE ${[...term].length >= SEARCH_ANYWHERE_FROM ? `%${literal}%` : `${literal}%`}`;
}

export function agentWhere(filter: AgentFilter): Prisma.AgentWhereInput {
  return {
    ...(filter.includeArchived ? {} : { archived: false }),
    ...nameSearch(filter.search),
    ...(filter.type ? { type: filter.type } : {}),
  };
}

/** Every order ends on id, so that it is total and a page can start right after any row. */
export const AGENT_ORDERS: Record<AgentSort, KeysetOrder> = {
  newest: [["createdAt", "desc"], ["id", "desc"]],
  oldest: [["createdAt", "asc"], ["id", "asc"]],
  name: [["nameKey", "asc"], ["id", "asc"]],
  type: [["type", "asc"], ["createdAt", "desc"], ["id", "desc"]],
};

export function agentOrder(sort: AgentSort = "newest"): Prisma.AgentOrderByWithRelationInput[] {
  return keysetOrderBy(AGENT_ORDERS[sort]);
}

export function createAgentReader(prisma: PrismaClient) {
  const anchorAgent = (id: string, select: Record<string, true>) => prisma.agent.findUnique({ where: { id }, select });
  const page = (query: AgentQuery, order: KeysetOrder, where: Prisma.AgentWhereInput) =>
    keysetFind(query, order, where, anchorAgent, (args) => prisma.agent.findMany(args as Prisma.AgentFindManyArgs));
  return {
    list(filter: AgentFilter, query: AgentQuery = {}) {
      return page(query, AGENT_ORDERS[filter.sort ?? "newest"], agentWhere(filter));
    },

    /**
     * The distinct types present among visible agents (or all), for the listing's type filter.
     * A loose index scan: one index probe per type (the next type after the last one found),
     * so a handful of types cost a handful of probes however many agents there are.
     */
    async types(includeArchived = false): Promise<string[]> {
      const rows = includeArchived
        ? await prisma.$queryRaw<{ type: string }[]>`
            WITH RECURSIVE found (type) AS (
              (SELECT type FROM agents ORDER BY type LIMIT 1)
              UNION ALL
              SELECT (SELECT a.type FROM agents a WHERE a.type > found.type ORDER BY a.type LIMIT 1)
              FROM found WHERE found.type IS NOT NULL
            )
            SELECT type FROM found WHERE type IS NOT NULL`
        : await prisma.$queryRaw<{ type: string }[]>`
            WITH RECURSIVE found (type) AS (
              (SELECT type FROM agents WHERE NOT archived ORDER BY type LIMIT 1)
              UNION ALL
              SELECT (SELECT a.type FROM agents a WHERE NOT a.archived AND a.type > found.type ORDER BY a.type LIMIT 1)
              FROM found WHERE found.type IS NOT NULL
            )
            SELECT type FROM found WHERE type IS NOT NULL`;
      return rows.map((row) => row.type);
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
