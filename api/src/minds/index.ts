// The minds behind every answer. In this version every seat answers from the offline oracle;
// issue #5 gives each seat its real provider behind the same interface.
import { ORACLE_MODEL, oracleAgentAnswer, oracleCouncilWhisper, oracleSeatAnswer, oracleSynthesis } from "./oracle.ts";
import { SEATS, type CouncilAnswers, type MindAnswer, type Minds, type Seat } from "./types.ts";

const oracle = (seat: Seat, text: string): MindAnswer => ({ text, mode: "oracle", seat, model: ORACLE_MODEL });

/** The seat that chairs the Council and speaks its synthesis. */
export const CHAIR_SEAT: Seat = "claude";

export function createMinds(): Minds {
  return {
    async answerAsAgent(agent, message, glyphType) {
      return oracle(agent.apiModel, oracleAgentAnswer(agent, message, glyphType));
    },
    async answerCouncilWhisper(content) {
      return oracle(CHAIR_SEAT, oracleCouncilWhisper(content));
    },
    async consultCouncil(prompt) {
      const answers = Object.fromEntries(SEATS.map((seat) => [seat, oracle(seat, oracleSeatAnswer(seat, prompt))])) as Record<Seat, MindAnswer>;
      const texts = Object.fromEntries(SEATS.map((seat) => [seat, answers[seat].text]));
      return { ...answers, synthesis: oracle(CHAIR_SEAT, oracleSynthesis(prompt, texts)) } satisfies CouncilAnswers;
    },
  };
}

export type { Minds } from "./types.ts";
