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

export const ORACLE_MODEL = "nomina-oracle-1";
