// The oracle going on with an answer it gave ("Continue", #27): more of the same answer, on the
// same question, in the same voice, that repeats nothing already said. Drawn as a later attempt
// at the question (seeded by how much was said), so it differs from the answer, and the same
// continuation of the same answer is the same. A list goes on as the same list: each new item on
// a line of its own, right under the last, so Markdown keeps one tight list (#41: the items after
// Continue were glued into one bullet, and a blank line made the list loose).
import type { AgentCharacter, Turn } from "../character.ts";
import { oracleAgentAnswer } from "./agent.ts";
import { sentencesOf } from "./text.ts";

const normal = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();

/** A text's list items ("- ...") and its prose sentences, apart. */
function partsOf(text: string): { items: string[]; sentences: string[] } {
  const lines = text.split("\n");
  const items = lines.filter((line) => line.startsWith("- ")).map((line) => line.slice(2).trim());
  const prose = lines.filter((line) => !line.startsWith("- ")).join(" ");
  return { items, sentences: sentencesOf(prose) };
}

/** New sentences after `said` (answering `question` after `history`), starting with the space, line or paragraph break that joins them. */
export function oracleContinuation(agent: AgentCharacter, question: string, said: string, history: readonly Turn[] = []): string {
  const before = partsOf(said);
  const known = new Set([...before.items, ...before.sentences].map(normal));
  const endsInList = said.trimEnd().split("\n").at(-1)?.startsWith("- ") === true;
  const base = 2 + ((before.sentences.length + before.items.length) % 7);
  const opening = said.trim() === "" ? "" : "\n\n";
  for (let attempt = base; attempt < base + 8; attempt++) {
    const next = partsOf(oracleAgentAnswer(agent, question, undefined, history, attempt));
    const items = next.items.filter((item) => !known.has(normal(item)));
    // A list goes on as a list: new items under the last one, one to a line.
    if (endsInList && items.length > 0) return items.map((item) => `\n- ${item}`).join("");
    const fresh = next.sentences.filter((sentence) => !known.has(normal(sentence)));
    if (fresh.length > 0) return `${opening}${fresh.join(" ")}`;
  }
  return `${opening}There is more to say, and it will keep until you ask again.`;
}
