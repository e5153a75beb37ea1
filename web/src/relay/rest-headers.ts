// Headers for the REST routes the app calls directly (file uploads, which GraphQL's 100 KB body
// limit cannot carry): this browser's visitor key and, when signed in, its user's token, so what
// the request makes or changes is theirs, as it is over the socket.
import { readToken } from "./token";
import { visitorKey } from "./visitor";

/** The header the server reads this browser's visitor key from (api/src/actor.ts). */
const VISITOR_HEADER = "x-nomina-visitor";

export function restHeaders(contentType: string): Record<string, string> {
  const token = readToken();
  return { "Content-Type": contentType, [VISITOR_HEADER]: visitorKey(), ...(token ? { Authorization: `Bearer ${token}` } : {}) };
}
