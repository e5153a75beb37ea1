// Reading a question: wink-nlp tags its words; from the tags come its kind (what, why, how,
// whether...), its noun phrases, the one it is mainly about, and the statement it asks about,
// said back from the oracle's side ("my name" becomes "your name", "you" becomes "I").
import { clauseOf, statementOf, whSubjectClause, type Clause } from "./clause.ts";
import { nounPhraseAt, phraseOf, phrasesFrom, type Phrase } from "./phrases.ts";
import { AUX, isNounish, REQUESTS, tokensOf, trimmed, WH, type Token } from "./tokens.ts";

export type { Clause } from "./clause.ts";
export type { Phrase } from "./phrases.ts";

export type Kind = "what" | "why" | "how" | "whether" | "who" | "where" | "when" | "which" | "measure" | "tell";

export type Question = {
  kind: Kind;
  /** The noun phrase the question is mainly about; null for "Why?" or "What do you mean?". */
  topic: Phrase | null;
  /** Every noun phrase, in order. */
  phrases: Phrase[];
  clause: Clause | null;
  /** "What does the old protocol remember?": the clause lacks its object. */
  cleft: boolean;
  /** The measure of a "how long / far / much" question. */
  measure: string | null;
  /** The question asks who or what the one answering is ("Who are you?", "What is your name?"). */
  aboutListener: boolean;
  /** The content words (lemmas), for weighing answers against it. */
  words: string[];
};

/** Heads too general to be what a question is about when something else is named. */
const GENERIC = new Set("way thing things something anything everything nothing lot kind sort part one ones bit".split(" "));
/** The ritual's own form is not its subject ("a truth about my path" is about the path). */
const FORMS = new Set("truth poem secret haiku verse rhyme riddle song story answer question".split(" "));
/** Words that are never a topic, whatever else is named: when, and how it is to be said ("today", "as a list", "one argument each way"). */
const FILLER = new Set("today tonight tomorrow yesterday now list lists please thanks lot argument arguments side sides pros cons".split(" "));
const MEASURES = new Set(["long", "far", "much", "many", "often", "soon", "old", "deep"]);

export function parseQuestion(message: string): Question {
  const tokens = trimmed(tokensOf(message.slice(0, 600)));
  const first = tokens[0];
  const words = [...new Set(tokens.filter((t) => isNounish(t) || t.pos === "VERB" || t.pos === "ADJ").map((t) => t.lemma))];
  const empty: Question = { kind: "tell", topic: null, phrases: [], clause: null, cleft: false, measure: null, aboutListener: false, words };
  if (!first) return empty;

  let kind: Kind = "tell";
  let at = 0;
  let measure: string | null = null;
  let whPhrase: Phrase | null = null;
  if (WH.has(first.lower)) {
    kind = first.lower === "whom" || first.lower === "whose" ? "who" : (first.lower as Kind);
    at = 1;
    // "What about the harbour?", "What of the keepers?"
    if (first.lower === "what" && (tokens[1]?.lower === "about" || tokens[1]?.lower === "of")) return finish(tokens, { ...empty, kind: "tell" }, 2, null);
    if (first.lower === "how" && MEASURES.has(tokens[1]?.lower ?? "")) {
      kind = "measure";
      measure = tokens[1]!.lower;
      at = 2;
    } else if (first.lower === "which" || first.lower === "what" || first.lower === "whose") {
      const span = nounPhraseAt(tokens, 1);
      if (span && !span.pronoun && AUX.has(tokens[span.end]?.lower ?? "")) {
        const said = phraseOf(tokens, span, false);
        // "Which door" is about the door.
        whPhrase = said.text === said.core ? { ...said, text: `the ${said.text}` } : said;
        if (first.lower === "what") kind = "which";
        at = span.end;
      }
    }
  } else if (AUX.has(first.lower) && first.pos === "AUX") {
    kind = "whether";
  }

  const found =
    kind === "tell" ? statementOf(tokens) : whPhrase ? (whSubjectClause(tokens, at) ?? clauseOf(tokens, at, false)) : clauseOf(tokens, at, kind === "whether");
  const question: Question = {
    ...empty,
    kind,
    measure,
    clause: found?.clause ?? null,
    cleft: (kind === "what" || kind === "which") && found !== null && !found.complete,
  };
  if (whPhrase) return finish(tokens, question, at, whPhrase);
  const request = kind === "tell" && REQUESTS.has(first.lower);
  return finish(tokens, question, found?.restFrom ?? (request ? 1 : at), found?.clause.subject ?? null);
}

const lastWord = (text: string) => text.split(" ").at(-1)!.toLowerCase();

/** "both sides of the old web", "the pros and cons of a name": what is weighed is the phrase after "of". */
const WEIGHING = /^(?:(?:the|both|one|two|each|either)\s+)?(?:pros and cons|sides?|arguments?|case(?: for and against)?)\s+of\s+(.+)$/i;
const DETERMINED = /^(the|a|an|this|that|these|those|my|your|his|her|its|our|their)\s+/i;

function unwrapped(phrase: Phrase): Phrase {
  const weighed = WEIGHING.exec(phrase.text)?.[1];
  if (!weighed) return phrase;
  const head = lastWord(weighed);
  return { ...phrase, text: weighed, core: weighed.replace(DETERMINED, ""), plural: /[^s]s$/.test(head) };
}

/** Chooses the topic: the wh-phrase, else the clause's subject, else the first phrase that names something. */
function finish(tokens: Token[], question: Question, from: number, preferred: Phrase | null): Question {
  const all = phrasesFrom(tokens, 0);
  const after = phrasesFrom(tokens, from);
  // "Tell me about X": a request is about what follows its "about".
  const about = question.kind === "tell" ? tokens.findIndex((token) => token.lower === "about") : -1;
  const aboutSpan = about >= 0 ? nounPhraseAt(tokens, about + 1) : null;
  const aboutPhrase = aboutSpan && !aboutSpan.pronoun ? [phraseOf(tokens, aboutSpan, false)] : [];
  const named = (phrase: Phrase) => !phrase.pronoun && !GENERIC.has(lastWord(phrase.core));
  const ranked = [...(preferred ? [preferred] : []), ...aboutPhrase, ...after, ...all].map(unwrapped).filter((phrase) => !FILLER.has(lastWord(phrase.core)));
  const topic =
    ranked.find((phrase) => named(phrase) && !FORMS.has(lastWord(phrase.core))) ?? ranked.find(named) ?? ranked.find((phrase) => !phrase.pronoun) ?? null;
  const own = topic?.text.startsWith("my ") === true && after.length <= 1;
  const aboutListener = own || ((question.kind === "who" || question.kind === "whether") && preferred?.person === "first" && !topic);
  return { ...question, topic: aboutListener && !own ? null : topic, phrases: all, aboutListener };
}
