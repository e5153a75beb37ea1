// Tags (issue #30): what a creator says an agent is for, in a word or two ("poetry", "code-review").
// One normal form everywhere (the forge, edit and remix forms, GraphQL, REST, imported cards, the
// listing's filter): NFKC, lower case, spaces and underscores to one hyphen, letters, marks, digits
// and hyphens only. Every step is one pass over text whose length is capped before it is read.
import { z } from "zod";

/** Characters of a tag, once normalised. */
export const TAG_MAX = 32;
/** Tags one agent carries. */
export const TAGS_MAX = 8;
/** Raw characters a tag may arrive with (spaces, a leading #): longer is refused unread. */
const TAG_RAW_MAX = TAG_MAX + 32;

export const TAG_EMPTY = "A tag cannot be empty";
export const TAG_TOO_LONG = `A tag is at most ${TAG_MAX} characters`;
export const TAG_CHARACTERS = "A tag holds only letters, digits and hyphens";
export const TOO_MANY_TAGS = `At most ${TAGS_MAX} tags`;
export const TAG_NOT_TEXT = "A tag must be text";

/**
 * Offered first in the forge, edit and remix forms, in this order; any other tag may be typed.
 * What people come to Nomina for: minds that write, build, teach, keep company and play.
 */
export const CURATED_TAGS = [
  "poetry",
  "storytelling",
  "code",
  "research",
  "mentor",
  "philosophy",
  "science",
  "history",
  "language",
  "music",
  "art",
  "humor",
  "games",
  "wellbeing",
] as const;

/** Letters (with their marks), digits and hyphens, a letter or digit first: what a normal tag holds (normaliseTag leaves no hyphen at either end, nor two together). */
const TAG_SHAPE = /^[\p{L}\p{N}][\p{L}\p{M}\p{N}-]*$/u;

/**
 * The normal form of what someone typed: NFKC (full-width letters fold), lower case, a leading
 * '#' dropped, runs of spaces, underscores and hyphens made one hyphen, none at either end.
 * Not checked: tagProblem says whether the result is a tag.
 */
export function normaliseTag(raw: string): string {
  return raw
    .normalize("NFKC")
    .toLowerCase()
    .trim()
    .replace(/^#+/, "")
    .replace(/[\s_-]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** Why a normalised tag is no tag (the exact message), or null when it is one. */
export function tagProblem(tag: string): string | null {
  if (tag.length === 0) return TAG_EMPTY;
  if ([...tag].length > TAG_MAX) return TAG_TOO_LONG;
  if (!TAG_SHAPE.test(tag)) return TAG_CHARACTERS;
  return null;
}

/** A tag as typed, normalised and checked; the listing's filter and a curator's act read one. */
export const tagSchema = z
  .string({ error: TAG_NOT_TEXT })
  .max(TAG_RAW_MAX, { message: TAG_TOO_LONG, abort: true })
  .transform((raw, ctx) => {
    const tag = normaliseTag(raw);
    const problem = tagProblem(tag);
    if (problem) {
      ctx.addIssue({ code: "custom", message: problem });
      return z.NEVER;
    }
    return tag;
  });

/**
 * An agent's tags: each normalised and checked, the same tag twice kept once (in the order first
 * given), at most TAGS_MAX. Their number is capped before any is read.
 */
export const tagsSchema = z
  .array(tagSchema, { error: "Tags must be a list of text" })
  .max(TAGS_MAX * 4, { message: TOO_MANY_TAGS, abort: true })
  .transform((tags) => [...new Set(tags)])
  .refine((tags) => tags.length <= TAGS_MAX, TOO_MANY_TAGS);

/**
 * The tags of a character card made elsewhere, kept as far as they are tags: each normalised,
 * those that are no tag ("🔥", a sentence) left out rather than refusing the card, the first
 * TAGS_MAX distinct ones kept.
 */
export function cardTags(raw: unknown): string[] {
  if (!Array.isArray(raw)) return [];
  const kept = new Set<string>();
  for (const item of raw.slice(0, TAGS_MAX * 8)) {
    if (typeof item !== "string" || item.length > TAG_RAW_MAX) continue;
    const tag = normaliseTag(item);
    if (tagProblem(tag) === null) kept.add(tag);
    if (kept.size === TAGS_MAX) break;
  }
  return [...kept];
}
