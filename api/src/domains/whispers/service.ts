// Invoking an agent: its bound seat answers in character, and the exchange is kept as a
// whisper so that /whisper/{id} can share it.
import type { Actor } from "../../actor.ts";
import type { Prisma, Whisper } from "../../generated/prisma/client.ts";
import { conflict, notFound, seatFailed } from "../../errors.ts";
import { isUuid, rawId } from "../../graphql/ids.ts";
import { GLYPH_RITUALS } from "../../minds/rituals.ts";
import { SeatFailure, type MindAnswer, type SeatIdentity, type SpeakOptions } from "../../minds/types.ts";
import type { DomainDeps } from "../../services.ts";
import { characterOf } from "../agents/character.ts";
import { createAgentReader } from "../agents/service.ts";
import type { InvokeAgentInput } from "./schemas.ts";

export function createWhisperService({ prisma, minds, usage, bus }: Pick<DomainDeps, "prisma" | "minds" | "usage" | "bus">) {
  const agents = createAgentReader(prisma);
  return {
    /**
     * The one way an agent is invoked: the mutation, REST and the streamed subscription (which
     * passes `onDelta`) all come here. The daily quota is charged here, before the seat is called.
     */
    async invoke(
      agentRef: string,
      input: InvokeAgentInput,
      actor: Actor,
      options: SpeakOptions & { onStart?: (seat: SeatIdentity) => void } = {},
    ): Promise<{ whisper: Whisper; answer: MindAnswer }> {
      const agent = await agents.findByRef(agentRef);
      if (!agent) throw notFound("Agent not found");
      if (!agent.isActive) throw conflict("This agent has fallen silent");
      const glyphType = input.glyphType ?? null;
      await usage.charge(actor, glyphType ? "summon" : "echo");
      // A glyph ritual always sends its own fixed prompt: whatever text came with it is set aside.
      const truth = glyphType ? GLYPH_RITUALS[glyphType].prompt : input.message;
      options.onStart?.(minds.identity(agent.apiModel));
      let answer: MindAnswer;
      try {
        answer = await minds.answerAsAgent(characterOf(agent), truth, glyphType ?? undefined, options);
      } catch (error) {
        if (error instanceof SeatFailure) throw seatFailed(error.message, error.kind === "timeout");
        throw error;
      }
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
          model: answer.model,
          latencyMs: answer.latencyMs,
          inputTokens: answer.usage.inputTokens,
          outputTokens: answer.usage.outputTokens,
          costUsd: answer.costUsd,
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
