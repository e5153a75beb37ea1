// Invoking an agent: its bound seat answers in character, and the exchange is kept as a
// whisper so that /whisper/{id} can share it.
import type { Actor } from "../../actor.ts";
import type { Prisma, Whisper } from "../../generated/prisma/client.ts";
import { conflict, notFound } from "../../errors.ts";
import { isUuid, rawId } from "../../graphql/ids.ts";
import { GLYPH_RITUALS } from "../../minds/rituals.ts";
import type { MindAnswer } from "../../minds/types.ts";
import type { ServiceDeps } from "../../services.ts";
import { characterOf } from "../agents/character.ts";
import { createAgentReader } from "../agents/service.ts";
import type { InvokeAgentInput } from "./schemas.ts";

export function createWhisperService({ prisma, minds, bus }: Pick<ServiceDeps, "prisma" | "minds" | "bus">) {
  const agents = createAgentReader(prisma);
  return {
    async invoke(agentRef: string, input: InvokeAgentInput, _actor: Actor): Promise<{ whisper: Whisper; answer: MindAnswer }> {
      const agent = await agents.findByRef(agentRef);
      if (!agent) throw notFound("Agent not found");
      if (!agent.isActive) throw conflict("This agent has fallen silent");
      const glyphType = input.glyphType ?? null;
      const truth = input.message || GLYPH_RITUALS[glyphType!].prompt;
      const answer = await minds.answerAsAgent(characterOf(agent), truth, glyphType ?? undefined);
      const whisper = await prisma.whisper.create({
        data: {
          truth,
          agentId: agent.id,
          agentName: agent.name,
          agentGlyph: agent.glyph,
          response: answer.text,
          glyphType,
          mode: answer.mode,
          seat: answer.seat,
        },
      });
      bus.publish("agentWhispered", whisper);
      return { whisper, answer };
    },

    /** A whisper by its raw or global id. */
    find<Q extends Pick<Prisma.WhisperFindUniqueArgs, "include" | "select">>(id: string, query?: Q) {
      const key = rawId("Whisper", id.trim());
      return isUuid(key) ? prisma.whisper.findUnique({ ...query, where: { id: key } }) : Promise.resolve(null);
    },
  };
}
