// forgeAgent and remixAgent: Relay mutations with an input and a payload.
import type { Agent } from "../../../generated/prisma/client.ts";
import { entityId } from "@nomina/shared/text";
import { builder } from "../../graphql/builder.ts";
import { globalIdOf } from "../../graphql/ids.ts";
import { AgentNode, ModelSeatEnum } from "./graphql.ts";
import { forgeAgentSchema, remixAgentSchema } from "./schemas.ts";

export const ForgeAgentInput = builder
  .inputType("ForgeAgentInput", {
    fields: (t) => ({
      name: t.string({ required: true }),
      glyph: t.string({ required: true, description: "One to three characters." }),
      personality: t.string({ required: true }),
      apiModel: t.field({ type: ModelSeatEnum, required: true }),
      avatarUrl: t.string({ description: "A generated glyph image: an SVG data URL (data:image/svg+xml;base64,...)." }),
      tags: t.stringList({ description: "What it is for: at most 8 tags, each normalised (lower case, words joined by '-')." }),
    }),
  })
  .validate(forgeAgentSchema);

const ForgeAgentPayload = builder.objectRef<{ agent: Agent }>("ForgeAgentPayload").implement({
  fields: (t) => ({ agent: t.field({ type: AgentNode, resolve: (payload) => payload.agent }) }),
});

const RemixAgentInput = builder
  .inputType("RemixAgentInput", {
    fields: (t) => ({
      parentAgentId: t.id({ required: true }),
      name: t.string({ description: "Defaults to the original's name with ' v2'." }),
      description: t.string({ required: true }),
      personality: t.string({ required: true }),
      apiModel: t.field({ type: ModelSeatEnum, description: "Defaults to gemini." }),
      glyph: t.string({ description: "Defaults to ◊." }),
      remixNote: t.string(),
      avatarUrl: t.string({ description: "A generated glyph image: an SVG data URL (data:image/svg+xml;base64,...)." }),
      tags: t.stringList({ description: "Its tags (at most 8, normalised); the original's when not given, none for an empty list." }),
    }),
  })
  .validate(remixAgentSchema.extend({ parentAgentId: globalIdOf("Agent", entityId("Original agent not found")) }));

const RemixAgentPayload = builder.objectRef<{ agent: Agent; parent: Agent }>("RemixAgentPayload").implement({
  fields: (t) => ({
    agent: t.field({ type: AgentNode, resolve: (payload) => payload.agent }),
    parent: t.field({ type: AgentNode, description: "The original, its remixCount raised.", resolve: (payload) => payload.parent }),
  }),
});

builder.mutationFields((t) => ({
  forgeAgent: t.field({
    type: ForgeAgentPayload,
    args: { input: t.arg({ type: ForgeAgentInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ agent: await ctx.services.agents.forge(input, ctx.actor) }),
  }),
  remixAgent: t.field({
    type: RemixAgentPayload,
    args: { input: t.arg({ type: RemixAgentInput, required: true }) },
    resolve: (_root, { input }, ctx) => ctx.services.lineage.remix(input, ctx.actor),
  }),
}));
