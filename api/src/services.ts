// The domain service layer: one instance per process, shared by GraphQL, REST and
// subscriptions so that the two APIs never disagree.
import type { PrismaClient } from "./generated/prisma/client.ts";
import { createAgentService } from "./domains/agents/service.ts";

export type ServiceDeps = { prisma: PrismaClient };

export function createServices(deps: ServiceDeps) {
  return {
    agents: createAgentService(deps.prisma),
  };
}

export type Services = ReturnType<typeof createServices>;
