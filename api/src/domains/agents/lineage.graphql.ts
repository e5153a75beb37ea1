// Lineage in the graph: the Ancestry Map's forest, the remix feed, the Evolution Gate.
import { builder } from "../../graphql/builder.ts";
import { connectionArgs } from "../../graphql/cursors.ts";
import { AgentConnection, AgentNode } from "./graphql.ts";
import { LINEAGE_FILTERS, type EvolutionStats } from "./lineage.ts";

const LineageFilterEnum = builder.enumType("LineageFilter", {
  values: Object.fromEntries(LINEAGE_FILTERS.map((filter) => [filter.toUpperCase(), { value: filter }])) as {
    [K in (typeof LINEAGE_FILTERS)[number] as Uppercase<K>]: { value: K };
  },
});

/** One remix: the child agent seen as an event in the feed. */
const RemixEvent = builder.prismaObject("Agent", {
  variant: "RemixEvent",
  fields: (t) => ({
    childAgent: t.variant(AgentNode),
    parentAgent: t.relation("parent", { nullable: true }),
    remixedAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

const EvolutionStatsRef = builder.objectRef<EvolutionStats>("EvolutionStats").implement({
  fields: (t) => ({
    totalAgents: t.exposeInt("totalAgents"),
    totalRemixes: t.exposeInt("totalRemixes"),
    activeLineages: t.exposeInt("activeLineages", { description: "Origins with at least one remix." }),
  }),
});

builder.queryFields((t) => ({
  lineage: t.prismaConnection(
    {
      type: "Agent",
      cursor: "id",
      validate: connectionArgs,
      description: "Agents for the Ancestry Map, oldest first, each with its parent.",
      defaultSize: 200,
      maxSize: 500,
      args: {
        filter: t.arg({ type: LineageFilterEnum, required: false, defaultValue: "all" }),
        search: t.arg.string({ required: false }),
      },
      resolve: (query, _root, args, ctx) => ctx.services.lineage.forest(args.filter ?? "all", args.search, query),
    },
    AgentConnection,
  ),
  remixActivity: t.prismaConnection(
    {
      type: RemixEvent,
      cursor: "id",
      validate: connectionArgs,
      description: "Recent evolution activity, newest first.",
      resolve: (query, _root, _args, ctx) => ctx.services.lineage.remixes(query),
    },
    { name: "RemixEventConnection" },
    { name: "RemixEventEdge" },
  ),
  topRemixedAgents: t.prismaConnection(
    {
      type: "Agent",
      cursor: "id",
      validate: connectionArgs,
      description: "The most remixed agents (the Evolution Gate shows 6).",
      defaultSize: 6,
      resolve: (query, _root, _args, ctx) => ctx.services.lineage.topRemixed(query),
    },
    AgentConnection,
  ),
  evolutionStats: t.field({
    type: EvolutionStatsRef,
    resolve: (_root, _args, ctx) => ctx.services.lineage.stats(),
  }),
}));
