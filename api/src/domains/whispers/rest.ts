// /api/whispers: a shared whisper, as the share page reads it (who may: whispers/service.ts).
import { Hono } from "hono";
import type { Whisper } from "../../../generated/prisma/client.ts";
import { notFound } from "../../errors.ts";
import { actorOf } from "../../http/actor.ts";
import type { Services } from "../../services.ts";

export function whisperJson(whisper: Whisper) {
  const { sessionId: _private, ...fields } = whisper;
  return fields;
}

export function whisperRoutes(services: Services) {
  return new Hono().get("/whispers/:id", async (c) => {
    const whisper = await services.whispers.find(c.req.param("id"), actorOf(c));
    if (!whisper) throw notFound("whisper not found");
    return c.json({ whisper: whisperJson(whisper) });
  });
}
