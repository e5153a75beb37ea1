// Whispers in the graph: the shared answer of an agent, and invokeAgent.
import { z } from "zod";
import { builder } from "../../graphql/builder.ts";
import { idOf } from "../../graphql/ids.ts";
import { GLYPH_TYPES, MIND_PROVIDERS, providerOf, type MindAnswer } from "../../minds/types.ts";
import type { Whisper } from "../../generated/prisma/client.ts";
import { ModelSeatEnum } from "../agents/graphql.ts";
import { EMPTY_INVOCATION, invokeAgentFields } from "./schemas.ts";

export const GlyphTypeEnum = builder.enumType("GlyphType", { values: GLYPH_TYPES });

export const MindModeEnum = builder.enumType("MindMode", {
  description: "model: a provider answered; oracle: the built-in offline oracle did.",
  values: ["model", "oracle"] as const,
});

export const MindProviderEnum = builder.enumType("MindProvider", {
  description: "Whose answer it was: the seat's provider, or oracle for the built-in offline oracle.",
  values: MIND_PROVIDERS,
});

export const WhisperNode = builder.prismaNode("Whisper", {
  id: { field: "id" },
  fields: (t) => ({
    rawId: t.exposeString("id", { description: "The id used in /whisper/{id}." }),
    truth: t.exposeString("truth", { description: "What was offered to the agent." }),
    response: t.exposeString("response"),
    agentName: t.exposeString("agentName"),
    agentGlyph: t.exposeString("agentGlyph"),
    glyphType: t.field({
      type: GlyphTypeEnum,
      nullable: true,
      select: { glyphType: true },
      resolve: (whisper) => GLYPH_TYPES.find((type) => type === whisper.glyphType) ?? null,
    }),
    mode: t.field({ type: MindModeEnum, select: { mode: true }, resolve: (whisper) => (whisper.mode === "model" ? "model" : "oracle") }),
    provider: t.field({ type: MindProviderEnum, nullable: true, select: { mode: true, seat: true }, resolve: (whisper) => providerOf(whisper.mode, whisper.seat) }),
    seat: t.expose("seat", { type: ModelSeatEnum, nullable: true }),
    model: t.exposeString("model", { nullable: true, description: "The model that answered (the oracle's own name in oracle mode)." }),
    latencyMs: t.exposeInt("latencyMs", { nullable: true }),
    inputTokens: t.exposeInt("inputTokens", { nullable: true }),
    outputTokens: t.exposeInt("outputTokens", { nullable: true }),
    costUsd: t.exposeFloat("costUsd", { nullable: true, description: "Estimated from list prices, in US dollars." }),
    agent: t.relation("agent", { nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

export const InvokeAgentInput = builder
  .inputType("InvokeAgentInput", {
    fields: (t) => ({
      agentId: t.id({ required: true }),
      message: t.string({ description: "Empty for a glyph ritual, which sends its own prompt." }),
      glyphType: t.field({ type: GlyphTypeEnum }),
    }),
  })
  .validate(
    z
      .object({ agentId: idOf("Agent", "Agent not found"), ...invokeAgentFields })
      .refine((input) => input.message !== "" || input.glyphType, { message: EMPTY_INVOCATION, path: ["message"] }),
  );

const InvokeAgentPayload = builder.objectRef<{ whisper: Whisper; answer: MindAnswer }>("InvokeAgentPayload").implement({
  fields: (t) => ({
    whisper: t.field({ type: WhisperNode, resolve: (payload) => payload.whisper }),
    response: t.string({ resolve: (payload) => payload.answer.text }),
    mode: t.field({ type: MindModeEnum, resolve: (payload) => payload.answer.mode }),
    provider: t.field({ type: MindProviderEnum, resolve: (payload) => providerOf(payload.answer.mode, payload.answer.seat)! }),
  }),
});

builder.queryField("whisper", (t) =>
  t.prismaField({
    type: "Whisper",
    nullable: true,
    args: { id: t.arg.string({ required: true, validate: z.string().max(200, "Whisper id is too long") }) },
    resolve: (query, _root, args, ctx) => ctx.services.whispers.find(args.id, query),
  }),
);

builder.mutationField("invokeAgent", (t) =>
  t.field({
    type: InvokeAgentPayload,
    args: { input: t.arg({ type: InvokeAgentInput, required: true }) },
    resolve: (_root, { input }, ctx) => ctx.services.whispers.invoke(input.agentId, input, ctx.actor),
  }),
);

/**
 * An agent answered someone, as the live feed shows it: who spoke and by which ritual, never
 * the visitor's words, the answer or the whisper's id (a whisper is private until shared).
 */
const AgentWhisperEvent = builder.prismaObject("Whisper", {
  variant: "AgentWhisperEvent",
  fields: (t) => ({
    agent: t.relation("agent", { nullable: true }),
    agentName: t.exposeString("agentName"),
    agentGlyph: t.exposeString("agentGlyph"),
    glyphType: t.field({
      type: GlyphTypeEnum,
      nullable: true,
      select: { glyphType: true },
      resolve: (whisper) => GLYPH_TYPES.find((type) => type === whisper.glyphType) ?? null,
    }),
    mode: t.field({ type: MindModeEnum, select: { mode: true }, resolve: (whisper) => (whisper.mode === "model" ? "model" : "oracle") }),
    provider: t.field({ type: MindProviderEnum, nullable: true, select: { mode: true, seat: true }, resolve: (whisper) => providerOf(whisper.mode, whisper.seat) }),
    whisperedAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

builder.subscriptionField("agentWhispered", (t) =>
  t.field({
    type: AgentWhisperEvent,
    description: "Every agent invocation from now on, without its content.",
    subscribe: (_root, _args, ctx) => ctx.bus.subscribe("agentWhispered"),
    resolve: (event) => event as unknown as Whisper,
  }),
);
