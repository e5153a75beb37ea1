// The curator-only mutations. Authorisation is the `curator` scope; the service does the rest.
import { encodeGlobalID } from "@pothos/plugin-relay";
import { z } from "zod";
import { builder } from "../../graphql/builder.ts";
import { globalIdOf } from "../../graphql/ids.ts";
import { entityId } from "@nomina/shared/text";
import { AgentNode } from "../agents/graphql.ts";
import { CouncilMemberNode, RitualLogNode } from "../council/graphql.ts";
import type { AgentAct, WhisperRemoval } from "./service.ts";

const CurateAgentInput = builder
  .inputType("CurateAgentInput", { fields: (t) => ({ agentId: t.id({ required: true }) }) })
  .validate(z.object({ agentId: globalIdOf("Agent", entityId("Agent not found")) }));

const CurateAgentPayload = builder.objectRef<AgentAct>("CurateAgentPayload").implement({
  fields: (t) => ({
    agent: t.field({ type: AgentNode, resolve: (act) => act.agent }),
    member: t.field({ type: CouncilMemberNode, nullable: true, description: "The agent's council seat, if it has one.", resolve: (act) => act.member }),
    ritualLog: t.field({ type: RitualLogNode, description: "The entry this act wrote.", resolve: (act) => act.log }),
  }),
});

const RemoveCouncilWhisperInput = builder
  .inputType("RemoveCouncilWhisperInput", { fields: (t) => ({ whisperId: t.id({ required: true }) }) })
  .validate(z.object({ whisperId: globalIdOf("CouncilWhisper", entityId("Whisper not found")) }));

const RemoveCouncilWhisperPayload = builder.objectRef<WhisperRemoval>("RemoveCouncilWhisperPayload").implement({
  fields: (t) => ({
    removedWhisperId: t.id({ description: "For @deleteRecord.", resolve: (removal) => encodeGlobalID("CouncilWhisper", removal.whisperId) }),
    ritualLog: t.field({ type: RitualLogNode, resolve: (removal) => removal.log }),
  }),
});

builder.mutationFields((t) => {
  const curate = (act: "archive" | "restore" | "ascend" | "retire", description: string) =>
    t.field({
      type: CurateAgentPayload,
      description,
      authScopes: { curator: true },
      args: { input: t.arg({ type: CurateAgentInput, required: true }) },
      resolve: (_root, { input }, ctx) => ctx.services.curation[act](input.agentId, ctx.actor),
    });
  return {
    archiveAgent: curate("archive", "Curators only: hides an agent from the listing (it keeps its page)."),
    restoreAgent: curate("restore", "Curators only: brings an archived agent back."),
    ascendAgent: curate("ascend", "Curators only: seats an agent on the Council without nominations."),
    retireCouncilMember: curate("retire", "Curators only: takes an agent's seat on the Council away."),
    removeCouncilWhisper: t.field({
      type: RemoveCouncilWhisperPayload,
      description: "Curators only: deletes a whisper to the Council.",
      authScopes: { curator: true },
      args: { input: t.arg({ type: RemoveCouncilWhisperInput, required: true }) },
      resolve: (_root, { input }, ctx) => ctx.services.curation.removeWhisper(input.whisperId, ctx.actor),
    }),
  };
});
