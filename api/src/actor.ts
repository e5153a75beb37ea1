// Who is acting: every write records a performer, and per-actor rules (one nomination per
// agent) need a stable key. Visitors are known by a hash of their address, never the address.
import { createHash } from "node:crypto";

export type Actor = {
  /** Set when the request carries a valid session (#4). */
  userId: string | null;
  /** How the actor is shown in logs and feeds. */
  label: string;
  /** The client's address, for per-address limits. */
  address: string;
};

export const ANONYMOUS = "anonymous";

export function visitor(address: string): Actor {
  return { userId: null, label: ANONYMOUS, address };
}

/** A stable, non-reversible key: the user, or the address they come from. */
export function actorKey(actor: Actor): string {
  if (actor.userId) return `user:${actor.userId}`;
  return `addr:${createHash("sha256").update(`nomina:${actor.address}`).digest("hex").slice(0, 32)}`;
}
