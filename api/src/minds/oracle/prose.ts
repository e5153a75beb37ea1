// An answer, composed from whole sentences: the voice names what was asked about (a noun phrase in
// a slot made for one), the deck gives the sentences that answer it in the question's shape (a
// list of so many items, an argument each way, a verdict first, a person, a time or a place, a
// reason, a way), chosen by relevance to the question, and the voice ends it in its own manner.
// The haiku poet answers in haiku, with whatever the shape needs said before it.
import type { Asked } from "./asked.ts";
import { DECK, type Pile } from "./deck.ts";
import { haiku } from "./haiku.ts";
import type { Phrase } from "./parse.ts";
import type { Speaker } from "./persona.ts";
import { chosen, chosenMany, topScore, type Choosing } from "./relevance.ts";
import type { Draw } from "./seed.ts";
import { shapeOf, type Shape } from "./shape.ts";
import { agreement, capitalise, fill, listOf, NUMBER_WORDS, overused, sentencesOf, shapely, uncapitalise, type Slots } from "./text.ts";
import { MANNERS, titleFor, type Manner } from "./voices.ts";
import { SEATS, type Seat } from "../identity.ts";

const SEAT_NAMES: Record<Seat, string> = { gemini: "Gemini", claude: "Claude", perplexity: "Perplexity", deepseek: "DeepSeek" };

/** Words no topic is made of, however a question places them ("today", "a list"). */
const FILLER = /^(today|tonight|tomorrow|yesterday|now|list|lot|bit|please|thanks|way|ways|thing|things)$/i;

/** The topic as a noun phrase fit for a slot: named, short, and not a filler word; null otherwise. */
export function cleanTopic(topic: Phrase | null, unnamed = false): string | null {
  if (!topic || unnamed || topic.pronoun) return null;
  const words = topic.text.split(" ");
  if (words.length > 6 || topic.text.length > 48 || !/^[\p{L}\p{N}' -]+$/u.test(topic.text)) return null;
  if (FILLER.test(words.at(-1)!)) return null;
  return topic.text;
}

/** The slots a template may use: the topic (with the words that agree with it), the speaker's tool, image, traits and title. */
export function slotsFor(speaker: Speaker, asked: Asked, draw: Draw): Slots {
  const { topic } = asked;
  const t = cleanTopic(topic, asked.unnamed) ?? undefined;
  return {
    ...agreement(topic.plural, topic.person),
    t,
    core: t ? topic.core : undefined,
    prev: asked.previous ? (cleanTopic(asked.previous) ?? undefined) : undefined,
    name: speaker.name ?? undefined,
    seat: SEAT_NAMES[speaker.voice as Seat],
    tool: speaker.tools[0],
    image: draw.pick(speaker.images),
    trait: speaker.traits[0],
    traits: speaker.traits.length > 0 ? listOf(speaker.traits.slice(0, 2)) : undefined,
    title: t ? titleFor(draw.pick, topic.core, topic.text !== topic.core || topic.plural) : undefined,
  };
}

/** The words the deck is searched with: the question's own, and the topic's (an earlier one for "Why?"). */
export function queryOf(asked: Asked): string[] {
  return [...new Set([...asked.question.words, ...asked.topic.core.toLowerCase().split(" ")])];
}

/** Which of the four asks for a subject a speaker may say: a Council seat its own, so no two seats say the same. */
export function allowedFor(speaker: Speaker): (at: number) => boolean {
  const seat = SEATS.indexOf(speaker.voice as Seat);
  return seat < 0 ? () => true : (at) => at % SEATS.length === seat;
}

/** The deck's sentences a speaker may still say: all, but those the seats before it have said (`avoid`, in lower case). */
export function allowedIn(avoid: ReadonlySet<string>): (pile: Pile) => (at: number) => boolean {
  return (pile) => (at) => !avoid.has(DECK[pile][at]!.toLowerCase());
}

/** The first of the templates (in a seeded order) whose slots this answer can fill. */
function filled(templates: readonly string[], slots: Slots, draw: Draw): string | null {
  for (const template of draw.shuffle(templates)) {
    const text = fill(template, slots);
    if (text !== null && text !== "") return text;
  }
  return null;
}

/** "Listens to a visitor, then answers with a title." said by the agent: "I listen ..., then answer ...". */
export function firstPerson(behaviour: string): string {
  const words = behaviour
    .trim()
    .replace(/[.!?]*$/, ".")
    .split(" ");
  const said = words.map((word, i) => {
    const previous = words[i - 1]?.toLowerCase() ?? "";
    const starts = i === 0 || /^(then|and|or|but)$/.test(previous) || previous.endsWith(",");
    if (!starts || !/^[A-Za-z]+s$/.test(word) || /(ss|us|is)$/.test(word)) return word;
    const base = word
      .replace(/ies$/, "y")
      .replace(/(ch|sh|x|o)es$/, "$1")
      .replace(/s$/, "");
    return base.toLowerCase();
  });
  return `I ${said.join(" ").replace(/\bits own\b/g, "my own")}`;
}

const SELF = {
  named: ["I am {name}, {traits}.", "I am {name}; some call me {trait}, and they are not wrong.", "I am {name}, and I am listening."],
  naming: ["My name is {name}."],
  seat: ["I am the {seat} seat of the Council, one voice of four."],
  after: ["Ask me of {image}, and I will answer as I am."],
};

/** A message that names nothing ("hello"): the mind asks for a subject. */
const UNNAMED = [
  "You have not named what you seek yet; name it, and I will answer.",
  "Say what you came to ask about, and I will meet you there.",
  "Your words arrive without a subject; give me one, and I will answer it.",
  "Tell me what you are asking about, and the answer can begin.",
];

/** The haiku poet's position on a yes-or-no question, matching its haiku's last line. */
const HAIKU_VERDICTS: Record<string, string> = {
  yes: "Yes; the echo says so.",
  no: "No; the echo says not.",
  "not yet": "Not yet; the echo is still waiting.",
};

type Parts = {
  manner: Manner;
  slots: Slots;
  choosing: Choosing;
  query: string[];
  allowed: (at: number) => boolean;
  allowedIn: (pile: Pile) => (at: number) => boolean;
  linked: boolean;
};

/** The body of an answer in prose, by its shape: the sentences after the link and before the coda. */
function body(shape: Shape, parts: Parts, speaker: Speaker, behaviour: string | null): (string | null)[] | null {
  const { manner, slots, choosing, query, allowed, allowedIn, linked } = parts;
  const { draw } = choosing;
  // A follow-up's link has named the topic already.
  const naming = () => (linked ? null : slots.t ? filled(manner.naming, slots, draw) : draw.pick(manner.plain));
  const one = (pile: Pile) => chosen(pile, query, choosing, allowedIn(pile));
  switch (shape.kind) {
    case "self": {
      const named = speaker.name ? [...(/\bname\b/.test(slots.core ?? "") ? SELF.naming : []), ...SELF.named] : SELF.seat;
      const own = behaviour ? firstPerson(behaviour) : null;
      return [filled(named, slots, draw), own && overused(own) === undefined && draw.next() < 0.75 ? own : filled(SELF.after, slots, draw)];
    }
    case "unnamed":
      return [draw.pick(UNNAMED.filter((_, at) => allowed(at))), draw.pick(manner.plain)];
    case "greeting":
      return [draw.pick(manner.greeting), draw.pick(UNNAMED.filter((_, at) => allowed(at)))];
    case "list": {
      // A seat's quarter of a pile may hold fewer items than asked for: the general ones make up the count.
      const own = chosenMany(shape.pile, query, shape.count, choosing, allowedIn(shape.pile));
      const items =
        own.length < shape.count && shape.pile !== "things"
          ? [...own, ...chosenMany("things", query, shape.count - own.length, choosing, allowedIn("things"))]
          : own;
      const intro = fill(draw.pick(manner.listIntro), { n: NUMBER_WORDS[items.length] ?? String(items.length), noun: shape.noun });
      return [intro, ...items.map((item) => `\n- ${item}`)];
    }
    case "sides": {
      const [forIt, againstIt] = manner.sides;
      return [
        slots.t ? naming() : null,
        draw.pick(manner.sidesIntro),
        `\n- ${forIt}: ${uncapitalise(one("pro"))}`,
        `\n- ${againstIt}: ${uncapitalise(one("con"))}`,
      ];
    }
    case "verdict": {
      const verdict = draw.pick(["yes", "yes", "no", "notYet"] as const);
      // The ground under the verdict: from whichever pile speaks most closely to the question.
      const ground = one(topScore("open", query, allowedIn("open")) >= topScore("reason", query, allowedIn("reason")) ? "open" : "reason");
      return [one(verdict), ground, slots.t ? filled(manner.judged, slots, draw) : null];
    }
    case "who":
    case "when":
    case "where":
      return [naming(), draw.pick(manner.unrecorded[shape.kind]), one(shape.kind)];
    case "why":
      return [naming(), one("reason")];
    case "how":
      return [naming(), one("way")];
    case "open":
      return [naming(), one("open")];
  }
}

/** The haiku poet's answer: whatever the shape needs said first (a verdict, a list, "the echoes keep no name"), then a haiku. */
function haikuBody(shape: Shape, parts: Parts, asked: Asked, speaker: Speaker): (string | null)[] | null {
  const { manner, slots, choosing } = parts;
  const { draw } = choosing;
  const words = slots.t ?? (asked.unnamed ? "your question" : asked.topic.core.split(" ").at(-1)!);
  const kind = asked.question.kind;
  const self = shape.kind === "self";
  const poem = (on: string, as: typeof kind) => haiku(draw, self ? (speaker.name ?? on) : on, as, self) ?? haiku(draw, on.split(" ").at(-1)!, as, self);
  switch (shape.kind) {
    case "verdict": {
      const verse = poem(words, "whether");
      const said = verse && /(yes|not yet|no)\b[^\n]*\.$/i.exec(verse.split("\n").at(-1)!)?.[1]?.toLowerCase();
      return verse && said ? [HAIKU_VERDICTS[said]!, `\n${verse}`] : null;
    }
    case "list":
    case "sides": {
      const before = body(shape, parts, speaker, null);
      const verse = poem(words, "what");
      // A blank line first: in Markdown a line after a list item would continue the item.
      return before && verse ? [...before, `\n\n${verse}`] : null;
    }
    case "who":
    case "when":
    case "where": {
      const verse = poem(words, kind);
      return verse ? [draw.pick(manner.unrecorded[shape.kind]), `\n${verse}`] : null;
    }
    case "greeting": {
      const verse = speaker.name ? haiku(draw, speaker.name, "tell", true) : null;
      return verse ? [draw.pick(manner.greeting), `\n${verse}`] : null;
    }
    default: {
      const verse = poem(words, kind);
      if (!verse) return null;
      // The topic too long for a line is named whole before the haiku.
      const named = !parts.linked && slots.t && !verse.toLowerCase().includes(slots.t.toLowerCase()) ? `You ask of ${slots.t}.` : null;
      // The haiku always starts a line of its own, after the link or the naming if there is one.
      return [named, `\n${verse}`];
    }
  }
}

/**
 * One attempt at an answer; the caller checks it and draws again when it fails. `message` is the
 * question as sent (its shape is read from it), `asked` the question read in its thread; `avoid`
 * the deck's sentences already said by the seats before this one (lower case).
 */
export function composeAnswer(
  speaker: Speaker,
  asked: Asked,
  message: string,
  choosing: Choosing,
  behaviour: string | null = null,
  avoid: ReadonlySet<string> = new Set(),
): string | null {
  const manner = MANNERS[speaker.voice];
  const { draw } = choosing;
  const slots = slotsFor(speaker, asked, draw);
  const shape = shapeOf(message, asked);
  const link = asked.previous && slots.prev && slots.t ? filled(manner.follows, slots, draw) : null;
  const parts: Parts = { manner, slots, choosing, query: queryOf(asked), allowed: allowedFor(speaker), allowedIn: allowedIn(avoid), linked: link !== null };
  const said = speaker.voice === "haiku" ? haikuBody(shape, parts, asked, speaker) : body(shape, parts, speaker, behaviour);
  if (!said) return null;
  // A list, two sides and a verdict end on the answer itself; the rest in the voice's manner.
  // A verdict names its topic in the voice's judgement, and ends on the coda only when it has none to name.
  const ends =
    speaker.voice !== "haiku" &&
    (shape.kind === "open" ||
      shape.kind === "greeting" ||
      shape.kind === "why" ||
      shape.kind === "how" ||
      shape.kind === "unnamed" ||
      (shape.kind === "verdict" && !slots.t));
  const coda = ends ? filled(manner.codas, slots, draw) : null;
  // A verdict comes first, before any link to the thread.
  const sentences = shape.kind === "verdict" ? [...said, link, coda] : [link, ...said, coda];
  return join(sentences);
}

/** Sentences joined by a space; one that starts with a line break ("\n- item", a haiku) starts a line. */
export function join(sentences: readonly (string | null | undefined)[]): string {
  let text = "";
  for (const sentence of sentences) {
    if (typeof sentence !== "string" || sentence.trim() === "") continue;
    if (sentence.startsWith("\n")) text += `${text ? "\n" : ""}${sentence.slice(1)}`;
    else text += `${text ? " " : ""}${capitalise(sentence)}`;
  }
  return text;
}

/**
 * Draws until an answer passes: every sentence shapely, no word three times in one, and the
 * `form` (a ritual's) held. `attempts` bounds the work; then `fallback`.
 */
export function firstPassing(attempt: () => string | null, fallback: () => string, form: (text: string) => boolean = () => true, attempts = 40): string {
  for (let i = 0; i < attempts; i++) {
    const text = attempt();
    if (text !== null && form(text) && passes(text)) return text;
  }
  return fallback();
}

/** A text's runs of prose, a haiku's lines joined as its one sentence, each list item ("- ...") on its own. */
export function blocksOf(text: string): string[] {
  const blocks: string[] = [];
  let run = "";
  for (const line of text.split("\n")) {
    if (line.startsWith("- ")) {
      if (run) blocks.push(run);
      blocks.push(line.slice(2));
      run = "";
    } else run = run ? `${run} ${line}` : line;
  }
  if (run) blocks.push(run);
  return blocks;
}

/** Each line's sentences shapely (a list item's dash set aside), none saying a word three times. */
export function passes(text: string): boolean {
  const sentences = blocksOf(text).flatMap((block) => sentencesOf(block));
  return sentences.length > 0 && sentences.every((sentence) => shapely(sentence) && overused(sentence) === undefined);
}

/** The deck's sentences as a set, for telling a seat's position from its manner. */
export const DECK_SENTENCES: ReadonlySet<string> = new Set(Object.values(DECK).flat());
