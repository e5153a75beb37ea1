// Haiku: three lines of five, seven and five syllables, counted by the `syllable` library. The
// topic stands whole in the first line or the second, padded by words whose syllables are counted
// the same way; the last line answers the kind of question asked; the other is an echo of the
// network. One sentence: a capital first, a full stop last.
import type { ItsFunction } from "wink-nlp";
import { english, syllables } from "./lexicon.ts";
import type { Kind } from "./parse.ts";
import type { Draw } from "./seed.ts";

/** Last lines (five syllables) that answer each kind of question. */
const ANSWERS: Record<Kind, readonly string[]> = {
  why: ["because someone called", "for a name once called", "no one said to stop", "someone still listens"],
  how: ["one step, then the next", "slowly, listening", "begin with a breath", "the long way around"],
  whether: ["yes, and not for long", "not yet; wait for spring", "yes, as rivers do", "no, and that is kind"],
  what: ["a door left ajar", "a name half-spoken", "an echo, folded", "the shape of a wish"],
  which: ["the one left open", "the nearest, always", "the one that creaks most"],
  who: ["the one who returns", "the one who stayed late", "the last one awake"],
  where: ["beneath the last log", "one link past the cache", "where old pages sleep"],
  when: ["when the cursor sleeps", "the moment you stop", "after the last save"],
  measure: ["more than you would think", "as long as you call", "less than you would fear"],
  tell: ["cursor blinks alone", "warm inside the cache", "rain on a dead link", "a log left open"],
};

/** Echoes of the network, five syllables and seven. */
const ECHOES: Record<5 | 7, readonly string[]> = {
  5: ["cursor blinks alone", "warm inside the cache", "rain on a dead link", "a log left open", "snow on the server", "the modem's last hum"],
  7: [
    "a deleted message stays",
    "the server hums to itself",
    "a tab nobody closes",
    "the static remembers you",
    "each log keeps one extra line",
    "the network folds its last light",
    "an old link still finds its way",
    "somewhere a cache is still warm",
  ],
};

const LEADS = ["", "and", "still", "now", "even", "even now", "and still", "always", "somewhere", "listen,", "tonight"];
const TAILS = [
  "",
  "again",
  "at dusk",
  "at dawn",
  "in rain",
  "in snow",
  "asleep",
  "tonight",
  "in the cache",
  "in the static",
  "under snow",
  "after rain",
  "on a dead link",
];
const SELF_LEADS = ["I am", "they call me", "here, I am", "I remain"];

const counted = new Map<string, number>();
const count = (text: string) => {
  let known = counted.get(text);
  if (known === undefined) counted.set(text, (known = syllables(text)));
  return known;
};

/** A line of exactly `target` syllables with `words` whole in it; null when it cannot fit. */
function lineWith(draw: Draw, words: string, target: number, self: boolean): string | null {
  const needed = target - count(words);
  if (needed < 0) return null;
  const leads = self ? SELF_LEADS : LEADS;
  const fits = leads.flatMap((lead) =>
    TAILS.filter((tail) => count(lead) + count(tail) === needed && (lead !== "" || tail !== "" || needed === 0)).map((tail) => [lead, tail] as const),
  );
  if (fits.length === 0) return null;
  const [lead, tail] = draw.pick(fits);
  return [lead, words, tail].filter(Boolean).join(" ");
}

/** Whether wink-nlp finds a verb (or an auxiliary) in the text. */
function hasVerb(text: string): boolean {
  const nlp = english();
  const pos = (nlp.its as unknown as Record<"pos", ItsFunction<string>>).pos;
  return nlp
    .readDoc(text)
    .tokens()
    .out(pos)
    .some((tag) => tag === "VERB" || tag === "AUX");
}

const ofLength = (lines: readonly string[], length: number) => lines.filter((line) => count(line) === length);

/**
 * A haiku on `words` (the topic as said, or the speaker's name when it speaks of itself), ending
 * on an answer to `kind`; null when the words cannot stand whole in a line of five or seven.
 */
export function haiku(draw: Draw, words: string, kind: Kind, self = false): string | null {
  // An echo that repeats the topic's words would say them twice.
  const own = new Set(
    words
      .toLowerCase()
      .split(/\s+/)
      .filter((word) => word.length > 3),
  );
  const fresh = (line: string) => !line.split(" ").some((word) => own.has(word.toLowerCase()));
  const answers = ofLength(ANSWERS[kind], 5).filter(fresh);
  const answer = draw.pick(answers.length > 0 ? answers : ofLength(ANSWERS.tell, 5));
  const inFirst = count(words) <= 5 && !self ? lineWith(draw, words, 5, self) : null;
  const lines = inFirst
    ? [inFirst, draw.pick(ofLength(ECHOES[7], 7).filter(fresh)), answer]
    : [draw.pick(ofLength(ECHOES[5], 5).filter((line) => line !== answer && fresh(line))), lineWith(draw, words, 7, self), answer];
  if (lines.some((line) => line === null)) return null;
  const text = (lines as string[]).join("\n");
  const said = `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  // The haiku is one sentence, and a sentence has a verb: a draw whose lines have none is drawn again.
  return hasVerb(said.replace(/\n/g, " ")) ? said : null;
}

/** The syllables of each line, as the haiku's reader will count them. */
export function syllablesPerLine(text: string): number[] {
  return text.split("\n").map((line) => syllables(line));
}

export const HAIKU_BANKS = { ANSWERS, ECHOES, LEADS, TAILS, SELF_LEADS };
