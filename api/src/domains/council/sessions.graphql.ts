// Council sessions in the graph: a session and its questions, the caller's history, what a
// question would cost, and stopping, retrying and sharing. A private session is its owner's
// alone: to anyone else it does not exist (null), curators included.
import { conversationSearch, shareConversationSchema } from "@nomina/shared/conversations";
import { SESSION_NOT_FOUND } from "@nomina/shared/council";
import { entityId } from "@nomina/shared/text";
import { z } from "zod";
import type { CouncilInvocation } from "../../../generated/prisma/client.ts";
import { builder } from "../../graphql/builder.ts";
import { listMaximum } from "../../graphql/cost.ts";
import { connectionArgs } from "../../graphql/cursors.ts";
import { globalIdOf, rawId } from "../../graphql/ids.ts";
import { providerOf, SEATS } from "../../minds/identity.ts";
import { ModelSeatEnum } from "../agents/graphql.ts";
import { ConversationVisibilityEnum } from "../conversations/graphql.ts";
import { isOwner } from "../ownership.ts";
import { MindModeEnum, MindProviderEnum } from "../../graphql/minds.ts";
import type { CallEstimate, CouncilEstimate } from "./estimate.ts";
import { CouncilChairEnum, CouncilInvocationNode, InvokeCouncilInput } from "./invocation.graphql.ts";
import { INVOCATION_NOT_FOUND, type CouncilSessions } from "./sessions.ts";

type SettingsView = ReturnType<CouncilSessions["settingsOf"]>;

const CouncilSessionSettings = builder.objectRef<SettingsView>("CouncilSessionSettings").implement({
  description: "How the session's next question sits unless the asker changes it: kept by every question asked.",
  fields: (t) => ({
    seats: t.field({
      type: [ModelSeatEnum],
      extensions: listMaximum(SEATS.length),
      description: "The seats that sit, in seat order.",
      resolve: (settings) => settings.seats,
    }),
    chair: t.field({
      type: CouncilChairEnum,
      nullable: true,
      description: "The chair chosen: a seat, rotate, or null for the default.",
      resolve: (settings) => settings.chairChoice,
    }),
    review: t.boolean({ description: "Whether the seats review each other's answers.", resolve: (settings) => settings.review }),
    nextChair: t.field({
      type: ModelSeatEnum,
      description: "Who would chair the next question (rotate and the default resolved).",
      resolve: (settings) => settings.nextChair,
    }),
    defaultChair: t.field({
      type: ModelSeatEnum,
      description: "Who chairs these seats when the chair is left to the default.",
      resolve: (settings) => settings.defaultChair,
    }),
    members: t.prismaField({
      type: ["CouncilMember"],
      extensions: listMaximum(SEATS.length),
      description: "The ascended members who sit in place of their seats' models (a member retired since no longer does).",
      resolve: (query, settings, _args, ctx) => ctx.services.council.sessions.sittingMembers(settings.members, query),
    }),
  }),
});

export const CouncilSessionNode = builder.prismaNode("Consultation", {
  name: "CouncilSession",
  nullable: true,
  id: { field: "id" },
  description: "A question to the Council and its follow-ups, asked by one user or visitor.",
  fields: (t) => ({
    rawId: t.exposeString("id", { description: "The id used in /summon/{id}." }),
    title: t.exposeString("title"),
    visibility: t.expose("visibility", { type: ConversationVisibilityEnum }),
    sharedAt: t.expose("sharedAt", { type: "DateTime", nullable: true, description: "When it was last shared; null while private." }),
    isMine: t.boolean({ select: { userId: true, visitorId: true }, resolve: (session, _args, ctx) => isOwner(ctx.actor, session) }),
    questionCount: t.exposeInt("questionCount"),
    settings: t.field({
      type: CouncilSessionSettings,
      description: "The seats, chair and review its follow-ups are asked with unless changed for a question.",
      select: { seats: true, chairChoice: true, review: true, members: true, questionCount: true },
      resolve: (session, _args, ctx) => ctx.services.council.sessions.settingsOf(session),
    }),
    costUsd: t.exposeFloat("costUsd", { description: "What the session's questions cost together, in US dollars (estimated from list prices)." }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
    questions: t.prismaConnection(
      {
        type: "CouncilInvocation",
        cursor: "id",
        validate: connectionArgs,
        defaultSize: 20,
        description: "The session's questions, in the order asked.",
        resolve: (query, session, _args, ctx) => ctx.services.council.sessions.questions(session.id, query),
      },
      { name: "CouncilSessionQuestionConnection" },
      { name: "CouncilSessionQuestionEdge" },
    ),
  }),
});

const CallEstimateRef = builder.objectRef<CallEstimate>("CouncilCallEstimate").implement({
  description: "What one call of a question is expected to cost. Oracle calls cost nothing.",
  fields: (t) => ({
    seat: t.field({ type: ModelSeatEnum, resolve: (call) => call.seat }),
    mode: t.field({ type: MindModeEnum, resolve: (call) => call.mode }),
    provider: t.field({ type: MindProviderEnum, resolve: (call) => providerOf(call.mode, call.seat, call.provider)! }),
    model: t.exposeString("model"),
    inputTokens: t.exposeInt("inputTokens"),
    outputTokens: t.exposeInt("outputTokens"),
    costUsd: t.exposeFloat("costUsd", { nullable: true, description: "In US dollars; null for a model without a known price." }),
  }),
});

type EstimateView = CouncilEstimate & { chair: (typeof SEATS)[number]; questionsLeftToday: number | null; dailyLimit: number | null };

const CouncilEstimateRef = builder.objectRef<EstimateView>("CouncilEstimate").implement({
  description: "A question's expected cost before it is asked: each seat's answer, each review, the synthesis.",
  fields: (t) => ({
    answers: t.field({ type: [CallEstimateRef], extensions: listMaximum(SEATS.length), resolve: (estimate) => estimate.answers }),
    reviews: t.field({ type: [CallEstimateRef], extensions: listMaximum(SEATS.length), resolve: (estimate) => estimate.reviews }),
    synthesis: t.field({ type: CallEstimateRef, resolve: (estimate) => estimate.synthesis }),
    chair: t.field({ type: ModelSeatEnum, description: "Who would chair this question.", resolve: (estimate) => estimate.chair }),
    totalUsd: t.exposeFloat("totalUsd", { nullable: true, description: "Every call together; null when a model's price is unknown." }),
    questionsLeftToday: t.exposeInt("questionsLeftToday", {
      nullable: true,
      description: "Questions the caller may still ask today (null when quotas are off).",
    }),
    dailyLimit: t.exposeInt("dailyLimit", { nullable: true }),
  }),
});

const invocationRef = globalIdOf("CouncilInvocation", entityId(INVOCATION_NOT_FOUND));

const StopCouncilInput = builder
  .inputType("StopCouncilInvocationInput", { fields: (t) => ({ invocationId: t.id({ required: true }) }) })
  .validate(z.object({ invocationId: invocationRef }));

const RetryCouncilSeatInput = builder
  .inputType("RetryCouncilSeatInput", { fields: (t) => ({ invocationId: t.id({ required: true }), seat: t.field({ type: ModelSeatEnum, required: true }) }) })
  .validate(z.object({ invocationId: invocationRef, seat: z.enum(SEATS) }));

const RetrySilentCouncilSeatsInput = builder
  .inputType("RetrySilentCouncilSeatsInput", { fields: (t) => ({ invocationId: t.id({ required: true }) }) })
  .validate(z.object({ invocationId: invocationRef }));

const ShareCouncilSessionInput = builder
  .inputType("ShareCouncilSessionInput", {
    fields: (t) => ({ sessionId: t.id({ required: true }), visibility: t.field({ type: ConversationVisibilityEnum, required: true }) }),
  })
  .validate(shareConversationSchema.omit({ conversationId: true }).extend({ sessionId: globalIdOf("CouncilSession", entityId(SESSION_NOT_FOUND)) }));

const InvocationPayload = builder.objectRef<{ invocation: CouncilInvocation }>("CouncilInvocationPayload").implement({
  fields: (t) => ({ invocation: t.field({ type: CouncilInvocationNode, resolve: (payload) => payload.invocation }) }),
});

const ShareCouncilSessionPayload = builder.objectRef<{ id: string }>("ShareCouncilSessionPayload").implement({
  fields: (t) => ({
    session: t.prismaField({
      type: "Consultation",
      resolve: (query, payload, _args, ctx) => ctx.prisma.consultation.findUniqueOrThrow({ ...query, where: { id: payload.id } }),
    }),
  }),
});

builder.queryFields((t) => ({
  councilSession: t.prismaField({
    type: "Consultation",
    nullable: true,
    description: "A Council session the caller may read: its own, or a public one.",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (query, _root, args, ctx) => {
      const id = rawId("CouncilSession", String(args.id)).trim();
      const found = await ctx.services.council.sessions.find(id, ctx.actor, query);
      // Someone else opening a shared session: its owner hears (notifications, #30 item 5).
      if (found) await ctx.services.notifications.opened("session", id, ctx.actor);
      return found;
    },
  }),
  councilSessions: t.prismaConnection(
    {
      type: "Consultation",
      cursor: "id",
      validate: connectionArgs,
      description: "The caller's Council sessions (a signed-in user's, or this browser's visitor key's), newest activity first.",
      args: { search: t.arg.string({ required: false, description: "Words of the title.", validate: conversationSearch }) },
      resolve: (query, _root, args, ctx) => ctx.services.council.sessions.list(ctx.actor, args.search, query),
    },
    { name: "CouncilSessionConnection" },
    { name: "CouncilSessionEdge" },
  ),
  councilDefaultChair: t.field({
    type: ModelSeatEnum,
    description: "Who chairs when the asker leaves the chair to the default and this seat sits (else the first seated seat does).",
    resolve: (_root, _args, ctx) => ctx.services.council.sessions.defaultChair(),
  }),
  councilEstimate: t.field({
    type: CouncilEstimateRef,
    description: "What a question would cost, before it is asked, and how many the caller may still ask today.",
    args: { input: t.arg({ type: InvokeCouncilInput, required: true }) },
    resolve: (_root, { input }, ctx) => ctx.services.council.sessions.estimate(input, ctx.actor),
  }),
}));

builder.mutationFields((t) => ({
  stopCouncilInvocation: t.field({
    type: InvocationPayload,
    description: "Stops a question still being answered: every seat, review and synthesis still speaking; what was said is kept.",
    args: { input: t.arg({ type: StopCouncilInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ invocation: await ctx.services.council.sessions.stop(input.invocationId, ctx.actor) }),
  }),
  retryCouncilSeat: t.field({
    type: InvocationPayload,
    description:
      "Asks exactly this seat again (one that failed or was stopped), keeping every other seat as it stands; the review and the synthesis are spoken anew. Follow it with councilInvocation(id).",
    args: { input: t.arg({ type: RetryCouncilSeatInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({
      invocation: (await ctx.services.council.sessions.retry(input.invocationId, input.seat, ctx.actor, { pace: true })).invocation,
    }),
  }),
  retrySilentCouncilSeats: t.field({
    type: InvocationPayload,
    description: "Asks every seat that has not answered (failed or stopped) again, keeping the answers; each seat asked is one retry under the quota rule.",
    args: { input: t.arg({ type: RetrySilentCouncilSeatsInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({
      invocation: (await ctx.services.council.sessions.retrySilent(input.invocationId, ctx.actor, { pace: true })).invocation,
    }),
  }),
  shareCouncilSession: t.field({
    type: ShareCouncilSessionPayload,
    description: "public: anyone with its address may read it; private: its owner alone.",
    args: { input: t.arg({ type: ShareCouncilSessionInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ id: (await ctx.services.council.sessions.share(input.sessionId, input.visibility, ctx.actor)).id }),
  }),
}));
