// The curator-only mutations. Authorisation is the `curator` scope; the service does the rest.
import { encodeGlobalID } from "@pothos/plugin-relay";
import { z } from "zod";
import { builder } from "../../graphql/builder.ts";
import { globalIdOf } from "../../graphql/ids.ts";
import { entityId } from "@nomina/shared/text";
import { tagSchema } from "@nomina/shared/tags";
import { AgentNode } from "../agents/graphql.ts";
import { TagNode } from "../agents/tags.graphql.ts";
import { CouncilMemberNode, RitualLogNode } from "../council/graphql.ts";
import type { AgentAct, TagMerge, TagRemoval, WhisperRemoval } from "./service.ts";

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

const MergeTagInput = builder
  .inputType("MergeTagInput", {
    fields: (t) => ({
      tag: t.string({ required: true, description: "The tag to merge away (normalised as tags are)." }),
      into: t.string({ required: true, description: "The tag its agents carry instead; a new one renames it." }),
    }),
  })
  .validate(z.object({ tag: tagSchema, into: tagSchema }));

const MergeTagPayload = builder.objectRef<TagMerge>("MergeTagPayload").implement({
  fields: (t) => ({
    removedTagId: t.id({ description: "The merged tag's id, for @deleteRecord.", resolve: (merge) => encodeGlobalID("Tag", merge.removed) }),
    tag: t.field({ type: TagNode, description: "The tag it became, its count as it now is.", resolve: (merge) => merge.tag }),
    agentCount: t.int({ description: "Agents whose tags changed (archived ones included).", resolve: (merge) => merge.agents }),
    ritualLog: t.field({ type: RitualLogNode, resolve: (merge) => merge.log }),
  }),
});

const RemoveTagInput = builder.inputType("RemoveTagInput", { fields: (t) => ({ tag: t.string({ required: true }) }) }).validate(z.object({ tag: tagSchema }));

const RemoveTagPayload = builder.objectRef<TagRemoval>("RemoveTagPayload").implement({
  fields: (t) => ({
    removedTagId: t.id({ description: "For @deleteRecord.", resolve: (removal) => encodeGlobalID("Tag", removal.removed) }),
    agentCount: t.int({ description: "Agents that carried it (archived ones included).", resolve: (removal) => removal.agents }),
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
    mergeTag: t.field({
      type: MergeTagPayload,
      description: "Curators only: every agent carrying a tag carries another instead, and the tag is gone.",
      authScopes: { curator: true },
      args: { input: t.arg({ type: MergeTagInput, required: true }) },
      resolve: (_root, { input }, ctx) => ctx.services.curation.mergeTag(input.tag, input.into, ctx.actor),
    }),
    removeTag: t.field({
      type: RemoveTagPayload,
      description: "Curators only: takes a tag off every agent carrying it, and it is gone.",
      authScopes: { curator: true },
      args: { input: t.arg({ type: RemoveTagInput, required: true }) },
      resolve: (_root, { input }, ctx) => ctx.services.curation.removeTag(input.tag, ctx.actor),
    }),
  };
});
