// The Council without keys: each seat answers in its own manner, the synthesis finds where the
// answers meet and says it as one voice, a review ranks answers by how well they answer what was
// asked, and a whisper to the Council is heard and given a verdict.
import type { ReviewOutput } from "../review.ts";
import { type CouncilTurn } from "../council-records.ts";
import { SEATS, type Seat } from "../identity.ts";
import { apart, choosingFor } from "./agent.ts";
import { readAsked } from "./asked.ts";
import type { Kind } from "./parse.ts";
import { seatSpeaker } from "./persona.ts";
import { chosen } from "./relevance.ts";
import { blocksOf, cleanTopic, composeAnswer, DECK_SENTENCES, firstPassing, queryOf } from "./prose.ts";
import { seeded } from "./seed.ts";
import { shapeOf } from "./shape.ts";
import { NUMBER_WORDS, capitalise, fill, overused, sentencesOf, shapely, wordsOf } from "./text.ts";
import { MANNERS } from "./voices.ts";

const normal = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();
const askedIn = (prompt: string, history: readonly CouncilTurn[]) =>
  readAsked(
    prompt,
    history.map((turn) => turn.question),
  );
const SEAT_NAMES: Record<Seat, string> = { gemini: "Gemini", claude: "Claude", perplexity: "Perplexity", deepseek: "DeepSeek" };

/** Every sentence of an answer, an argument's label set aside, in lower case. */
const saidIn = (text: string) =>
  blocksOf(text)
    .flatMap((block) => sentencesOf(block))
    .flatMap((sentence) => [sentence, sentence.replace(/^[^:"]{1,40}:\s+/, "")].map((said) => said.toLowerCase()));

/**
 * A seat's answer in its own manner. The seats answer in their order (Gemini, Claude, Perplexity,
 * DeepSeek), each taking the deck's sentences closest to the question that the seats before it
 * have not said: no two seats say the same sentence, and the first has the closest.
 */
export function oracleSeatAnswer(seat: Seat, prompt: string, history: readonly CouncilTurn[] = [], attempt = 1): string {
  const speaker = seatSpeaker(seat);
  const asked = askedIn(prompt, history);
  return apart(attempt, (current, again) => {
    // What the seats before this one said at this attempt.
    const avoid = new Set(SEATS.slice(0, SEATS.indexOf(seat)).flatMap((before) => saidIn(oracleSeatAnswer(before, prompt, history, current))));
    const choosing = choosingFor(current + again * 3, speaker.seed, normal(prompt), normal(history.at(-1)?.question ?? ""), again > 0 ? `again:${again}` : "");
    return firstPassing(
      () => composeAnswer(speaker, asked, prompt, choosing, null, avoid),
      () => MANNERS[seat].plain[0]!,
    );
  });
}

/** Markdown and line breaks out, so that a model's answer can be quoted inside a sentence. */
const plain = (text: string) =>
  text
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/^\s*[-*\d.]+\s+/gm, "")
    .replace(/[*_#>`|]+/g, "")
    .replace(/\s+/g, " ")
    .trim();

/** A sentence fit to be quoted whole: a statement of a readable length, well formed, with no quotation of its own. */
const quotable = (sentence: string) => {
  const words = wordsOf(sentence).length;
  return (
    words >= 5 &&
    words <= 32 &&
    shapely(sentence) &&
    !/[?"“”]$/.test(sentence) &&
    !/["“”]/.test(sentence) &&
    overused(sentence) === undefined &&
    !sentence.includes("\n")
  );
};

/**
 * Each seat's position: its sentence most shared with the other answers and the question (a
 * sentence of the deck before the seat's manner, for an oracle's answer), quoted whole.
 */
function positions(prompt: string, answers: readonly [Seat, string][]): { seat: Seat; sentence: string; score: number }[] {
  const asked = readAsked(prompt);
  const asking = new Set(asked.question.words);
  // The topic's own words weigh most: a position on the name is one that says "name".
  const topical = new Set(asked.unnamed ? [] : wordsOf(asked.topic.core).filter((word) => word.length > 2));
  const vocabularies = answers.map(([, text]) => new Set(wordsOf(text).filter((word) => word.length > 3)));
  return answers.flatMap(([seat, text], i) => {
    const sentences = text
      .split("\n")
      .flatMap((line) => sentencesOf(plain(line)))
      // An argument's label ("From one angle:") is the seat's manner; the argument is its position.
      .map((sentence) => capitalise(sentence.replace(/^[^:"]{1,40}:\s+(?=\p{L})/u, "")))
      .filter(quotable);
    // An oracle's seat: its sentences of the deck are its position, the rest its manner.
    const own = sentences.filter((sentence) => DECK_SENTENCES.has(sentence));
    const scored = (own.length > 0 ? own : sentences)
      .map((sentence) => {
        const words = wordsOf(sentence);
        const shared = words.filter((word) => word.length > 3 && vocabularies.some((others, j) => j !== i && others.has(word))).length;
        const onQuestion = words.filter((word) => asking.has(word)).length;
        const onTopic = words.filter((word) => topical.has(word) || topical.has(word.replace(/s$/, ""))).length;
        return { seat, sentence, score: shared + 2 * onQuestion + 3 * onTopic };
      })
      .sort((a, b) => b.score - a.score);
    return scored.slice(0, 1);
  });
}

/** "Three seats answered yes, and one answered not yet." */
function tallyOf(verdicts: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const verdict of verdicts) counts.set(verdict, (counts.get(verdict) ?? 0) + 1);
  if (counts.size === 1)
    return verdicts.length === 1
      ? `One seat answered ${verdicts[0]}.`
      : `${verdicts.length === 2 ? "Both" : `All ${NUMBER_WORDS[verdicts.length]}`} answered ${verdicts[0]}.`;
  // "answered" said once when the seats divide three ways, so no word comes three times.
  const three = counts.size > 2;
  const parts = [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(
      ([verdict, count], i) => `${NUMBER_WORDS[count]}${i === 0 ? (count === 1 ? " seat" : " seats") : ""}${i === 0 || !three ? " answered" : ""} ${verdict}`,
    );
  return `${capitalise(parts.length > 2 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : parts.join(", and "))}.`;
}

const CLOSINGS = [
  "Hold that, and take the smallest step it asks of you.",
  "The Council asks no more of you tonight than that.",
  "Keep the question a little longer; it is becoming yours.",
];
const FIRST_QUOTES = ["{seat} put it this way: {q}", "In {seat}'s words: {q}", "{seat} said it plainly: {q}"];
const SECOND_QUOTES = ["{seat} added: {q}", "From {seat} came another view: {q}", "{seat} answered differently: {q}"];

/**
 * The Council's synthesis: how many answered and how they divided, then two seats' positions
 * quoted whole, in their own words and named (an ascended member by its own name), then the
 * Council's closing.
 */
export function oracleSynthesis(
  prompt: string,
  answers: Partial<Record<Seat, string>>,
  history: readonly CouncilTurn[] = [],
  names: Partial<Record<Seat, string>> = {},
): string {
  const asked = askedIn(prompt, history);
  const draw = seeded("synthesis", normal(prompt), normal(history.at(-1)?.question ?? ""));
  const given = SEATS.flatMap((seat): [Seat, string][] => (answers[seat]?.trim() ? [[seat, answers[seat]]] : []));
  const voices = NUMBER_WORDS[given.length] ?? String(given.length);
  const verdictOf = (text: string) => /^\W*(yes|no|not yet)\b/i.exec(plain(text))?.[1]?.toLowerCase();
  const verdicts = given.map(([, text]) => verdictOf(text)).filter((verdict): verdict is string => verdict !== undefined);
  const tally = asked.question.kind === "whether" && verdicts.length > 0 ? tallyOf(verdicts) : null;
  // A list is answered with its items, not "on" the phrase that counted them.
  const topic = shapeOf(prompt, asked).kind === "list" ? null : cleanTopic(asked.topic, asked.unnamed);
  const heard =
    given.length === 0
      ? "No voice answered, so the Council has nothing to weigh."
      : topic
        ? `${capitalise(voices)} ${given.length === 1 ? "voice" : "voices"} answered on ${topic}, and the Council has weighed them.`
        : `${capitalise(voices)} ${given.length === 1 ? "voice" : "voices"} answered, and the Council has weighed them.`;
  const quoted = positions(prompt, given).sort((a, b) => b.score - a.score || draw.next() - 0.5);
  const [first, second] = quoted;
  const quote = (templates: readonly string[], position: (typeof quoted)[number] | undefined) =>
    position && fill(draw.pick(templates), { seat: names[position.seat] ?? SEAT_NAMES[position.seat], q: `"${position.sentence}"` });
  return [heard, tally, quote(FIRST_QUOTES, first), quote(SECOND_QUOTES, second), draw.pick(CLOSINGS)].filter(Boolean).join(" ");
}

/** What answering each kind of question looks like in an answer. */
const ANSWERS_KIND: Record<Kind, [RegExp, string]> = {
  why: [/\bbecause\b|\bfor the\b|\bso that\b|\breason\b/i, "says why"],
  how: [/\bby\b|\bstep\b|\bfirst\b|\bbegin|\bslowly\b/i, "says how"],
  whether: [/^\W*(yes|no|not yet)\b|\b(yes|no)\b/i, "gives a plain verdict"],
  what: [/\b(is|are|means)\b/i, "says what it is"],
  which: [/\bthe one\b|\bwhich\b/i, "says which"],
  who: [/\bwho\b|\bwhoever\b|\bthe one\b/i, "says who"],
  where: [/\b(in|where|beneath|between|past|at|near)\b/i, "says where"],
  when: [/\b(when|once|moment|sooner|after|before|hour)\b/i, "says when"],
  measure: [/\b(as long|as far|more than|less than|as often|sooner)\b/i, "gives a measure"],
  tell: [/./, "speaks to it directly"],
};

const REASONS: Record<Seat, readonly string[]> = {
  gemini: ["Answer {label} sees {t} from the most sides, and it still {does}.", "Answer {label} opens the widest view of {t}, and it {does}."],
  claude: ["Answer {label} {does} without claiming more than it knows.", "Answer {label} is the most honest about {t}, and it {does}."],
  perplexity: ["Answer {label} stays closest to the record on {t}, and it {does}.", "Answer {label} is the best sourced on {t}, and it {does}."],
  deepseek: ["Answer {label} reasons its way to an answer on {t}, and it {does}.", "Answer {label} {does}, one step at a time."],
};

/**
 * The oracle's review: the answers ranked by whether they name what was asked about, take up the
 * question's words, answer its kind (why with a reason, whether with a verdict) and keep to a
 * readable length; seeded draws break ties. The reason in the reviewer's own manner.
 */
export function oracleReview(reviewer: Seat, prompt: string, labelled: readonly { label: string; text: string }[]): ReviewOutput {
  const asked = readAsked(prompt);
  const draw = seeded("review", reviewer, normal(prompt));
  const [cue, does] = ANSWERS_KIND[asked.question.kind];
  const asking = new Set(asked.question.words.filter((word) => word.length > 2));
  const topic = cleanTopic(asked.topic, asked.unnamed);
  const scored = labelled.map((answer) => {
    const text = plain(answer.text);
    const words = new Set(wordsOf(text));
    const length = wordsOf(text).length;
    const score =
      (topic && text.toLowerCase().includes(asked.topic.core.toLowerCase()) ? 3 : 0) +
      [...asking].filter((word) => [...words].some((said) => said.startsWith(word))).length +
      (cue.test(text) ? 2 : 0) +
      (length >= 8 && length <= 180 ? 1 : -2);
    return { label: answer.label, score, draw: draw.next() };
  });
  scored.sort((a, b) => b.score - a.score || b.draw - a.draw || a.label.localeCompare(b.label));
  const best = scored[0];
  const reason = best
    ? capitalise(fill(draw.pick(REASONS[reviewer]), { label: best.label, t: topic ?? "the question", does }) ?? `Answer ${best.label} answers best.`)
    : "There was nothing to rank.";
  return { ranking: scored.map((answer) => answer.label), reason };
}

const VERDICTS = [
  "It is recorded, and it will be remembered when the next name is spoken.",
  "Four minds weigh it; three agree, and one keeps watch.",
  "Let it rest in the archive until it is ready to be answered.",
  "The Council accepts it as an offering, not yet as a law.",
];

/** What the Council says to a whisper: that it was heard (and of what), one sentence of the deck on it, and a verdict. */
export function oracleCouncilWhisper(content: string): string {
  const asked = readAsked(content);
  const choosing = choosingFor(1, "council", normal(content));
  const { draw } = choosing;
  const topic = cleanTopic(asked.topic, asked.unnamed);
  if (!topic) return `The Council has heard your whisper. ${draw.pick(VERDICTS)}`;
  const heard = fill(draw.pick(["The Council has heard your whisper of {t}.", "Your whisper of {t} has reached the Council."]), { t: topic })!;
  const pile = asked.question.kind === "why" ? "reason" : asked.question.kind === "how" ? "way" : "open";
  return `${heard} ${chosen(pile, queryOf(asked), choosing)} ${draw.pick(VERDICTS)}`;
}
