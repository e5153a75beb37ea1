// Agent inputs, with the spec's messages (section 5) verbatim. Shared by GraphQL and REST.
import { z } from "zod";
import { idOf } from "../../graphql/ids.ts";
import { SEATS } from "../../minds/types.ts";
import { glyphImage } from "./glyph-image.ts";

export const DEFAULT_REMIX_GLYPH = "◊";
export const DEFAULT_REMIX_SEAT = "gemini";
export const REMIX_NAME_MAX = 50;

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
const graphemes = (text: string) => [...segmenter.segment(text)].length;

/** `text` cut to at most `max` UTF-16 units (what the limit counts), never inside a character. */
export function truncate(text: string, max: number): string {
  let kept = "";
  for (const { segment } of segmenter.segment(text)) {
    if (kept.length + segment.length > max) break;
    kept += segment;
  }
  return kept.trimEnd();
}

/** A glyph is one to three visible characters (an emoji counts as one). */
const glyph = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine((value) => graphemes(value) <= 3, "Glyph must be at most 3 characters");

const seat = z.enum(SEATS, { error: "Please select an AI model" });

const text = (min: number, message: string, max: number, tooLong: string) =>
  z.string({ error: message }).trim().min(min, message).max(max, tooLong);

export const forgeAgentSchema = z.object({
  name: text(1, "Agent name is required", 80, "Name too long"),
  glyph: glyph("Agent glyph is required"),
  personality: text(10, "Personality description must be at least 10 characters", 2000, "Personality description is too long"),
  apiModel: seat,
  /** A generated glyph image (Glyph Forge), kept as the agent's avatarUrl. */
  avatarUrl: glyphImage.nullish(),
});
export type ForgeAgentInput = z.output<typeof forgeAgentSchema>;

export const remixAgentSchema = z.object({
  parentAgentId: idOf("Agent", "Original agent not found"),
  /** Defaults to the original's name with ' v2'. */
  name: text(1, "Agent name is required", REMIX_NAME_MAX, "Name too long").optional(),
  description: text(10, "Description must be at least 10 characters", 1000, "Description is too long"),
  personality: text(20, "Personality description must be at least 20 characters", 2000, "Personality description is too long"),
  apiModel: seat.optional(),
  glyph: glyph("Glyph is required").optional(),
  remixNote: z.string({ error: "Remix note must be text" }).trim().max(500, "Remix note is too long").nullish(),
  avatarUrl: glyphImage.nullish(),
  /** Accepted for the contract's payload shape; the server derives the origin itself. */
  originAgentId: z.string().nullish(),
});
export type RemixAgentInput = z.output<typeof remixAgentSchema>;
