// The Summoning Gate in the graph: invokeCouncil starts an invocation and returns it at once;
// councilInvocation(id) streams its voices (from the first word, however late one subscribes);
// the stored invocation is a Node with each seat's answer and the synthesis.
import { encodeGlobalID } from "@pothos/plugin-relay";
import type { CouncilInvocation } from "../../generated/prisma/client.ts";
import { notFound } from "../../errors.ts";
import { builder } from "../../graphql/builder.ts";
import { isUuid, rawId } from "../../graphql/ids.ts";
import { COUNCIL_VOICES, SEATS, providerOf, type CouncilVoice, type SynthesisRecord, type VoiceRecord } from "../../minds/types.ts";
import { ModelSeatEnum } from "../agents/graphql.ts";
import { MindModeEnum, MindProviderEnum } from "../whispers/graphql.ts";
import type { CouncilEventWire } from "./invocation-events.ts";
import { consultSchema } from "./schemas.ts";

const CouncilVoiceEnum = builder.enumType("CouncilVoice", {
  description: "One of the four seats, or the chairman's synthesis.",
  values: COUNCIL_VOICES,
});

const InvocationStatusEnum = builder.enumType("CouncilInvocationStatus", {
  description: "running, then complete (the synthesis was spoken) or failed (it could not be).",
  values: ["running", "complete", "failed"] as const,
});

const AnswerStatusEnum = builder.enumType("CouncilAnswerStatus", { values: ["speaking", "answered", "failed"] as const });

type AnswerView = Partial<VoiceRecord> & Pick<VoiceRecord, "seat" | "status"> & { voice: CouncilVoice; fallbacks?: SynthesisRecord["fallbacks"] };

const ChairFallback = builder.objectRef<{ seat: VoiceRecord["seat"]; error: string }>("CouncilChairFallback").implement({
  description: "A chairman that failed to speak the synthesis before another took the chair.",
  fields: (t) => ({ seat: t.field({ type: ModelSeatEnum, resolve: (f) => f.seat }), error: t.exposeString("error") }),
});

const CouncilAnswer = builder.objectRef<AnswerView>("CouncilAnswer").implement({
  description: "One voice of an invocation with what it cost. Mode and model are null while a seat has not yet finished.",
  fields: (t) => ({
    voice: t.field({ type: CouncilVoiceEnum, resolve: (a) => a.voice }),
    seat: t.field({ type: ModelSeatEnum, description: "The seat that spoke (for the synthesis: the chairman).", resolve: (a) => a.seat }),
    status: t.field({ type: AnswerStatusEnum, resolve: (a) => a.status }),
    text: t.string({ resolve: (a) => a.text ?? "" }),
    error: t.string({ nullable: true, resolve: (a) => a.error ?? null }),
    mode: t.field({ type: MindModeEnum, nullable: true, resolve: (a) => a.mode ?? null }),
    provider: t.field({ type: MindProviderEnum, nullable: true, resolve: (a) => providerOf(a.mode, a.seat) }),
    model: t.string({ nullable: true, resolve: (a) => a.model ?? null }),
    latencyMs: t.int({ nullable: true, resolve: (a) => a.latencyMs ?? null }),
    firstTokenMs: t.int({ nullable: true, resolve: (a) => a.firstTokenMs ?? null }),
    inputTokens: t.int({ nullable: true, resolve: (a) => a.usage?.inputTokens ?? null }),
    outputTokens: t.int({ nullable: true, resolve: (a) => a.usage?.outputTokens ?? null }),
    costUsd: t.float({ nullable: true, description: "Estimated from list prices, in US dollars.", resolve: (a) => a.costUsd ?? null }),
    attempts: t.int({ resolve: (a) => a.attempts ?? 0 }),
    fallbacks: t.field({ type: [ChairFallback], resolve: (a) => a.fallbacks ?? [] }),
  }),
});

export const CouncilInvocationNode = builder.prismaNode("CouncilInvocation", {
  id: { field: "id" },
  fields: (t) => ({
    rawId: t.exposeString("id"),
    prompt: t.exposeString("prompt"),
    status: t.field({ type: InvocationStatusEnum, select: { status: true }, resolve: (row) => (row.status === "complete" || row.status === "failed" ? row.status : "running") }),
    askedBy: t.exposeString("askedBy", { description: "The asker's label: a user's name, or 'anonymous'." }),
    answers: t.field({
      type: [CouncilAnswer],
      description: "The four seats, in seat order.",
      select: { answers: true },
      resolve: (row) => {
        const answers = row.answers as Partial<Record<VoiceRecord["seat"], VoiceRecord>>;
        return SEATS.map((seat) => ({ ...(answers[seat] ?? { seat, status: "speaking" as const }), voice: seat }));
      },
    }),
    synthesis: t.field({
      type: CouncilAnswer,
      nullable: true,
      description: "The chairman's synthesis, once it has been spoken or has failed.",
      select: { synthesisMeta: true },
      resolve: (row) => (row.synthesisMeta ? { ...(row.synthesisMeta as SynthesisRecord), voice: "synthesis" as const } : null),
    }),
    costUsd: t.exposeFloat("costUsd", { nullable: true, description: "The voices' estimated costs together, in US dollars." }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    completedAt: t.expose("completedAt", { type: "DateTime", nullable: true }),
  }),
});

const CouncilInvocationEvent = builder.objectRef<CouncilEventWire>("CouncilInvocationEvent").implement({
  description:
    "One step of an invocation. Each voice starts (delta empty), streams deltas, and ends (done) answered or failed. A synthesis event with restart set starts over with another chairman: drop its text so far.",
  fields: (t) => ({
    invocationId: t.id({ resolve: (event) => encodeGlobalID("CouncilInvocation", event.invocationId) }),
    seat: t.field({ type: CouncilVoiceEnum, resolve: (event) => event.seat }),
    delta: t.exposeString("delta"),
    done: t.exposeBoolean("done", { description: "This voice has finished, answered or failed." }),
    failed: t.exposeBoolean("failed"),
    error: t.exposeString("error", { nullable: true, description: "Why the voice failed; on a restart, why the previous chairman fell." }),
    mode: t.field({ type: MindModeEnum, nullable: true, resolve: (event) => event.mode }),
    provider: t.field({ type: MindProviderEnum, nullable: true, resolve: (event) => providerOf(event.mode, event.seat === "synthesis" ? event.chair : event.seat) }),
    model: t.exposeString("model", { nullable: true }),
    chair: t.field({ type: ModelSeatEnum, nullable: true, description: "The seat speaking the synthesis.", resolve: (event) => event.chair }),
    restart: t.exposeBoolean("restart"),
    text: t.exposeString("text", { nullable: true, description: "The voice's whole text, on its last event." }),
    last: t.exposeBoolean("last", { description: "The invocation's last event: the synthesis has ended." }),
    invocation: t.prismaField({
      type: "CouncilInvocation",
      nullable: true,
      description: "The stored invocation, on the last event.",
      resolve: (query, event, _args, ctx) =>
        event.last ? ctx.prisma.councilInvocation.findUnique({ ...query, where: { id: event.invocationId } }) : null,
    }),
  }),
});

const InvokeCouncilInput = builder
  .inputType("InvokeCouncilInput", { fields: (t) => ({ prompt: t.string({ required: true }) }) })
  .validate(consultSchema);

const InvokeCouncilPayload = builder.objectRef<{ invocation: CouncilInvocation }>("InvokeCouncilPayload").implement({
  fields: (t) => ({ invocation: t.field({ type: CouncilInvocationNode, resolve: (payload) => payload.invocation }) }),
});

builder.mutationField("invokeCouncil", (t) =>
  t.field({
    type: InvokeCouncilPayload,
    description: "Puts a question to the Council and returns at once; follow it with councilInvocation(id).",
    args: { input: t.arg({ type: InvokeCouncilInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ invocation: (await ctx.services.council.consult(input.prompt, ctx.actor, { pace: true })).invocation }),
  }),
);

builder.subscriptionField("councilInvocation", (t) =>
  t.field({
    type: CouncilInvocationEvent,
    description: "An invocation's voices as they speak: what was already said first, then live, until the synthesis ends.",
    args: { id: t.arg.id({ required: true }) },
    subscribe: async (_root, args, ctx) => {
      const id = rawId("CouncilInvocation", String(args.id).trim());
      const events = isUuid(id) ? await ctx.services.council.invocations.follow(id) : null;
      if (!events) throw notFound("Invocation not found");
      return events;
    },
    resolve: (event) => event,
  }),
);
