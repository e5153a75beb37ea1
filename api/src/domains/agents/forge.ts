// Forging and remixing: the two ways an agent comes into the network.
import { DEFAULT_REMIX_GLYPH, DEFAULT_REMIX_SEAT, REMIX_NAME_MAX, type ForgeAgentInput, type RemixAgentInput } from "@nomina/shared/agents";
import { truncate } from "@nomina/shared/text";
import type { Actor } from "../../actor.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import type { Agent, PrismaClient } from "../../../generated/prisma/client.ts";
import { conflict, notFound } from "../../errors.ts";
import { isUuid } from "../../db/ids.ts";
import type { UsageService } from "../usage/service.ts";
import type { EventBus } from "../events.ts";
import { parseCapabilities, parsePersona } from "./essence.ts";
import { claimUsername } from "./username.ts";

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
export function createAgentForge(prisma: PrismaClient, usage: Pick<UsageService, "charge">, bus: Pick<EventBus, "publish">) {
  async function forge(input: ForgeAgentInput, actor: Actor): Promise<Agent> {
    await usage.charge(actor, "agent");
    const agent = await withFreshUsername(prisma, input.name, (username) =>
      prisma.agent.create({
        data: { ...input, username, type: "forged", createdBy: actor.label, creatorId: actor.userId },
      }),
    );
    bus.publish("agentForged", agent);
    return agent;
  }

  /** A new agent descended from `parentAgentId`; the parent's remixCount rises with it. */
  async function remix(input: RemixAgentInput, actor: Actor): Promise<{ agent: Agent; parent: Agent }> {
    const parent = isUuid(input.parentAgentId)
      ? await prisma.agent.findUnique({ where: { id: input.parentAgentId } })
      : null;
    if (!parent) throw notFound("Original agent not found");
    await usage.charge(actor, "agent");
    const name = input.name ?? truncate(`${parent.name} v2`, REMIX_NAME_MAX);
    const apiModel = input.apiModel ?? DEFAULT_REMIX_SEAT;
    const remixed = await withFreshUsername(prisma, name, async (username) => {
      const [agent, updatedParent] = await prisma.$transaction([
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
            remixOf: parent.name,
            remixType: apiModel === parent.apiModel ? "evolution" : "transmutation",
            remixNote: input.remixNote || null,
            avatarUrl: input.avatarUrl ?? null,
            parentAgentId: parent.id,
            originAgentId: parent.originAgentId ?? parent.id,
            remixerId: actor.userId,
            createdBy: actor.label,
            creatorId: actor.userId,
          },
        }),
        prisma.agent.update({ where: { id: parent.id }, data: { remixCount: { increment: 1 } } }),
      ]);
      return { agent, parent: updatedParent };
    });
    bus.publish("agentRemixed", remixed.agent);
    return remixed;
  }

  return { forge, remix };
}
