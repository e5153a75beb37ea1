// Whispers in the graph: the shared answer of an agent, and what an invocation takes (the
// invocation itself is a conversation's: domains/conversations).
import { z } from "zod";
import { builder } from "../../graphql/builder.ts";
import { globalIdOf, rawId } from "../../graphql/ids.ts";
import { entityId } from "@nomina/shared/text";
import { GLYPH_TYPES, providerOf } from "../../minds/identity.ts";
import { GlyphTypeEnum, MindModeEnum, MindProviderEnum, OracleReasonEnum, oracleReasonOf } from "../../graphql/minds.ts";
import type { Whisper } from "../../../generated/prisma/client.ts";
import { ModelSeatEnum } from "../agents/graphql.ts";
import { EMPTY_INVOCATION, invokeAgentFields } from "@nomina/shared/whispers";
import { BROADCAST } from "../../graphql/broadcasts.ts";

// How a whisper's row says by which ritual it was asked, in which mode it was answered and whose
// model answered: the same wherever a whisper is shown (its page, the live feed).
const ritualOf = {
  type: GlyphTypeEnum,
  nullable: true,
  select: { glyphType: true },
  resolve: (whisper: Pick<Whisper, "glyphType">) => GLYPH_TYPES.find((type) => type === whisper.glyphType) ?? null,
} as const;
const modeOf = {
  type: MindModeEnum,
  select: { mode: true },
  resolve: (whisper: Pick<Whisper, "mode">) => (whisper.mode === "model" ? "model" : "oracle"),
} as const;
const providerOfWhisper = {
  type: MindProviderEnum,
  nullable: true,
  select: { mode: true, seat: true, provider: true },
  resolve: (whisper: Pick<Whisper, "mode" | "seat" | "provider">) => providerOf(whisper.mode, whisper.seat, whisper.provider),
} as const;

export const WhisperNode = builder.prismaNode("Whisper", {
  nullable: true,
  id: { field: "id" },
  fields: (t) => ({
    rawId: t.exposeString("id", { description: "The id used in /whisper/{id}." }),
    truth: t.exposeString("truth", { description: "What was offered to the agent." }),
    response: t.exposeString("response"),
    agentName: t.exposeString("agentName"),
    agentGlyph: t.exposeString("agentGlyph"),
    glyphType: t.field(ritualOf),
    mode: t.field(modeOf),
    provider: t.field(providerOfWhisper),
    oracleReason: t.field({
      type: OracleReasonEnum,
      nullable: true,
      description: "Why the oracle answered in place of the seat's model; null when it did not, or the seat has no key.",
      select: { oracleReason: true },
      resolve: (whisper) => oracleReasonOf(whisper.oracleReason),
    }),
    seat: t.expose("seat", { type: ModelSeatEnum, nullable: true }),
    model: t.exposeString("model", {
      nullable: true,
      description: "The model that answered, as its provider named it (the oracle's own name in oracle mode).",
    }),
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
      conversationId: t.id({ description: "The conversation to continue; without one, a new conversation starts." }),
      greetingIndex: t.int({
        description: "A new conversation opens with this greeting of the agent's: 0 its greeting, then its alternates (Agent.alternateGreetings).",
      }),
      personaId: t.id({ description: "Who a new thread speaks as (null: no one); absent, the caller's default persona." }),
    }),
  })
  .validate(
    z
      .object({
        agentId: globalIdOf("Agent", entityId("Agent not found")),
        ...invokeAgentFields,
        conversationId: globalIdOf("Conversation", entityId("Conversation not found")).nullish(),
      })
      .refine((input) => input.message !== "" || input.glyphType, { message: EMPTY_INVOCATION, path: ["message"] }),
  );

builder.queryField("whisper", (t) =>
  t.prismaField({
    type: "Whisper",
    nullable: true,
    args: { id: t.arg.string({ required: true, validate: z.string().max(200, "Whisper id is too long") }) },
    resolve: (query, _root, args, ctx) => ctx.services.whispers.find(rawId("Whisper", args.id), ctx.actor, query),
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
    glyphType: t.field(ritualOf),
    mode: t.field(modeOf),
    provider: t.field(providerOfWhisper),
    whisperedAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

builder.subscriptionField("agentWhispered", (t) =>
  t.field({
    type: AgentWhisperEvent,
    description: "Every agent invocation from now on, without its content.",
    subscribe: (_root, _args, ctx) => ctx.bus.subscribe("agentWhispered"),
    ...BROADCAST,
    resolve: (event) => event as unknown as Whisper,
  }),
);
