// The statement a question asks about, said back: "Why do the forgotten servers still hum at
// night?" asks about "the forgotten servers still hum at night"; "Can a machine feel grief?"
// about "a machine can feel grief" (or "cannot"). The tagger reads questions less well than
// statements, so the word order of a question corrects it where it must.
import { nounPhraseAt, phraseOf, type Phrase, type Span } from "./phrases.ts";
import { pastTense, thirdPerson } from "./text.ts";
import { AUX, isNounish, POSSESSIVES, REQUESTS, type Token } from "./tokens.ts";
import { revoice } from "./voicing.ts";

/** Subject, then the rest, already agreeing; `negative` is the same statement denied. */
export type Clause = { subject: Phrase | null; predicate: string; negative: string };

/** A clause found, whether it has its object ("What does it remember?" has not), and where its rest starts. */
export type Found = { clause: Clause; complete: boolean; restFrom: number };

/** Verbs whose object a "what" question asks for when they end it. */
const TRANSITIVE_END = /^(remember|mean|want|need|see|keep|know|do|say|teach|hold|hide|become|carry|find|seek|dream|fear|love|make)$/;

/**
 * "Which star should guide a lost traveller?": the wh-phrase is the subject when a verb (or a word
 * the tagger took for a noun) follows the auxiliary and an object follows that.
 */
export function whSubjectClause(tokens: Token[], at: number): Found | null {
  const aux = tokens[at];
  const verb = tokens[at + 1];
  const after = tokens[at + 2];
  if (!aux || aux.pos !== "AUX" || aux.lemma === "be" || !verb) return null;
  const verbal =
    verb.pos === "VERB" || (verb.pos === "NOUN" && after !== undefined && (after.pos === "DET" || POSSESSIVES.has(after.lower) || after.pos === "ADJ"));
  if (!verbal) return null;
  const predicate = `that ${aux.lower} ${revoice(tokens.slice(at + 1), -1)}`;
  return { clause: { subject: null, predicate, negative: predicate }, complete: true, restFrom: at + 1 };
}

/** The clause of "[wh] AUX subject rest" or "[wh-subject] VERB rest", said back as a statement. */
export function clauseOf(tokens: Token[], at: number, whether: boolean): Found | null {
  const aux = tokens[at];
  if (!aux) return null;
  if (!AUX.has(aux.lower) || aux.pos !== "AUX") {
    // The wh-word is the subject: "Who keeps the archive?", "What happens when a server dies?"
    if (whether || aux.pos !== "VERB") return null;
    const predicate = revoice(tokens.slice(at), -1);
    return { clause: { subject: null, predicate, negative: predicate }, complete: true, restFrom: at };
  }
  let i = at + 1;
  nounsTakenForVerbs(tokens, i);
  const negated = tokens[i]?.lower === "not" || tokens[i]?.lower === "n't";
  if (negated) i++;
  let span = nounPhraseAt(tokens, i);
  if (!span && tokens[i]?.lower === "there") span = { start: i, end: i + 1, pronoun: true };
  // "How long is forever?": a lone word after "is" is what is asked about, whatever its tag.
  if (!span && aux.lemma === "be" && i === tokens.length - 1 && /^[\p{L}-]+$/u.test(tokens[i]!.text)) {
    tokens[i] = { ...tokens[i]!, pos: "NOUN" };
    span = { start: i, end: i + 1, pronoun: false };
  }
  if (!span) return null;
  if (aux.lemma !== "be" && !span.pronoun) span = verbAfterSubject(tokens, span);
  const subject = phraseOf(tokens, span, true);
  const rest = tokens.slice(span.end);
  const { positive, negative } = verbGroup(aux, subject, rest, negated);
  const last = rest.at(-1);
  return { clause: { subject, predicate: positive, negative }, complete: !(last?.pos === "VERB" && TRANSITIVE_END.test(last.lemma)), restFrom: span.end };
}

/** After the auxiliary comes the subject: of two verbs in a row there ("How do stars remember"), the first is a noun. */
function nounsTakenForVerbs(tokens: Token[], from: number) {
  for (let j = from; j < tokens.length - 1; j++) {
    const before = tokens[j - 1]!;
    const opens = j === from || before.pos === "DET" || before.pos === "ADJ" || POSSESSIVES.has(before.lower);
    if (tokens[j]!.pos === "VERB" && (tokens[j + 1]!.pos === "VERB" || tokens[j + 1]!.pos === "AUX") && opens) tokens[j] = { ...tokens[j]!, pos: "NOUN" };
    if (isNounish(tokens[j])) break;
  }
}

/**
 * And when no verb follows the subject ("How can a small voice change the Council?", "How long
 * does a memory last?"), the verb is the subject's last word, or the word after it.
 */
function verbAfterSubject(tokens: Token[], span: Span): Span {
  if (tokens.slice(span.end).some((token) => token.pos === "VERB" || token.pos === "AUX")) return span;
  const next = tokens[span.end];
  if (next && (next.pos === "ADJ" || next.pos === "NOUN" || next.pos === "ADV")) {
    tokens[span.end] = { ...next, pos: "VERB" };
    return span;
  }
  const last = tokens[span.end - 1]!;
  if (span.end - span.start <= 1 || !isNounish(last)) return span;
  tokens[span.end - 1] = { ...last, pos: "VERB" };
  const shorter = { ...span, end: span.end - 1 };
  // "a signal travel": with its last word a verb, the subject's last modifier is its noun.
  const head = tokens[shorter.end - 1]!;
  if (!tokens.slice(shorter.start, shorter.end).some(isNounish) && head.pos === "ADJ") tokens[shorter.end - 1] = { ...head, pos: "NOUN" };
  return shorter;
}

const BE_FORMS: Record<Phrase["person"], [string, string]> = { first: ["am", "was"], second: ["are", "were"], third: ["is", "was"] };

/** The auxiliary and the rest, in statement order and agreeing with the said-back subject. */
function verbGroup(aux: Token, subject: Phrase, rest: Token[], negated: boolean): { positive: string; negative: string } {
  const restText = revoice(rest, -1);
  const past = /^(was|were|did|had)$/.test(aux.lower);
  const third = subject.person === "third" && !subject.plural;
  if (aux.lemma === "be") {
    const [present, before] = BE_FORMS[subject.person];
    const be = subject.person === "third" && subject.plural ? (past ? "were" : "are") : past ? before : present;
    return pair(`${be} ${restText}`, `${be} not ${restText}`, negated);
  }
  if (aux.lemma === "have" && rest[0]?.pos === "VERB") {
    const have = past ? "had" : third ? "has" : "have";
    return pair(`${have} ${restText}`, `${have} not ${restText}`, negated);
  }
  if (aux.lemma === "do") {
    // Adverbs before the verb stay before it: "still hum" -> "still hums".
    const verbAt = rest.findIndex((token) => token.pos !== "ADV");
    const verb = rest[verbAt];
    const does = past ? "did" : third ? "does" : "do";
    if (!verb || (verb.pos !== "VERB" && verb.pos !== "AUX")) return pair(`${does} ${restText}`, `${does} not ${restText}`, negated);
    const inflected = past ? pastTense(verb.text) : third ? thirdPerson(verb.text) : verb.text;
    const said = [revoice(rest.slice(0, verbAt), -1), inflected, revoice(rest.slice(verbAt + 1), -1)].filter(Boolean).join(" ");
    return pair(said, `${does} not ${restText}`, negated);
  }
  const modal = aux.lower;
  return pair(`${modal} ${restText}`, `${modal === "can" ? "cannot" : `${modal} not`} ${restText}`, negated);
}

/** "Does the archive forget anything?": yes, it forgets something; no, it does not forget anything. */
const affirmed = (text: string) => text.replace(/\bany(thing|one|body|where)\b/g, "some$1");

function pair(positive: string, negative: string, negated: boolean) {
  return negated ? { positive: negative.trim(), negative: affirmed(positive.trim()) } : { positive: affirmed(positive.trim()), negative: negative.trim() };
}

/** A statement ("I feel lost in the archive." is said back "you feel lost in the archive"); a request has none. */
export function statementOf(tokens: Token[]): Found | null {
  const first = tokens[0]!;
  if (first.pos === "VERB" || REQUESTS.has(first.lower)) return null;
  const span = nounPhraseAt(tokens, 0);
  if (!span) return null;
  const verbAt = tokens.findIndex((token, i) => i >= span.end && (token.pos === "VERB" || token.pos === "AUX"));
  if (verbAt !== span.end) return null;
  const subject = phraseOf(tokens, span, true);
  const predicate = revoice(tokens.slice(span.end), span.pronoun ? 0 : -1, subject);
  return { clause: { subject, predicate, negative: predicate }, complete: true, restFrom: 0 };
}
