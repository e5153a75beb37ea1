// An answer's slots and its haiku, and the checks every answer passes: the voice names what was
// asked about (a noun phrase in a slot made for one), the body says what the oracle holds on it
// in the question's shape (shapes.ts), and the voice ends it in its own manner; the haiku poet
// answers in haiku, with whatever the shape needs said before it. compose.ts puts them together.
import type { Asked } from "./asked.ts";
import { DECK, type Pile } from "./deck.ts";
import { haiku } from "./haiku.ts";
import { cleanTopic } from "./topic.ts";
import type { Speaker } from "./persona.ts";
import type { Draw } from "./seed.ts";
import { sayingKey, sayOne, sayShared } from "./say.ts";
import { body, type Parts } from "./shapes.ts";
import type { Shape } from "./shape.ts";
import { UNKNOWN, UNKNOWN_NEXT, UNKNOWN_PLAIN } from "./lines.ts";
import { agreement, capitalise, listOf, overused, sentencesOf, shapely, type Slots } from "./text.ts";
import { titleFor } from "./voices.ts";
import { SEATS, type Seat } from "../identity.ts";

export { cleanTopic } from "./topic.ts";
export { firstPerson } from "./first-person.ts";

const SEAT_NAMES: Record<Seat, string> = { gemini: "Gemini", claude: "Claude", perplexity: "Perplexity", deepseek: "DeepSeek" };

/** The slots a template may use: the topic (with the words that agree with it), the speaker's name, role, way, tool, image, traits and a title. */
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
    role: speaker.role?.role,
    aRole: speaker.role?.aRole ?? speaker.name ?? undefined,
    way: speaker.way ? speaker.way.replace(/^(?!I\b)\p{Lu}/u, (letter) => letter.toLowerCase()) : undefined,
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

/** Which of a pile's sentences a speaker may say: a Council seat its own quarter, so no two seats say the same. */
export function allowedFor(speaker: Speaker): (at: number) => boolean {
  const seat = SEATS.indexOf(speaker.voice as Seat);
  return seat < 0 ? () => true : (at) => at % SEATS.length === seat;
}

/** The deck's sentences a speaker may still say: its own, and none said already (`avoid`, in lower case). */
export function allowedIn(avoid: ReadonlySet<string>, speaker?: Speaker): (pile: Pile) => (at: number) => boolean {
  const own = speaker ? allowedFor(speaker) : () => true;
  return (pile) => (at) => !avoid.has(sayingKey(DECK[pile][at]!)) && (own(at) || allOwnSaid(pile, own, avoid));
}

/** Every sentence of a speaker's quarter of a pile was said already: the rest of the pile is open to it. */
const allOwnSaid = (pile: Pile, own: (at: number) => boolean, avoid: ReadonlySet<string>) =>
  DECK[pile].every((sentence, at) => !own(at) || avoid.has(sayingKey(sentence)));

/** The haiku poet's position on a yes-or-no question, matching its haiku's last line. */
const HAIKU_VERDICTS: Record<string, string> = {
  yes: "Yes; the echo says so.",
  no: "No; the echo says not.",
  "not yet": "Not yet; the echo is still waiting.",
};

/** The haiku poet's answer: whatever the shape needs said first (a verdict, a list, "the echoes keep no name"), then a haiku. */
export function haikuBody(shape: Shape, parts: Parts): (string | null)[] | null {
  const { saying, asked } = parts;
  const { speaker, slots, draw } = saying;
  const words = slots.t ?? (asked.unnamed ? "your question" : asked.topic.core.split(" ").at(-1)!);
  const kind = asked.question.kind;
  const self = shape.kind === "self";
  const poem = (on: string, as: typeof kind) => haiku(draw, self ? (speaker.name ?? on) : on, as, self) ?? haiku(draw, on.split(" ").at(-1)!, as, self);
  const prose = body(shape, parts);
  // What the poet holds nothing on, it says so in prose first: a haiku is no answer to that.
  const plain = prose.filter(
    (sentence) =>
      sentence !== null && ([...UNKNOWN, ...UNKNOWN_PLAIN].some((line) => sentence.startsWith(line.slice(0, 12))) || UNKNOWN_NEXT.includes(sentence)),
  );
  switch (shape.kind) {
    case "verdict": {
      // A position the poet holds (or that it holds nothing): no haiku verdict of its own beside it.
      const taken = prose.some((sentence) => sentence !== null && /^(?:yes|no|not yet)\b/i.test(sentence)) || parts.lore !== null || plain.length > 0;
      const verse = poem(words, taken ? "what" : "whether");
      const said = verse && /(yes|not yet|no)\b[^\n]*\.$/i.exec(verse.split("\n").at(-1)!)?.[1]?.toLowerCase();
      // A position the poet holds on the subject (lore.ts), or nothing held: said in prose first, as it is.
      if (taken) return verse ? [...prose, `\n${verse}`] : prose;
      return verse && said ? [HAIKU_VERDICTS[said]!, `\n${verse}`] : null;
    }
    case "list":
    case "sides": {
      const verse = poem(words, "what");
      // A blank line first: in Markdown a line after a list item would continue the item.
      return verse ? [...prose, `\n\n${verse}`] : null;
    }
    case "who":
    case "when":
    case "where": {
      const verse = poem(words, kind);
      // The topic too long for the haiku is named whole first.
      const named = slots.t && verse && !verse.toLowerCase().includes(slots.t.toLowerCase()) ? `You ask of ${slots.t}.` : null;
      return verse ? [named, sayOne(speaker.manner.unrecorded[shape.kind], saying), `\n${verse}`] : null;
    }
    default: {
      const verse = poem(words, kind);
      if (!verse) return null;
      // The topic too long for a line is named whole before the haiku.
      const named = !parts.linked && slots.t && !verse.toLowerCase().includes(slots.t.toLowerCase()) ? `You ask of ${slots.t}.` : null;
      // The haiku always starts a line of its own, after the link or the naming if there is one; what
      // the lore holds (a fact, a tip) is said in prose before it.
      const before = plain.length > 0 ? plain : parts.lore ? prose.filter((sentence) => sentence !== null).slice(1) : [named];
      return [...before, `\n${verse}`];
    }
  }
}

export { sayShared };

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

/** Every sentence and list item of an answer, an argument's label set aside, in lower case: what a later answer passes over. */
export const saidIn = (text: string) =>
  blocksOf(text)
    .flatMap((block) => sentencesOf(block))
    .flatMap((sentence) => [sentence, sentence.replace(/^[^:"]{1,40}:\s+/, "")].map(sayingKey));

/** The deck's sentences as a set, for telling a seat's position from its manner. */
export const DECK_SENTENCES: ReadonlySet<string> = new Set(Object.values(DECK).flat());

export { capitalise, overused, sentencesOf, shapely };
