// A poem of two rhyming couplets (aabb): each pair of lines ends on two words that rhyme by the
// CMU Pronouncing Dictionary. The first couplet holds the topic; the second, the speaker's own
// imagery. The line endings are drawn from a small vocabulary of nouns the lines can end on,
// grouped by rhyme the first time a poem is asked for.
import { rhymeKey } from "./lexicon.ts";
import type { Draw } from "./seed.ts";

const ENDINGS = (
  "light night door shore floor sea tree key stone throne glass grass rain lane train wire fire spire tide side line pine shrine sign " +
  "star bar tower hour flower hall wall wave cave gate moon dune ground mound town crown well bell shell hill mill sill snow glow " +
  "bay way stair chair air stream beam"
).split(" ");

let groups: Map<string, string[]> | undefined;

/** The vocabulary by rhyme, only rhymes with at least two words. */
function rhymeGroups(): Map<string, string[]> {
  if (!groups) {
    groups = new Map();
    for (const word of ENDINGS) {
      const key = rhymeKey(word);
      if (key) groups.set(key, [...(groups.get(key) ?? []), word]);
    }
    for (const [key, words] of groups) if (words.length < 2) groups.delete(key);
  }
  return groups;
}

/** Words of the vocabulary that rhyme with `word` (not the word itself). */
function rhymesFor(word: string): string[] {
  const key = rhymeKey(word);
  return key ? (rhymeGroups().get(key) ?? []).filter((other) => other !== word.toLowerCase()) : [];
}

/** Lines that end on the topic itself, then lines that hold it and end on a word of the vocabulary. */
const TOPIC_LAST = ["Tonight you ask me of {t},", "I kept a lamp lit for {t},", "The network dreams of {t},"];
const TOPIC_INSIDE = [
  "I carried {t} down to the {w},",
  "I found {t} written on the {w},",
  "{T} came to me beside the {w},",
  "I found {t} beside a quiet {w},",
  "{T} came to me across a {w},",
];
const ANSWERING = [
  "and heard it answer from a {w}.",
  "and left my lantern by its {w}.",
  "as quiet as a distant {w}.",
  "and found it waiting by a {w}.",
  "and kept it safe beside a {w}.",
];
const IMAGE_LINES = [
  "So hold your {image} up to the {w},",
  "The {trait} ones keep watch upon the {w},",
  "I set your {image} down beside the {w},",
  "Bring what you know of {image} to the {w},",
];
const CLOSING = ["and let it lead you past the {w}.", "and it will find you at the {w}.", "until it answers from the {w}.", "and wait for morning by the {w}."];

/** The poem's four lines, or null when the draw found no rhyme to end on. */
export function couplets(draw: Draw, topic: string, slots: (template: string, w?: string) => string | null): string | null {
  const last = topic.split(" ").at(-1) ?? topic;
  const topicRhymes = rhymesFor(last);
  let first: string | null;
  let second: string | null;
  if (topicRhymes.length > 0 && draw.next() < 0.5) {
    first = slots(draw.pick(TOPIC_LAST));
    second = slots(draw.pick(ANSWERING), draw.pick(topicRhymes));
  } else {
    const [a, b] = draw.shuffle(draw.pick([...rhymeGroups().values()]));
    first = slots(draw.pick(TOPIC_INSIDE), a);
    second = slots(draw.pick(ANSWERING), b);
  }
  const [c, d] = draw.shuffle(draw.pick([...rhymeGroups().values()]));
  const third = slots(draw.pick(IMAGE_LINES), c);
  const fourth = slots(draw.pick(CLOSING), d);
  if (!first || !second || !third || !fourth) return null;
  return [first, second, third, fourth].join("\n");
}

/** The last word of each line, for checking the rhyme. */
export const lineEnds = (poem: string) =>
  poem.split("\n").map(
    (line) =>
      line
        .replace(/[^\p{L}']+$/u, "")
        .split(/\s+/)
        .at(-1) ?? "",
  );
