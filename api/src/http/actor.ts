// Who is calling, as the REST edge sees it.
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { visitor, type Actor } from "../actor.ts";

export function clientAddress(c: Context): string {
  return getConnInfo(c).remote.address ?? "unknown";
}

export function actorOf(c: Context): Actor {
  return visitor(clientAddress(c));
}
