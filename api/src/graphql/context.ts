// The per-request context, built once at the edge (HTTP or WebSocket) and read-only after.
// Authentication happens here, from the transport's credentials: the Authorization header on
// HTTP, connection_init's `authorization` on WebSocket (looked up again for every operation,
// so a logout ends a socket's session too).
import { responsePathAsArray, type GraphQLResolveInfo } from "graphql";
import type { Actor } from "../actor.ts";
import type { PrismaClient } from "../../generated/prisma/client.ts";
import type { Services } from "../services.ts";
import type { EventBus } from "../domains/events.ts";

export type GraphQLContext = {
  prisma: PrismaClient;
  services: Services;
  bus: EventBus;
  actor: Actor;
  /** A token was sent that names no live session: every field but signing in is refused. */
  tokenRefused: boolean;
  /**
   * What to undo if the answer carries a server fault at the field `info` names or inside it (a
   * quota given back: the asker could not read what was charged for); run by undo.ts.
   */
  undoIfFailed(info: Pick<GraphQLResolveInfo, "path">, undo: () => Promise<void>): void;
  /** The undos noted so far (undo.ts takes them). */
  readonly undos: Undo[];
};

/** Something to give back, and the path in the answer of the field that took it. */
export type Undo = { undo: () => Promise<void>; path: readonly (string | number)[] };

export type ContextSource = {
  prisma: PrismaClient;
  services: Services;
  bus: EventBus;
};

/** What each transport adds: who is calling, from where, and the browser's visitor key. */
export type EdgeContext = { clientAddress: string; authorization?: unknown; visitor?: unknown };

export function createContextFactory(source: ContextSource) {
  return async (edge: EdgeContext): Promise<GraphQLContext> => {
    const { actor, refused } = await source.services.sessions.authenticate(edge.authorization, edge.clientAddress, edge.visitor);
    const undos: Undo[] = [];
    const undoIfFailed = (info: Pick<GraphQLResolveInfo, "path">, undo: () => Promise<void>) => void undos.push({ undo, path: responsePathAsArray(info.path) });
    return { prisma: source.prisma, services: source.services, bus: source.bus, actor, tokenRefused: refused, undos, undoIfFailed };
  };
}
