// Forging and remixing: the two ways an agent comes into the network.
import { DEFAULT_REMIX_GLYPH, DEFAULT_REMIX_SEAT, REMIX_NAME_MAX, type AgentEssence, type ForgeAgentInput, type RemixAgentInput } from "@nomina/shared/agents";
import { truncate } from "@nomina/shared/text";
import { actorKey, type Actor } from "../../actor.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import type { Agent, PrismaClient } from "../../../generated/prisma/client.ts";
import { conflict, notFound } from "../../errors.ts";
import { isUuid } from "../../db/ids.ts";
import type { UsageService } from "../usage/service.ts";
import type { AwakeningOptions } from "../../minds/character.ts";
import type { Minds } from "../../minds/types.ts";
import type { EventBus } from "../events.ts";
import type { NotificationService } from "../notifications/service.ts";
import type { ImportedCard } from "./cards.ts";
import { parseCapabilities, parsePersona } from "./essence.ts";
import { assertNameFree } from "./names.ts";
import { claimUsername } from "./username.ts";
import { actedOn } from "./activity.ts";

/**
 * Who an agent belongs to: the signed-in creator, or the visitor key that forged it (until it
 * signs in); and who made it, as the tags' public order counts makers (#42 item 5).
 */
const ownerOf = (actor: Actor) => ({ creatorId: actor.userId, visitorId: actor.userId ? null : actor.visitorId, actorKey: actorKey(actor) });

const REMIX_TYPES = ["evolution", "transmutation"] as const;

/** Numbers whose username is already held (by an agent older than the sequence) are skipped. */
const USERNAME_ATTEMPTS = 20;

async function withFreshUsername<T>(prisma: PrismaClient, name: string, create: (username: string) => Promise<T>): Promise<T> {
  for (let attempt = 0; attempt < USERNAME_ATTEMPTS; attempt++) {
    const username = await claimUsername(prisma, name);
    try {
      return await create(username);
    } catch (error) {
      if (!isUniqueViolation(error, "username")) throw error;
    }
  }
  throw conflict("Too many agents are taking that name right now; try again", "name");
}

/** Both writes publish only after they commit, so a live feed never shows a rolled-back agent. */
export function createAgentForge({
  prisma,
  usage,
  bus,
  minds,
  notifications,
}: {
  prisma: PrismaClient;
  usage: Pick<UsageService, "charge">;
  bus: Pick<EventBus, "publish">;
  minds: Pick<Minds, "awaken">;
  notifications?: Pick<NotificationService, "remixed">;
}) {
  /**
   * The agent's seat (or the oracle) drafts what the forge form does not ask for, so that no
   * forged profile is hollow; the draft is the agent's essence as forged, which the creator may
   * keep, edit or redraw. Which mind wrote it is recorded as the creation ritual.
   */
  async function awakened(agent: Agent, options?: AwakeningOptions): Promise<Agent> {
    const { essence, answer } = await minds.awaken(agent, options);
    return prisma.agent.update({
      where: { id: agent.id },
      data: {
        description: essence.description,
        persona: essence.persona,
        capabilities: essence.capabilities,
        outputs: [{ ...essence.sample, quality: null }],
        // A greeting the creator wrote (a card's) stays; else the awakening's opens its threads.
        ...(agent.greeting || !essence.greeting ? {} : { greeting: essence.greeting }),
        creationRitual: answer?.mode === "model" ? `Awakened by ${answer.seat} (${answer.model})` : "Awakened by the offline oracle",
      },
    });
  }

  /** `options.onDraft` hears the awakening as it is written (agentForging streams it). */
  async function forge(input: ForgeAgentInput, actor: Actor, options?: AwakeningOptions): Promise<Agent> {
    await assertNameFree(prisma, input.name);
    await usage.charge(actor, "agent");
    const created = await withFreshUsername(prisma, input.name, (username) =>
      prisma.agent.create({
        data: { ...input, username, type: "forged", createdBy: actor.label, ...ownerOf(actor) },
      }),
    );
    await lineageStarted(actor);
    const agent = await awakened(created, options);
    bus.publish("agentForged", agent);
    return agent;
  }

  /** A signed-in creator's forged agent starts a lineage: its creator page counts it. */
  async function lineageStarted(actor: Actor) {
    if (actor.userId) await prisma.user.update({ where: { id: actor.userId }, data: { lineagesStarted: { increment: 1 } }, select: { id: true } });
  }

  /** Another's remix of a creator's agent: the creator's page counts it (its own remixes are not "received"). */
  const remixReceived = (parent: Agent, actor: Actor) =>
    parent.creatorId && parent.creatorId !== actor.userId
      ? [prisma.user.update({ where: { id: parent.creatorId }, data: { remixesReceived: { increment: 1 } }, select: { id: true } })]
      : [];

  /**
   * The origin's lineage is active again (the Ancestry Map lists lineages by it): written in
   * the remix's transaction. The origin may be the parent itself.
   */
  const lineageGrew = (parent: Agent) =>
    prisma.agent.update({ where: { id: parent.originAgentId ?? parent.id }, data: { lineageActiveAt: new Date() }, select: { id: true } });

  /** A new agent descended from `parentAgentId`; the parent's remixCount rises with it. */
  async function remix(input: RemixAgentInput, actor: Actor): Promise<{ agent: Agent; parent: Agent }> {
    const parent = isUuid(input.parentAgentId) ? await prisma.agent.findUnique({ where: { id: input.parentAgentId } }) : null;
    if (!parent) throw notFound("Original agent not found");
    const name = input.name ?? truncate(`${parent.name} v2`, REMIX_NAME_MAX);
    await assertNameFree(prisma, name);
    await usage.charge(actor, "agent");
    const apiModel = input.apiModel ?? DEFAULT_REMIX_SEAT;
    const remixed = await withFreshUsername(prisma, name, async (username) => {
      const [agent, , updatedParent] = await prisma.$transaction([
        prisma.agent.create({
          data: {
            name,
            username,
            glyph: input.glyph ?? DEFAULT_REMIX_GLYPH,
            description: input.description,
            personality: input.personality,
            apiModel,
            type: "remix",
            persona: parsePersona(parent.persona) ?? undefined,
            capabilities: parseCapabilities(parent.capabilities) ?? undefined,
            // What the parent is for, unless the remix says otherwise (an empty list: none).
            tags: input.tags ?? parent.tags,
            remixOf: parent.name,
            remixType: apiModel === parent.apiModel ? "evolution" : "transmutation",
            remixNote: input.remixNote || null,
            avatarUrl: input.avatarUrl ?? null,
            parentAgentId: parent.id,
            parentVersion: parent.version,
            originAgentId: parent.originAgentId ?? parent.id,
            lineageActiveAt: null,
            remixerId: actor.userId,
            createdBy: actor.label,
            ...ownerOf(actor),
          },
        }),
        // Scored once a day per remixer (one visitor's forty remixes are one vote), counted every
        // time; before the parent's update, so that the parent answered carries its scores.
        actedOn(prisma, parent.id, "remixes", actor),
        prisma.agent.update({ where: { id: parent.id }, data: { remixCount: { increment: 1 } } }),
        lineageGrew(parent),
        ...remixReceived(parent, actor),
      ]);
      return { agent, parent: updatedParent };
    });
    bus.publish("agentRemixed", remixed.agent);
    await notifications?.remixed(parent, remixed.agent, actor);
    return remixed;
  }

  /**
   * An agent forged from a character card: its essence as essenceOfCard read and checked it; a
   * card Nomina wrote for a remix whose parent is here comes back as a remix of that parent.
   */
  async function fromCard(card: ImportedCard, checked: AgentEssence, actor: Actor): Promise<Agent> {
    const own = card.nomina;
    const parentId = own?.lineage?.parentId;
    const parent = parentId && isUuid(parentId) ? await prisma.agent.findUnique({ where: { id: parentId } }) : null;
    const name = parent ? truncate(checked.name, REMIX_NAME_MAX) : checked.name;
    await assertNameFree(prisma, name);
    await usage.charge(actor, "agent");
    const apiModel = checked.apiModel;
    const essence = {
      ...checked,
      name,
      description: checked.description || null,
      persona: checked.persona ?? undefined,
      capabilities: checked.capabilities ?? undefined,
      outputs: checked.outputs.length ? checked.outputs.map((output) => ({ ...output, quality: output.quality ?? null })) : undefined,
      createdBy: actor.label,
      ...ownerOf(actor),
    };
    if (!parent) {
      const agent = await withFreshUsername(prisma, name, (username) => prisma.agent.create({ data: { ...essence, username, type: "forged" } }));
      await lineageStarted(actor);
      bus.publish("agentForged", agent);
      return agent;
    }
    const agent = await withFreshUsername(prisma, name, async (username) => {
      const [created] = await prisma.$transaction([
        prisma.agent.create({
          data: {
            ...essence,
            username,
            type: "remix",
            remixOf: parent.name,
            remixType: REMIX_TYPES.find((type) => type === own?.lineage?.remixType) ?? (apiModel === parent.apiModel ? "evolution" : "transmutation"),
            remixNote: own?.lineage?.remixNote ?? null,
            parentAgentId: parent.id,
            parentVersion: parent.version,
            originAgentId: parent.originAgentId ?? parent.id,
            lineageActiveAt: null,
            remixerId: actor.userId,
          },
        }),
        prisma.agent.update({ where: { id: parent.id }, data: { remixCount: { increment: 1 } } }),
        // Scored once a day per remixer (one visitor's forty remixes are one vote), counted every time.
        actedOn(prisma, parent.id, "remixes", actor),
        lineageGrew(parent),
        ...remixReceived(parent, actor),
      ]);
      return created;
    });
    bus.publish("agentRemixed", agent);
    await notifications?.remixed(parent, agent, actor);
    return agent;
  }

  return { forge, remix, fromCard, awakened };
}
