// Who is calling, as the REST edge sees it: authenticated once per request (auth.ts), read here.
import type { Context } from "hono";
import { visitor, type Actor } from "../actor.ts";

declare module "hono" {
  interface ContextVariableMap {
    actor: Actor;
  }
}

/**
 * The client's address: the socket's peer, or behind `trustProxy` proxies, the
 * X-Forwarded-For entry the outermost trusted proxy appended (entries further left are
 * whatever the client claimed, and are not believed).
 */
export function clientAddress(peer: string | undefined, forwardedFor: string | undefined, trustProxy: number): string {
  const direct = peer ?? "unknown";
  if (trustProxy === 0 || !forwardedFor) return direct;
  const hops = forwardedFor
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  return hops[hops.length - trustProxy] ?? hops[0] ?? direct;
}

export function actorOf(c: Context): Actor {
  return c.get("actor") ?? visitor("unknown");
}
