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

/** Characters as a person counts them: an emoji, even one built of several code points, is one. */
export const graphemeCount = (text: string) => [...segmenter.segment(text)].length;

/** The first `count` characters of `text` as a person counts them. */
export const firstGraphemes = (text: string, count: number) =>
  [...segmenter.segment(text)].slice(0, count).map((part) => part.segment).join("");

/** `text` cut to at most `max` UTF-16 units (what a length limit counts), never inside a character. */
export function truncate(text: string, max: number): string {
  let kept = "";
  for (const { segment } of segmenter.segment(text)) {
    if (kept.length + segment.length > max) break;
    kept += segment;
  }
  return kept.trimEnd();
}
