// The Summoning Gate in the graph: invokeCouncil starts an invocation and returns it at once;
// councilInvocation(id) streams its voices (from the first word, however late one subscribes);
// the stored invocation is a Node with each seat's answer and the synthesis.
import { encodeGlobalID } from "@pothos/plugin-relay";
import type { CouncilInvocation } from "../../../generated/prisma/client.ts";
import { notFound } from "../../errors.ts";
import { builder } from "../../graphql/builder.ts";
import { listMaximum } from "../../graphql/cost.ts";
import { globalIdOf, rawId } from "../../graphql/ids.ts";
import { type MemberTag, type SynthesisRecord, type VoiceRecord } from "../../minds/council-records.ts";
import { COUNCIL_VOICES, SEATS, providerOf, type CouncilVoice, type Seat } from "../../minds/identity.ts";
import { ModelSeatEnum } from "../agents/graphql.ts";
import { MindModeEnum, MindProviderEnum, OracleReasonEnum } from "../../graphql/minds.ts";
import type { CouncilEventWire } from "./invocation-events.ts";
import { CHAIR_CHOICES, consultSchema, MEMBER_NOT_SEATED, MEMBERS_REFUSED, SESSION_NOT_FOUND } from "@nomina/shared/council";
import { z } from "zod";
import { storedTags } from "./sitters.ts";
import { entityId } from "@nomina/shared/text";
import { readableReason, type RankingRow, type ReviewRecord } from "../../minds/review.ts";
import { SEAT_NAMES } from "@nomina/shared/enums";
import { seatedSeats } from "./invocation-events.ts";

const CouncilVoiceEnum = builder.enumType("CouncilVoice", {
  description: "One of the four seats, or the chairman's synthesis.",
  values: COUNCIL_VOICES,
});

const InvocationStatusEnum = builder.enumType("CouncilInvocationStatus", {
  description: "running, then complete (the synthesis was spoken), failed (it could not be) or stopped (the asker stopped it).",
  values: ["running", "complete", "failed", "stopped"] as const,
});

const CouncilPhaseEnum = builder.enumType("CouncilPhase", {
  description: "What an event is about: a seat's answer, a seat's review of the others, the review's totals, the synthesis.",
  values: ["answer", "review", "ranking", "synthesis"] as const,
});

export const CouncilChairEnum = builder.enumType("CouncilChair", {
  description: "Who chairs: one of the seated seats, or rotate (the next seated seat for each question of a session).",
  values: CHAIR_CHOICES,
});

const ReviewStatusEnum = builder.enumType("CouncilReviewStatus", {
  description: "reviewed, failed (the others stand), or stopped (the asker stopped the Council while it reviewed).",
  values: ["reviewed", "failed", "stopped"] as const,
});

const CouncilReviewLabel = builder.objectRef<{ letter: string; seat: Seat }>("CouncilReviewLabel").implement({
  description: "A letter a reviewer read an answer under, and the seat whose answer it was.",
  fields: (t) => ({ letter: t.exposeString("letter"), seat: t.field({ type: ModelSeatEnum, resolve: (label) => label.seat }) }),
});

/** The ascended member who spoke in a seat (#28), as the question keeps it. */
export const CouncilSitter = builder.objectRef<MemberTag>("CouncilSitter").implement({
  description: "An ascended Council member who sat in a seat for a question, in place of the seat's model, speaking in its own persona through that seat.",
  fields: (t) => ({
    memberId: t.id({ description: "The CouncilMember's id.", resolve: (tag) => encodeGlobalID("CouncilMember", tag.memberId) }),
    agentRawId: t.string({ description: "Its agent's id, as in /agents/{id}.", resolve: (tag) => tag.agentId }),
    name: t.exposeString("name", { description: "Its agent's name when it sat." }),
    glyph: t.exposeString("glyph"),
  }),
});

export const CouncilReview = builder.objectRef<ReviewRecord>("CouncilReview").implement({
  description: "One seat's ranking of the others' answers (it read them anonymised), best first, with one line of reasons.",
  fields: (t) => ({
    seat: t.field({ type: ModelSeatEnum, description: "The reviewer.", resolve: (r) => r.seat }),
    status: t.field({ type: ReviewStatusEnum, resolve: (r) => r.status }),
    ranking: t.field({ type: [ModelSeatEnum], extensions: listMaximum(SEATS.length), description: "The answers' seats, best first.", resolve: (r) => r.order }),
    reason: t.string({
      nullable: true,
      description: "The reviewer's reasons as it wrote them, naming answers by the letters it read them under.",
      resolve: (r) => r.reason,
    }),
    readableReason: t.string({
      nullable: true,
      description: 'The reasons for readers: each "Answer B" turned back into the name of the seat it stood for.',
      resolve: (r) => r.reason && readableReason(r.reason, r.labels, (seat) => r.names?.[seat] ?? SEAT_NAMES[seat]),
    }),
    member: t.field({ type: CouncilSitter, nullable: true, description: "The ascended member who reviewed from this seat.", resolve: (r) => r.member ?? null }),
    labels: t.field({
      type: [CouncilReviewLabel],
      extensions: listMaximum(SEATS.length),
      description: "Which seat each letter stood for (empty for reviews kept before the letters were).",
      resolve: (r) => Object.entries(r.labels ?? {}).flatMap(([letter, seat]) => (seat ? [{ letter, seat }] : [])),
    }),
    error: t.string({ nullable: true, description: "Why the review failed; the others stand.", resolve: (r) => r.error }),
    mode: t.field({ type: MindModeEnum, resolve: (r) => r.mode }),
    provider: t.field({ type: MindProviderEnum, resolve: (r) => providerOf(r.mode, r.seat, r.provider)! }),
    oracleReason: t.field({
      type: OracleReasonEnum,
      nullable: true,
      description: "Why the oracle reviewed in place of the seat's model.",
      resolve: (r) => r.oracleReason ?? null,
    }),
    model: t.string({ resolve: (r) => r.model }),
    latencyMs: t.int({ nullable: true, resolve: (r) => r.latencyMs }),
    costUsd: t.float({ nullable: true, description: "Estimated from list prices, in US dollars (0 for the oracle).", resolve: (r) => r.costUsd }),
  }),
});

export const CouncilRankingRow = builder.objectRef<RankingRow>("CouncilRankingRow").implement({
  description: "An answer's standing in the peer review, by Borda count: in a ranking of m answers the first earns m-1 points, the last 0.",
  fields: (t) => ({
    seat: t.field({ type: ModelSeatEnum, resolve: (row) => row.seat }),
    points: t.exposeInt("points"),
    firstPlaces: t.exposeInt("firstPlaces"),
    reviewers: t.exposeInt("reviewers", { description: "How many reviewers ranked this answer." }),
  }),
});

const AnswerStatusEnum = builder.enumType("CouncilAnswerStatus", {
  description: "speaking, answered, failed, or stopped (the asker stopped the Council: text holds the words so far).",
  values: ["speaking", "answered", "failed", "stopped"] as const,
});

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
    provider: t.field({ type: MindProviderEnum, nullable: true, resolve: (a) => providerOf(a.mode, a.seat, a.provider) }),
    oracleReason: t.field({
      type: OracleReasonEnum,
      nullable: true,
      description: "Why the oracle answered in place of the seat's model.",
      resolve: (a) => a.oracleReason ?? null,
    }),
    model: t.string({ nullable: true, resolve: (a) => a.model ?? null }),
    latencyMs: t.int({ nullable: true, resolve: (a) => a.latencyMs ?? null }),
    firstTokenMs: t.int({ nullable: true, resolve: (a) => a.firstTokenMs ?? null }),
    inputTokens: t.int({ nullable: true, resolve: (a) => a.usage?.inputTokens ?? null }),
    outputTokens: t.int({ nullable: true, resolve: (a) => a.usage?.outputTokens ?? null }),
    costUsd: t.float({ nullable: true, description: "Estimated from list prices, in US dollars.", resolve: (a) => a.costUsd ?? null }),
    attempts: t.int({ resolve: (a) => a.attempts ?? 0 }),
    fallbacks: t.field({ type: [ChairFallback], extensions: listMaximum(SEATS.length), resolve: (a) => a.fallbacks ?? [] }),
    member: t.field({
      type: CouncilSitter,
      nullable: true,
      description: "The ascended member who speaks in this seat (for the synthesis: who chaired), in its persona; null when the seat's model does.",
      resolve: (a) => a.member ?? null,
    }),
    speaker: t.string({
      description: "Who speaks, as readers name it: the member's name, or the seat's.",
      resolve: (a) => a.member?.name ?? SEAT_NAMES[a.seat],
    }),
  }),
});

export const CouncilInvocationNode = builder.prismaNode("CouncilInvocation", {
  nullable: true,
  id: { field: "id" },
  fields: (t) => ({
    rawId: t.exposeString("id"),
    prompt: t.exposeString("prompt"),
    status: t.field({
      type: InvocationStatusEnum,
      select: { status: true },
      resolve: (row) => (row.status === "complete" || row.status === "failed" || row.status === "stopped" ? row.status : "running"),
    }),
    seats: t.field({
      type: [ModelSeatEnum],
      extensions: listMaximum(SEATS.length),
      description: "The seats that sat, in seat order.",
      select: { seats: true },
      resolve: (row) => seatedSeats(row),
    }),
    chair: t.field({
      type: ModelSeatEnum,
      nullable: true,
      description: "The seat asked to chair (another may have taken over: see synthesis.seat).",
      select: { chair: true },
      resolve: (row) => row.chair,
    }),
    chairChoice: t.field({
      type: CouncilChairEnum,
      nullable: true,
      description: "What the asker chose for the chair (null: the default).",
      select: { chairChoice: true },
      resolve: (row) => CHAIR_CHOICES.find((choice) => choice === row.chairChoice) ?? null,
    }),
    review: t.exposeBoolean("review", { description: "Whether the seats reviewed each other's answers." }),
    reviews: t.field({
      type: [CouncilReview],
      extensions: listMaximum(SEATS.length),
      description: "Each reviewer's ranking, in seat order.",
      select: { reviews: true },
      resolve: (row) => {
        const reviews = row.reviews as Partial<Record<Seat, ReviewRecord>>;
        return SEATS.flatMap((seat) => reviews[seat] ?? []);
      },
    }),
    ranking: t.field({
      type: [CouncilRankingRow],
      nullable: true,
      extensions: listMaximum(SEATS.length),
      description: "The review's totals, best first.",
      select: { ranking: true },
      resolve: (row) => row.ranking as RankingRow[] | null,
    }),
    estimateUsd: t.exposeFloat("estimateUsd", { nullable: true, description: "What the question was estimated to cost before it was asked, in US dollars." }),
    session: t.relation("session", { nullable: true }),
    askedBy: t.exposeString("askedBy", { description: "The asker's label: a user's name, or 'anonymous'." }),
    answers: t.field({
      type: [CouncilAnswer],
      extensions: listMaximum(SEATS.length),
      description: "The seated seats, in seat order; a seat an ascended member sat in names it (member) from the start.",
      select: { answers: true, seats: true, members: true },
      resolve: (row) => {
        const answers = row.answers as Partial<Record<VoiceRecord["seat"], VoiceRecord>>;
        const members = storedTags(row.members);
        return seatedSeats(row).map((seat) => {
          const member = members[seat];
          return { ...(answers[seat] ?? { seat, status: "speaking" as const }), ...(member ? { member } : {}), voice: seat };
        });
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
    phase: t.field({ type: CouncilPhaseEnum, resolve: (event) => event.phase }),
    seat: t.field({ type: CouncilVoiceEnum, resolve: (event) => event.seat }),
    delta: t.exposeString("delta"),
    done: t.exposeBoolean("done", { description: "This voice has finished, answered or failed." }),
    failed: t.exposeBoolean("failed"),
    stopped: t.exposeBoolean("stopped", {
      description: "The voice (or review) ended because the asker stopped the Council; its words so far stand. Not a failure.",
    }),
    error: t.exposeString("error", { nullable: true, description: "Why the voice failed; on a restart, why the previous chairman fell." }),
    mode: t.field({ type: MindModeEnum, nullable: true, resolve: (event) => event.mode }),
    provider: t.field({
      type: MindProviderEnum,
      nullable: true,
      resolve: (event) => providerOf(event.mode, event.seat === "synthesis" ? event.chair : event.seat, event.provider),
    }),
    oracleReason: t.field({
      type: OracleReasonEnum,
      nullable: true,
      description: "On a voice's last event: why the oracle answered in place of the seat's model.",
      resolve: (event) => event.oracleReason,
    }),
    model: t.exposeString("model", { nullable: true }),
    chair: t.field({ type: ModelSeatEnum, nullable: true, description: "The seat speaking the synthesis.", resolve: (event) => event.chair }),
    restart: t.exposeBoolean("restart"),
    review: t.field({ type: CouncilReview, nullable: true, description: "A reviewer's ranking, when it comes back.", resolve: (event) => event.review }),
    ranking: t.field({
      type: [CouncilRankingRow],
      nullable: true,
      extensions: listMaximum(SEATS.length),
      description: "The review's totals, once every review is back.",
      resolve: (event) => event.ranking,
    }),
    text: t.exposeString("text", { nullable: true, description: "The voice's whole text, on its last event." }),
    last: t.exposeBoolean("last", { description: "The invocation's last event: the synthesis has ended." }),
    invocation: t.prismaField({
      type: "CouncilInvocation",
      nullable: true,
      description: "The stored invocation, on the last event.",
      resolve: (query, event, _args, ctx) => {
        // Taken on every event, though only the last reads the row (graphql/developer-checks.ts).
        const selection = { ...query };
        return event.last ? ctx.prisma.councilInvocation.findUnique({ ...selection, where: { id: event.invocationId } }) : null;
      },
    }),
  }),
});

export const InvokeCouncilInput = builder
  .inputType("InvokeCouncilInput", {
    fields: (t) => ({
      prompt: t.string({ required: true }),
      sessionId: t.id({ description: "The session to continue; without one, a new session starts." }),
      seats: t.field({
        type: [ModelSeatEnum],
        description: "Two to four seats. Left out: the session's (all four in a new session). Given: used and kept as the session's.",
      }),
      chair: t.field({
        type: CouncilChairEnum,
        description:
          "The chair: a seated seat, or rotate. Left out: the session's (the default in a new session); null: the default chair. Given: kept as the session's.",
      }),
      review: t.boolean({
        description: "Whether the seats review each other's answers before the synthesis. Left out: the session's (no review in a new session).",
      }),
      members: t.idList({
        description:
          "Ascended members (CouncilMember ids, at most four) who sit in place of their seats' models, each in the seat its agent is bound to (that seat sits too); one seat holds one voice. Left out: the session's (none in a new session); []: none. Given: kept as the session's.",
      }),
    }),
  })
  .validate(
    consultSchema.safeExtend({
      sessionId: globalIdOf("CouncilSession", entityId(SESSION_NOT_FOUND)).nullish(),
      members: z
        .array(globalIdOf("CouncilMember", entityId(MEMBER_NOT_SEATED)), { error: MEMBERS_REFUSED })
        .max(SEATS.length, MEMBERS_REFUSED)
        .refine((members) => new Set(members).size === members.length, MEMBERS_REFUSED)
        .nullish(),
    }),
  );

const InvokeCouncilPayload = builder.objectRef<{ invocation: CouncilInvocation; sessionId: string }>("InvokeCouncilPayload").implement({
  fields: (t) => ({
    invocation: t.field({ type: CouncilInvocationNode, resolve: (payload) => payload.invocation }),
    session: t.prismaField({
      type: "Consultation",
      description: "The session the question was asked in.",
      resolve: (query, payload, _args, ctx) => ctx.prisma.consultation.findUniqueOrThrow({ ...query, where: { id: payload.sessionId } }),
    }),
  }),
});

builder.mutationField("invokeCouncil", (t) =>
  t.field({
    type: InvokeCouncilPayload,
    description: "Puts a question to the Council (in a new session, or one named) and returns at once; follow it with councilInvocation(id).",
    args: { input: t.arg({ type: InvokeCouncilInput, required: true }) },
    resolve: async (_root, { input }, ctx, info) => {
      const started = await ctx.services.council.sessions.ask(input, ctx.actor, { pace: true });
      // The payload is read after this resolver: if reading it fails, the asker could not see the question, and does not pay for it.
      ctx.undoIfFailed(info, started.refund);
      return { invocation: started.invocation, sessionId: started.sessionId };
    },
  }),
);

builder.subscriptionField("councilInvocation", (t) =>
  t.field({
    type: CouncilInvocationEvent,
    description: "An invocation's voices as they speak: what was already said first, then live, until the synthesis ends.",
    args: { id: t.arg.id({ required: true }) },
    subscribe: async (_root, args, ctx) => {
      const id = rawId("CouncilInvocation", String(args.id).trim());
      const events = (await ctx.services.council.sessions.canRead(id, ctx.actor)) ? await ctx.services.council.invocations.follow(id) : null;
      if (!events) throw notFound("Invocation not found");
      return events;
    },
    resolve: (event) => event,
  }),
);
