// The oracle's language resources: wink-nlp's English model to read a question, `syllable` to
// count, and the CMU Pronouncing Dictionary to find rhymes. The model and the dictionary take a
// few hundred milliseconds and some tens of megabytes to load (a synchronous require: the
// oracle's answers are synchronous), so the server loads them while it starts (warmOracle, with
// mathjs for the sums and conversions), never inside a visitor's request; a test or a command
// that never starts a server loads them on first use. docs/DECISIONS.md has the figures.
import { createRequire } from "node:module";
import { syllable } from "syllable";
import type winkNLP from "wink-nlp";
import type { Model } from "wink-nlp";

const require = createRequire(import.meta.url);

export type Nlp = ReturnType<typeof winkNLP>;

let nlp: Nlp | undefined;

/** wink-nlp with its English model, reading sentences and parts of speech only. */
export function english(): Nlp {
  if (!nlp) {
    const wink = require("wink-nlp") as typeof winkNLP;
    const model = require("wink-eng-lite-web-model") as Model;
    nlp = wink(model, ["sbd", "pos"]);
  }
  return nlp;
}

let phones: Record<string, string> | undefined;

/** The CMU Pronouncing Dictionary: word -> phonemes ("N EY1 M"). */
function dictionary(): Record<string, string> {
  phones ??= (require("cmu-pronouncing-dictionary") as { dictionary: Record<string, string> }).dictionary;
  return phones;
}

/** Syllables in a word or a line, by the `syllable` library's count. */
export function syllables(text: string): number {
  return (text.match(/[\p{L}\p{N}'’-]+/gu) ?? []).reduce((sum, word) => sum + syllable(word), 0);
}

/**
 * What a word rhymes on: its sounds from the last stressed vowel to the end ("EY M" for name and
 * flame), stress marks dropped; undefined for a word the dictionary does not know.
 */
export function rhymeKey(word: string): string | undefined {
  const pronunciation = dictionary()[word.toLowerCase().replace(/[^a-z']/g, "")];
  if (!pronunciation) return undefined;
  const sounds = pronunciation.split(" ");
  let from = sounds.findLastIndex((sound) => sound.endsWith("1"));
  if (from < 0) from = sounds.findLastIndex((sound) => /\d$/.test(sound));
  return sounds
    .slice(Math.max(0, from))
    .map((sound) => sound.replace(/\d$/, ""))
    .join(" ");
}

/** Two different words that rhyme (the same sounds from the last stressed vowel on). */
export function rhymes(a: string, b: string): boolean {
  const key = rhymeKey(a);
  return key !== undefined && a.toLowerCase() !== b.toLowerCase() && key === rhymeKey(b);
}

/** Loads everything the oracle reads with, once: the server calls it before it listens. */
export function warmLexicon(): void {
  english();
  dictionary();
}
