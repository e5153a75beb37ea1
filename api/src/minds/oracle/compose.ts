// One answer, put together in the order a person expects it (#41): a greeting, thanks or feeling
// met first; then what was asked: what the agent remembers of the visitor, a name when asked for
// one, a fact it knows (known/), a plain word when the question is past what it may answer
// (beyond.ts), or the answer in the question's shape (shapes.ts); the voice's ending; the choice
// when asked to decide; and the whole held to "in one word" or "in one sentence" when asked.
import type { MemoryNote } from "../person.ts";
import type { Asked } from "./asked.ts";
import { beyondSentences, fieldOf } from "./beyond.ts";
import { knownOf, type Known } from "./known/index.ts";
import {
  ASK_WHAT,
  COUNCIL_FORGETS,
  CRISIS,
  FAREWELLS,
  MOOD_LINES,
  MOOD_NEXT,
  REMEMBERS_NOTHING,
  REMEMBERS_WHERE,
  THANKS,
  THANKS_NEXT,
  TITLE_HEADS,
  TITLE_TAILS,
} from "./lines.ts";
import { loreFor, type Lore } from "./lore.ts";
import type { Speaker } from "./persona.ts";
import { allowedIn, haikuBody, join, queryOf, slotsFor } from "./prose.ts";
import type { Choosing } from "./relevance.ts";
import type { Request } from "./request.ts";
import { restated } from "./restate.ts";
import { sayOne, sayShared, type Saying } from "./say.ts";
import { shapeOf, type Shape } from "./shape.ts";
import { body, saysUnknown, type Parts } from "./shapes.ts";
import { haiku } from "./haiku.ts";
import { capitalise, listOf, sentencesOf, wordsOf } from "./text.ts";

export type Composing = {
  speaker: Speaker;
  request: Request;
  /** The question proper read in its thread (asked.ts). */
  asked: Asked;
  /** The question proper, as written: its shape is read from it. */
  body: string;
  choosing: Choosing;
  behaviour: string | null;
  /** Sentences and items the seats before this one said (lower case): never said again. */
  avoid: ReadonlySet<string>;
  /** What earlier answers to the same question said: passed over while there is anything else. */
  earlier: ReadonlySet<string>;
  /** A Council seat's place in the seat order; 0 for an agent. */
  turn: number;
  seated: boolean;
  memories: readonly MemoryNote[];
  /** What the message says of its speaker ("I keep three moths"), as the oracle notes it (person.ts). */
  learnt: readonly MemoryNote[];
  /** Whether the agent keeps what it learns in this thread (memory on). */
  remembering: boolean;
  now: Date;
};

/** What was asked, answered: its sentences, the answer in one word, and whether the voice ends it. */
type Main = { sentences: (string | null)[]; word: string | null; coda: boolean };

/** The greeting, thanks and feeling a message opens with, each met. */
function acknowledged(c: Composing, saying: Saying): (string | null)[] {
  const { request } = c;
  return [
    request.greeting ? sayOne(c.speaker.manner.greeting, saying) : null,
    request.thanks ? sayShared(THANKS, saying) : null,
    request.mood ? sayShared(MOOD_LINES[request.mood], saying) : null,
  ];
}

/** A message that asks nothing: what it said is met, and the visitor is asked what they came for. */
function nothingAsked(c: Composing, saying: Saying): Main {
  const { request, speaker } = c;
  const hard = request.mood && request.mood !== "happy";
  let next: string | null;
  if (request.mood) next = sayShared(MOOD_NEXT[hard ? "hard" : "good"], saying);
  else if (request.farewell) next = sayShared(FAREWELLS, saying);
  else if (request.thanks) next = sayShared(THANKS_NEXT, saying);
  else if (speaker.form === "haiku" && speaker.name) next = `\n${haiku(saying.draw, speaker.name, "tell", true) ?? ""}`;
  else next = sayShared(ASK_WHAT, saying);
  return { sentences: [next], word: null, coda: false };
}

/** "What do you remember about me?": what it holds, and where the visitor can change it. */
function recalled(c: Composing, saying: Saying): Main {
  if (c.seated) return { sentences: [sayShared(COUNCIL_FORGETS, saying)], word: "Nothing", coda: false };
  const notes = c.memories.map((note) => note.text).filter((text) => text.trim() !== "");
  if (notes.length === 0) return { sentences: [sayShared(REMEMBERS_NOTHING, saying), sayShared(REMEMBERS_WHERE, saying)], word: "Nothing", coda: false };
  const held = listOf(notes.slice(0, 8).map((note) => `that ${note}`));
  return { sentences: [`I remember ${held}.`, sayShared(REMEMBERS_WHERE, saying)], word: notes.length === 1 ? "One" : String(notes.length), coda: false };
}

/** "Name me": a title for the visitor, in the voice's way of giving one. */
function named(c: Composing, saying: Saying): Main {
  const { draw } = saying;
  const image = draw.pick(c.speaker.images);
  const tail = draw.next() < 0.5 ? draw.pick(TITLE_TAILS) : image.replace(/\b\p{Ll}/gu, (letter) => letter.toUpperCase());
  const title = `${draw.pick(TITLE_HEADS)} of ${tail}`;
  return { sentences: [sayOne(c.speaker.manner.bestow, saying, { title })], word: title.split(" ")[0]!, coda: false };
}

function knownAnswer(c: Composing, saying: Saying, known: Known): Main {
  const fact = known.fact.replace(/\.$/, "");
  return { sentences: [sayOne(c.speaker.manner.known, saying, { fact, Fact: capitalise(fact) })], word: known.word, coda: false };
}

/** The answer in the question's shape, from what the oracle holds on its subject. */
function shaped(c: Composing, saying: Saying, shape: Shape, lore: Lore | null): Main {
  const { speaker, asked, choosing } = c;
  const link = asked.previous && saying.slots.prev && saying.slots.t ? sayOne(speaker.manner.follows, saying) : null;
  const parts: Parts = {
    saying,
    choosing,
    asked,
    query: queryOf(asked),
    allowedIn: allowedIn(new Set([...c.avoid, ...c.earlier]), c.seated ? speaker : undefined),
    allowedLoose: allowedIn(c.avoid, c.seated ? speaker : undefined),
    allowedOpen: [allowedIn(new Set([...c.avoid, ...c.earlier])), allowedIn(c.avoid)],
    linked: link !== null,
    lore,
    seated: c.seated,
    decide: c.request.decide,
    behaviour: c.behaviour,
  };
  const said = speaker.form === "haiku" ? haikuBody(shape, parts) : body(shape, parts);
  if (!said) return { sentences: [], word: null, coda: false };
  const unknown = saysUnknown(said);
  // A list, two sides and a verdict end on the answer itself; the rest in the voice's manner.
  const ends = speaker.form !== "haiku" && !unknown && (["open", "why", "how"].includes(shape.kind) || (shape.kind === "verdict" && !saying.slots.t));
  const decided = c.request.decide && shape.kind === "list" ? "If you take only one, take the first." : null;
  // A verdict comes first, before any link to the thread.
  const sentences = shape.kind === "verdict" ? [...said, link, decided] : [link, ...said, decided];
  return { sentences, word: unknown ? "Unknown" : wordOf(shape, said, lore), coda: ends };
}

/** The answer in one word: the lore's, the verdict's, or the longest word of what was said. */
function wordOf(shape: Shape, said: readonly (string | null)[], lore: Lore | null): string {
  if (shape.kind === "verdict") {
    const position = said.find((sentence) => sentence && /^(?:yes|no|not yet)\b/i.test(sentence));
    if (position) return /^not yet/i.test(position) ? "Later" : /^yes/i.test(position) ? "Yes" : "No";
  }
  if (lore) return lore.word;
  const words = wordsOf(said.filter(Boolean).join(" ")).filter((word) => word.length > 3);
  return capitalise(words.reduce((longest, word) => (word.length > longest.length ? word : longest), "") || "Silence");
}

/** What the visitor told of themselves, met: kept when memory is on, and thanked for either way. */
function noted(c: Composing): string | null {
  if (c.learnt.length === 0) return null;
  const told = listOf(c.learnt.map((note) => `that ${note.text}`));
  return c.remembering ? `I will remember ${told}.` : `Thank you for telling me ${told}.`;
}

/** What the message asks, answered. */
function mainOf(c: Composing, saying: Saying): Main {
  const { request, body: asked } = c;
  if (!asked) return nothingAsked(c, saying);
  // A message that tells about its speaker and asks nothing is met with what was heard.
  if (c.learnt.length > 0 && !asked.includes("?")) return { sentences: [noted(c), sayShared(ASK_WHAT, saying)], word: "Noted", coda: false };
  if (request.recall) return recalled(c, saying);
  if (request.naming) return named(c, saying);
  const known = knownOf(asked, c.now);
  if (known) return knownAnswer(c, saying, known);
  const field = fieldOf(asked);
  if (field) {
    const what = restated(asked, c.asked);
    const [cannot, ask] = beyondSentences(field, what, saying);
    return { sentences: [sayOne(c.speaker.manner.beyond, saying), cannot, ask], word: "Unknown", coda: false };
  }
  const shape = shapeOf(asked, c.asked);
  return shaped(c, saying, shape, loreFor(`${asked} ${c.asked.topic.text}`));
}

/** One attempt at an answer; the caller checks it and draws again when it fails (agent.ts, council.ts). */
export function composeAnswer(c: Composing): string | null {
  const saying: Saying = {
    speaker: c.speaker,
    slots: slotsFor(c.speaker, c.asked, c.choosing.draw),
    draw: c.choosing.draw,
    avoid: c.avoid,
    earlier: c.earlier,
    turn: c.turn,
  };
  const opening = [...acknowledged(c, saying), c.body.includes("?") ? noted(c) : null];
  // Someone who may be in danger hears where help is, and nothing else first.
  if (c.request.mood === "hurting") return join([...opening, sayShared(CRISIS, saying)]);
  const main = mainOf(c, saying);
  if (main.sentences.every((sentence) => !sentence)) return null;
  if (c.request.format === "word" && main.word) return `${capitalise(main.word).replace(/[.!?]$/, "")}.`;
  if (c.request.format === "sentence") return sentencesOf(join(main.sentences))[0] ?? null;
  const coda = main.coda && c.request.format !== "short" ? sayOne(c.speaker.manner.codas, saying) : null;
  const text = join([...opening, ...main.sentences, coda]);
  return c.request.format === "short" ? sentencesOf(text).slice(0, 3).join(" ") : text;
}
