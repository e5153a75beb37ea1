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

export const ORACLE_MODEL = "nomina-oracle-1";

/**
 * Loads what the oracle answers with (wink-nlp's model, the CMU dictionary, mathjs) and answers
 * once, so that no visitor's request pays for it: a second or so of one core, at start, once per
 * process. Answers with the milliseconds it took.
 */
export function warmOracle(): number {
  const started = performance.now();
  warmLexicon();
  maths();
  oracleAgentAnswer(
    { name: "Warm", username: "warm", personality: "A keeper of the first light.", description: null, apiModel: "claude", persona: null, capabilities: null },
    "What is 2 + 2?",
  );
  return Math.round(performance.now() - started);
}
