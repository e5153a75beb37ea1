// Personas and memories over REST (#27), as GraphQL's: the caller's own only (a user, or a
// visitor's key). /api/personas: who the caller says they are; /api/agents/{ref}/memories: what
// one agent remembers about them; /api/memories/{id}: one note; /api/conversations/{id}/persona
// and /memory: who a thread speaks as, and whether the agent remembers there.
import { createPersonaSchema, memoryTextSchema, updatePersonaSchema } from "@nomina/shared/mind";
import { entityId } from "@nomina/shared/text";
import { Hono } from "hono";
import { z } from "zod";
import type { AgentMemory, Conversation, Persona } from "../../../generated/prisma/client.ts";
import { notFound } from "../../errors.ts";
import { actorOf } from "../../http/actor.ts";
import { readJson } from "../../http/body.ts";
import type { Services } from "../../services.ts";

const personaJson = ({ userId: _user, visitorId: _visitor, ...persona }: Persona) => persona;
const memoryJson = ({ userId: _user, visitorId: _visitor, sourceConversationId: _source, ...memory }: AgentMemory) => memory;
const threadMindJson = (conversation: Conversation) => ({ id: conversation.id, personaId: conversation.personaId, memoryOn: !conversation.memoryOff });

const personaChoice = z.object({ personaId: entityId("Persona not found").nullable() });
const memorySwitch = z.object({ on: z.boolean({ error: "on is true or false" }) });
const memoryText = z.object({ text: memoryTextSchema });

export function mindRoutes(services: Services) {
  const { mind } = services;
  /** The agent a memories route names (its id or username), or 404. */
  const agentIdOf = async (ref: string) => {
    const agent = await services.agents.findByRef(ref, { select: { id: true } });
    if (!agent) throw notFound("Agent not found");
    return agent.id;
  };
  return new Hono()
    .get("/personas", async (c) => c.json({ personas: (await mind.personas(actorOf(c))).map(personaJson) }))
    .post("/personas", async (c) => {
      const persona = await mind.createPersona(await readJson(c, createPersonaSchema), actorOf(c));
      return c.json({ persona: personaJson(persona) }, 201);
    })
    .patch("/personas/:id", async (c) => {
      const persona = await mind.updatePersona(c.req.param("id"), await readJson(c, updatePersonaSchema), actorOf(c));
      return c.json({ persona: personaJson(persona) });
    })
    .delete("/personas/:id", async (c) => c.json({ deletedPersonaId: await mind.deletePersona(c.req.param("id"), actorOf(c)) }))
    .get("/agents/:ref/memories", async (c) => {
      const memories = await mind.memories(actorOf(c), await agentIdOf(c.req.param("ref")));
      return c.json({ memories: memories.map(memoryJson) });
    })
    .delete("/agents/:ref/memories", async (c) => c.json({ forgotten: await mind.forgetAgentMemories(await agentIdOf(c.req.param("ref")), actorOf(c)) }))
    .patch("/memories/:id", async (c) => {
      const { text } = await readJson(c, memoryText);
      return c.json({ memory: memoryJson(await mind.updateMemory(c.req.param("id"), text, actorOf(c))) });
    })
    .delete("/memories/:id", async (c) => c.json({ deletedMemoryId: await mind.deleteMemory(c.req.param("id"), actorOf(c)) }))
    .post("/conversations/:id/persona", async (c) => {
      const { personaId } = await readJson(c, personaChoice);
      return c.json({ conversation: threadMindJson(await mind.setConversationPersona(c.req.param("id"), personaId, actorOf(c))) });
    })
    .post("/conversations/:id/memory", async (c) => {
      const { on } = await readJson(c, memorySwitch);
      return c.json({ conversation: threadMindJson(await mind.setConversationMemory(c.req.param("id"), on, actorOf(c))) });
    });
}
