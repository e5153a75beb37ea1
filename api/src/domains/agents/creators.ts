// A creator's own agents: the list of what they forged or remixed (a signed-in user's, or a
// visitor key's until it signs in), editing with every save kept as a version, and archiving.
// Only the creator may change an agent, or a curator; the six genesis agents are curators' alone.
import type { UpdateAgentInput } from "@nomina/shared/agents";
import type { Actor } from "../../actor.ts";
import { isUuid } from "../../db/ids.ts";
import { keysetFind, type ConnectionQuery, type KeysetOrder } from "../../db/keyset.ts";
import type { Agent, AgentVersion, Prisma, PrismaClient } from "../../../generated/prisma/client.ts";
import { conflict, forbidden, notFound } from "../../errors.ts";
import type { AwakeningOptions, Essence } from "../../minds/character.ts";
import type { Minds } from "../../minds/types.ts";
import { parseCapabilities, parseOutputs, parsePersona } from "./essence.ts";
import { assertNameFree } from "./names.ts";
import { AGENT_ORDERS } from "./service.ts";
import { ANONYMOUS_CREDIT } from "@nomina/shared/accounts";

export const NOT_YOURS = "Only its creator may change this agent";
export const GENESIS_IS_CURATED = "Only curators may change a genesis agent";
export const NOTHING_NEW = "The redraw gave the same essence again, so no new version was saved";

/** What a remix may keep of its parent as it was forked, unchanged: what the inheritedFields answer names. */
export const INHERITABLE_FIELDS = ["description", "personality", "persona", "capabilities"] as const;
export type InheritableField = (typeof INHERITABLE_FIELDS)[number];
/** What `inherited` reads of the remix: its own essence and where it forked. */
export type InheritingAgent = Pick<Agent, "parentAgentId" | "parentVersion" | "description" | "personality" | "persona" | "capabilities">;

/** One field's value as the comparison reads it: normalised, and null when empty. */
const inheritable = (row: Pick<Agent, "description" | "personality" | "persona" | "capabilities">): Record<InheritableField, string | null> => {
  const persona = parsePersona(row.persona);
  const capabilities = parseCapabilities(row.capabilities);
  return {
    description: row.description?.trim() || null,
    personality: row.personality.trim() || null,
    persona: persona && JSON.stringify(persona),
    capabilities: capabilities && JSON.stringify(capabilities),
  };
};

export const MY_AGENT_SORTS = ["newest", "oldest", "whispers", "remixes", "nominations"] as const;
export type MyAgentSort = (typeof MY_AGENT_SORTS)[number];

const ORDERS: Record<MyAgentSort, KeysetOrder> = {
  newest: AGENT_ORDERS.newest,
  oldest: AGENT_ORDERS.oldest,
  whispers: [
    ["whisperCount", "desc"],
    ["id", "desc"],
  ],
  remixes: [
    ["remixCount", "desc"],
    ["id", "desc"],
  ],
  nominations: [
    ["nominationCount", "desc"],
    ["id", "desc"],
  ],
};

/** What a creator's page shows of an account: never its email or anything else it keeps. */
export const CREATOR_FIELDS = {
  id: true,
  name: true,
  displayName: true,
  createdAt: true,
  agentsCreated: true,
  lineagesStarted: true,
  remixesReceived: true,
} as const;

export type AgentQuery = ConnectionQuery & Pick<Prisma.AgentFindManyArgs, "include" | "select" | "take">;
export type VersionQuery = ConnectionQuery & Pick<Prisma.AgentVersionFindManyArgs, "include" | "select" | "take">;

/** The agents `actor` made: a user's, or a keyed visitor's not yet moved to an account; none for anyone else. */
export function madeBy(actor: Actor): Prisma.AgentWhereInput {
  if (actor.userId) return { creatorId: actor.userId };
  if (actor.visitorId) return { visitorId: actor.visitorId, creatorId: null };
  return { id: { in: [] } };
}

/** The account an agent names as its creator: none when it is credited to anonymous (a creator who stays so, or one who left). */
export function creatorIdOf(agent: Pick<Agent, "creatorId" | "createdBy">): string | null {
  return agent.createdBy === ANONYMOUS_CREDIT ? null : agent.creatorId;
}

/** True when `actor` may change `agent`. */
export function mayChange(actor: Actor, agent: Pick<Agent, "type" | "creatorId" | "visitorId">): boolean {
  if (actor.curatorId) return true;
  if (agent.type === "genesis") return false;
  if (actor.userId) return agent.creatorId === actor.userId;
  return actor.visitorId !== null && agent.creatorId === null && agent.visitorId === actor.visitorId;
}

/** The editable essence of an agent, as a version keeps it. */
const essenceOf = (agent: Agent) => ({
  name: agent.name,
  glyph: agent.glyph,
  description: agent.description,
  personality: agent.personality,
  persona: parsePersona(agent.persona) ?? undefined,
  capabilities: parseCapabilities(agent.capabilities) ?? undefined,
  outputs: parseOutputs(agent.outputs),
  apiModel: agent.apiModel,
  avatarUrl: agent.avatarUrl,
});

export function createCreatorTools({ prisma, minds }: { prisma: PrismaClient; minds: Pick<Minds, "awaken"> }) {
  async function changeable(ref: string, actor: Actor): Promise<Agent> {
    const key = ref.trim();
    const agent = isUuid(key) ? await prisma.agent.findUnique({ where: { id: key } }) : null;
    if (!agent) throw notFound("Agent not found");
    if (!mayChange(actor, agent)) throw forbidden(agent.type === "genesis" ? GENESIS_IS_CURATED : NOT_YOURS);
    return agent;
  }

  const tools = {
    /** An agent the caller may change; refused (404, 403) otherwise. */
    changeable,

    /**
     * The owner rule as a scope: true when `ref` names an agent the caller may change, or names
     * none (a missing agent is the field's own answer, a 404); a refusal otherwise, with its reason.
     */
    async mayChangeRef(ref: string, actor: Actor): Promise<boolean> {
      const key = ref.trim();
      const agent = isUuid(key) ? await prisma.agent.findUnique({ where: { id: key }, select: { type: true, creatorId: true, visitorId: true } }) : null;
      if (agent && !mayChange(actor, agent)) throw forbidden(agent.type === "genesis" ? GENESIS_IS_CURATED : NOT_YOURS);
      return true;
    },

    /**
     * A creator's page (#30): the account's name and the totals it keeps (never recounted), or
     * null for no such account. A creator is an account that has made an agent; its page is public.
     */
    async creator<Q extends Pick<Prisma.UserFindFirstArgs, "select" | "include">>(id: string, query?: Q) {
      const key = id.trim();
      // Taken first: an id that names no one still uses the selection it was given (graphql/developer-checks.ts).
      const selection = query ? { ...query } : { select: CREATOR_FIELDS };
      if (!isUuid(key)) return null;
      // A creator who stays anonymous has no page.
      return prisma.user.findFirst({ ...selection, where: { id: key, agentsCreated: { gt: 0 }, anonymous: false } });
    },

    /** A creator's agents that anyone may see (not archived), newest first, by the (creator, created) index. */
    async publicAgentsOf(creatorId: string, query: AgentQuery = {}) {
      const where: Prisma.AgentWhereInput = { creatorId, archived: false };
      return keysetFind(
        query,
        ORDERS.newest,
        where,
        (id, select) => prisma.agent.findFirst({ where: { id, AND: [where] }, select }),
        (args) => prisma.agent.findMany(args as Prisma.AgentFindManyArgs),
      );
    },

    /** The caller's agents, forged or remixed, in the chosen order. */
    async mine(actor: Actor, sort: MyAgentSort = "newest", query: AgentQuery = {}) {
      const where = madeBy(actor);
      return keysetFind(
        query,
        ORDERS[sort],
        where,
        (id, select) => prisma.agent.findFirst({ where: { id, AND: [where] }, select }),
        (args) => prisma.agent.findMany(args as Prisma.AgentFindManyArgs),
      );
    },

    /**
     * Saves an edit as the agent's next version. The version it replaces is kept first (an agent
     * never edited has no stored version 1 until then), both in one transaction with the agent
     * row locked, so two edits at once take two versions.
     */
    async update(ref: string, input: UpdateAgentInput, actor: Actor): Promise<Agent> {
      const found = await changeable(ref, actor);
      if (input.name !== undefined) await assertNameFree(prisma, input.name, found.id);
      const updated = await prisma.$transaction(async (tx) => {
        await tx.$executeRaw`SELECT 1 FROM agents WHERE id = ${found.id}::uuid FOR UPDATE`;
        const current = await tx.agent.findUniqueOrThrow({ where: { id: found.id } });
        const editor = { editedBy: actor.label, editorId: actor.userId };
        const kept = await tx.agentVersion.findUnique({ where: { agentId_version: { agentId: current.id, version: current.version } }, select: { id: true } });
        if (!kept)
          await tx.agentVersion.create({
            data: {
              agentId: current.id,
              version: current.version,
              ...essenceOf(current),
              editedBy: current.createdBy,
              editorId: current.creatorId,
              createdAt: current.createdAt,
            },
          });
        const changes = {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.glyph !== undefined ? { glyph: input.glyph } : {}),
          ...(input.description !== undefined ? { description: input.description || null } : {}),
          ...(input.personality !== undefined ? { personality: input.personality } : {}),
          ...(input.persona !== undefined ? { persona: input.persona ?? undefined } : {}),
          ...(input.capabilities !== undefined ? { capabilities: input.capabilities ?? undefined } : {}),
          ...(input.outputs !== undefined ? { outputs: input.outputs.map((output) => ({ ...output, quality: output.quality ?? null })) } : {}),
          ...(input.apiModel !== undefined ? { apiModel: input.apiModel } : {}),
          ...(input.avatarUrl !== undefined ? { avatarUrl: input.avatarUrl } : {}),
          ...(input.greeting !== undefined ? { greeting: input.greeting || null } : {}),
          ...(input.alternateGreetings !== undefined ? { alternateGreetings: input.alternateGreetings } : {}),
          ...(input.tags !== undefined ? { tags: input.tags } : {}),
        };
        const next = await tx.agent.update({ where: { id: current.id }, data: { ...changes, version: { increment: 1 } } });
        await tx.agentVersion.create({ data: { agentId: next.id, version: next.version, ...essenceOf(next), ...editor } });
        return next;
      });
      return updated;
    },

    /**
     * Asks the agent's seat (or the oracle) for a new draft of its essence, saved as its next
     * version; a draft the same as the essence it has is refused (409), and no version is saved.
     */
    async redraw(ref: string, actor: Actor, options?: AwakeningOptions): Promise<Agent> {
      const agent = await changeable(ref, actor);
      // The oracle's draft is seeded by the version it would become, so each redraw reads anew.
      const { essence } = await minds.awaken(agent, { attempt: agent.version + 1, ...options });
      const current = essenceOf(agent);
      type Said = {
        description?: string | null;
        persona?: Partial<Record<keyof Essence["persona"], unknown>>;
        capabilities?: Partial<Record<keyof Essence["capabilities"], unknown>>;
        sample?: string;
      };
      const said = (draft: Said) =>
        JSON.stringify([
          draft.description,
          draft.persona?.traits,
          draft.persona?.tone,
          draft.persona?.behavior,
          draft.capabilities?.skills,
          draft.capabilities?.tools,
          draft.capabilities?.limitations,
          draft.sample,
        ]);
      const same =
        said({ ...essence, sample: essence.sample.content }) ===
        said({ ...current, sample: current.outputs.length === 1 ? current.outputs[0]!.content : undefined });
      if (same) throw conflict(NOTHING_NEW);
      return tools.update(
        agent.id,
        { description: essence.description, persona: essence.persona, capabilities: essence.capabilities, outputs: [{ ...essence.sample, quality: null }] },
        actor,
      );
    },

    /** Archives (hides from the listings) or restores one of the caller's agents. */
    async setArchived(ref: string, archived: boolean, actor: Actor): Promise<Agent> {
      const agent = await changeable(ref, actor);
      return prisma.agent.update({ where: { id: agent.id }, data: { archived } });
    },

    /** An agent's saved versions, newest first. */
    async versions(agentId: string, query: VersionQuery = {}) {
      return keysetFind(
        query,
        [
          ["version", "desc"],
          ["id", "desc"],
        ],
        { agentId },
        (id, select) => prisma.agentVersion.findFirst({ where: { id, agentId }, select }),
        (args) => prisma.agentVersion.findMany(args as Prisma.AgentVersionFindManyArgs),
      );
    },

    /**
     * The fields a remix still has unchanged from its parent as it forked it (parentVersion: the
     * parent's stored version, or the parent itself while it is still at that version); derived
     * by comparison, nothing recorded. Empty for an agent that is no remix, whose parent is gone,
     * or whose forked version cannot be read; a field empty on both sides is not inherited.
     */
    async inherited(agent: InheritingAgent): Promise<InheritableField[]> {
      if (!agent.parentAgentId || agent.parentVersion === null) return [];
      const essence = { description: true, personality: true, persona: true, capabilities: true } as const;
      const kept = await prisma.agentVersion.findUnique({
        where: { agentId_version: { agentId: agent.parentAgentId, version: agent.parentVersion } },
        select: essence,
      });
      const forked = kept ?? (await prisma.agent.findFirst({ where: { id: agent.parentAgentId, version: agent.parentVersion }, select: essence }));
      if (!forked) return [];
      const parent = inheritable(forked);
      const own = inheritable(agent);
      return INHERITABLE_FIELDS.filter((field) => parent[field] !== null && parent[field] === own[field]);
    },

    /** One saved version of an agent, or null. */
    version(agentId: string, version: number): Promise<AgentVersion | null> {
      return prisma.agentVersion.findUnique({ where: { agentId_version: { agentId, version } } });
    },
  };
  return tools;
}

export type CreatorTools = ReturnType<typeof createCreatorTools>;
