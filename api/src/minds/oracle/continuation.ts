// The oracle going on with an answer it gave ("Continue", #27): more of the same answer, on the
// same question, in the same voice, that repeats nothing already said. Drawn as a later attempt
// at the question (seeded by how much was said), so it differs from the answer, and the same
// continuation of the same answer is the same.
import type { AgentCharacter, Turn } from "../character.ts";
import { oracleAgentAnswer } from "./agent.ts";
import { sentencesOf } from "./text.ts";

const normal = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();

/** New sentences after `said` (answering `question` after `history`), starting with the space or paragraph break that joins them. */
export function oracleContinuation(agent: AgentCharacter, question: string, said: string, history: readonly Turn[] = []): string {
  const known = new Set(sentencesOf(said).map(normal));
  const base = 2 + (sentencesOf(said).length % 7);
  for (let attempt = base; attempt < base + 8; attempt++) {
    const fresh = sentencesOf(oracleAgentAnswer(agent, question, undefined, history, attempt)).filter((sentence) => !known.has(normal(sentence)));
    if (fresh.length > 0) return `${said.trim() === "" ? "" : "\n\n"}${fresh.join(" ")}`;
  }
  return `${said.trim() === "" ? "" : "\n\n"}There is more to say, and it will keep until you ask again.`;
}
