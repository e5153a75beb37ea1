// /api/agents routes: thin over the agent service, shaped as the API contract says.
import { Hono } from "hono";
import { z } from "zod";
import type { Agent } from "../../generated/prisma/client.ts";
import { readQuery } from "../../http/body.ts";
import type { Services } from "../../services.ts";
import { parseCapabilities, parseOutputs, parsePersona } from "./essence.ts";
import { AGENT_SORTS } from "./service.ts";

/** The listing's page size: the REST shim has no cursor, so it returns the newest this many. */
export const REST_LIST_LIMIT = 200;

const booleanParam = z
  .enum(["true", "false"], { message: "Must be true or false" })
  .transform((value) => value === "true");

const listQuery = z.object({
  includeArchived: booleanParam.optional(),
  search: z.string().max(100, "Search is too long").optional(),
  type: z.string().max(40, "Type is too long").optional(),
  sort: z.enum(AGENT_SORTS, { message: `Sort must be one of ${AGENT_SORTS.join(", ")}` }).optional(),
});

/** The public JSON form of an agent: essence parsed into objects, secrets left out. */
export function agentJson(agent: Agent) {
  const { apiKeyHash: _secret, persona, capabilities, outputs, ...fields } = agent;
  return {
    ...fields,
    persona: parsePersona(persona),
    capabilities: parseCapabilities(capabilities),
    outputs: parseOutputs(outputs),
  };
}

export function agentRoutes(services: Services) {
  return new Hono().get("/agents", async (c) => {
    const filter = readQuery(c, listQuery);
    const agents = await services.agents.list(filter, { take: REST_LIST_LIMIT });
    return c.json({ agents: agents.map(agentJson) });
  });
}
