// Who is acting: every write records a performer, and per-actor rules (one nomination per
// agent, daily quotas) need a stable key. Visitors are known by a hash of their address, never
// the address.
import { createHash } from "node:crypto";

export type Actor = {
  /** Set when the request carries a valid user session. */
  userId: string | null;
  /** Set when the request carries a valid curator session (a separate account table). */
  curatorId: string | null;
  /** The session row the request rides on, so that logout can end exactly that one. */
  sessionId: string | null;
  /** How the actor is shown in logs and feeds: the user's or curator's name, or 'anonymous'. */
  label: string;
  /** The client's address, for per-address limits. */
  address: string;
  /**
   * The browser's visitor key, hashed (its owner's mark on what a visitor made: threads,
   * sessions, agents), or null when none was sent. Never a quota key: a visitor could send a
   * new one with every request; quotas and limits count by address.
   */
  visitorId: string | null;
};

/** The header (and graphql-ws connection_init field, `visitor`) that carries the visitor key. */
export const VISITOR_HEADER = "x-nomina-visitor";

/** A key the browser made at random: long enough not to be guessed, short enough to carry. */
const VISITOR_KEY = /^[A-Za-z0-9_-]{22,128}$/;

/** The stored form of a visitor key, or null for none or a malformed one (it is simply ignored). */
export function visitorIdOf(key: unknown): string | null {
  if (typeof key !== "string" || !VISITOR_KEY.test(key)) return null;
  return createHash("sha256").update(`nomina-visitor:${key}`).digest("hex");
}

export const ANONYMOUS = "anonymous";

export function visitor(address: string, visitorId: string | null = null): Actor {
  return { userId: null, curatorId: null, sessionId: null, label: ANONYMOUS, address, visitorId };
}

/** A signed-in user or curator, not a visitor known only by address. */
export const isSignedIn = (actor: Actor) => actor.userId !== null || actor.curatorId !== null;

/** A stable, non-reversible key: the user, the curator, or the address they come from. */
export function actorKey(actor: Actor): string {
  if (actor.userId) return `user:${actor.userId}`;
  if (actor.curatorId) return `curator:${actor.curatorId}`;
  return addressKey(actor.address);
}

export function addressKey(address: string): string {
  return `addr:${createHash("sha256").update(`nomina:${address}`).digest("hex").slice(0, 32)}`;
}
