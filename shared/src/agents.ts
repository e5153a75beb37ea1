// Agent inputs, with the spec's messages (section 5) verbatim: the forge and remix forms check
// them before sending, GraphQL and REST check them again.
import { z } from "zod";
import { OUTPUT_TYPES, SEATS } from "./enums.ts";
import { glyphImage, type WindowLike } from "./glyph-image.ts";
import { tagsSchema } from "./tags.ts";
import { clientText, entityId, graphemesAtMost, hasHiddenCharacters, hasVisibleCharacter, nameText, trimmedText } from "./text.ts";

export const DEFAULT_REMIX_GLYPH = "◊";
export const DEFAULT_REMIX_SEAT = "gemini";
export const FORGE_NAME_MAX = 80;
export const REMIX_NAME_MAX = 50;
/** Visible characters of a glyph (an emoji counts as one). */
export const GLYPH_MAX = 3;
export const GLYPH_TOO_LONG = `Glyph must be at most ${GLYPH_MAX} characters`;
/** A name or glyph holding zero-width, bidi, control or other characters no reader sees. */
export const NAME_HIDDEN = "Name cannot contain invisible or control characters";
export const GLYPH_HIDDEN = "Glyph cannot contain invisible or control characters";

/** The essence's limits, one place for forge, edit, import and whoever bounds a reply by them. */
export const DESCRIPTION_MAX = 1000;
export const PERSONALITY_MAX = 2000;
export const TRAITS_MAX = 12;
export const TRAIT_MAX = 40;
export const TONE_MAX = 200;
export const BEHAVIOR_MAX = 500;
export const SKILLS_MAX = 12;
export const SKILL_MAX = 60;
export const LIMITATIONS_MAX = 500;
export const OUTPUTS_MAX = 5;
export const OUTPUT_MAX = 2000;

/** UTF-16 units three graphemes can take (a family emoji is eleven); longer is refused unread. */
const GLYPH_RAW_MAX = 64;

/**
 * A glyph is one to three visible characters, canonically composed (NFC: a glyph is a symbol,
 * which compatibility folding would change, as ① to 1); emoji joined by ZWJ count as one.
 */
const glyph = (required: string) =>
  clientText(GLYPH_RAW_MAX, GLYPH_TOO_LONG, required)
    .overwrite((value) => value.normalize("NFC"))
    .trim()
    .min(1, required)
    .refine((value) => graphemesAtMost(value, GLYPH_MAX), { message: GLYPH_TOO_LONG, abort: true })
    .refine(hasVisibleCharacter, { message: required, abort: true })
    .refine((value) => !hasHiddenCharacters(value), GLYPH_HIDDEN);

/** An agent's name: NFKC, visible, no hidden characters (text.ts nameText). */
const agentName = (max: number) => nameText(1, "Agent name is required", max, "Name too long", NAME_HIDDEN);

const personality = (min: number) =>
  trimmedText(min, `Personality description must be at least ${min} characters`, PERSONALITY_MAX, "Personality description is too long");

/** Persona, capabilities and sample outputs as an edit (or an imported card) gives them. */
export const personaSchema = z.object({
  traits: z
    .array(trimmedText(1, "A trait cannot be empty", TRAIT_MAX, `A trait is at most ${TRAIT_MAX} characters`))
    .max(TRAITS_MAX, `At most ${TRAITS_MAX} traits`)
    .default([]),
  tone: clientText(TONE_MAX, "Tone is too long").trim().max(TONE_MAX, "Tone is too long").nullish(),
  behavior: clientText(BEHAVIOR_MAX, "Behaviour is too long").trim().max(BEHAVIOR_MAX, "Behaviour is too long").nullish(),
});
export const capabilitiesSchema = z.object({
  skills: z
    .array(trimmedText(1, "A skill cannot be empty", SKILL_MAX, `A skill is at most ${SKILL_MAX} characters`))
    .max(SKILLS_MAX, `At most ${SKILLS_MAX} skills`)
    .default([]),
  tools: z
    .array(trimmedText(1, "A tool cannot be empty", SKILL_MAX, `A tool is at most ${SKILL_MAX} characters`))
    .max(SKILLS_MAX, `At most ${SKILLS_MAX} tools`)
    .default([]),
  limitations: clientText(LIMITATIONS_MAX, "Limitations are too long").trim().max(LIMITATIONS_MAX, "Limitations are too long").nullish(),
});
export const outputsSchema = z
  .array(
    z.object({
      type: z.enum(OUTPUT_TYPES, { error: `Output type must be one of ${OUTPUT_TYPES.join(", ")}` }),
      content: trimmedText(1, "A sample output needs content", OUTPUT_MAX, `A sample output is at most ${OUTPUT_MAX} characters`),
      quality: z.number().int().min(1, "Quality is 1 to 5").max(5, "Quality is 1 to 5").nullish(),
    }),
  )
  .max(OUTPUTS_MAX, `At most ${OUTPUTS_MAX} sample outputs`);

const seat = z.enum(SEATS, { error: "Please select an AI model" });

export const GREETING_MAX = 2000;
export const ALTERNATE_GREETINGS_MAX = 10;
/** How an agent opens a new thread, in its own voice; empty for none. */
export const greetingSchema = clientText(GREETING_MAX, `A greeting is at most ${GREETING_MAX} characters`)
  .trim()
  .max(GREETING_MAX, `A greeting is at most ${GREETING_MAX} characters`);
/** Other openings a visitor may swipe to before answering. */
export const alternateGreetingsSchema = z
  .array(trimmedText(1, "A greeting cannot be empty", GREETING_MAX, `A greeting is at most ${GREETING_MAX} characters`))
  .max(ALTERNATE_GREETINGS_MAX, `At most ${ALTERNATE_GREETINGS_MAX} alternate greetings`);

/**
 * An agent's essence as it is kept: the limits every agent holds to, whether forged, edited or
 * imported from a character card (which is checked by this very schema before it is stored).
 */
export const agentEssenceSchema = z.object({
  name: agentName(FORGE_NAME_MAX),
  glyph: glyph("Agent glyph is required"),
  description: clientText(DESCRIPTION_MAX, "Description is too long").trim().max(DESCRIPTION_MAX, "Description is too long").nullish(),
  personality: personality(10),
  persona: personaSchema.nullish(),
  capabilities: capabilitiesSchema.nullish(),
  outputs: outputsSchema,
  apiModel: seat,
  greeting: greetingSchema.nullish(),
  alternateGreetings: alternateGreetingsSchema.optional(),
  /** What it is for (tags.ts): normalised, at most TAGS_MAX; an edit replaces the list. */
  tags: tagsSchema.optional(),
});
export type AgentEssence = z.output<typeof agentEssenceSchema>;

/** An essence's parts as stored and as a seat drafts them (the server's minds and domains alike). */
export type Persona = { traits: string[]; tone: string | null; behavior: string | null };
export type Capabilities = { skills: string[]; tools: string[]; limitations: string | null };

/**
 * The forge and remix inputs. A generated glyph image (avatarUrl) is checked in a DOM, which
 * each side supplies: the browser its window, the server a jsdom window.
 */
export function agentSchemas(window: () => WindowLike) {
  const avatarUrl = glyphImage(window).nullish();
  const forgeAgentSchema = z.object({
    name: agentName(FORGE_NAME_MAX),
    glyph: glyph("Agent glyph is required"),
    personality: personality(10),
    apiModel: seat,
    /** A generated glyph image (Glyph Forge), kept as the agent's avatarUrl. */
    avatarUrl,
    tags: tagsSchema.optional(),
  });
  const remixAgentSchema = z.object({
    parentAgentId: entityId("Original agent not found"),
    /** Defaults to the original's name with ' v2'. */
    name: agentName(REMIX_NAME_MAX).optional(),
    description: trimmedText(10, "Description must be at least 10 characters", DESCRIPTION_MAX, "Description is too long"),
    personality: personality(20),
    apiModel: seat.optional(),
    glyph: glyph("Glyph is required").optional(),
    remixNote: clientText(500, "Remix note is too long", "Remix note must be text").trim().max(500, "Remix note is too long").nullish(),
    avatarUrl,
    /** Its tags; the parent's when not given (an empty list for none). */
    tags: tagsSchema.optional(),
    /** Accepted for the contract's payload shape; the server derives the origin itself. */
    originAgentId: clientText(200, "originAgentId is too long").nullish(),
  });
  /** An owner's edit: every field of the essence optional, at least one given; each saved edit is a new version. */
  const updateAgentSchema = agentEssenceSchema
    .partial()
    .extend({ avatarUrl })
    .refine((input) => Object.values(input).some((value) => value !== undefined), { message: "Nothing to change" });
  return { forgeAgentSchema, remixAgentSchema, updateAgentSchema };
}

type AgentSchemas = ReturnType<typeof agentSchemas>;
export type ForgeAgentInput = z.output<AgentSchemas["forgeAgentSchema"]>;
export type RemixAgentInput = z.output<AgentSchemas["remixAgentSchema"]>;
export type UpdateAgentInput = z.output<AgentSchemas["updateAgentSchema"]>;
