// Tags in the graph (issue #30 item 2): the Tag node (a tag and the number of visible agents
// carrying it, kept by a trigger) and the tags connection, the most made first (by distinct
// makers, #42 item 5). Agent.tags and
// agents(tag:) are in graphql.ts; a curator's merge and removal in curation/graphql.ts.
import { parsePrismaCursor } from "@pothos/plugin-prisma";
import { tagProblem } from "@nomina/shared/tags";
import { z } from "zod";
import { builder } from "../../graphql/builder.ts";
import { INVALID_CURSOR } from "../../graphql/cursors.ts";
import { topTagsOf } from "./graphql.ts";

/** A tags cursor is a tag's name as Pothos encodes it (graphql/cursors.ts reads row ids alike). */
function isTagCursor(cursor: string): boolean {
  try {
    const key = parsePrismaCursor(cursor);
    return typeof key === "string" && tagProblem(key) === null;
  } catch {
    return false;
  }
}
const tagCursor = z.string().max(200, { message: INVALID_CURSOR, abort: true }).refine(isTagCursor, INVALID_CURSOR).nullish();
const tagConnectionArgs = z.looseObject({ after: tagCursor, before: tagCursor });

/** What Pothos asks for a connection's first page forwards: how many (one more than shown), from the start. */
const isFirstPage = (query: { take: number; skip?: number; cursor?: unknown }): query is { take: number; skip: 0 } =>
  query.take > 0 && !query.skip && query.cursor === undefined && Object.keys(query).every((key) => key === "take" || key === "skip");

export const TagNode = builder.prismaNode("Tag", {
  id: { field: "name" },
  description: "A tag agents carry, normalised (lower case, words joined by '-').",
  fields: (t) => ({
    name: t.exposeString("name"),
    agentCount: t.exposeInt("agentCount", { description: "Visible agents carrying it (kept with each change, never counted when read)." }),
  }),
});

builder.queryField("tags", (t) =>
  t.prismaConnection(
    {
      type: "Tag",
      cursor: "name",
      validate: tagConnectionArgs,
      defaultSize: 20,
      description:
        "Tags by the number of distinct makers (accounts, else addresses) of the visible agents carrying them, the most first; then by the agents carrying them, then by name.",
      args: {
        includeEmpty: t.arg.boolean({
          required: false,
          defaultValue: false,
          description: "Also the tags no visible agent carries (only archived ones, or none since a change).",
        }),
      },
      // The first page of visible tags is read with the listing's types when both are asked (graphql.ts topTagsOf).
      resolve: (query, _root, args, ctx) =>
        !args.includeEmpty && isFirstPage(query) ? topTagsOf(ctx, query.take) : ctx.services.tags.list(args.includeEmpty ?? false, query),
    },
    { name: "TagConnection" },
    { name: "TagEdge" },
  ),
);
