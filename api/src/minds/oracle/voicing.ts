// Saying the visitor's words back from the oracle's side: "my name" becomes "your name", "I"
// becomes "you", and "you" (the mind asked) becomes "I" or "me", with "am" and "are" agreeing.
import type { PartOfSpeech } from "wink-nlp";

export type Token = { text: string; lower: string; pos: PartOfSpeech; lemma: string; space: boolean };

const SWAPS: Record<string, string> = {
  i: "you",
  me: "you",
  my: "your",
  mine: "yours",
  myself: "yourself",
  we: "you",
  us: "you",
  our: "your",
  ours: "yours",
  ourselves: "yourselves",
  your: "my",
  yours: "mine",
  yourself: "myself",
  yourselves: "ourselves",
};

/** Which way a be-verb turns after a swapped subject: I am -> you are, you are -> I am. */
const BE_AFTER: Record<string, Record<string, string>> = {
  you: { am: "are", was: "were", "'m": "'re" },
  I: { are: "am", were: "was", "'re": "'m" },
};

/**
 * The tokens as one text, said back. `subjectAt` is the index of the clause's subject, if any
 * ("you" there is "I"); a "you" elsewhere is "I" before a verb and "me" after one.
 */
export function revoice(tokens: readonly Token[], subjectAt: number, subject?: { person: string; plural: boolean }): string {
  let text = "";
  let said = "";
  tokens.forEach((token, i) => {
    let word = token.text;
    const next = tokens[i + 1];
    if (token.lower === "you") {
      word = i === subjectAt || next?.pos === "VERB" || next?.pos === "AUX" ? "I" : "me";
    } else if (SWAPS[token.lower]) {
      word = SWAPS[token.lower]!;
      if (token.text[0] === token.text[0]?.toUpperCase() && i === 0 && subjectAt !== 0) word = word[0]!.toUpperCase() + word.slice(1);
    } else if (i === 0 && subject && token.lemma === "be") {
      word =
        subject.person === "second" || (subject.person === "third" && subject.plural)
          ? /was|were/.test(token.lower)
            ? "were"
            : "are"
          : subject.person === "first"
            ? /was|were/.test(token.lower)
              ? "was"
              : "am"
            : token.lower;
    } else if (BE_AFTER[said]?.[token.lower]) {
      word = BE_AFTER[said]![token.lower]!;
    }
    text += (text && token.space ? " " : "") + word;
    said = word;
  });
  return text.trim();
}
