// The forge and remix inputs (@nomina/shared/agents) as the server checks them: glyph images in
// its jsdom window. GraphQL adds the decoding of Relay ids (mutations.ts).
import { agentSchemas } from "@nomina/shared/agents";
import { serverWindow } from "./glyph-image.ts";

export const { forgeAgentSchema, remixAgentSchema, updateAgentSchema } = agentSchemas(serverWindow);
