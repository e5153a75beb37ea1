// Whose a thread or a Council session is, and who may read it: the signed-in user who started
// it, or the browser whose visitor key started it (until that visitor signs in, when it moves to
// the account). A public one is readable by anyone with its address; a private one by its owner
// alone: everyone else, curators too, is told it does not exist. Written once for both kinds of
// rows, which share their owner columns (user_id, visitor_id, visibility).
import type { Actor } from "../actor.ts";

/** Where a new row of `actor` is filed: a user's, a visitor key's, or no one's. */
export function ownerFields(actor: Actor): { userId: string | null; visitorId: string | null } {
  if (actor.userId) return { userId: actor.userId, visitorId: null };
  return { userId: null, visitorId: actor.visitorId };
}

export type OwnerWhere = { userId: string } | { visitorId: string; userId: null } | { id: { in: string[] } };

/** The rows `actor` owns; none at all for a client that is neither user nor keyed visitor. */
export function ownedBy(actor: Actor): OwnerWhere {
  if (actor.userId) return { userId: actor.userId };
  if (actor.visitorId) return { visitorId: actor.visitorId, userId: null };
  return { id: { in: [] } };
}

/** The rows `actor` may read: its own, and every public one. */
export function visibleTo(actor: Actor): { OR: [{ visibility: "public" }, OwnerWhere] } {
  return { OR: [{ visibility: "public" }, ownedBy(actor)] };
}

export function isOwner(actor: Actor, row: { userId: string | null; visitorId: string | null }): boolean {
  if (actor.userId) return row.userId === actor.userId;
  return actor.visitorId !== null && row.userId === null && row.visitorId === actor.visitorId;
}

/** A row no one owns, while it is private: once shared, nobody can prove it theirs, so it is read-only. */
const OWNERLESS = { userId: null, visitorId: null, visibility: "private" } as const;

/**
 * The rows `actor` may act on by their address (ask again within, stop, share): its own, and those
 * that belong to no one, asked by a client with neither account nor visitor key (a bare REST call),
 * which only whoever was given the id can name. Council invocations could be followed by anyone
 * holding their id before sessions had owners, and a keyless client can still ask a follow-up.
 * Ownerless rows are listed for no one, and once public (its id then on a public page) they are
 * acted on by no one: the id stops being a secret, so it stops being a key.
 */
export function heldBy(actor: Actor): { OR: [OwnerWhere, typeof OWNERLESS] } {
  return { OR: [ownedBy(actor), OWNERLESS] };
}

/** The rows `actor` may read by their address: those it holds, and every public one. */
export function readableBy(actor: Actor): { OR: [{ visibility: "public" }, ReturnType<typeof heldBy>] } {
  return { OR: [{ visibility: "public" }, heldBy(actor)] };
}
