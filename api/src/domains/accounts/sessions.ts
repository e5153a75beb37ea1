// Sessions: a signed token is only half of it. Each token carries a random key whose SHA-256
// is a row of `sessions` (users) or `council_sessions` (curators); deleting the row ends the
// session at once, whatever the token's own expiry says. The database never holds a usable key.
import { createHash, randomBytes } from "node:crypto";
import { visitor, visitorIdOf, type Actor } from "../../actor.ts";
import type { Clock } from "../../clock.ts";
import type { PrismaClient } from "../../../generated/prisma/client.ts";
import { bearerToken, signToken, verifyToken, type Audience } from "./tokens.ts";
import { creditOf } from "@nomina/shared/accounts";

export const SESSION_TTL_MS: Record<Audience, number> = {
  user: 30 * 86_400_000,
  /** Curators hold more power: their sign-in lasts a working day. */
  curator: 12 * 3_600_000,
};

/** lastSeen is refreshed at most this often, so that reading is not a write per request. */
const LAST_SEEN_RESOLUTION_MS = 5 * 60_000;

export const SESSION_ENDED = "Your session has ended. Sign in again.";

export type Authentication = {
  actor: Actor;
  /** A token was sent that names no live session (expired, ended, forged or malformed). */
  refused: boolean;
};

/** What a new session row holds, and the token that unlocks it. */
export type IssuedSession = { token: string; row: { token: string; expiresAt: Date } };

export const hashKey = (key: string) => createHash("sha256").update(key).digest("hex");

export function createSessions({ prisma, secret, clock }: { prisma: PrismaClient; secret: string; clock: Clock }) {
  async function asUser(subject: string, key: string, address: string, now: Date): Promise<Actor | null> {
    const session = await prisma.session.findUnique({
      where: { token: hashKey(key) },
      select: { id: true, userId: true, expiresAt: true, user: { select: { name: true, displayName: true, anonymous: true, lastSeen: true } } },
    });
    if (!session || session.userId !== subject || session.expiresAt <= now) return null;
    if (!session.user.lastSeen || now.getTime() - session.user.lastSeen.getTime() > LAST_SEEN_RESOLUTION_MS) {
      await prisma.user.update({ where: { id: subject }, data: { lastSeen: now } });
    }
    // What the user's acts are credited to (a forged agent's "Created by"): its chosen credit.
    return { userId: subject, curatorId: null, sessionId: session.id, label: creditOf(session.user), address, visitorId: null };
  }

  async function asCurator(subject: string, key: string, address: string, now: Date): Promise<Actor | null> {
    const session = await prisma.councilSession.findUnique({
      where: { token: hashKey(key) },
      select: { id: true, councilUserId: true, expiresAt: true, councilUser: { select: { name: true, isActive: true } } },
    });
    if (!session || session.councilUserId !== subject || session.expiresAt <= now || !session.councilUser.isActive) return null;
    return { userId: null, curatorId: subject, sessionId: session.id, label: session.councilUser.name, address, visitorId: null };
  }

  return {
    /** A fresh token for `audience`, and the row to store (its key's hash and expiry). */
    issue(audience: Audience, subject: string): IssuedSession {
      const now = clock();
      const key = randomBytes(32).toString("base64url");
      const expiresAt = new Date(now.getTime() + SESSION_TTL_MS[audience]);
      return { token: signToken(secret, audience, { subject, sessionId: key }, expiresAt, now), row: { token: hashKey(key), expiresAt } };
    },

    /**
     * Who a request comes from. No credentials: a visitor. A bearer token of a live session:
     * that user or curator. Anything else is refused rather than quietly treated as a visitor,
     * so a client learns at once that its session is over. The visitor key rides along either
     * way: signing in moves what it owns to the account.
     */
    async authenticate(authorization: unknown, address: string, visitorKey?: unknown): Promise<Authentication> {
      const visitorId = visitorIdOf(visitorKey);
      if (authorization === undefined || authorization === null || authorization === "") return { actor: visitor(address, visitorId), refused: false };
      const token = bearerToken(authorization);
      const now = clock();
      const user = token ? verifyToken(secret, "user", token, now) : null;
      const curator = token && !user ? verifyToken(secret, "curator", token, now) : null;
      const actor = user
        ? await asUser(user.subject, user.sessionId, address, now)
        : curator
          ? await asCurator(curator.subject, curator.sessionId, address, now)
          : null;
      return actor ? { actor: { ...actor, visitorId }, refused: false } : { actor: visitor(address, visitorId), refused: true };
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
