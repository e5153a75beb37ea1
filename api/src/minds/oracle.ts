// The offline oracle: how a mind answers when its seat has no API key. It reads the question
// (wink-nlp: its kind, its topic; its shape: a list of so many, both sides, a verdict...) and
// answers from a deck of whole sentences written for the purpose (oracle/deck.ts), chosen by
// relevance to the question (BM25, MiniSearch), in the voice the agent's persona calls for; the
// glyph rituals keep their forms (haiku counted by `syllable`, couplets rhymed by the CMU
// Pronouncing Dictionary). Deterministic: seeded by the words, the persona and the attempt,
// never by chance. Always marked `oracle` by its callers.
export { oracleAgentAnswer } from "./oracle/agent.ts";
export { oracleCouncilWhisper, oracleReview, oracleSeatAnswer, oracleSynthesis } from "./oracle/council.ts";
export { oracleEssence } from "./oracle/essence.ts";
export { keywords } from "./oracle/keywords.ts";

import { warmLexicon } from "./oracle/lexicon.ts";
import { maths } from "./oracle/known/maths.ts";
import { oracleAgentAnswer } from "./oracle/agent.ts";
import type { AgentCharacter } from "./character.ts";

export const ORACLE_MODEL = "nomina-oracle-1";

const WARM_QUESTIONS = [
  "What is 2 + 2?",
  "What is the capital of Australia?",
  "How many kilometres are in 10 miles?",
  "Give me three tips for sleeping better.",
  "Hello, keeper.",
];

/**
 * Loads what the oracle answers with (wink-nlp's model, the CMU dictionary, mathjs) and answers
 * one question of each kind, so that no visitor's first question of a kind pays for it: a second
 * or so of one core, at start, once per process. Answers with the milliseconds it took.
 */
export function warmOracle(): number {
  const started = performance.now();
  warmLexicon();
  maths();
  const warm: AgentCharacter = {
    name: "Warm",
    username: "warm",
    personality: "A keeper of the first light.",
    description: null,
    apiModel: "claude",
    persona: null,
    capabilities: null,
  };
  // One question of each kind it knows, so that no visitor's first of a kind pays for compiling it.
  for (const question of WARM_QUESTIONS) oracleAgentAnswer(warm, question);
  return Math.round(performance.now() - started);
}
