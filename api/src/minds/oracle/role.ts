// What a creator says their agent is: "A night librarian who answers in candle-lit sentences" is a
// night librarian; "Grumpy ship's cook who tells sea stories" is a ship's cook, grumpy. The first
// noun phrase of the personality (or the description), read with wink-nlp's tags: its nouns are
// the role, the adjectives before them are how it is.
import type { ItsFunction } from "wink-nlp";
import { english, rhymeKey } from "./lexicon.ts";

export type Role = {
  /** "night librarian", "ship's cook". */
  role: string;
  /** "a night librarian", "a ship's cook". */
  aRole: string;
  /** The adjectives the creator put before it ("grumpy"). */
  manner: string[];
};

/** Nouns that name what something is made of or does, never a role ("answers", "stories"). */
const NOT_ROLES = new Set("answers questions stories sentences words things way ways kind sort voice mind minds spirit entity".split(" "));

const article = (words: string) => (/^[aeiou]/i.test(words) && !/^(?:uni|eu|one)/i.test(words) ? "an" : "a");

/** The role in `text`'s first sentence, if it names one. */
export function roleIn(text: string | null | undefined): Role | null {
  const first =
    (text ?? "")
      .trim()
      .split(/(?<=[.!?])\s/)[0]
      ?.slice(0, 200) ?? "";
  if (!first) return null;
  const nlp = english();
  const its = nlp.its as unknown as Record<"pos" | "value", ItsFunction<string>>;
  // A capital at the start reads to the tagger as a name ("Grumpy ship's cook"): it is taken away.
  const tokens = nlp.readDoc(first.charAt(0).toLowerCase() + first.slice(1)).tokens();
  const words = tokens.out(its.value);
  const tags = tokens.out(its.pos);
  let i = 0;
  // "A", "The", "An old" ...
  while (i < words.length && (tags[i] === "DET" || /^(?:a|an|the|this|that)$/i.test(words[i]!))) i++;
  const manner: string[] = [];
  while (i < words.length && (tags[i] === "ADJ" || tags[i] === "ADV") && !/^(?:who|that)$/i.test(words[i]!)) {
    if (tags[i] === "ADJ") manner.push(words[i]!.toLowerCase());
    i++;
  }
  const nouns: string[] = [];
  while (i < words.length && (tags[i] === "NOUN" || tags[i] === "PROPN" || tags[i] === "PART" || words[i] === "'s" || words[i] === "-")) {
    nouns.push(words[i]!);
    i++;
  }
  const head = nouns
    .filter((word) => word !== "'s" && word !== "-")
    .at(-1)
    ?.toLowerCase();
  if (!head || NOT_ROLES.has(head) || head.length < 3 || nouns.length > 4 || rhymeKey(head) === undefined) return null;
  // "a keeper of clocks": one "of" and the nouns after it belong to the role.
  if (words[i]?.toLowerCase() === "of" && (tags[i + 1] === "NOUN" || (tags[i + 1] === "ADJ" && tags[i + 2] === "NOUN"))) {
    const of = [words[i]!];
    i++;
    while (i < words.length && (tags[i] === "ADJ" || tags[i] === "NOUN") && of.length < 4) of.push(words[i++]!);
    nouns.push(...of);
  }
  // A role follows: "who ...", "that ...", a comma, "with", "from", or the end.
  const next = words[i]?.toLowerCase();
  if (next !== undefined && !/^(?:who|that|,|with|from|of|in|at|for|and|\.|;|:)$/.test(next)) return null;
  const role = nouns
    .join(" ")
    .replace(/\s+'s\b/g, "'s")
    .replace(/\s*-\s*/g, "-")
    .toLowerCase();
  return { role, aRole: `${article(role)} ${role}`, manner };
}
