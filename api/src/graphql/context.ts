// The per-request context, built once at the edge (HTTP or WebSocket) and read-only after.
import type { PrismaClient } from "../generated/prisma/client.ts";
import type { Services } from "../services.ts";

export type GraphQLContext = {
  prisma: PrismaClient;
  services: Services;
  /** The caller's address, for per-address limits. */
  clientAddress: string;
};

export type ContextSource = {
  prisma: PrismaClient;
  services: Services;
};

export function createContextFactory(source: ContextSource) {
  return (edge: { clientAddress: string }): GraphQLContext => ({
    prisma: source.prisma,
    services: source.services,
    clientAddress: edge.clientAddress,
  });
}
