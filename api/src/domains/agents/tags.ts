// Tags (issue #30 item 2): each tag with the number of visible agents carrying it, kept by the
// trigger of the migration 20261129100000_agent_tags (never counted when read). Listed the most
// carried first (ties by name), keyset-paginated on the (agent_count DESC, name) index: the
// listing's filter offers the first few, the curator console pages through them all.
import type { Prisma, PrismaClient } from "../../../generated/prisma/client.ts";
import { keysetFind, type ConnectionQuery, type KeysetOrder } from "../../db/keyset.ts";

export const TAG_ORDER: KeysetOrder = [
  ["agentCount", "desc"],
  ["name", "asc"],
];

/** A page as Pothos asks it of a connection whose cursor is the tag's name. */
export type TagQuery = Omit<ConnectionQuery, "cursor"> & { cursor?: { name?: unknown } } & Pick<Prisma.TagFindManyArgs, "select" | "take">;

export function createTagReader({ prisma }: { prisma: PrismaClient }) {
  return {
    /** Tags by how many visible agents carry them; `includeEmpty` adds those none carries (a curator's to merge or remove). */
    list(includeEmpty: boolean, query: TagQuery = {}) {
      const { cursor, ...page } = query;
      const where: Prisma.TagWhereInput = includeEmpty ? {} : { agentCount: { gt: 0 } };
      return keysetFind(
        { ...page, ...(cursor ? { cursor: { id: cursor.name } } : {}) },
        TAG_ORDER,
        where,
        (name, select) => prisma.tag.findUnique({ where: { name }, select }),
        (args) => prisma.tag.findMany(args as Prisma.TagFindManyArgs),
      );
    },

    /** One tag and its count, or null. */
    find(name: string) {
      return prisma.tag.findUnique({ where: { name } });
    },
  };
}

export type TagReader = ReturnType<typeof createTagReader>;
