// node(id:) and nodes(ids:) as the Relay server specification has them: an id that names no
// object (a missing row, a type the graph does not have, a key that is no UUID) resolves to
// null without an error, and one request looks up a bounded number of ids.
import { isObjectType, type GraphQLResolveInfo } from "graphql";
import { isUuid } from "../db/ids.ts";
import type { GraphQLContext } from "./context.ts";

export const MAX_NODES = 100;
export const TOO_MANY_NODES = `Ask for at most ${MAX_NODES} ids at once`;

export type GlobalId = { typename: string; id: string } | null | undefined;

/** The id when it can name an object of this graph; null when it names nothing. */
export function known(id: GlobalId, info: GraphQLResolveInfo): GlobalId {
  if (!id || !isUuid(String(id.id))) return null;
  const type = info.schema.getType(id.typename);
  return isObjectType(type) && type.getInterfaces().some((face) => face.name === "Node") ? id : null;
}

/**
 * True when the caller may read what `id` names. Most objects are public; a conversation, a Council
 * session and what they hold are their owner's unless shared, and an account is its owner's alone:
 * to anyone else they name nothing, so an id answers the same whether or not its object exists.
 */
export async function readable(id: GlobalId, ctx: GraphQLContext): Promise<boolean> {
  if (!id) return false;
  const key = String(id.id);
  if (id.typename === "User") return key === ctx.actor.userId;
  if (id.typename === "Conversation" || id.typename === "Message") return ctx.services.conversations.readable(id.typename, key, ctx.actor);
  if (id.typename === "CouncilSession") return ctx.services.council.sessions.readable(key, ctx.actor);
  if (id.typename === "CouncilInvocation") return ctx.services.council.sessions.canRead(key, ctx.actor);
  if (id.typename === "Notification") return ctx.services.notifications.readable(key, ctx.actor);
  // A whisper kept from a thread follows its thread (whispers/service.ts).
  if (id.typename === "Whisper") return (await ctx.services.whispers.find(key, ctx.actor, { select: { id: true } })) !== null;
  return true;
}
