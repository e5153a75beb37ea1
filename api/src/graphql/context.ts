// The per-request context, built once at the edge (HTTP or WebSocket) and read-only after.
import { visitor, type Actor } from "../actor.ts";
import type { PrismaClient } from "../generated/prisma/client.ts";
import type { Services } from "../services.ts";
import type { EventBus } from "./pubsub.ts";

export type GraphQLContext = {
  prisma: PrismaClient;
  services: Services;
  bus: EventBus;
  actor: Actor;
};

export type ContextSource = {
  prisma: PrismaClient;
  services: Services;
  bus: EventBus;
};

export function createContextFactory(source: ContextSource) {
  return (edge: { clientAddress: string }): GraphQLContext => ({
    prisma: source.prisma,
    services: source.services,
    bus: source.bus,
    actor: visitor(edge.clientAddress),
  });
}
