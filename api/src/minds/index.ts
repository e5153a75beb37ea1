// The minds behind every answer: each seat speaks through its provider when it has a key (or is
// bound to an OpenAI-compatible server, which may need none) and through the offline oracle
// otherwise, streamed the same way and marked by its mode.
import { AWAKENING_SYSTEM_PROMPT, awakeningPrompt, draftReader, essenceSchema, oracleEssence } from "./awakening.ts";
import type { Logger } from "../logger.ts";
import { estimateTokens, fitContext } from "./context.ts";
import { oracleAgentAnswer, oracleCouncilWhisper } from "./oracle.ts";
import { oracleContinuation } from "./oracle/continuation.ts";
import { agentSystemPrompt, CONTINUE_PROMPT, COUNCIL_WHISPER_SYSTEM_PROMPT, NOTES_SYSTEM_PROMPT, notesSchema } from "./prompts.ts";
import { addressed, oracleNotes, personLines, speaksOfSelf } from "./person.ts";
import { chairOrder, createCouncil } from "./council.ts";
import { budgetedVoice, type SpendLedger } from "./seats/budget.ts";
import { modelVoice } from "./seats/model-seat.ts";
import { observedVoice } from "./seats/observed.ts";
import { oracleVoice } from "./seats/oracle-seat.ts";
import { speaksThroughModel } from "./seats/providers.ts";
import type { Voice } from "./seats/voice.ts";
import { SEATS, SeatFailure, type Seat } from "./identity.ts";
import { type MindsSettings } from "./settings.ts";
import { type Minds } from "./types.ts";

/** `ledger`: where model seats reserve and count their spending (seats/budget.ts); without one, they spend uncounted. */
export function createMinds(settings: MindsSettings, log: Logger, { ledger }: { ledger?: SpendLedger } = {}): Minds {
  // The AI SDK prints its warnings to the console; they belong in the structured log.
  (globalThis as { AI_SDK_LOG_WARNINGS?: unknown }).AI_SDK_LOG_WARNINGS = ({ warnings }: { warnings: unknown[] }) =>
    log.debug({ warnings }, "model call warnings");
  const secrets = SEATS.flatMap((seat) => settings.seats[seat].apiKey ?? []);
  const voices = Object.fromEntries(
    SEATS.map((seat): [Seat, Voice] => {
      const connection = settings.seats[seat];
      if (!speaksThroughModel(connection)) return [seat, observedVoice(oracleVoice(seat, settings.oraclePaceMs))];
      const model = modelVoice(seat, connection, settings, log, secrets);
      return [seat, observedVoice(ledger ? budgetedVoice(model, oracleVoice(seat, settings.oraclePaceMs), ledger, settings.maxOutputTokens) : model)];
    }),
  ) as Record<Seat, Voice>;
  const council = createCouncil({ voices, chair: settings.chair, contextTokens: settings.contextTokens, log });

  return {
    identity: (seat) => voices[seat].identity,

    answerAsAgent(agent, message, glyphType, { history = [], attempt = 1, persona: person, memories, company, remembering = false, ...options } = {}) {
      const persona = [agentSystemPrompt(agent, glyphType), ...personLines(person, memories, company)].join("\n");
      const room = settings.contextTokens - estimateTokens(persona) - estimateTokens(message);
      const context = fitContext(history, Math.max(0, room));
      const system = context.summary ? `${persona}\n${context.summary}` : persona;
      return voices[agent.apiModel].speak(
        {
          system,
          prompt: message,
          history: context.turns,
          oracle: () =>
            addressed(
              oracleAgentAnswer(agent, message, glyphType, context.turns, attempt, { memories: memories ?? [], remembering }),
              person,
              memories,
              history.length === 0,
              glyphType !== undefined,
            ),
        },
        options,
      );
    },

    continueAsAgent(agent, question, said, { history = [], persona: person, memories, company, ...options } = {}) {
      const persona = [agentSystemPrompt(agent), ...personLines(person, memories, company)].join("\n");
      const turns = [...history, { role: "agent" as const, text: said }];
      const context = fitContext(turns, Math.max(0, settings.contextTokens - estimateTokens(persona) - estimateTokens(CONTINUE_PROMPT)));
      const system = context.summary ? `${persona}\n${context.summary}` : persona;
      return voices[agent.apiModel].speak(
        { system, prompt: CONTINUE_PROMPT, history: context.turns, oracle: () => oracleContinuation(agent, question, said, history) },
        options,
      );
    },

    async notesFrom(agent, message, answer, memories) {
      // A message that says nothing of its speaker teaches nothing: no call is spent on it.
      if (!speaksOfSelf(message)) return [];
      const known = memories.map((note) => `- (${note.kind}) ${note.text}`).join("\n") || "(nothing yet)";
      const spoken = await voices[agent.apiModel].speak({
        system: NOTES_SYSTEM_PROMPT,
        prompt: `What you already remember:\n${known}\n\nThe person said:\n${message}\n\nYou answered:\n${answer}`,
        schema: notesSchema,
        oracle: () => JSON.stringify({ notes: oracleNotes(message) }),
      });
      return notesSchema.parse(spoken.output).notes;
    },

    async awaken(agent, { onDraft, attempt = 1, ...options } = {}) {
      const draft = () => JSON.stringify(oracleEssence(agent, attempt));
      const reader = onDraft ? draftReader(onDraft) : undefined;
      try {
        const answer = await voices[agent.apiModel].speak(
          { system: AWAKENING_SYSTEM_PROMPT, prompt: awakeningPrompt(agent), schema: essenceSchema, oracle: draft },
          { ...options, onDelta: reader?.onDelta },
        );
        const essence = essenceSchema.parse(answer.output);
        await reader?.flush();
        onDraft?.(essence);
        return { essence, answer, failure: null };
      } catch (error) {
        if (!(error instanceof SeatFailure)) throw error;
        log.warn({ seat: agent.apiModel, kind: error.kind, reason: error.message }, "an agent's seat could not awaken it; the oracle drafts instead");
        const essence = oracleEssence(agent, attempt);
        await reader?.flush();
        onDraft?.(essence);
        return { essence, answer: null, failure: error };
      }
    },

    async answerCouncilWhisper(content) {
      const failures: SeatFailure[] = [];
      for (const seat of chairOrder(settings.chair, SEATS, voices)) {
        try {
          return await voices[seat].speak({ system: COUNCIL_WHISPER_SYSTEM_PROMPT, prompt: content, oracle: () => oracleCouncilWhisper(content) });
        } catch (error) {
          if (!(error instanceof SeatFailure)) throw error;
          failures.push(error);
        }
      }
      const last = failures.at(-1)!;
      throw new SeatFailure(last.identity, last.kind, `The Council is silent: ${failures.map((f) => f.message).join("; ")}`, last);
    },

    consultCouncil(request, options = {}) {
      return council.consult(request, options);
    },

    council,
  };
}

export type { Minds } from "./types.ts";
