// Tags (issue #30 item 2): each tag with the number of visible agents carrying it and the number
// of distinct actors who made them, kept by the triggers of the migration
// 20261202110000_distinct_actors (never counted when read). Listed by makers first, so that one
// visitor's twenty-five agents are one maker's tag (#42 item 5), then by agents, then by name,
// keyset-paginated on the (actor_count DESC, agent_count DESC, name) index: the listing's filter
// offers the first few, the curator console pages through them all.
import type { Prisma, PrismaClient } from "../../../generated/prisma/client.ts";
import { keysetFind, type ConnectionQuery, type KeysetOrder } from "../../db/keyset.ts";

export const TAG_ORDER: KeysetOrder = [
  ["actorCount", "desc"],
  ["agentCount", "desc"],
  ["name", "asc"],
];

/** A page as Pothos asks it of a connection whose cursor is the tag's name. */
export type TagQuery = Omit<ConnectionQuery, "cursor"> & { cursor?: { name?: unknown } } & Pick<Prisma.TagFindManyArgs, "select" | "take">;

export function createTagReader({ prisma }: { prisma: PrismaClient }) {
  return {
    /** Tags by how many makers' visible agents carry them; `includeEmpty` adds those none carries (a curator's to merge or remove). */
    list(includeEmpty: boolean, query: TagQuery = {}) {
      const { cursor, ...page } = query;
      const where: Prisma.TagWhereInput = includeEmpty ? {} : { actorCount: { gt: 0 } };
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
