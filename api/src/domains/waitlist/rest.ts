// POST /api/waitlist: the Naming Ritual. The form sends agent_type; a repeated email updates.
import { Hono } from "hono";
import type { WaitlistEntry } from "../../../generated/prisma/client.ts";
import { actorOf } from "../../http/actor.ts";
import { readJsonBody, validate } from "../../http/body.ts";
import type { Services } from "../../services.ts";
import { joinWaitlistSchema } from "@nomina/shared/waitlist";

const entryJson = (entry: WaitlistEntry) => ({
  id: entry.id,
  name: entry.name,
  email: entry.email,
  agent_type: entry.agentType,
  createdAt: entry.createdAt,
});

export function waitlistRoutes(services: Services) {
  return new Hono().post("/waitlist", async (c) => {
    const body = (await readJsonBody(c)) as Record<string, unknown>;
    const input = validate(joinWaitlistSchema, { ...body, agentType: body.agent_type ?? body.agentType });
    const { entry, created } = await services.waitlist.join(input, actorOf(c));
    return c.json({ entry: entryJson(entry) }, created ? 201 : 200);
  });
}
