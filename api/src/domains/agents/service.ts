// The rules for reading agents, shared by GraphQL, REST and subscriptions.
import type { Prisma, PrismaClient } from "../../../generated/prisma/client.ts";
import { keysetArgs, keysetOrderBy, type ConnectionQuery, type KeysetOrder } from "../../db/keyset.ts";
import { likeLiteral } from "../../db/text.ts";
import { isUuid } from "../../db/ids.ts";

export const AGENT_SORTS = ["newest", "oldest", "name", "type"] as const;
export type AgentSort = (typeof AGENT_SORTS)[number];

export type AgentFilter = {
  /** Case-insensitive match anywhere in the name. */
  search?: string | null | undefined;
  type?: string | null | undefined;
  includeArchived?: boolean | null | undefined;
  sort?: AgentSort | null | undefined;
};

/** What a GraphQL selection or a REST page adds to a query: selection and pagination. */
export type AgentQuery = ConnectionQuery & Pick<Prisma.AgentFindManyArgs, "include" | "select" | "take">;

export function agentWhere(filter: AgentFilter): Prisma.AgentWhereInput {
  const search = filter.search?.trim();
  return {
    ...(filter.includeArchived ? {} : { archived: false }),
    ...(search ? { name: { contains: likeLiteral(search), mode: "insensitive" } } : {}),
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
  return {
    async list(filter: AgentFilter, query: AgentQuery = {}) {
      const args = await keysetArgs(query, AGENT_ORDERS[filter.sort ?? "newest"], agentWhere(filter), anchorAgent);
      return prisma.agent.findMany(args as Prisma.AgentFindManyArgs);
    },

    /** The distinct types present among visible agents, for the listing's type filter. */
    async types(includeArchived = false): Promise<string[]> {
      const rows = await prisma.agent.findMany({
        where: includeArchived ? {} : { archived: false },
        distinct: ["type"],
        select: { type: true },
        orderBy: { type: "asc" },
      });
      return rows.map((row) => row.type);
    },

    /** An agent by id, then username, then exact name (case-insensitive, oldest first). */
    async findByRef<Q extends Pick<Prisma.AgentFindFirstArgs, "include" | "select">>(ref: string, query?: Q) {
      const key = ref.trim();
      // No agent is called by nothing, and none by a name PostgreSQL text could not hold.
      if (!key || key.includes("\0")) return null;
      if (isUuid(key)) {
        const byId = await prisma.agent.findUnique({ ...query, where: { id: key } });
        if (byId) return byId;
      }
      const byUsername = await prisma.agent.findUnique({ ...query, where: { username: key.toLowerCase() } });
      if (byUsername) return byUsername;
      return prisma.agent.findFirst({
        ...query,
        where: { name: { equals: likeLiteral(key), mode: "insensitive" } },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      });
    },
  };
}
