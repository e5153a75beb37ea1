// Sentences as the oracle checks them: each starts with a capital and ends with . ! or ?, and no
// word comes three times in one sentence. Templates are filled here, with agreement.

/** A text's sentences: split after . ! or ? (and what closes them) at a space or a line break. */
export function sentencesOf(text: string): string[] {
  return text
    .trim()
    .split(/(?<=[.!?][)"”’]?)\s+/u)
    .filter((sentence) => sentence.length > 0);
}

/** The words of a text, lower-cased ("don't" and "name's" are one word each). */
export function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu) ?? []).map((word) => word.replace(/’/g, "'"));
}

/** Words a sentence may say as often as it needs: articles, prepositions, pronouns, auxiliaries, conjunctions. */
export const STOPWORDS: ReadonlySet<string> = new Set(
  "a an the and or but nor so yet of to in on at by for with from into onto over under about as than then that this these those it its it's is are was were be been being am do does did have has had i you he she we they me him her us them my your his our their what which who whom whose when where why how not no if one".split(
    " ",
  ),
);

/** A word said three times or more in the sentence (a stop word aside, and the `exempt`), if any. */
export function overused(sentence: string, exempt: ReadonlySet<string> = new Set()): string | undefined {
  const counts = new Map<string, number>();
  for (const word of wordsOf(sentence).filter((said) => !STOPWORDS.has(said))) {
    const count = (counts.get(word) ?? 0) + 1;
    if (count >= 3 && !exempt.has(word)) return word;
    counts.set(word, count);
  }
  return undefined;
}

/** Starts with a capital (or a digit, or an opening quote before one) and ends with . ! or ?. */
export function shapely(sentence: string): boolean {
  return /^["“‘(]?[\p{Lu}\p{N}]/u.test(sentence) && /[.!?][)"”’]?$/u.test(sentence);
}

/** Every sentence shapely, none overusing a word. */
export function wellFormed(text: string): boolean {
  const sentences = sentencesOf(text);
  return sentences.length > 0 && sentences.every((sentence) => shapely(sentence) && overused(sentence) === undefined);
}

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Lower-cases a first word that is not a name or "I" (to continue a sentence with it). */
export function uncapitalise(text: string): string {
  const first = text.match(/^\S+/u)?.[0] ?? "";
  if (first === "I" || /^\p{Lu}[\p{L}]*\p{Lu}/u.test(first) || PROPER.test(first)) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}
const PROPER = /^(Council|Nomina|Gemini|Claude|Perplexity|DeepSeek)\b/;

export { listOf } from "@nomina/shared/text";

/** Number words for small counts. */
export const NUMBER_WORDS = ["no", "one", "two", "three", "four", "five", "six"];

export type Slots = Record<string, string | undefined>;

/**
 * Fills `{slot}` placeholders; a capitalised placeholder (`{T}`) capitalises its value. Null
 * when a slot the template needs has no value, so that the caller draws another template.
 */
export function fill(template: string, slots: Slots): string | null {
  let missing = false;
  const text = template.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = slots[name] ?? slots[name.toLowerCase()];
    if (value === undefined) {
      missing = true;
      return "";
    }
    return name !== name.toLowerCase() && slots[name] === undefined ? capitalise(value) : value;
  });
  return missing
    ? null
    : text
        .replace(/\s+([,.;:!?])/g, "$1")
        .replace(/\s{2,}/g, " ")
        .trim();
}

/** The slots that make a template agree with its subject: {is}, {has}, {s}, {it}, {its}... */
export function agreement(plural: boolean, person: "first" | "second" | "third" = "third"): Slots {
  if (person === "second") return { is: "are", was: "were", has: "have", does: "do", s: "", es: "", it: "you", its: "your", itself: "yourself", them: "you" };
  if (person === "first") return { is: "am", was: "was", has: "have", does: "do", s: "", es: "", it: "I", its: "my", itself: "myself", them: "me" };
  return plural
    ? { is: "are", was: "were", has: "have", does: "do", s: "", es: "", it: "they", its: "their", itself: "themselves", them: "them" }
    : { is: "is", was: "was", has: "has", does: "does", s: "s", es: "es", it: "it", its: "its", itself: "itself", them: "it" };
}

const IRREGULAR_PAST: Record<string, string> = Object.fromEntries(
  "be:was begin:began break:broke bring:brought build:built buy:bought choose:chose come:came do:did draw:drew dream:dreamt drink:drank eat:ate fall:fell feel:felt fight:fought find:found fly:flew forget:forgot forgive:forgave freeze:froze get:got give:gave go:went grow:grew hang:hung have:had hear:heard hide:hid hold:held keep:kept know:knew lay:laid lead:led leave:left lend:lent let:let lie:lay lose:lost make:made mean:meant meet:met pay:paid put:put read:read ride:rode ring:rang rise:rose run:ran say:said see:saw seek:sought sell:sold send:sent set:set shake:shook shine:shone shut:shut sing:sang sink:sank sit:sat sleep:slept speak:spoke spend:spent stand:stood steal:stole strike:struck swim:swam take:took teach:taught tear:tore tell:told think:thought throw:threw understand:understood wake:woke wear:wore weep:wept win:won write:wrote"
    .split(" ")
    .map((pair) => pair.split(":") as [string, string]),
);

/** The third person singular of a verb in its base form: hum -> hums, carry -> carries. */
export function thirdPerson(verb: string): string {
  const lower = verb.toLowerCase();
  if (lower === "be") return "is";
  if (lower === "have") return "has";
  if (/(s|sh|ch|x|z|o)$/.test(lower)) return `${verb}es`;
  if (/[^aeiou]y$/.test(lower)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

/** The simple past of a verb in its base form: hum -> hummed, fall -> fell. */
export function pastTense(verb: string): string {
  const lower = verb.toLowerCase();
  const irregular = IRREGULAR_PAST[lower];
  if (irregular) return irregular;
  if (lower.endsWith("e")) return `${verb}d`;
  if (/[^aeiou]y$/.test(lower)) return `${verb.slice(0, -1)}ied`;
  if (/^[^aeiou]*[aeiou][^aeiouwxy]$/.test(lower)) return `${verb}${verb.at(-1)}ed`;
  return `${verb}ed`;
}
