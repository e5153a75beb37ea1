// /api/agents routes: thin over the agent services, shaped as the API contract says.
import { Hono } from "hono";
import { tagSchema } from "@nomina/shared/tags";
import { clientText } from "@nomina/shared/text";
import { invokeAgentSchema } from "@nomina/shared/whispers";
import { z } from "zod";
import type { Agent } from "../../../generated/prisma/client.ts";
import { ClientError, notFound } from "../../errors.ts";
import { actorOf } from "../../http/actor.ts";
import { readJson, readQuery } from "../../http/body.ts";
import type { RoutePolicy } from "../../http/route-policy.ts";
import { AVATAR_MAX_BYTES, AVATAR_TOO_LARGE } from "./avatars.ts";
import { CARD_MAX_BYTES, CARD_TOO_LARGE } from "./cards.ts";
import type { Services } from "../../services.ts";
import { whisperJson } from "../whispers/rest.ts";
import { parseCapabilities, parseOutputs, parsePersona } from "./essence.ts";
import { forgeAgentSchema, remixAgentSchema } from "./schemas.ts";
import { AGENT_SORTS } from "./service.ts";
import { ACTIVITY_SPANS, SPAN_REFUSED, type ActivitySpan } from "./activity.ts";
import { creatorIdOf } from "./creators.ts";
import { creditOf } from "@nomina/shared/accounts";

/** The REST shim has no cursors: its lists return the newest this many. */
export const REST_LIST_LIMIT = 200;
/** A creator's agents in one REST answer, newest first. */
const CREATOR_PAGE_LIMIT = 50;
export const CREATOR_NOT_FOUND = "Creator not found";

/**
 * GET /api/agents stops before its answer passes this many bytes (at least one agent is sent):
 * each agent is bounded by the essence's limits, but 200 agents at every limit would still be
 * tens of megabytes for one anonymous request. The GraphQL listing pages by cursor instead.
 */
export const REST_AGENTS_BYTES = 1024 * 1024;

const booleanParam = z.enum(["true", "false"], { message: "Must be true or false" }).transform((value) => value === "true");

const cardQuery = z.object({ format: z.enum(["json", "png"], { message: "Format must be json or png" }).optional() });

/** The content types a card may come as. */
const CARD_TYPES = ["application/json", "image/png"];

const listQuery = z.object({
  includeArchived: booleanParam.optional(),
  search: clientText(100, "Search is too long").max(100, "Search is too long").optional(),
  type: clientText(40, "Type is too long").max(40, "Type is too long").optional(),
  tag: tagSchema.optional(),
  sort: z.enum(AGENT_SORTS, { message: `Sort must be one of ${AGENT_SORTS.join(", ")}` }).optional(),
});

const activityQuery = z.object({
  days: z
    .enum(ACTIVITY_SPANS.map(String) as ["30", "90"], { message: SPAN_REFUSED })
    .transform((days) => Number(days) as ActivitySpan)
    .optional(),
});

/** The public JSON form of an agent: essence parsed into objects, secrets left out. */
export function agentJson(agent: Agent) {
  // The key's hash is a secret, and so is the visitor key that owns it; so is the account of its
  // remixer, and so is who made it as the rankings count (actorKey: an address's hash). Its
  // creator's account id is its creator page's address (/creators/{id}, #30), which shows the
  // name the profile already shows and nothing else of the account. The name's sort key is the
  // database's own (db/text.ts).
  const { apiKeyHash: _secret, visitorId: _owner, remixerId: _remixer, actorKey: _maker, nameKey: _sortKey, persona, capabilities, outputs, ...fields } = agent;
  return {
    ...fields,
    creatorId: creatorIdOf(agent),
    persona: parsePersona(persona),
    capabilities: parseCapabilities(capabilities),
    outputs: parseOutputs(outputs),
  };
}

/** A tag as REST shows it: its name and the visible agents carrying it. */
export const tagJson = (tag: { name: string; agentCount: number }) => ({ name: tag.name, agentCount: tag.agentCount });

const agentBrief = (agent: Pick<Agent, "id" | "name" | "username" | "glyph">) => ({
  id: agent.id,
  name: agent.name,
  username: agent.username,
  glyph: agent.glyph,
});

/**
 * What the edge must know of these routes before the router sees them (http/route-policy.ts):
 * files take larger bodies than the rest, refused as a bad file; any site may read an agent and
 * invoke it (an embed, without credentials).
 */
const POLICIES = {
  importCard: { method: "POST", path: "/agents/import", body: { limit: CARD_MAX_BYTES, refusal: { status: 400, message: CARD_TOO_LARGE, field: "card" } } },
  uploadAvatar: {
    method: "PUT",
    path: "/agents/:ref/avatar",
    body: { limit: AVATAR_MAX_BYTES, refusal: { status: 400, message: AVATAR_TOO_LARGE, field: "avatar" } },
  },
  read: { method: "GET", path: "/agents/:ref", embed: true },
  invoke: { method: "POST", path: "/agents/:ref/invoke", embed: true },
} as const satisfies Record<string, RoutePolicy>;

export const agentRoutePolicies: readonly RoutePolicy[] = Object.values(POLICIES);

export function agentRoutes(services: Services) {
  return (
    new Hono()
      .get("/agents", async (c) => {
        const filter = readQuery(c, listQuery);
        const agents = await services.agents.list(filter, { take: REST_LIST_LIMIT });
        const parts: string[] = [];
        let bytes = 0;
        for (const agent of agents) {
          const part = JSON.stringify(agentJson(agent));
          bytes += Buffer.byteLength(part) + 1;
          if (parts.length > 0 && bytes > REST_AGENTS_BYTES) break;
          parts.push(part);
        }
        return c.body(`{"agents":[${parts.join(",")}]}`, 200, { "Content-Type": "application/json" });
      })
      // The tags visible agents carry, the most carried first (the REST shim has no cursors).
      .get("/tags", async (c) => {
        const tags = await services.tags.list(false, { take: REST_LIST_LIMIT });
        return c.json({ tags: tags.map(tagJson) });
      })
      .post("/agents", async (c) => {
        const agent = await services.agents.forge(await readJson(c, forgeAgentSchema), actorOf(c));
        return c.json(agentJson(agent), 201);
      })
      .get("/agents/remixes", async (c) => {
        const remixes = await services.lineage.remixFeed(REST_LIST_LIMIT);
        return c.json(
          remixes.map((child) => ({
            parentAgent: child.parent ? agentBrief(child.parent) : null,
            childAgent: agentBrief(child),
            remixedAt: child.createdAt,
          })),
        );
      })
      .post("/agents/remix", async (c) => {
        // Its errors are {error, message} (the contract): http/errors.ts shapes them.
        const { agent } = await services.lineage.remix(await readJson(c, remixAgentSchema), actorOf(c));
        return c.json(agentJson(agent), 201);
      })
      .post(POLICIES.importCard.path, async (c) => {
        const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
        if (!CARD_TYPES.includes(type)) throw new ClientError(415, "Send the card as application/json or image/png");
        const body = Buffer.from(await c.req.arrayBuffer());
        const agent = await services.cards.importCard(body, actorOf(c));
        return c.json(agentJson(agent), 201);
      })
      .put(POLICIES.uploadAvatar.path, async (c) => {
        const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
        if (!type.startsWith("image/")) throw new ClientError(415, "Send the avatar as an image (PNG, JPEG, WebP or GIF)");
        const agent = await services.avatars.upload(c.req.param("ref"), Buffer.from(await c.req.arrayBuffer()), actorOf(c));
        return c.json({ agent: agentJson(agent) });
      })
      .get("/agents/:ref/avatar", async (c) => {
        const avatar = await services.avatars.find(c.req.param("ref"));
        // The address changes with each upload (?v=), so what one address names never changes.
        return c.body(new Uint8Array(avatar.image), 200, { "Content-Type": avatar.contentType, "Cache-Control": "public, max-age=31536000, immutable" });
      })
      .get("/agents/:ref/card", async (c) => {
        const { format } = readQuery(c, cardQuery);
        if (format === "png") {
          // The request's signal aborts when its client goes: a picture still queued is then never
          // drawn, and the answer nobody reads is no fault to log.
          const { signal } = c.req.raw;
          const exported = await services.cards.cardPng(c.req.param("ref"), signal).catch((error: unknown) => {
            if (signal.aborted) return null;
            throw error;
          });
          if (!exported) return c.body(null, 204);
          const { agent, png } = exported;
          return c.body(new Uint8Array(png), 200, { "Content-Type": "image/png", "Content-Disposition": `attachment; filename="${agent.username}.card.png"` });
        }
        const { agent, card } = await services.cards.card(c.req.param("ref"));
        c.header("Content-Disposition", `attachment; filename="${agent.username}.card.json"`);
        return c.json(card);
      })
      // A creator's page (#30): the account's name and kept totals, and its public agents, newest first.
      .get("/creators/:id", async (c) => {
        const creator = await services.creators.creator(c.req.param("id"));
        if (!creator) throw notFound(CREATOR_NOT_FOUND);
        const agents = await services.creators.publicAgentsOf(creator.id, { take: CREATOR_PAGE_LIMIT });
        const { createdAt, displayName, ...totals } = creator;
        return c.json({
          creator: { ...totals, name: creditOf({ name: creator.name, displayName, anonymous: false }), joinedAt: createdAt },
          agents: agents.map(agentJson),
        });
      })
      .get(POLICIES.read.path, async (c) => {
        const agent = await services.agents.findByRef(c.req.param("ref"));
        if (!agent) throw notFound("Agent not found");
        // A remix says what it still has of its parent, unchanged (GraphQL's inheritedFields).
        return c.json({ agent: { ...agentJson(agent), inheritedFields: await services.creators.inherited(agent) } });
      })
      // A creator's numbers (#30): the agent's activity per day over 30 or 90 days, for its creator alone.
      .get("/agents/:ref/activity", async (c) => {
        const { days } = readQuery(c, activityQuery);
        return c.json(await services.activity.ofAgent(c.req.param("ref"), days ?? 30, actorOf(c)));
      })
      .post(POLICIES.invoke.path, async (c) => {
        const input = await readJson(c, invokeAgentSchema);
        const exchange = await services.conversations.send(c.req.param("ref"), input, actorOf(c));
        return c.json({
          response: exchange.reply.text,
          whisper: exchange.whisper && whisperJson(exchange.whisper),
          // As the answer was given: the oracle may have stood in for the seat's model (the budget).
          mode: exchange.answer?.mode ?? exchange.identity.mode,
          oracleReason: exchange.answer?.oracleReason ?? null,
          conversation: { id: exchange.conversation.id },
        });
      })
  );
}
