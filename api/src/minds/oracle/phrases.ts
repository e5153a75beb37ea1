// Noun phrases: a determiner, its modifiers and nouns, with one "of ..." and one "and ..."
// attached ("the meaning of a name", "the lighthouse and the sea"), said back from the oracle's
// side ("my name" is "your name").
import { AUX, DETERMINERS, isModifier, isNounish, POSSESSIVES, WH, type Token } from "./tokens.ts";
import { revoice } from "./voicing.ts";

export type Phrase = {
  /** As the oracle says it: "your name", "the forgotten servers". */
  text: string;
  /** Without its leading determiner or possessive: "name", "forgotten servers". */
  core: string;
  plural: boolean;
  /** A lone pronoun ("it", "you"); `person` says whose side it is on once said back. */
  pronoun: boolean;
  person: "first" | "second" | "third";
};

export type Span = { start: number; end: number; pronoun: boolean };

const PLURAL_PRONOUNS = new Set(["we", "they", "us", "them", "these", "those"]);

/** The noun phrase starting at `i`; null when none starts there. */
export function nounPhraseAt(tokens: Token[], i: number): Span | null {
  const first = tokens[i];
  if (!first) return null;
  const determines = DETERMINERS.has(first.lower) && tokens[i + 1] !== undefined && isModifier(tokens[i + 1]!, tokens[i + 2]);
  if (first.pos === "PRON" && !POSSESSIVES.has(first.lower) && !WH.has(first.lower) && !determines) return { start: i, end: i + 1, pronoun: true };
  if (first.lower === "there" && AUX.has(tokens[i + 1]?.lower ?? "")) return null;
  let j = i;
  if (DETERMINERS.has(first.lower) && (first.pos === "DET" || first.pos === "PRON" || first.pos === "NUM")) j++;
  let lastNoun = -1;
  while (j < tokens.length && isModifier(tokens[j]!, tokens[j + 1])) {
    if (isNounish(tokens[j])) lastNoun = j;
    j++;
  }
  if (lastNoun < 0) return null;
  let end = lastNoun + 1;
  for (const joiner of ["of", "and", "or"]) {
    if (tokens[end]?.lower === joiner) {
      const more = nounPhraseAt(tokens, end + 1);
      if (more && !more.pronoun) end = more.end;
    }
  }
  return { start: i, end, pronoun: false };
}

/** The phrase said back; `subject` when it is its clause's subject ("you" is then "I"). */
export function phraseOf(tokens: Token[], span: Span, subject: boolean): Phrase {
  const words = tokens.slice(span.start, span.end);
  const lead = words[0]!;
  const determined = DETERMINERS.has(lead.lower) && words.length > 1;
  const spoken = revoice(words, subject ? 0 : -1);
  // A determiner capitalised only because it began the sentence is said in lower case.
  const text = determined ? spoken.charAt(0).toLowerCase() + spoken.slice(1) : spoken;
  const core = determined ? text.split(" ").slice(1).join(" ") : text;
  const ofAt = words.findIndex((token) => token.lower === "of");
  const head = [...(ofAt > 0 ? words.slice(0, ofAt) : words)].reverse().find((token) => isNounish(token)) ?? lead;
  const person = !span.pronoun ? "third" : /^(i|me|we|us)$/.test(lead.lower) ? "second" : lead.lower === "you" ? "first" : "third";
  const plural = span.pronoun
    ? PLURAL_PRONOUNS.has(lead.lower)
    : (ofAt < 0 && words.some((w) => w.lower === "and")) || (head.lower !== head.lemma && /s$/.test(head.lower));
  return { text, core, plural, pronoun: span.pronoun, person };
}

/** Every noun phrase of the tokens from `from`, in order. */
export function phrasesFrom(tokens: Token[], from: number): Phrase[] {
  const found: Phrase[] = [];
  for (let i = from; i < tokens.length; i++) {
    const span = nounPhraseAt(tokens, i);
    if (span) {
      found.push(phraseOf(tokens, span, false));
      i = span.end - 1;
    }
  }
  return found;
}
