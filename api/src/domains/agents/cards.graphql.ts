// Character cards in the graph: exportAgentCard reads an agent's Character Card V3 (and where its
// PNG is served), importAgentCard forges an agent from a card's JSON, or a PNG card as a data URL
// (larger PNGs go to REST's POST /api/agents/import, which takes up to 4 MB).
import { clientText, entityId } from "@nomina/shared/text";
import { z } from "zod";
import type { Agent } from "../../../generated/prisma/client.ts";
import { builder } from "../../graphql/builder.ts";
import { globalIdOf } from "../../graphql/ids.ts";
import type { CardV3 } from "./cards.ts";
import { AgentNode } from "./graphql.ts";

const AgentCard = builder.objectRef<{ agent: Agent; card: CardV3 }>("AgentCard").implement({
  description: "An agent as a Character Card V3 (chara_card_v3).",
  fields: (t) => ({
    agent: t.field({ type: AgentNode, resolve: (payload) => payload.agent }),
    json: t.string({ description: "The card, as JSON text.", resolve: (payload) => JSON.stringify(payload.card) }),
    pngPath: t.string({
      description: "Where the card is served as a PNG of the glyph (ccv3 and chara chunks).",
      resolve: (payload) => `/api/agents/${payload.agent.id}/card?format=png`,
    }),
  }),
});

const PNG_DATA_URL = /^data:image\/png;base64,/;

const ImportAgentCardInput = builder
  .inputType("ImportAgentCardInput", {
    fields: (t) => ({ card: t.string({ required: true, description: "The card's JSON text, or a PNG card as a data URL (data:image/png;base64,...)." }) }),
  })
  .validate(z.object({ card: clientText(100_000, "The card is too large for GraphQL: send it to POST /api/agents/import", "The card must be text") }));

const ImportAgentCardPayload = builder.objectRef<{ agent: Agent }>("ImportAgentCardPayload").implement({
  fields: (t) => ({ agent: t.field({ type: AgentNode, resolve: (payload) => payload.agent }) }),
});

builder.queryFields((t) => ({
  exportAgentCard: t.field({
    type: AgentCard,
    args: { agentId: t.arg.id({ required: true, validate: globalIdOf("Agent", entityId("Agent not found")) }) },
    resolve: (_root, args, ctx) => ctx.services.cards.card(String(args.agentId)),
  }),
}));

builder.mutationFields((t) => ({
  importAgentCard: t.field({
    type: ImportAgentCardPayload,
    args: { input: t.arg({ type: ImportAgentCardInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const body = PNG_DATA_URL.test(input.card) ? Buffer.from(input.card.replace(PNG_DATA_URL, ""), "base64") : input.card;
      return { agent: await ctx.services.cards.importCard(body, ctx.actor) };
    },
  }),
}));
