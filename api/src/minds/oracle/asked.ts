// A question in its conversation: what it is about once "it" and "that" are read against what
// was asked before, and whether it stays on the earlier subject or moves on from it.
import { parseQuestion, type Clause, type Phrase, type Question } from "./parse.ts";
import { gerund, saidBack } from "./said-back.ts";

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

/** "Give me three tips for sleeping better": the list is of tips, and it is about sleeping better. */
const LISTED =
  /\b(?:tips|ways|reasons|ideas|names|steps|sources|books|questions|signs|habits|rules|lessons|facts|arguments|advice|suggestions)\s+(for|about|on|to|of|why|when)\s+((?:[\p{L}\p{N}'-]+\s*){1,6}?)\s*(?:[.?!,]|as a list|in a list|$)/iu;

function listedTopic(message: string): Phrase | null {
  const found = LISTED.exec(message);
  const about = found?.[2]?.trim();
  if (!about || /^(?:me|you|us|them|it)$/i.test(about)) return null;
  // "reasons to learn Rust" are about learning Rust.
  const verbal = found![1]!.toLowerCase() === "to" && !/^(?:a|an|the|my|your|our|their)\b/i.test(about);
  const named = verbal ? about.replace(/^[\p{L}]+/u, (verb) => gerund(verb)) : about;
  const text = saidBack(named).replace(/^(?:a|an|the)\s+/i, (article) => article.toLowerCase());
  return {
    text,
    core: text.replace(/^(?:a|an|the|your|my|our|their|its)\s+/i, ""),
    plural: /[^s]s$/i.test(text.split(" ").at(-1)!),
    pronoun: false,
    person: "third",
  };
}

/**
 * "Should a small town replace its library with a digital archive?": advice on what to do with
 * something is about that thing, not about who does it.
 */
function adviceTopic(question: Question): Phrase | null {
  const { clause, phrases } = question;
  if (question.kind !== "whether" || !clause?.subject || clause.subject.pronoun) return null;
  if (!/^(?:should|must|ought to)(?: not)? \w+ /.test(clause.predicate)) return null;
  const object = phrases.find((phrase) => phrase !== phrases[0] && !phrase.pronoun);
  if (!object) return null;
  const text = object.text.replace(/^(?:its|their)\s+/, "the ");
  return { ...object, text };
}

/** Reads `message` after `earlier` (the visitor's earlier messages, oldest first). */
export function readAsked(message: string, earlier: readonly string[] = []): Asked {
  const parsed = parseQuestion(message);
  const better = listedTopic(message) ?? adviceTopic(parsed);
  const question = better ? { ...parsed, topic: better } : parsed;
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
