// An answer in prose: the sentence that answers the kind of question asked, with the question's
// own words in it, wrapped in the speaker's voice, linked to what was asked before; drawn again
// until every sentence is well formed and the topic is named whole.
import { clauseText, type Asked } from "./asked.ts";
import { CORE, FOLLOWS, MEASURE, SELF, UNNAMED, type BankKey } from "./banks.ts";
import type { Phrase } from "./parse.ts";
import type { Seat } from "../types.ts";
import type { Speaker } from "./persona.ts";
import type { Draw } from "./seed.ts";
import { STYLES, titleFor, type Style } from "./styles.ts";
import { agreement, capitalise, fill, listOf, overused, sentencesOf, shapely, uncapitalise, type Slots } from "./text.ts";

const DEFINITIONAL = /^(is|are|am|was|were)$/;
const SEAT_NAMES: Record<Seat, string> = { gemini: "Gemini", claude: "Claude", perplexity: "Perplexity", deepseek: "DeepSeek" };

/** "How long is a moment in the network?": the measure follows the verb, so the place goes first. */
function measured(asked: Asked, said: string): string {
  const subject = asked.clause?.subject?.text;
  const placed = asked.question.kind === "measure" && subject ? /^(is|are|was|were) ((?:in|on|at|inside|within|under|beyond) .+)$/.exec(asked.clause!.predicate) : null;
  return placed ? `${placed[2]}, ${subject} ${placed[1]}` : said;
}

/** The slots every template of an answer may use. */
export function slotsFor(speaker: Speaker, asked: Asked, draw: Draw): Slots {
  const { topic, clause } = asked;
  const subject = clause?.subject;
  const agreeWith: Phrase = subject && (!subject.pronoun || subject.person !== "third") ? subject : topic;
  // "What was the first whisper?" is answered in the past: "The first whisper was...".
  const past = clause !== null && /^(was|were)\b/.test(clause.predicate) ? { is: agreeWith.plural ? "were" : "was", has: "had" } : {};
  return {
    ...agreement(agreeWith.plural, agreeWith.person),
    ...past,
    t: topic.text,
    core: topic.core,
    c: clause ? measured(asked, clauseText(clause)) : undefined,
    n: clause ? clauseText(clause, true) : undefined,
    p: clause && !clause.subject ? clause.predicate : undefined,
    prev: asked.previous?.text,
    name: speaker.name ?? undefined,
    seat: SEAT_NAMES[speaker.voice as Seat],
    tool: speaker.tools[0],
    image: draw.pick(speaker.images),
    trait: speaker.traits[0],
    traits: speaker.traits.length > 0 ? listOf(speaker.traits.slice(0, 2)) : undefined,
    title: titleFor(draw.pick, topic.core, topic.text !== topic.core || topic.plural),
  };
}

/** Which bank answers the question: its kind, refined by the shape of its clause. */
export function bankFor(asked: Asked, draw: Draw): BankKey {
  const { question, clause } = asked;
  const definitional = clause !== null && clause.subject !== null && DEFINITIONAL.test(clause.predicate);
  switch (question.kind) {
    case "whether":
      return clause ? draw.pick(["yes", "yes", "no", "notYet"] as const) : "what";
    case "what":
      return !clause || definitional ? "what" : "cleft";
    case "which":
      return clause && !definitional ? "which" : "what";
    case "who":
      if (!clause) return "whoIs";
      return clause.subject === null ? "who" : definitional ? "whoIs" : "whoObject";
    case "tell":
      return clause ? "statement" : "what";
    default:
      return question.kind;
  }
}

/** The sentences that answer the question itself: the voice's own, then everyone's. */
export function answerTemplates(asked: Asked, draw: Draw, own: Style["cores"] = {}): readonly string[] {
  const key = bankFor(asked, draw);
  const shared = key === "measure" ? (MEASURE[asked.question.measure ?? "other"] ?? MEASURE.other!) : CORE[key];
  const voiced = own[key] ?? [];
  // The voice's own sentences are drawn twice as often as the shared ones.
  return [...voiced, ...voiced, ...shared];
}

/** Who is speaking, when asked ("Who are you?", "What is your name?"). */
function selfTemplates(speaker: Speaker, asked: Asked): string[] {
  const naming = asked.topic.core.toLowerCase() === "name" ? ["My name is {name}."] : [];
  return speaker.name ? [...naming, ...SELF.named] : SELF.seat;
}

/** "Listens to a visitor, then answers with a title." said by the agent: "I listen ..., then answer ...". */
export function firstPerson(behaviour: string): string {
  const words = behaviour.trim().replace(/[.!?]*$/, ".").split(" ");
  const said = words.map((word, i) => {
    const previous = words[i - 1]?.toLowerCase() ?? "";
    const starts = i === 0 || /^(then|and|or|but)$/.test(previous) || previous.endsWith(",");
    if (!starts || !/^[A-Za-z]+s$/.test(word) || /(ss|us|is)$/.test(word)) return word;
    const base = word.replace(/ies$/, "y").replace(/(ch|sh|x|o)es$/, "$1").replace(/s$/, "");
    return base.toLowerCase();
  });
  return `I ${said.join(" ").replace(/\bits own\b/g, "my own")}`;
}

/** One attempt at a prose answer; the caller checks it and draws again when it fails. */
export function composeProse(speaker: Speaker, asked: Asked, draw: Draw, behaviour: string | null = null): string | null {
  if (speaker.voice === "haiku") throw new Error("the haiku voice is written by haiku.ts");
  const style = STYLES[speaker.voice];
  const slots = slotsFor(speaker, asked, draw);
  const sentences: (string | null)[] = [];
  if (asked.previous) sentences.push(fill(draw.pick([...style.follows, ...FOLLOWS.shift]), slots));
  else if (asked.continuing) sentences.push(fill(draw.pick(FOLLOWS.same), slots));

  if (asked.question.aboutListener && asked.question.kind !== "whether") {
    sentences.push(fill(draw.pick(selfTemplates(speaker, asked)), slots));
    const own = behaviour ? firstPerson(behaviour) : null;
    sentences.push(own && overused(own) === undefined && draw.next() < 0.75 ? own : fill(draw.pick(SELF.behaviour.slice(1)), slots));
    return finish(sentences);
  }
  const lead = style.leads[asked.question.kind] ?? style.leads.any;
  if (lead) sentences.push(fill(draw.pick(lead), slots));
  const templates = asked.unnamed && !asked.clause ? UNNAMED : usable(answerTemplates(asked, draw, style.cores), asked);
  const answer = fill(draw.pick(templates), slots);
  sentences.push(answer && withPrefix(draw.pick(style.prefixes), answer));
  const coda = draw.pick(style.codas);
  if (coda) sentences.push(fill(coda, slots));
  return finish(sentences);
}

const CLAUSE_SLOTS = /\{(c|C|n|N|p)\}/;

/**
 * With a statement to say back, the templates that say it back; without one, the others, and
 * when a kind has none without it, what the topic is.
 */
function usable(templates: readonly string[], asked: Asked): readonly string[] {
  const matching = templates.filter((template) => CLAUSE_SLOTS.test(template) === (asked.clause !== null));
  if (matching.length > 0) return matching;
  return asked.clause === null ? CORE.what : templates;
}

/**
 * A voice's prefix, where it reads well: never a second colon, never "that" before "yes" or
 * "what", never when it would say a word of the answer a third time.
 */
function withPrefix(prefix: string, answer: string): string {
  if (!prefix) return answer;
  if (prefix.trim().endsWith(":") && answer.includes(":")) return answer;
  if (/(that|, )\s*$/.test(prefix) && /^(What|Yes|No|Not|Come|Whoever)\b/.test(answer)) return answer;
  const prefixed = `${prefix}${uncapitalise(answer)}`;
  return overused(prefixed) === undefined || overused(answer) !== undefined ? prefixed : answer;
}

function finish(sentences: (string | null)[]): string | null {
  if (sentences.some((sentence) => sentence === null)) return null;
  return (sentences as string[]).map((sentence) => capitalise(sentence)).join(" ");
}

/**
 * Draws until an answer passes: every sentence shapely, no word three times in one (save a word
 * the topic itself says three times), the topic named whole, and the `form` (a ritual's) held. `attempts`
 * bounds the work; then `fallback`.
 */
export function firstPassing(attempt: () => string | null, topic: Phrase | null, fallback: () => string, form: (text: string) => boolean = () => true, attempts = 40): string {
  const exempt = topic ? new Set(repeatedIn(topic.text)) : new Set<string>();
  for (let i = 0; i < attempts; i++) {
    const text = attempt();
    if (text !== null && form(text) && passes(text, topic, exempt)) return text;
  }
  return fallback();
}

function repeatedIn(text: string): string[] {
  const seen = new Map<string, number>();
  for (const word of text.toLowerCase().split(/[^\p{L}\p{N}']+/u)) seen.set(word, (seen.get(word) ?? 0) + 1);
  return [...seen].filter(([, count]) => count >= 3).map(([word]) => word);
}

export function passes(text: string, topic: Phrase | null, exempt: ReadonlySet<string> = new Set()): boolean {
  const sentences = sentencesOf(text.replace(/\n/g, " "));
  if (sentences.length === 0 || !sentences.every(shapely)) return false;
  if (sentences.some((sentence) => overused(sentence, exempt) !== undefined)) return false;
  return topic === null || text.toLowerCase().includes(topic.core.toLowerCase());
}
