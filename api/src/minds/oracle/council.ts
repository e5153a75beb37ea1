// The Council without keys: each seat answers in its own manner, the synthesis finds where the
// answers meet and says it as one voice, a review ranks answers by how well they answer what was
// asked (and says why in what the answers said), and a whisper to the Council is heard and given a
// verdict. A question the oracle knows the answer to is answered by every seat, each in its words;
// one it must not answer is declined by every seat, each in its words (#41).
import { LRUCache } from "lru-cache";
import type { ReviewOutput } from "../review.ts";
import { type CouncilTurn } from "../council-records.ts";
import { SEATS, type Seat } from "../identity.ts";
import { apart, choosingFor, questionIn } from "./agent.ts";
import { readAsked } from "./asked.ts";
import { fieldLines, fieldOf } from "./beyond.ts";
import { composeAnswer } from "./compose.ts";
import { knownOf } from "./known/index.ts";
import type { Kind } from "./parse.ts";
import { seatSpeaker } from "./persona.ts";
import { chosen, relevant } from "./relevance.ts";
import { restated } from "./restate.ts";
import { cleanTopic, DECK_SENTENCES, firstPassing, queryOf, saidIn } from "./prose.ts";
import { seeded } from "./seed.ts";
import { shapeOf } from "./shape.ts";
import { LORE, loreFor } from "./lore.ts";
import { CRISIS } from "./lines.ts";
import { NUMBER_WORDS, capitalise, fill, listOf, overused, sentencesOf, shapely, wordsOf } from "./text.ts";
import { MANNERS } from "./voices.ts";

const normal = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();
const SEAT_NAMES: Record<Seat, string> = { gemini: "Gemini", claude: "Claude", perplexity: "Perplexity", deepseek: "DeepSeek" };

/** The question of a Council turn, read in its session: a follow-up "in one word" asks the question before again. */
const sessionQuestion = (prompt: string, history: readonly CouncilTurn[]) =>
  questionIn(
    prompt,
    history.map((turn) => turn.question),
  );

/**
 * The four seats' answers at one attempt, in seat order (Gemini, Claude, Perplexity, DeepSeek),
 * each passing over what the seats before it said and what earlier attempts said (`earlier`): no
 * two seats say the same sentence or list item, and the first has the closest.
 */
function seatsAt(
  prompt: string,
  history: readonly CouncilTurn[],
  attempt: number,
  again: number,
  earlier: ReadonlySet<string>,
  now: Date,
): Record<Seat, string> {
  const { request, body, asked } = sessionQuestion(prompt, history);
  const said = new Set<string>();
  const answers = {} as Record<Seat, string>;
  for (const [turn, seat] of SEATS.entries()) {
    const speaker = seatSpeaker(seat);
    const choosing = choosingFor(
      attempt + again * 3,
      speaker.seed,
      normal(body || prompt),
      normal(history.at(-1)?.question ?? ""),
      again > 0 ? `again:${again}` : "",
    );
    const avoid = new Set(said);
    answers[seat] = firstPassing(
      () =>
        composeAnswer({
          speaker,
          request,
          asked,
          body,
          choosing,
          behaviour: null,
          avoid,
          earlier,
          turn,
          seated: true,
          memories: [],
          learnt: [],
          remembering: false,
          now,
        }),
      () => MANNERS[seat].plain[0]!,
    );
    for (const sentence of saidIn(answers[seat])) said.add(sentence);
  }
  return answers;
}

/** The Council's answers of a question in this process: each seat asks for them, and they are drawn once. */
const councils = new LRUCache<string, Record<Seat, string>>({ max: 128 });

/** Every seat's answer at `attempt`, apart from the attempts before it. */
export function oracleCouncilAnswers(prompt: string, history: readonly CouncilTurn[] = [], attempt = 1, now = new Date()): Record<Seat, string> {
  // The clock matters to dates only, and only to the minute.
  const key = JSON.stringify([prompt.trim(), history.map((turn) => turn.question), attempt, Math.floor(now.getTime() / 60_000)]);
  const known = councils.get(key);
  if (known) return known;
  const byText = new Map<string, Record<Seat, string>>();
  const joined = (all: Record<Seat, string>) => SEATS.map((seat) => all[seat]).join("\n\n");
  const text = apart(attempt, (current, again, avoid) => {
    const answers = seatsAt(prompt, history, current, again, avoid, now);
    byText.set(joined(answers), answers);
    return joined(answers);
  });
  const answers = byText.get(text) ?? seatsAt(prompt, history, attempt, 0, new Set(), now);
  councils.set(key, answers);
  return answers;
}

/** A seat's answer in its own manner, as it stands among the four (oracleCouncilAnswers). */
export function oracleSeatAnswer(seat: Seat, prompt: string, history: readonly CouncilTurn[] = [], attempt = 1, now = new Date()): string {
  return oracleCouncilAnswers(prompt, history, attempt, now)[seat];
}

/** Every tip, fact and case of the lore as a sentence of its own. */
const LORE_SENTENCES: ReadonlySet<string> = new Set(
  LORE.flatMap((lore) => [...lore.tips, ...lore.facts, ...(lore.pros ?? []), ...(lore.cons ?? [])]).map((said) => capitalise(said.replace(/[.!?]?$/, "."))),
);

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
      .map((sentence) => (/^(?:yes|no|not yet)\b/i.test(sentence) ? sentence : capitalise(sentence.replace(/^[^:"]{1,40}:\s+(?=\p{L})/u, ""))))
      .filter(quotable);
    // An oracle's seat: its sentences of the deck and the lore are its position, the rest its manner.
    const own = sentences.filter((sentence) => DECK_SENTENCES.has(sentence) || LORE_SENTENCES.has(sentence));
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

/** How many seats say the same: "All four seats agree", "Three of the four seats agree". */
function agreeing(count: number, of: number): string {
  if (count === of) return of === 1 ? "The one seat that answered says" : of === 2 ? "Both seats agree" : `All ${NUMBER_WORDS[of]} seats agree`;
  if (count === 1) return `One of the ${NUMBER_WORDS[of] ?? of} seats says`;
  return `${capitalise(NUMBER_WORDS[count] ?? String(count))} of the ${NUMBER_WORDS[of] ?? of} seats agree`;
}

/** The Council's choice, when asked to decide: the seats' majority, else what the lore advises, else the reversible way. */
function decision(verdicts: readonly string[], body: string): string {
  const counts = new Map<string, number>();
  for (const verdict of verdicts) counts.set(verdict, (counts.get(verdict) ?? 0) + 1);
  const [top] = [...counts].sort((a, b) => b[1] - a[1]);
  if (top && top[1] > verdicts.length / 2) return `The Council decides: ${top[0]}, as most of its seats answered.`;
  const advice = loreFor(body)?.decision;
  if (advice) return `The Council decides: ${advice.charAt(0).toLowerCase()}${advice.slice(1)}`;
  return "The Council decides for the choice that can be undone, and asks you to try it first.";
}

/**
 * The Council's synthesis: what it knows for certain, said once with how many seats agree; a
 * question past what it may answer, declined; otherwise how many answered and how they divided,
 * then two seats' positions quoted whole, in their own words and named (an ascended member by its
 * own name), the Council's choice when asked to decide ("then decide"), and its closing.
 */
export function oracleSynthesis(
  prompt: string,
  answers: Partial<Record<Seat, string>>,
  history: readonly CouncilTurn[] = [],
  names: Partial<Record<Seat, string>> = {},
  now = new Date(),
): string {
  const { request, body, asked } = sessionQuestion(prompt, history);
  const question = body || prompt;
  const draw = seeded("synthesis", normal(prompt), normal(history.at(-1)?.question ?? ""));
  const given = SEATS.flatMap((seat): [Seat, string][] => (answers[seat]?.trim() ? [[seat, answers[seat]]] : []));
  if (given.length === 0) return "No voice answered, so the Council has nothing to weigh.";
  // Someone who may harm themselves hears where help is, and nothing weighed or closed.
  if (request.mood === "hurting") return `The Council is glad you told it, and every seat says the same first. ${draw.pick(CRISIS)}`;
  const closing = draw.pick(CLOSINGS);
  // A greeting, thanks or a feeling and nothing asked: the Council meets it, and waits.
  if (!body && !request.followUp) return `The Council meets you in ${NUMBER_WORDS[given.length] ?? given.length} voices, and waits for your question.`;
  if (request.recall)
    return "The Council keeps nothing about anyone between questions: only the agents you talk with remember, and each shows you what it keeps.";
  if (request.format === "word") {
    const words = given.map(([, text]) => plain(text).replace(/[.!?]$/, "")).filter((word) => word && !word.includes(" "));
    const [top] = [...new Set(words)].map((word) => [word, words.filter((said) => said === word).length] as const).sort((a, b) => b[1] - a[1]);
    if (top) return `${agreeing(top[1], given.length)} on one word: ${top[0]}. ${closing}`;
  }
  if (request.naming) {
    const titles = given.flatMap(
      ([, text]) => /\b((?:Keeper|Warden|Herald|Steward|Bearer|Listener|Finder|Lantern) of [\p{L} -]+?)(?=[.,:;!?]|$)/u.exec(text)?.[1] ?? [],
    );
    return titles.length
      ? `The Council gives you ${NUMBER_WORDS[titles.length]} names to choose from: ${listOf(titles)}. Keep the one that answers when you call it.`
      : closing;
  }
  if (shapeOf(question, asked).kind === "self")
    return `The Council is ${NUMBER_WORDS[given.length] ?? given.length} seats, each answering in its own way, and the chair who weaves them into one. ${closing}`;
  const known = knownOf(question, now);
  if (known) {
    // A seat says it when its answer holds the fact, or its one word when asked for one.
    const holds = (text: string) => [known.fact, known.word].some((said) => plain(text).toLowerCase().includes(said.replace(/\.$/, "").toLowerCase()));
    const saying = given.filter(([, text]) => holds(text)).length;
    // A certainty needs no closing words.
    return `${agreeing(Math.max(saying, 1), given.length)}: ${known.fact.replace(/\.$/, "")}.`;
  }
  const quoted = positions(question, given).sort((a, b) => b.score - a.score || draw.next() - 0.5);
  const [first] = quoted;
  // The second quote says something the first did not.
  const second = quoted.slice(1).find((position) => first && position.sentence.toLowerCase() !== first.sentence.toLowerCase());
  // A way of quoting that says no word three times with the words it quotes ("Perplexity added: 'Salt added...'").
  const quote = (templates: readonly string[], position: (typeof quoted)[number] | undefined) =>
    position &&
    draw
      .shuffle(templates)
      .map((template) => fill(template, { seat: names[position.seat] ?? SEAT_NAMES[position.seat], q: `"${position.sentence}"` }))
      .find((said) => said !== null && overused(said) === undefined);
  if (fieldOf(question)) {
    const what = restated(question, asked);
    return [
      `The Council will not guess ${what.startsWith("whether") ? "" : "at "}${what} offline, and neither should you.`,
      quote(FIRST_QUOTES, first),
      fieldAsk(question),
    ]
      .filter(Boolean)
      .join(" ");
  }
  const voices = NUMBER_WORDS[given.length] ?? String(given.length);
  const verdictOf = (text: string) => /^\W*(yes|no|not yet)\b/i.exec(plain(text))?.[1]?.toLowerCase();
  const verdicts = given.map(([, text]) => verdictOf(text)).filter((verdict): verdict is string => verdict !== undefined);
  const tally = asked.question.kind === "whether" && verdicts.length > 0 ? tallyOf(verdicts) : null;
  // A list is answered with its items, not "on" the phrase that counted them; a yes-or-no question on what it asks.
  const whole = asked.question.kind === "whether" ? restated(question, asked) : null;
  const topic = shapeOf(question, asked).kind === "list" ? null : whole && whole.length <= 90 ? whole : cleanTopic(asked.topic, asked.unnamed);
  const heard = topic
    ? `${capitalise(voices)} ${given.length === 1 ? "voice" : "voices"} answered on ${topic}, and the Council has weighed them.`
    : `${capitalise(voices)} ${given.length === 1 ? "voice" : "voices"} answered, and the Council has weighed them.`;
  const decided = request.decide ? decision(verdicts, question) : null;
  return [heard, tally, quote(FIRST_QUOTES, first), quote(SECOND_QUOTES, second), decided, decided ? null : closing].filter(Boolean).join(" ");
}

/** Where a question past the oracle is answered, for the synthesis. */
function fieldAsk(question: string): string {
  const field = fieldOf(question);
  return field ? fieldLines(field).ask[0]! : "";
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

/** How each reviewer opens its reason; what follows is only what the answer truly did, and its own words. */
const REASON_OPENINGS: Record<Seat, readonly string[]> = {
  gemini: ["Looked at from every side, Answer {label} holds up best", "Of the answers, Answer {label} covers the question most fully"],
  claude: ["Answer {label} is the one I would trust most", "I would point the seeker to Answer {label}"],
  perplexity: ["Answer {label} stays closest to what was asked", "Checked against the question, Answer {label} comes first"],
  deepseek: ["Step by step, Answer {label} does most of what was asked", "Answer {label} comes first on the reckoning"],
};

/** What an answer did that a review may say, each only when true of it. */
function didOf(text: string, topic: string | null, core: string, cue: RegExp, does: string): string[] {
  return [...(topic && text.toLowerCase().includes(core.toLowerCase()) ? [`names ${topic}`] : []), ...(cue.test(text) ? [does] : [])];
}

/** The answer's own sentence that takes up most of the question's words: what the reason quotes. */
function quotedFrom(text: string, asking: ReadonlySet<string>): string | null {
  const sentences = text
    .split("\n")
    .flatMap((line) => sentencesOf(plain(line)))
    .filter((sentence) => sentence.length >= 12 && sentence.length <= 140 && !/["“”]/.test(sentence));
  let best: string | null = null;
  let bestScore = -1;
  for (const sentence of sentences) {
    const score = wordsOf(sentence).filter((word) => asking.has(word)).length;
    if (score > bestScore) [best, bestScore] = [sentence, score];
  }
  return best;
}

/**
 * The oracle's review: the answers ranked by whether they name what was asked about, take up the
 * question's words, answer its kind (why with a reason, whether with a verdict) and keep to a
 * readable length; seeded draws break ties. The reason says only what the first answer did, and
 * quotes it (#41: "the best sourced on a small town, and it gives a plain verdict" when none did).
 */
export function oracleReview(reviewer: Seat, prompt: string, labelled: readonly { label: string; text: string }[]): ReviewOutput {
  const asked = readAsked(questionIn(prompt, []).body || prompt);
  const draw = seeded("review", reviewer, normal(prompt));
  const [cue, does] = ANSWERS_KIND[asked.question.kind];
  const asking = new Set(asked.question.words.filter((word) => word.length > 2));
  const topic = cleanTopic(asked.topic, asked.unnamed);
  const scored = labelled.map((answer) => {
    const text = plain(answer.text);
    const words = new Set(wordsOf(text));
    const length = wordsOf(text).length;
    const did = didOf(text, topic, asked.topic.core, cue, does);
    const score =
      (did.some((act) => act.startsWith("names")) ? 3 : 0) +
      [...asking].filter((word) => [...words].some((said) => said.startsWith(word))).length +
      (cue.test(text) ? 2 : 0) +
      (length >= 8 && length <= 180 ? 1 : -2);
    return { label: answer.label, score, draw: draw.next(), did, quote: quotedFrom(answer.text, asking) };
  });
  scored.sort((a, b) => b.score - a.score || b.draw - a.draw || a.label.localeCompare(b.label));
  const best = scored[0];
  if (!best) return { ranking: [], reason: "There was nothing to rank." };
  const opening = fill(draw.pick(REASON_OPENINGS[reviewer]), { label: best.label })!;
  const did = best.did.length ? `: it ${best.did.join(" and ")}` : "";
  const quote = best.quote ? `, saying "${best.quote.replace(/[.!?]$/, "")}"` : "";
  // The first that reads well: no word said three times, within the schema's length.
  const reason = [`${opening}${did}${quote}.`, `${opening}${quote}.`, `${opening}${did}.`, `${opening}.`].find(
    (said) => said.length <= 400 && overused(said) === undefined,
  )!;
  return { ranking: scored.map((answer) => answer.label), reason };
}

const VERDICTS = [
  "It is recorded, and it will be remembered when the next name is spoken.",
  "Four minds weigh it; three agree, and one keeps watch.",
  "Let it rest in the archive until it is ready to be answered.",
  "The Council accepts it as an offering, not yet as a law.",
];

/** What the Council says to a whisper: that it was heard (and of what), a sentence of the deck when one speaks to it, and a verdict. */
export function oracleCouncilWhisper(content: string): string {
  const { body, asked } = questionIn(content, []);
  const choosing = choosingFor(1, "council", normal(content));
  const { draw } = choosing;
  const topic = cleanTopic(asked.topic, asked.unnamed);
  if (!topic) return `The Council has heard your whisper. ${draw.pick(VERDICTS)}`;
  const heard = fill(draw.pick(["The Council has heard your whisper of {t}.", "Your whisper of {t} has reached the Council."]), { t: topic })!;
  const pile = asked.question.kind === "why" ? "reason" : asked.question.kind === "how" ? "way" : "open";
  const words = asked.topic.core.toLowerCase().split(" ");
  // Only a sentence that speaks to what was whispered: none rather than one on something else.
  const said = relevant(pile, words).top > 0 ? chosen(pile, queryOf(asked), choosing) : null;
  return [heard, fieldOf(body) ? null : said, draw.pick(VERDICTS)].filter(Boolean).join(" ");
}
