// A creator's tools in the graph: viewer.agents (what I forged or remixed), each agent's versions,
// and updateAgent, archiveMyAgent and restoreMyAgent. Who may change an agent is the agentOwner
// scope (builder.ts), whose rule is the service's (creators.ts): its creator, or a curator;
// genesis agents are curators' alone. The service checks again for REST and any other caller.
import { entityId } from "@nomina/shared/text";
import { z } from "zod";
import type { Agent } from "../../../generated/prisma/client.ts";
import { builder } from "../../graphql/builder.ts";
import { listMaximum } from "../../graphql/cost.ts";
import { connectionArgs } from "../../graphql/cursors.ts";
import { globalIdOf } from "../../graphql/ids.ts";
import { INHERITABLE_FIELDS, MY_AGENT_SORTS, mayChange } from "./creators.ts";
import { parseCapabilities, parseOutputs, parsePersona } from "./essence.ts";
import { AgentNode, CapabilitiesRef, ESSENCE_LISTS, ModelSeatEnum, OutputTypeEnum, PersonaRef, SampleOutputRef } from "./graphql.ts";
import { updateAgentSchema } from "./schemas.ts";
import { creditOf } from "@nomina/shared/accounts";

const MyAgentSortEnum = builder.enumType("MyAgentSort", { values: MY_AGENT_SORTS });
const InheritedFieldEnum = builder.enumType("InheritedField", {
  description: "A part of a remix's essence that may still be its parent's, unchanged.",
  values: Object.fromEntries(INHERITABLE_FIELDS.map((field) => [field.toUpperCase(), { value: field }])) as {
    [K in (typeof INHERITABLE_FIELDS)[number] as Uppercase<K>]: { value: K };
  },
});

export const AgentVersionNode = builder.prismaNode("AgentVersion", {
  id: { field: "id" },
  description: "An agent's essence as one save left it: version 1 as forged, then one per edit.",
  fields: (t) => ({
    version: t.exposeInt("version"),
    name: t.exposeString("name"),
    glyph: t.exposeString("glyph"),
    description: t.exposeString("description", { nullable: true }),
    personality: t.exposeString("personality"),
    apiModel: t.expose("apiModel", { type: ModelSeatEnum }),
    avatarUrl: t.exposeString("avatarUrl", { nullable: true }),
    persona: t.field({ type: PersonaRef, nullable: true, select: { persona: true }, resolve: (row) => parsePersona(row.persona) }),
    capabilities: t.field({ type: CapabilitiesRef, nullable: true, select: { capabilities: true }, resolve: (row) => parseCapabilities(row.capabilities) }),
    outputs: t.field({
      type: [SampleOutputRef],
      select: { outputs: true },
      extensions: listMaximum(ESSENCE_LISTS.outputs),
      resolve: (row) => parseOutputs(row.outputs).slice(0, ESSENCE_LISTS.outputs),
    }),
    editedBy: t.exposeString("editedBy"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

builder.prismaObjectFields("Agent", (t) => ({
  version: t.exposeInt("version", { description: "The current version: 1 as forged, one more per saved edit." }),
  parentVersion: t.exposeInt("parentVersion", { nullable: true, description: "For a remix: the version of its parent it forked." }),
  canEdit: t.boolean({
    description: "Whether the caller may edit, archive and restore it.",
    select: { type: true, creatorId: true, visitorId: true },
    resolve: (agent, _args, ctx) => mayChange(ctx.actor, agent),
  }),
  inheritedFields: t.field({
    type: [InheritedFieldEnum],
    description:
      "For a remix: the parts of its essence still unchanged from its parent as it forked it (empty otherwise). Its creator may re-awaken them (agentRedrawing) or edit them.",
    extensions: listMaximum(INHERITABLE_FIELDS.length),
    select: { parentAgentId: true, parentVersion: true, description: true, personality: true, persona: true, capabilities: true },
    resolve: (agent, _args, ctx) => ctx.services.creators.inherited(agent),
  }),
  versions: t.prismaConnection(
    {
      type: "AgentVersion",
      cursor: "id",
      validate: connectionArgs,
      defaultSize: 20,
      description: "Saved versions, newest first (none until the first edit).",
      resolve: (query, agent, _args, ctx) => ctx.services.creators.versions(agent.id, query),
    },
    { name: "AgentVersionConnection" },
    { name: "AgentVersionEdge" },
  ),
  versionAt: t.prismaField({
    type: "AgentVersion",
    nullable: true,
    description: "One saved version, by its number.",
    args: { version: t.arg.int({ required: true }) },
    resolve: (query, agent, args, ctx) =>
      ctx.prisma.agentVersion.findUnique({ ...query, where: { agentId_version: { agentId: agent.id, version: args.version } } }),
  }),
}));

const myAgents = (description: string) => ({
  type: "Agent" as const,
  cursor: "id" as const,
  validate: connectionArgs,
  defaultSize: 20,
  description,
});

// A visitor has no viewer (User), yet has agents under the browser's key: myAgents serves both;
// viewer.agents is the same list for a signed-in user.
builder.queryField("myAgents", (t) =>
  t.prismaConnection(
    {
      ...myAgents("The agents the caller forged or remixed: a signed-in user's, or the visitor key's (moved to the account at sign-in)."),
      args: { sort: t.arg({ type: MyAgentSortEnum, required: false }) },
      resolve: (query, _root, args, ctx) => ctx.services.creators.mine(ctx.actor, args.sort ?? "newest", query),
    },
    { name: "MyAgentConnection" },
    { name: "MyAgentEdge" },
  ),
);

builder.prismaObjectField("User", "agents", (t) =>
  t.prismaConnection(
    {
      ...myAgents("The agents this user forged or remixed (their own list: empty to anyone else)."),
      args: { sort: t.arg({ type: MyAgentSortEnum, required: false }) },
      resolve: (query, user, args, ctx) => (user.id === ctx.actor.userId ? ctx.services.creators.mine(ctx.actor, args.sort ?? "newest", query) : []),
    },
    { name: "UserAgentConnection" },
    { name: "UserAgentEdge" },
  ),
);

const agentRef = globalIdOf("Agent", entityId("Agent not found"));

const UpdateAgentInput = builder
  .inputType("UpdateAgentInput", {
    fields: (t) => ({
      agentId: t.id({ required: true }),
      name: t.string(),
      glyph: t.string(),
      description: t.string(),
      personality: t.string(),
      persona: t.field({ type: PersonaInput }),
      capabilities: t.field({ type: CapabilitiesInput }),
      outputs: t.field({ type: [SampleOutputInput] }),
      apiModel: t.field({ type: ModelSeatEnum }),
      avatarUrl: t.string({ description: "A generated glyph image: an SVG data URL." }),
      greeting: t.string({ description: "How it opens a new thread; empty for none." }),
      alternateGreetings: t.stringList({ description: "Other openings a visitor may swipe to (replaces the list)." }),
      tags: t.stringList({ description: "What it is for (replaces the list): at most 8 tags, each normalised." }),
    }),
  })
  .validate(z.object({ agentId: agentRef }).and(updateAgentSchema));

const PersonaInput = builder.inputType("AgentPersonaInput", {
  fields: (t) => ({ traits: t.stringList(), tone: t.string(), behavior: t.string() }),
});
const CapabilitiesInput = builder.inputType("AgentCapabilitiesInput", {
  fields: (t) => ({ skills: t.stringList(), tools: t.stringList(), limitations: t.string() }),
});
const SampleOutputInput = builder.inputType("AgentSampleOutputInput", {
  fields: (t) => ({ type: t.field({ type: OutputTypeEnum, required: true }), content: t.string({ required: true }), quality: t.int() }),
});

export const AgentInput = builder
  .inputType("MyAgentInput", { fields: (t) => ({ agentId: t.id({ required: true }) }) })
  .validate(z.object({ agentId: agentRef }));

const AgentPayload = builder.objectRef<{ agent: Agent }>("MyAgentPayload").implement({
  fields: (t) => ({ agent: t.field({ type: AgentNode, resolve: (payload) => payload.agent }) }),
});

builder.mutationFields((t) => ({
  updateAgent: t.field({
    type: AgentPayload,
    authScopes: (_root, { input }) => ({ agentOwner: String(input.agentId) }),
    description: "Saves an edit of one of the caller's agents as its next version.",
    args: { input: t.arg({ type: UpdateAgentInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const { agentId, ...changes } = input;
      return { agent: await ctx.services.creators.update(agentId, changes, ctx.actor) };
    },
  }),
  redrawAgentEssence: t.field({
    type: AgentPayload,
    authScopes: (_root, { input }) => ({ agentOwner: String(input.agentId) }),
    description: "Asks the agent's seat (or the oracle) to draft its description, persona, capabilities and sample again; saved as the next version.",
    args: { input: t.arg({ type: AgentInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ agent: await ctx.services.creators.redraw(input.agentId, ctx.actor) }),
  }),
  archiveMyAgent: t.field({
    type: AgentPayload,
    authScopes: (_root, { input }) => ({ agentOwner: String(input.agentId) }),
    args: { input: t.arg({ type: AgentInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ agent: await ctx.services.creators.setArchived(input.agentId, true, ctx.actor) }),
  }),
  restoreMyAgent: t.field({
    type: AgentPayload,
    authScopes: (_root, { input }) => ({ agentOwner: String(input.agentId) }),
    args: { input: t.arg({ type: AgentInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ agent: await ctx.services.creators.setArchived(input.agentId, false, ctx.actor) }),
  }),
}));

// A creator's page (#30): the account's name, the totals it keeps and its public agents, newest
// first. A variant of User that shows nothing else of the account (no email, no usage).
export const CreatorRef = builder.prismaObject("User", {
  variant: "Creator",
  description: "An account that has made agents, as its public page shows it.",
  fields: (t) => ({
    rawId: t.exposeString("id", { description: "The id used in /creators/{id}." }),
    name: t.string({
      description: "As its agents credit it: its display name, else its account's name.",
      select: { name: true, displayName: true },
      resolve: (user) => creditOf({ ...user, anonymous: false }),
    }),
    joinedAt: t.expose("createdAt", { type: "DateTime" }),
    agentsCreated: t.exposeInt("agentsCreated", { description: "Agents it forged or remixed, archived ones included." }),
    lineagesStarted: t.exposeInt("lineagesStarted", { description: "Agents it forged: each the origin of a lineage." }),
    remixesReceived: t.exposeInt("remixesReceived", { description: "Remixes others made of its agents." }),
    agents: t.prismaConnection(
      {
        type: "Agent",
        cursor: "id",
        validate: connectionArgs,
        defaultSize: 20,
        description: "Its agents anyone may see (not archived), newest first.",
        resolve: (query, creator, _args, ctx) => ctx.services.creators.publicAgentsOf(creator.id, query),
      },
      { name: "CreatorAgentConnection" },
      { name: "CreatorAgentEdge" },
    ),
  }),
});

builder.queryField("creator", (t) =>
  t.prismaField({
    type: CreatorRef,
    nullable: true,
    description: "A creator's page by its account id; null for an account that has made no agent, or none.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (query, _root, args, ctx) => ctx.services.creators.creator(String(args.id), query),
  }),
);
