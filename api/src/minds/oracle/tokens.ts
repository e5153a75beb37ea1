// A question's words as wink-nlp tags them, and the small closed word classes the oracle reads
// questions by (wh-words, auxiliaries, determiners), with the tags a noun phrase is made of.
import type { ItemToken, ItsFunction, PartOfSpeech } from "wink-nlp";
import { english, type Nlp } from "./lexicon.ts";
import type { Token } from "./voicing.ts";

export type { Token } from "./voicing.ts";

export const WH = new Set(["what", "why", "how", "who", "whom", "whose", "where", "when", "which"]);
export const AUX = new Set("am is are was were be do does did can could should would will shall may might must have has had".split(" "));
export const DETERMINERS = new Set("a an the this that these those every each some any no all another my your his her its our their one".split(" "));
export const POSSESSIVES = new Set("my your his her its our their".split(" "));

// wink-nlp accepts only its own helpers (it checks them by identity, so they cannot be wrapped or
// bound); its typings declare them as methods, and give lemma a signature out() rejects.
type Helpers = Record<"pos" | "lemma" | "precedingSpaces", ItsFunction<string>>;
export const helpersOf = (nlp: Nlp) => nlp.its as unknown as Helpers;

/** The tagged words of the message's question: its last sentence that asks one, else its first. */
export function tokensOf(text: string): Token[] {
  const nlp = english();
  const { pos, lemma, precedingSpaces } = helpersOf(nlp);
  const sentences = nlp.readDoc(text).sentences().out();
  const chosen = [...sentences].reverse().find((sentence) => sentence.trim().endsWith("?")) ?? sentences[0] ?? text;
  const tokens: Token[] = [];
  nlp
    .readDoc(chosen)
    .tokens()
    .each((item: ItemToken) => {
      const value = item.out();
      tokens.push({
        text: value,
        lower: value.toLowerCase(),
        pos: item.out(pos) as PartOfSpeech,
        lemma: String(item.out(lemma)).toLowerCase(),
        space: String(item.out(precedingSpaces)).length > 0,
      });
    });
  return tokens;
}

/** Drops what frames a question without being part of it: "And", "Oh,", a vocative ", Nomenclator". */
export function trimmed(tokens: Token[]): Token[] {
  let body = tokens.filter((token) => token.pos !== "PUNCT" || token.text === "," || token.text === "-");
  while (body.length > 1 && (body[0]!.pos === "CCONJ" || body[0]!.pos === "INTJ" || body[0]!.text === "," || /^(so|then|now|please)$/.test(body[0]!.lower)))
    body = body.slice(1);
  const comma = body.findLastIndex((token) => token.text === ",");
  if (comma > 0 && body.slice(comma + 1).every((token) => token.pos === "PROPN" || token.pos === "DET" || token.lower === "o")) body = body.slice(0, comma);
  const lead = body.findIndex((token) => token.text === ",");
  if (lead > 0 && body.slice(0, lead).every((token) => token.pos === "PROPN" || token.pos === "INTJ" || token.lower === "o")) body = body.slice(lead + 1);
  return body.filter((token) => token.text !== ",");
}

export const isNounish = (token: Token | undefined) => token !== undefined && (token.pos === "NOUN" || token.pos === "PROPN");
const isParticiple = (token: Token, next: Token | undefined) =>
  token.pos === "VERB" && /(ed|en|ing)$/.test(token.lower) && (isNounish(next) || next?.pos === "ADJ");
const INTENSIFIERS = new Set(["very", "most", "so", "too", "quite", "truly", "only"]);

/** A word that can stand inside a noun phrase before its noun: "old", "forgotten", "very", "'s". */
export const isModifier = (token: Token, next: Token | undefined) =>
  token.pos === "ADJ" ||
  token.pos === "NUM" ||
  isNounish(token) ||
  isParticiple(token, next) ||
  (token.pos === "ADV" && (next?.pos === "ADJ" || (INTENSIFIERS.has(token.lower) && isNounish(next)))) ||
  token.lower === "'s" ||
  token.text === "-";

/** Verbs a request starts with, whatever the tagger makes of a sentence's first word. */
export const REQUESTS = new Set(
  "tell offer gift give reveal show describe explain sing write teach name speak share grant whisper compose recite make find help".split(" "),
);
