// Agents in the graph: the Agent node, its essence types, and the agents connection.
import { ALTERNATE_GREETINGS_MAX } from "@nomina/shared/agents";
import { SEATS } from "@nomina/shared/enums";
import { TAGS_MAX, tagSchema } from "@nomina/shared/tags";
import { z } from "zod";
import type { Agent, Prisma, Tag } from "../../../generated/prisma/client.ts";
import { builder } from "../../graphql/builder.ts";
import DataLoader from "dataloader";
import type { GraphQLContext } from "../../graphql/context.ts";
import { listMaximum } from "../../graphql/cost.ts";
import { loaderOf } from "../../graphql/loaders.ts";
import { connectionArgs } from "../../graphql/cursors.ts";
import { rawId } from "../../graphql/ids.ts";
import { OUTPUT_TYPES, parseCapabilities, parseOutputs, parsePersona, type Capabilities, type Persona, type SampleOutput } from "./essence.ts";
import { MAX_ANCESTRY } from "./lineage.ts";
import { AGENT_SORTS } from "./service.ts";
import { creatorIdOf } from "./creators.ts";
import { BROADCAST } from "../../graphql/broadcasts.ts";

/**
 * The longest each essence list may be (shared/src/agents.ts refuses longer ones): the cost limit
 * weighs each list at its maximum (graphql/cost.ts), and an answer never holds more, whatever
 * an older row stored.
 */
export const ESSENCE_LISTS = { traits: 12, skills: 12, tools: 12, outputs: 5 } as const;

/** The agent types the listing's filter offers; there are a handful (genesis, forged, remix...). */
const MAX_AGENT_TYPES = 50;

export const ModelSeatEnum = builder.enumType("ModelSeat", {
  description: "The four council seats an agent can be bound to.",
  values: SEATS,
});

const AgentSortEnum = builder.enumType("AgentSort", {
  values: Object.fromEntries(AGENT_SORTS.map((sort) => [sort.toUpperCase(), { value: sort }])) as {
    [K in (typeof AGENT_SORTS)[number] as Uppercase<K>]: { value: K };
  },
});

const OutputTypeEnum = builder.enumType("OutputType", { values: OUTPUT_TYPES });

const PersonaRef = builder.objectRef<Persona>("AgentPersona").implement({
  fields: (t) => ({
    traits: t.stringList({ extensions: listMaximum(ESSENCE_LISTS.traits), resolve: (persona) => persona.traits.slice(0, ESSENCE_LISTS.traits) }),
    tone: t.exposeString("tone", { nullable: true }),
    behavior: t.exposeString("behavior", { nullable: true }),
  }),
});

const CapabilitiesRef = builder.objectRef<Capabilities>("AgentCapabilities").implement({
  fields: (t) => ({
    skills: t.stringList({ extensions: listMaximum(ESSENCE_LISTS.skills), resolve: (caps) => caps.skills.slice(0, ESSENCE_LISTS.skills) }),
    tools: t.stringList({ extensions: listMaximum(ESSENCE_LISTS.tools), resolve: (caps) => caps.tools.slice(0, ESSENCE_LISTS.tools) }),
    limitations: t.exposeString("limitations", { nullable: true }),
  }),
});

const SampleOutputRef = builder.objectRef<SampleOutput>("AgentSampleOutput").implement({
  fields: (t) => ({
    type: t.expose("type", { type: OutputTypeEnum }),
    content: t.exposeString("content"),
    quality: t.exposeInt("quality", { nullable: true, description: "1 to 5, when rated." }),
  }),
});

export { PersonaRef, CapabilitiesRef, SampleOutputRef, OutputTypeEnum };

const ancestorIdsLoader = (ctx: GraphQLContext) =>
  loaderOf(
    ctx,
    "agent.ancestorIds",
    () =>
      new DataLoader<string, string[]>(async (ids) => {
        const chains = await ctx.services.lineage.ancestorIdsOf(ids);
        return ids.map((id) => chains.get(id) ?? []);
      }),
  );

/** Agents by id, read with one selection (what the operation asks of them), a batch at a time. */
const agentsLoader = (ctx: GraphQLContext, query: object) =>
  loaderOf(
    ctx,
    `agent.byId ${JSON.stringify(query)}`,
    () =>
      new DataLoader<string, Agent | null>(async (ids) => {
        const rows = await ctx.prisma.agent.findMany({ ...(query as Pick<Prisma.AgentFindManyArgs, "select" | "include">), where: { id: { in: [...ids] } } });
        const byId = new Map(rows.map((row) => [row.id, row]));
        return ids.map((id) => byId.get(id) ?? null);
      }),
  );

// The Named's two filters, the types present and the most carried tags, are two root fields
// (`agentTypes` below, `tags` in tags.graphql.ts). Asked together, as the listing asks them on
// every first load, they are read in one statement (service.ts `typesAndTopTags`): each statement
// costs the server about as much again as the little these read. Asked alone, each is read as before.
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
const agentTypesOf = (ctx: GraphQLContext, includeArchived: boolean) => filtersLoader(ctx).load(`types:${includeArchived}`) as Promise<string[]>;

/** The first `take` visible tags, the most carried first. */
export const topTagsOf = (ctx: GraphQLContext, take: number) => filtersLoader(ctx).load(`tags:${take}`) as Promise<Tag[]>;

export const AgentNode = builder.prismaNode("Agent", {
  nullable: true,
  id: { field: "id" },
  // Select mode: an operation reads the columns its fields ask for, not the whole row (an
  // avatar URL can be 20 KB, the essence's JSON more): each field below selects its own. The
  // few short columns nearly every view of an agent reads are loaded with every agent instead,
  // and their fields read the row directly: a field that selects its own column looks up its
  // plan for every row it resolves, which was a seventh of The Named's CPU.
  select: {
    id: true,
    name: true,
    username: true,
    glyph: true,
    apiModel: true,
    type: true,
    createdBy: true,
    creatorId: true,
    tags: true,
    archived: true,
    createdAt: true,
  },
  fields: (t) => ({
    rawId: t.string({ description: "The id used in URLs and the REST API.", resolve: (agent) => agent.id }),
    name: t.string({ resolve: (agent) => agent.name }),
    username: t.string({ resolve: (agent) => agent.username }),
    glyph: t.string({ resolve: (agent) => agent.glyph }),
    personality: t.exposeString("personality"),
    apiModel: t.field({ type: ModelSeatEnum, resolve: (agent) => agent.apiModel }),
    type: t.string({ resolve: (agent) => agent.type }),
    category: t.exposeString("category", { nullable: true }),
    description: t.exposeString("description", { nullable: true }),
    avatar: t.exposeString("avatar", { nullable: true }),
    avatarUrl: t.exposeString("avatarUrl", { nullable: true }),
    creationRitual: t.exposeString("creationRitual", { nullable: true }),
    createdBy: t.string({ resolve: (agent) => agent.createdBy }),
    creatorRawId: t.string({
      nullable: true,
      description: "Its creator's account id, for /creators/{id}: null for an agent made by a visitor, a genesis agent, or one credited to anonymous.",
      resolve: (agent) => creatorIdOf(agent),
    }),
    persona: t.field({
      type: PersonaRef,
      nullable: true,
      select: { persona: true },
      resolve: (agent) => parsePersona(agent.persona),
    }),
    capabilities: t.field({
      type: CapabilitiesRef,
      nullable: true,
      select: { capabilities: true },
      resolve: (agent) => parseCapabilities(agent.capabilities),
    }),
    outputs: t.field({
      type: [SampleOutputRef],
      select: { outputs: true },
      extensions: listMaximum(ESSENCE_LISTS.outputs),
      resolve: (agent) => parseOutputs(agent.outputs).slice(0, ESSENCE_LISTS.outputs),
    }),
    greeting: t.exposeString("greeting", { nullable: true, description: "How the agent opens a new thread, in its own voice." }),
    alternateGreetings: t.exposeStringList("alternateGreetings", {
      description: `Other openings a visitor may swipe to before answering (at most ${ALTERNATE_GREETINGS_MAX}).`,
      extensions: listMaximum(ALTERNATE_GREETINGS_MAX),
    }),
    tags: t.field({
      type: ["String"],
      description: `What its creator says it is for: normalised tags (lower case, words joined by '-'), at most ${TAGS_MAX}.`,
      extensions: listMaximum(TAGS_MAX),
      resolve: (agent) => agent.tags.slice(0, TAGS_MAX),
    }),
    remixOf: t.exposeString("remixOf", { nullable: true }),
    remixType: t.exposeString("remixType", { nullable: true }),
    remixNote: t.exposeString("remixNote", { nullable: true }),
    remixCount: t.exposeInt("remixCount"),
    parent: t.relation("parent", { nullable: true }),
    origin: t.relation("origin", { nullable: true }),
    // A related connection, so a page of agents reads its children in the same SQL statement.
    // Newest first by id alone (ids are time-ordered UUIDv7): with one unique sort key, Prisma's
    // cursor is the range `id <= anchor` on the (parent_agent_id, id) index, so a later page
    // starts at its anchor instead of reading the parent's remixes before it.
    children: t.relatedConnection(
      "children",
      {
        cursor: "id",
        validate: connectionArgs,
        query: { orderBy: { id: "desc" } },
        description: "Its remixes, newest first. Not available inside itself: a deeper generation is asked for from its own agents.",
        extensions: listMaximum(100, { notWithinItself: true }),
      },
      { name: "AgentChildConnection" },
      { name: "AgentChildEdge" },
    ),
    ancestors: t.prismaField({
      type: ["Agent"],
      description: `The parent, its parent, and so on up to the origin (${MAX_ANCESTRY} at most). Not available inside itself: each agent's ancestors are already the rest of the chain.`,
      extensions: listMaximum(MAX_ANCESTRY, { notWithinItself: true }),
      // Every agent of a page asks together: one statement for the chains, one for their agents.
      resolve: async (query, agent, _args, ctx) => {
        const agents = agentsLoader(ctx, query);
        const ids = await ancestorIdsLoader(ctx).load(agent.id);
        const rows = ids.length === 0 ? [] : await agents.loadMany(ids);
        return rows.filter((row): row is Agent => row !== null && !(row instanceof Error));
      },
    }),
    nominationCount: t.exposeInt("nominationCount", { description: "Nominations for the Council (kept with each one)." }),
    whisperCount: t.exposeInt("whisperCount", { description: "Answers it has given (kept with each one)." }),
    councilMember: t.relation("councilMember", { nullable: true, description: "Set once the agent has ascended." }),
    isActive: t.exposeBoolean("isActive"),
    archived: t.boolean({ resolve: (agent) => agent.archived }),
    createdAt: t.field({ type: "DateTime", resolve: (agent) => agent.createdAt }),
  }),
});

/** One connection type for every list of agents, so clients share one shape. */
export const AgentConnection = builder.connectionObject({ type: AgentNode, name: "AgentConnection" }, { name: "AgentEdge" });

builder.queryFields((t) => ({
  agent: t.prismaField({
    type: "Agent",
    nullable: true,
    description: "An agent by id, username or exact name.",
    args: { ref: t.arg.string({ required: true, validate: z.string().max(200, "Agent reference is too long") }) },
    resolve: (query, _root, args, ctx) => ctx.services.agents.findByRef(rawId("Agent", args.ref), query),
  }),
  agents: t.prismaConnection(
    {
      type: "Agent",
      cursor: "id",
      validate: connectionArgs,
      description:
        "Agents of the network, newest first unless sorted otherwise. A search finds agents by what they are: their name, traits, skills, tags, description and behaviour (English words, the last one a prefix), or a name like it (a typo); it lists the best matches first unless sorted otherwise. A tag lists the agents carrying it (with a search too).",
      args: {
        search: t.arg.string({ required: false, validate: z.string().max(100, "Search is too long") }),
        type: t.arg.string({ required: false, validate: z.string().max(40, "Type is too long") }),
        tag: t.arg.string({
          required: false,
          description: "Only agents carrying this tag (normalised as tags are: 'Creative Writing' is creative-writing).",
          validate: tagSchema.nullish(),
        }),
        sort: t.arg({
          type: AgentSortEnum,
          required: false,
          description:
            "NEWEST when not given, RELEVANCE with a search. RELEVANCE ranks the newest 500 matches by their words and the newest 500 by name (all of them when fewer match); NEWEST, OLDEST, NAME and TYPE page through every match.",
        }),
        includeArchived: t.arg.boolean({ required: false, defaultValue: false }),
      },
      resolve: (query, _root, args, ctx) => ctx.services.agents.list(args, query),
    },
    AgentConnection,
  ),
  agentTypes: t.stringList({
    description: "The agent types present in the network, for the listing's filter.",
    args: { includeArchived: t.arg.boolean({ required: false, defaultValue: false }) },
    extensions: listMaximum(MAX_AGENT_TYPES),
    resolve: async (_root, args, ctx) => (await agentTypesOf(ctx, args.includeArchived ?? false)).slice(0, MAX_AGENT_TYPES),
  }),
}));

// Live feeds for Witnessing. Events travel as JSON (dates as ISO strings); the DateTime scalar
// serialises both forms, and relations (parent, councilMember...) are loaded per event.
builder.subscriptionFields((t) => ({
  agentForged: t.field({
    type: AgentNode,
    description: "Every agent forged from now on.",
    subscribe: (_root, _args, ctx) => ctx.bus.subscribe("agentForged"),
    ...BROADCAST,
    resolve: (event) => event as unknown as Agent,
  }),
  agentRemixed: t.field({
    type: AgentNode,
    description: "Every remix from now on: the new agent, its parent reached through `parent`.",
    subscribe: (_root, _args, ctx) => ctx.bus.subscribe("agentRemixed"),
    ...BROADCAST,
    resolve: (event) => event as unknown as Agent,
  }),
}));
