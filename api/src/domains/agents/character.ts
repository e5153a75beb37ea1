// An agent as the minds see it: its essence parsed, nothing else.
import type { Agent } from "../../../generated/prisma/client.ts";
import type { AgentCharacter } from "../../minds/character.ts";
import { parseCapabilities, parsePersona } from "./essence.ts";

export function characterOf(agent: Agent): AgentCharacter {
  return {
    name: agent.name,
    username: agent.username,
    personality: agent.personality,
    description: agent.description,
    apiModel: agent.apiModel,
    persona: parsePersona(agent.persona),
    capabilities: parseCapabilities(agent.capabilities),
    genesis: agent.type === "genesis",
  };
}
