// The Council in the graph: nominations, members, whispers, the ritual log, and their live feeds.
import type { CouncilMember, CouncilWhisper, RitualLog } from "../../../generated/prisma/client.ts";
import { RitualType } from "../../../generated/prisma/enums.ts";
import { builder } from "../../graphql/builder.ts";
import { connectionArgs } from "../../graphql/cursors.ts";
import { globalIdOf } from "../../graphql/ids.ts";
import { entityId } from "@nomina/shared/text";
import { providerOf } from "../../minds/identity.ts";
import { AgentConnection, ModelSeatEnum } from "../agents/graphql.ts";
import { MindModeEnum, MindProviderEnum, OracleReasonEnum } from "../../graphql/minds.ts";

import { councilWhisperSchema, nominateSchema } from "@nomina/shared/council";
import { whisperAnswerer } from "./service.ts";
import type { Services } from "../../services.ts";
import { BROADCAST } from "../../graphql/broadcasts.ts";

const RitualTypeEnum = builder.enumType("RitualType", { values: Object.values(RitualType) });

export const AgentNominationNode = builder.prismaNode("AgentNomination", {
  nullable: true,
  id: { field: "id" },
  fields: (t) => ({
    agent: t.relation("agent"),
    agentName: t.exposeString("agentName"),
    nominatedBy: t.exposeString("nominatedBy"),
    reason: t.exposeString("nominationReason", { nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

export const CouncilMemberNode = builder.prismaNode("CouncilMember", {
  nullable: true,
  id: { field: "id" },
  fields: (t) => ({
    agent: t.relation("agent"),
    agentName: t.exposeString("agentName"),
    ascendedAt: t.expose("ascendedAt", { type: "DateTime" }),
    ascendedBy: t.exposeString("ascendedBy"),
    isActive: t.exposeBoolean("isActive"),
    satCount: t.exposeInt("satCount", { description: "How many questions it has sat for at the Summoning Gate." }),
    seat: t.field({
      type: ModelSeatEnum,
      description: "The seat its agent is bound to: where it sits at the Gate, in place of that seat's model.",
      select: { agent: { select: { apiModel: true } } },
      resolve: (member) => member.agent.apiModel,
    }),
  }),
});

export const CouncilWhisperNode = builder.prismaNode("CouncilWhisper", {
  nullable: true,
  id: { field: "id" },
  fields: (t) => ({
    content: t.exposeString("content"),
    councilResponse: t.exposeString("councilResponse", { nullable: true }),
    respondedBy: t.field({
      type: ModelSeatEnum,
      nullable: true,
      description: "The seat that answered for the Council: the chairman, or the next that could.",
      select: { responseMeta: true },
      resolve: (whisper) => whisperAnswerer(whisper).seat,
    }),
    responseMode: t.field({
      type: MindModeEnum,
      nullable: true,
      select: { responseMeta: true },
      resolve: (whisper) => whisperAnswerer(whisper).mode,
    }),
    responseProvider: t.field({
      type: MindProviderEnum,
      nullable: true,
      description: "Whose answer the council response was: the responding seat's provider (or where it is bound), or oracle.",
      select: { responseMeta: true },
      resolve: (whisper) => {
        const { mode, seat, provider } = whisperAnswerer(whisper);
        return providerOf(mode, seat, provider);
      },
    }),
    responseOracleReason: t.field({
      type: OracleReasonEnum,
      nullable: true,
      description: "Why the oracle answered for the Council in place of a seat's model.",
      select: { responseMeta: true },
      resolve: (whisper) => whisperAnswerer(whisper).oracleReason,
    }),
    isAnonymous: t.exposeBoolean("isAnonymous"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

export const RitualLogNode = builder.prismaNode("RitualLog", {
  nullable: true,
  id: { field: "id" },
  fields: (t) => ({
    type: t.expose("type", { type: RitualTypeEnum }),
    description: t.exposeString("description"),
    performedBy: t.exposeString("performedBy"),
    relatedAgent: t.relation("relatedAgent", { nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

builder.queryFields((t) => ({
  councilMembers: t.prismaConnection({
    type: "CouncilMember",
    cursor: "id",
    validate: connectionArgs,
    description: "Ascended members, most recent first.",
    resolve: (query, _root, _args, ctx) => ctx.services.council.members(query),
  }),
  councilWhispers: t.prismaConnection({
    type: "CouncilWhisper",
    cursor: "id",
    validate: connectionArgs,
    description: "Whispers to the Council with its answers, newest first.",
    resolve: (query, _root, _args, ctx) => ctx.services.council.whispers(query),
  }),
  ritualLogs: t.prismaConnection({
    type: "RitualLog",
    cursor: "id",
    validate: connectionArgs,
    description: "The Council's activity log, newest first.",
    args: { type: t.arg({ type: RitualTypeEnum, required: false }) },
    resolve: (query, _root, args, ctx) => ctx.services.council.ritualLogs(args.type, query),
  }),
  nominatedAgents: t.prismaConnection(
    {
      type: "Agent",
      cursor: "id",
      validate: connectionArgs,
      description: "Visible agents with at least one nomination, most nominated first (ties: the newer first).",
      resolve: (query, _root, _args, ctx) => ctx.services.council.nominated(query),
    },
    AgentConnection,
  ),
}));

const NominateAgentInput = builder
  .inputType("NominateAgentInput", {
    fields: (t) => ({ agentId: t.id({ required: true }), reason: t.string() }),
  })
  .validate(nominateSchema.extend({ agentId: globalIdOf("Agent", entityId("Agent not found")) }));

type NominationPayload = Awaited<ReturnType<Services["council"]["nominate"]>>;

const NominateAgentPayload = builder.objectRef<NominationPayload>("NominateAgentPayload").implement({
  fields: (t) => ({
    nomination: t.field({ type: AgentNominationNode, resolve: (payload) => payload.nomination }),
    agent: t.prismaField({
      type: "Agent",
      resolve: (query, payload, _args, ctx) => ctx.prisma.agent.findUniqueOrThrow({ ...query, where: { id: payload.nomination.agentId } }),
    }),
    count: t.exposeInt("count", { description: "The agent's nominations, this one included." }),
    alreadyNominated: t.exposeBoolean("alreadyNominated", { description: "This nominator had nominated the agent before: nothing changed." }),
    member: t.field({
      type: CouncilMemberNode,
      nullable: true,
      description: "Set when this nomination made the agent ascend.",
      resolve: (payload) => payload.member,
    }),
  }),
});

const WhisperToCouncilInput = builder
  .inputType("WhisperToCouncilInput", { fields: (t) => ({ content: t.string({ required: true }) }) })
  .validate(councilWhisperSchema);

const WhisperToCouncilPayload = builder.objectRef<{ whisper: CouncilWhisper }>("WhisperToCouncilPayload").implement({
  fields: (t) => ({ whisper: t.field({ type: CouncilWhisperNode, resolve: (payload) => payload.whisper }) }),
});

builder.mutationFields((t) => ({
  nominateAgent: t.field({
    type: NominateAgentPayload,
    args: { input: t.arg({ type: NominateAgentInput, required: true }) },
    resolve: (_root, { input }, ctx) => ctx.services.council.nominate(input, ctx.actor),
  }),
  whisperToCouncil: t.field({
    type: WhisperToCouncilPayload,
    args: { input: t.arg({ type: WhisperToCouncilInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ whisper: await ctx.services.council.whisper(input, ctx.actor) }),
  }),
}));

// Events travel as JSON (dates as ISO strings); the DateTime scalar serialises both forms.
builder.subscriptionFields((t) => ({
  ritualLogAdded: t.field({
    type: RitualLogNode,
    subscribe: (_root, _args, ctx) => ctx.bus.subscribe("ritualLogAdded"),
    ...BROADCAST,
    resolve: (event) => event as unknown as RitualLog,
  }),
  councilWhisperAdded: t.field({
    type: CouncilWhisperNode,
    subscribe: (_root, _args, ctx) => ctx.bus.subscribe("councilWhisperAdded"),
    ...BROADCAST,
    resolve: (event) => event as unknown as CouncilWhisper,
  }),
  councilMemberAscended: t.field({
    type: CouncilMemberNode,
    subscribe: (_root, _args, ctx) => ctx.bus.subscribe("councilMemberAscended"),
    ...BROADCAST,
    resolve: (event) => event as unknown as CouncilMember,
  }),
}));
