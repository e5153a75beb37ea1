// A question in its conversation: what it is about once "it" and "that" are read against what
// was asked before, and whether it stays on the earlier subject or moves on from it.
import { parseQuestion, type Clause, type Phrase, type Question } from "./parse.ts";

export type Asked = {
  question: Question;
  /** The topic, never missing: the question's own, else the one it refers back to. */
  topic: Phrase;
  /** The statement asked about, with "it" read as what it refers to. */
  clause: Clause | null;
  /** What was asked about before, when the question moves on from it. */
  previous: Phrase | null;
  /** The question goes on with the earlier topic ("Why?", "And what does it mean?"). */
  continuing: boolean;
  /** Nothing was named, now or before: the topic is the stand-in "your question". */
  unnamed: boolean;
};

const REFERRING = /^(it|they|them|this|that|these|those)$/i;
const FOLLOWING = /^\W*(and|but|so|then|also|what of|what about|how about)\b/i;
const FALLBACK: Phrase = { text: "your question", core: "question", plural: false, pronoun: false, person: "third" };

const same = (a: Phrase, b: Phrase) => a.core.toLowerCase() === b.core.toLowerCase();

/** The latest topic among earlier messages, newest first (a filler word is never one: parse.ts passes it over). */
function earlierTopic(earlier: readonly string[]): Phrase | null {
  for (const message of [...earlier].reverse().slice(0, 4)) {
    const topic = parseQuestion(message).topic;
    if (topic) return topic;
  }
  return null;
}

/** Reads `message` after `earlier` (the visitor's earlier messages, oldest first). */
export function readAsked(message: string, earlier: readonly string[] = []): Asked {
  const question = parseQuestion(message);
  const before = earlier.length > 0 ? earlierTopic(earlier) : null;
  let clause = question.clause;
  const subject = clause?.subject;
  const refers = subject?.pronoun === true && subject.person === "third" && REFERRING.test(subject.text);
  if (clause && subject && refers && before) clause = { ...clause, subject: before };
  const topic = question.topic ?? (refers || !question.aboutListener ? before : null) ?? FALLBACK;
  const continuing = before !== null && (same(before, topic) || (question.topic === null && !question.aboutListener));
  // Only a question that leans on the one before ("And the keepers?", "What of the harbour?", "Why
  // is it so?") names it: a question complete in itself is answered as itself.
  const leans = FOLLOWING.test(message) || refers || question.topic === null;
  return { question, topic, clause, previous: before && !continuing && leans ? before : null, continuing, unnamed: topic === FALLBACK };
}
