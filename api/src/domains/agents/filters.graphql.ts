// The Named's two filters, the types present and the most carried tags, are two root fields
// (`agentTypes`, `tags`). Asked together, as the listing asks them on every first load, they are
// read in one statement (agents/service.ts `typesAndTopTags`): each statement costs the server
// about as much again as the little these read. Asked alone, each is read as before.
import DataLoader from "dataloader";
import type { Tag } from "../../../generated/prisma/client.ts";
import type { GraphQLContext } from "../../graphql/context.ts";
import { loaderOf } from "../../graphql/loaders.ts";

/** `types:<includeArchived>` or `tags:<how many>` (the first page of visible tags). */
type FilterKey = `types:${boolean}` | `tags:${number}`;

const filtersLoader = (ctx: GraphQLContext) =>
  loaderOf(
    ctx,
    "agents.filters",
    () =>
      new DataLoader<FilterKey, string[] | Tag[]>(async (keys) => {
        const types = keys.filter((key) => key.startsWith("types:"));
        const tags = keys.filter((key) => key.startsWith("tags:"));
        if (types.length === 1 && tags.length === 1) {
          const both = await ctx.services.agents.typesAndTopTags(types[0] === "types:true", takeOf(tags[0]!));
          return keys.map((key) => (key.startsWith("types:") ? both.types : both.tags));
        }
        return Promise.all(
          keys.map((key) =>
            key.startsWith("types:") ? ctx.services.agents.types(key === "types:true") : ctx.services.tags.list(false, { take: takeOf(key) }),
          ),
        );
      }),
  );

const takeOf = (key: FilterKey) => Number(key.slice("tags:".length));

/** The agent types present among visible agents (or all). */
export const agentTypesOf = (ctx: GraphQLContext, includeArchived: boolean) => filtersLoader(ctx).load(`types:${includeArchived}`) as Promise<string[]>;

/** The first `take` visible tags, the most carried first. */
export const topTagsOf = (ctx: GraphQLContext, take: number) => filtersLoader(ctx).load(`tags:${take}`) as Promise<Tag[]>;
