// Personas and memories in the graph (#27): the caller's own only. A thread's persona and memory
// setting are its owner's: null/false for anyone else, so a shared thread's public view has none.
import { createPersonaSchema, memoryTextSchema, MEMORIES_MAX, PERSONAS_MAX, updatePersonaSchema } from "@nomina/shared/mind";
import { conversationId } from "@nomina/shared/conversations";
import { entityId } from "@nomina/shared/text";
import { z } from "zod";
import { builder } from "../../graphql/builder.ts";
import { listMaximum } from "../../graphql/cost.ts";
import { globalIdOf } from "../../graphql/ids.ts";
import { ConversationNode } from "../conversations/graphql.ts";
import { isOwner } from "../ownership.ts";

const PersonaObject = builder.prismaObject("Persona", {
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    description: t.exposeString("description"),
    isDefault: t.exposeBoolean("isDefault", { description: "A new thread speaks as the default persona unless told otherwise." }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

const MemoryObject = builder.prismaObject("AgentMemory", {
  name: "Memory",
  fields: (t) => ({
    id: t.exposeID("id"),
    kind: t.exposeString("kind", { description: "name, home, self, work, like or note: a new fact of a single kind replaces the old." }),
    text: t.exposeString("text", { description: 'Addressed to the person: "your name is Orrin".' }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

builder.prismaObjectFields("Conversation", (t) => ({
  persona: t.field({
    type: PersonaObject,
    nullable: true,
    description: "Who the owner speaks as in this thread; null for anyone but the owner.",
    select: { personaId: true, userId: true, visitorId: true },
    resolve: async (conversation, _args, ctx) =>
      conversation.personaId && isOwner(ctx.actor, conversation) ? ctx.services.mind.persona(conversation.personaId, ctx.actor).catch(() => null) : null,
  }),
  memoryOn: t.boolean({
    description: "Whether the agent remembers in this thread; false for anyone but the owner.",
    select: { memoryOff: true, userId: true, visitorId: true },
    resolve: (conversation, _args, ctx) => isOwner(ctx.actor, conversation) && !conversation.memoryOff,
  }),
}));

const agentRef = globalIdOf("Agent", entityId("Agent not found"));

builder.queryFields((t) => ({
  personas: t.field({
    type: [PersonaObject],
    description: `The caller's personas, oldest first (at most ${PERSONAS_MAX}).`,
    extensions: listMaximum(PERSONAS_MAX),
    resolve: (_root, _args, ctx) => ctx.services.mind.personas(ctx.actor),
  }),
  memories: t.field({
    type: [MemoryObject],
    description: `What the agent remembers about the caller, oldest first (at most ${MEMORIES_MAX}).`,
    extensions: listMaximum(MEMORIES_MAX),
    args: { agentId: t.arg.id({ required: true }) },
    validate: z.object({ agentId: agentRef }),
    resolve: (_root, args, ctx) => ctx.services.mind.memories(ctx.actor, String(args.agentId)),
  }),
}));

builder.mutationFields((t) => ({
  createPersona: t.field({
    type: PersonaObject,
    args: { name: t.arg.string({ required: true }), description: t.arg.string(), isDefault: t.arg.boolean() },
    validate: createPersonaSchema,
    resolve: (_root, args, ctx) => ctx.services.mind.createPersona(args as z.output<typeof createPersonaSchema>, ctx.actor),
  }),
  updatePersona: t.field({
    type: PersonaObject,
    args: { id: t.arg.id({ required: true }), name: t.arg.string(), description: t.arg.string(), isDefault: t.arg.boolean() },
    validate: updatePersonaSchema.extend({ id: entityId("Persona not found") }),
    resolve: (_root, { id, ...input }, ctx) => ctx.services.mind.updatePersona(String(id), input, ctx.actor),
  }),
  deletePersona: t.id({
    args: { id: t.arg.id({ required: true }) },
    validate: z.object({ id: entityId("Persona not found") }),
    resolve: (_root, { id }, ctx) => ctx.services.mind.deletePersona(String(id), ctx.actor),
  }),
  updateMemory: t.field({
    type: MemoryObject,
    args: { id: t.arg.id({ required: true }), text: t.arg.string({ required: true }) },
    validate: z.object({ id: entityId("Memory not found"), text: memoryTextSchema }),
    resolve: (_root, { id, text }, ctx) => ctx.services.mind.updateMemory(String(id), text, ctx.actor),
  }),
  deleteMemory: t.id({
    args: { id: t.arg.id({ required: true }) },
    validate: z.object({ id: entityId("Memory not found") }),
    resolve: (_root, { id }, ctx) => ctx.services.mind.deleteMemory(String(id), ctx.actor),
  }),
  forgetAgentMemories: t.int({
    description: "Forgets every note the agent keeps about the caller; how many there were.",
    args: { agentId: t.arg.id({ required: true }) },
    validate: z.object({ agentId: agentRef }),
    resolve: (_root, args, ctx) => ctx.services.mind.forgetAgentMemories(String(args.agentId), ctx.actor),
  }),
  setConversationMemory: t.field({
    type: ConversationNode,
    args: { conversationId: t.arg.id({ required: true }), on: t.arg.boolean({ required: true }) },
    validate: z.object({ conversationId: globalIdOf("Conversation", conversationId), on: z.boolean() }),
    resolve: (_root, args, ctx) => ctx.services.mind.setConversationMemory(String(args.conversationId), args.on, ctx.actor),
  }),
  setConversationPersona: t.field({
    type: ConversationNode,
    description: "Who the owner speaks as in one of their threads; personaId null for no one.",
    args: { conversationId: t.arg.id({ required: true }), personaId: t.arg.id() },
    validate: z.object({ conversationId: globalIdOf("Conversation", conversationId), personaId: entityId("Persona not found").nullish() }),
    resolve: (_root, args, ctx) =>
      ctx.services.mind.setConversationPersona(String(args.conversationId), args.personaId ? String(args.personaId) : null, ctx.actor),
  }),
}));
