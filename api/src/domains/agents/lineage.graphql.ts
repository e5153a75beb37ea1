// Lineage in the graph: the Ancestry Map's lineages and focus trees, the remix feed, the Evolution Gate.
import { z } from "zod";
import type { Agent, Prisma } from "../../../generated/prisma/client.ts";
import { builder } from "../../graphql/builder.ts";
import type { GraphQLContext } from "../../graphql/context.ts";
import { listMaximum } from "../../graphql/cost.ts";
import { connectionArgs } from "../../graphql/cursors.ts";
import { rawId } from "../../graphql/ids.ts";
import { AgentConnection, AgentNode } from "./graphql.ts";
import { FOCUS_BOUNDS, LINEAGE_FILTERS, MAX_ANCESTRY, TREE_SEEDS, type AgentTree, type Drawing, type EvolutionStats } from "./lineage.ts";

const LineageFilterEnum = builder.enumType("LineageFilter", {
  values: Object.fromEntries(LINEAGE_FILTERS.map((filter) => [filter.toUpperCase(), { value: filter }])) as {
    [K in (typeof LINEAGE_FILTERS)[number] as Uppercase<K>]: { value: K };
  },
});

/**
 * The most agents a lineage draws: its origin and, for each of its TREE_SEEDS seeds, a chain of at
 * most MAX_ANCESTRY agents up to it. A deeper chain is cut (the drawing keeps its oldest part).
 */
export const LINEAGE_AGENTS_MAX = 1 + TREE_SEEDS * MAX_ANCESTRY;

/** The most agents a focus tree holds: its ancestors, itself, and its bounded descendants. */
export const TREE_AGENTS_MAX = MAX_ANCESTRY + 1 + FOCUS_BOUNDS.agents;

/** The filter and search a page of lineages was read with, for the trees drawn below them. */
const drawings = new WeakMap<object, Drawing>();

/** A tree asked for by one lineage of a page, answered with its siblings'. */
type TreeRequest = { originId: string; drawing: Drawing; query: object; resolve: (agents: Agent[]) => void; reject: (error: unknown) => void };
const pendingTrees = new WeakMap<GraphQLContext, TreeRequest[]>();

/**
 * The trees of a page of lineages, read together once every lineage of the page has asked:
 * one statement for which agents each draws (lineage.lineageTrees), one for the agents.
 */
function loadTree(ctx: GraphQLContext, request: Omit<TreeRequest, "resolve" | "reject">): Promise<Agent[]> {
  return new Promise((resolve, reject) => {
    let queue = pendingTrees.get(ctx);
    if (!queue) {
      const batch: TreeRequest[] = [];
      queue = batch;
      pendingTrees.set(ctx, batch);
      setImmediate(() => {
        pendingTrees.delete(ctx);
        readTrees(ctx, batch).catch((error: unknown) => batch.forEach((pending) => pending.reject(error)));
      });
    }
    queue.push({ ...request, resolve, reject });
  });
}

async function readTrees(ctx: GraphQLContext, batch: TreeRequest[]) {
  const groups = new Map<string, TreeRequest[]>();
  for (const request of batch) {
    const key = JSON.stringify([request.drawing, request.query]);
    groups.set(key, [...(groups.get(key) ?? []), request]);
  }
  for (const group of groups.values()) {
    const [{ drawing, query }] = group as [TreeRequest];
    const trees = await ctx.services.lineage.lineageTrees([...new Set(group.map((request) => request.originId))], drawing);
    const ids = [...trees].flatMap(([originId, below]) => [originId, ...below]);
    const agents = await ctx.prisma.agent.findMany({ ...(query as Pick<Prisma.AgentFindManyArgs, "select" | "include">), where: { id: { in: ids } } });
    const byId = new Map(agents.map((agent) => [agent.id, agent]));
    for (const request of group) {
      request.resolve([request.originId, ...(trees.get(request.originId) ?? [])].flatMap((id) => byId.get(id) ?? []));
    }
  }
}

/** One lineage of the Ancestry Map: an origin, and the part of its tree drawn with it. */
const Lineage = builder.prismaObject("Agent", {
  variant: "Lineage",
  select: { id: true },
  fields: (t) => ({
    origin: t.variant(AgentNode),
    activeAt: t.field({
      type: "DateTime",
      description: "When the lineage last grew: the origin's forging or the latest remix below it.",
      select: { lineageActiveAt: true, createdAt: true },
      resolve: (origin) => origin.lineageActiveAt ?? origin.createdAt,
    }),
    agents: t.prismaField({
      type: ["Agent"],
      description: `The origin first, then the agents drawn below it, parents before children: its ${TREE_SEEDS} newest descendants (with a search, the newest that match) and every agent between them and the origin; none under the ANCESTORS filter. An agent's remixCount above the children drawn tells what the tree leaves out.`,
      extensions: listMaximum(LINEAGE_AGENTS_MAX),
      resolve: async (query, origin, _args, ctx) =>
        (await loadTree(ctx, { originId: origin.id, drawing: drawings.get(origin) ?? { filter: "all", search: null }, query })).slice(0, LINEAGE_AGENTS_MAX),
    }),
  }),
});

/** One agent's tree in focus. */
const AgentTreeRef = builder.objectRef<AgentTree & { focusId: string }>("AgentTree").implement({
  fields: (t) => ({
    focus: t.prismaField({
      type: "Agent",
      resolve: async (query, tree, _args, ctx) => ctx.prisma.agent.findUniqueOrThrow({ ...query, where: { id: tree.focusId } }),
    }),
    agents: t.prismaField({
      type: ["Agent"],
      description: "Its ancestors (the origin first), the agent itself, then its descendants breadth first, newest remixes first.",
      extensions: listMaximum(TREE_AGENTS_MAX),
      resolve: async (query, tree, _args, ctx) => {
        const ids = [...tree.ancestorIds, tree.focusId, ...tree.descendantIds];
        const rows = await ctx.prisma.agent.findMany({ ...query, where: { id: { in: ids } } });
        const byId = new Map(rows.map((row) => [row.id, row]));
        return ids.flatMap((id) => byId.get(id) ?? []).slice(0, TREE_AGENTS_MAX);
      },
    }),
    truncated: t.boolean({
      description: "More descendants lie beyond the bound than are drawn.",
      resolve: (tree) => tree.descendantIds.length > FOCUS_BOUNDS.agents,
    }),
  }),
});

/** One remix: the child agent seen as an event in the feed. */
const RemixEvent = builder.prismaObject("Agent", {
  variant: "RemixEvent",
  select: { id: true },
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
  lineages: t.prismaConnection(
    {
      type: Lineage,
      cursor: "id",
      validate: connectionArgs,
      description:
        "The Ancestry Map's lineages, most recently active first (an origin's forging or the latest remix below it). A search finds lineages by any member's name, anywhere in history.",
      defaultSize: 10,
      maxSize: 50,
      extensions: listMaximum(50, { defaultItems: 10 }),
      args: {
        filter: t.arg({ type: LineageFilterEnum, required: false, defaultValue: "all" }),
        search: t.arg.string({ required: false, validate: z.string().max(100, "Search is too long") }),
      },
      resolve: async (query, _root, args, ctx) => {
        const drawing: Drawing = { filter: args.filter ?? "all", search: args.search ?? null };
        const origins = await ctx.services.lineage.lineages(drawing.filter, drawing.search, query);
        for (const origin of origins) drawings.set(origin, drawing);
        return origins;
      },
    },
    { name: "LineageConnection" },
    { name: "LineageEdge" },
  ),
  agentTree: t.field({
    type: AgentTreeRef,
    nullable: true,
    description: `One agent's whole tree for the map's focus: its ancestors and its descendants (the ${FOCUS_BOUNDS.childrenEach} newest remixes of each, ${FOCUS_BOUNDS.depth} generations down, ${FOCUS_BOUNDS.agents} at most). Null when no agent has this id.`,
    args: { agentId: t.arg.id({ required: true, validate: z.string().max(200, "Agent id is too long") }) },
    resolve: async (_root, args, ctx) => {
      const focusId = rawId("Agent", String(args.agentId));
      const tree = await ctx.services.lineage.agentTree(focusId);
      return tree && { focusId, ...tree };
    },
  }),
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
