// Session tokens: JWTs signed with HS256 only, carrying issuer, audience, expiry and the key of
// the session they belong to (sessions.ts keeps its hash in a row). A valid signature is not
// enough: the row must still exist.
import jwt from "jsonwebtoken";

export const ISSUER = "nomina";
export const AUDIENCES = { user: "nomina:user", curator: "nomina:curator" } as const;
export type Audience = keyof typeof AUDIENCES;

/** `sessionId` is the session's secret key, carried as the `sid` claim. */
export type TokenClaims = { subject: string; sessionId: string };

export function signToken(secret: string, audience: Audience, claims: TokenClaims, expiresAt: Date, now: Date): string {
  return jwt.sign({ sid: claims.sessionId, iat: Math.floor(now.getTime() / 1000) }, secret, {
    algorithm: "HS256",
    issuer: ISSUER,
    audience: AUDIENCES[audience],
    subject: claims.subject,
    expiresIn: Math.max(1, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)),
  });
}

/** The claims of a well-formed, unexpired token for `audience`, or null. */
export function verifyToken(secret: string, audience: Audience, token: string, now: Date): TokenClaims | null {
  try {
    const payload = jwt.verify(token, secret, {
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience: AUDIENCES[audience],
      clockTimestamp: Math.floor(now.getTime() / 1000),
    });
    if (typeof payload !== "object" || typeof payload.sub !== "string" || typeof payload.sid !== "string") return null;
    return { subject: payload.sub, sessionId: payload.sid };
  } catch {
    return null;
  }
}

/** The token of an `Authorization: Bearer ...` header (or of connection_init's `authorization`). */
export function bearerToken(header: unknown): string | null {
  if (typeof header !== "string") return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match ? match[1]! : null;
}
