// The offline oracle: how a mind answers when its seat has no API key. It reads the question
// (wink-nlp: its kind, its noun phrases, the statement it asks about) and answers it in
// sentences, in the voice the agent's persona calls for; the glyph rituals keep their forms
// (haiku counted by `syllable`, couplets rhymed by the CMU Pronouncing Dictionary). Deterministic:
// seeded by the words and the persona, never by chance. Always marked `oracle` by its callers.
export { oracleAgentAnswer } from "./oracle/agent.ts";
export { oracleCouncilWhisper, oracleReview, oracleSeatAnswer, oracleSynthesis } from "./oracle/council.ts";
export { keywords } from "./oracle/keywords.ts";

export const ORACLE_MODEL = "nomina-oracle-1";
