// Conclaves over REST (#28), as over GraphQL (conclaves.graphql.ts): POST /api/conclaves opens
// one, POST /api/conversations/{id}/turns runs its turns (the visitor's message answered, or the
// agents going on alone) and answers once the last has ended, POST /api/conversations/{id}/turn-order
// changes who speaks next. GET /api/conversations/{id} shows a conclave's participants and each
// answer's speaker (rest.ts); the acts on one message are /api/messages/{id}/*.
import { conclaveTurnsSchema, setTurnOrderSchema, startConclaveSchema } from "@nomina/shared/conclaves";
import { Hono } from "hono";
import type { Message } from "../../../generated/prisma/client.ts";
import { actorOf } from "../../http/actor.ts";
import { readJson } from "../../http/body.ts";
import type { Services } from "../../services.ts";
import { whisperJson } from "../whispers/rest.ts";
import type { ConclaveRun } from "./conclaves.ts";
import { placedMessageJson } from "./rest.ts";

const speakerJson = (agent: { id: string; name: string; username: string; glyph: string }) => ({
  id: agent.id,
  name: agent.name,
  username: agent.username,
  glyph: agent.glyph,
});

function runJson(run: ConclaveRun, statusOf: (message: Message) => string) {
  // Each message says which agent spoke it.
  const bare = (message: Message) => ({ ...placedMessageJson(message, statusOf), agentId: message.agentId });
  return {
    conversation: { id: run.conversation.id, messageCount: run.conversation.messageCount, turnOrder: run.conversation.turnOrder },
    question: run.question && bare(run.question),
    turns: run.turns.map(({ exchange, speaker }) => ({
      speaker: speakerJson(speaker),
      message: { ...bare(exchange.reply), costUsd: exchange.reply.costUsd, model: exchange.reply.model, mode: exchange.reply.mode },
      stopped: exchange.answer === null,
      whisper: exchange.whisper && whisperJson(exchange.whisper),
    })),
    error: run.error && { message: run.error.message, code: run.error.code },
  };
}

export function conclaveRoutes(services: Services) {
  const statusOf = (message: Message) => services.conversations.statusOf(message);
  return new Hono()
    .post("/conclaves", async (c) => {
      const input = await readJson(c, startConclaveSchema);
      const conversation = await services.conversations.conclaves.open(input.agentIds, input.turnOrder, actorOf(c));
      const seats = await services.conversations.conclaves.seatsOf(conversation.id);
      return c.json(
        {
          conversation: {
            id: conversation.id,
            title: conversation.title,
            turnOrder: conversation.turnOrder,
            participants: seats.map((seat) => ({ position: seat.position, agent: speakerJson(seat.agent) })),
          },
        },
        201,
      );
    })
    .post("/conversations/:id/turns", async (c) => {
      const input = await readJson(c, conclaveTurnsSchema.omit({ conversationId: true }));
      return c.json(runJson(await services.conversations.conclaves.run(c.req.param("id"), input, actorOf(c)), statusOf));
    })
    .post("/conversations/:id/turn-order", async (c) => {
      const input = await readJson(c, setTurnOrderSchema.omit({ conversationId: true }));
      const conversation = await services.conversations.conclaves.setTurnOrder(c.req.param("id"), input.turnOrder, actorOf(c));
      return c.json({ conversation: { id: conversation.id, turnOrder: conversation.turnOrder } });
    });
}
