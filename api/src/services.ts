// The domain service layer: one instance per process, shared by GraphQL, REST and
// subscriptions so that the two APIs never disagree.
import type { Config } from "./config.ts";
import { createAgentForge } from "./domains/agents/forge.ts";
import { createLineage } from "./domains/agents/lineage.ts";
import { createAgentReader } from "./domains/agents/service.ts";
import { createCouncilService } from "./domains/council/service.ts";
import { createWaitlistService } from "./domains/waitlist/service.ts";
import { createWhisperService } from "./domains/whispers/service.ts";
import type { PrismaClient } from "./generated/prisma/client.ts";
import type { EventBus } from "./graphql/pubsub.ts";
import type { Logger } from "./logger.ts";
import type { Minds } from "./minds/types.ts";

export type ServiceDeps = {
  prisma: PrismaClient;
  bus: EventBus;
  minds: Minds;
  log: Logger;
  config: Pick<Config, "ascensionThreshold">;
};

export function createServices(deps: ServiceDeps) {
  const { forge, remix } = createAgentForge(deps.prisma, deps.bus);
  return {
    agents: { ...createAgentReader(deps.prisma), forge },
    lineage: { ...createLineage(deps.prisma), remix },
    whispers: createWhisperService(deps),
    council: createCouncilService(deps),
    waitlist: createWaitlistService(deps.prisma),
  };
}

export type Services = ReturnType<typeof createServices>;
