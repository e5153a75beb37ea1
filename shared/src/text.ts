// Text from a client. Its raw length is capped first, before anything reads it character by
// character (trimming, counting graphemes, matching patterns), and the cap stops validation at
// once: zod would otherwise run the later checks on a string of any size.
import { z } from "zod";

/** Room for the whitespace a trimmed field may carry around its words. */
const SLACK = 64;

/** Any text of at most `max` characters (plus room for surrounding whitespace). */
export const clientText = (max: number, tooLong: string, notText?: string) =>
  z.string(notText ? { error: notText } : undefined).max(max + SLACK, { message: tooLong, abort: true });

/** Text trimmed, then held between `min` and `max` characters. */
export const trimmedText = (min: number, required: string, max: number, tooLong: string) =>
  clientText(max, tooLong, required).trim().min(min, required).max(max, tooLong);

/** A reference to a row that a client sends: its id, trimmed; a missing one fails with `message`. */
export const entityId = (message: string) => clientText(200, message, message).trim().min(1, message).max(200, message);

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

// Walking a segmenter to the end costs time quadratic in the text's length (V8's grapheme
// iterator: 16,000 characters take most of a second), so nothing here walks further than it
// needs: counts stop past their limit, prefixes at their length.

/** Whether `text` has at most `max` characters as a person counts them (an emoji of several code points is one). */
export function graphemesAtMost(text: string, max: number): boolean {
  let count = 0;
  for (const _ of segmenter.segment(text)) if ((count += 1) > max) return false;
  return true;
}

/** The first `count` characters of `text` as a person counts them. */
export function firstGraphemes(text: string, count: number): string {
  let kept = "";
  let taken = 0;
  for (const { segment } of segmenter.segment(text)) {
    if (taken === count) break;
    kept += segment;
    taken += 1;
  }
  return kept;
}

/** `text` cut to at most `max` UTF-16 units (what a length limit counts), never inside a character. */
export function truncate(text: string, max: number): string {
  // Text within the limit is kept whole; longer text is cut where the character holding unit
  // `max` begins. Only that character is segmented: every read of an agent passes its persona
  // through here, and walking each text grapheme by grapheme was a fifth of a listing's CPU.
  if (text.length <= max) return text.trimEnd();
  const cut = segmenter.segment(text).containing(max)?.index ?? max;
  return text.slice(0, cut).trimEnd();
}

// Names and glyphs are what people tell agents apart by, so they hold only what a reader sees:
// no control or format characters (zero-width spaces and joiners, bidi overrides, soft hyphens,
// tags), no blank fillers. Emoji are the one exception: a joiner (ZWJ) between two pictographs,
// variation selectors and tag characters belong inside an emoji's grapheme (👨‍👩‍👧, ❤️, 🏴󠁧󠁢󠁳󠁣󠁴󠁿).

/** Controls, format characters, unpaired surrogates, line/paragraph separators, default-ignorables, and blanks that draw nothing. */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800]/u;
/** What may join or dress an emoji: ZWJ, variation selectors, tag characters (subdivision flags). */
const EMOJI_PARTS = /\u200D|\uFE0E|\uFE0F|[\u{E0020}-\u{E007F}]/gu;
/** A pictograph, a flag's letters, or a keycap (1️⃣): the graphemes that are emoji. */
const PICTOGRAPH = /[\p{Extended_Pictographic}\p{Regional_Indicator}\u20E3]/u;
/** A ZWJ that does not lead to another pictograph (possibly after a variation selector) joins nothing visible. */
const STRAY_JOINER = /\u200D(?![\uFE0E\uFE0F]?\p{Extended_Pictographic})/u;

/** True when `text` holds a character a reader cannot see or that reorders what they see. */
export function hasHiddenCharacters(text: string): boolean {
  for (const { segment } of segmenter.segment(text)) {
    const emoji = PICTOGRAPH.test(segment) && !STRAY_JOINER.test(segment);
    if (HIDDEN.test(emoji ? segment.replace(EMOJI_PARTS, "") : segment)) return true;
  }
  return false;
}

/** True when `text` has at least one character that draws something (not only spaces or hidden ones). */
export const hasVisibleCharacter = (text: string) => /[^\s\p{C}\p{Z}\p{Default_Ignorable_Code_Point}\u2800]/u.test(text);

/** A NUL or an unpaired surrogate: text PostgreSQL cannot store, nor UTF-8 encode. */
export const hasUnstorableText = (text: string) => /[\0\p{Cs}]/u.test(text);

/**
 * A name: compatibility-normalised (NFKC: full-width, ligatures and styled letters become the
 * plain ones), trimmed, within `min`..`max`, with at least one visible character and no hidden ones.
 */
export const nameText = (min: number, required: string, max: number, tooLong: string, hidden: string) =>
  clientText(max, tooLong, required)
    .overwrite((value) => value.normalize("NFKC"))
    .trim()
    .min(min, required)
    .max(max, tooLong)
    .refine(hasVisibleCharacter, { message: required, abort: true })
    .refine((value) => !hasHiddenCharacters(value), hidden);

/** "A", "A and B", "A, B and C": names as a sentence lists them. */
export function listOf(items: readonly string[]): string {
  if (items.length <= 2) return items.join(" and ");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}
