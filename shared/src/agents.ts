// Agent inputs, with the spec's messages (section 5) verbatim: the forge and remix forms check
// them before sending, GraphQL and REST check them again.
import { z } from "zod";
import { OUTPUT_TYPES, SEATS } from "./enums.ts";
import { glyphImage, type WindowLike } from "./glyph-image.ts";
import { clientText, entityId, graphemeCount, trimmedText } from "./text.ts";

export const DEFAULT_REMIX_GLYPH = "◊";
export const DEFAULT_REMIX_SEAT = "gemini";
export const FORGE_NAME_MAX = 80;
export const REMIX_NAME_MAX = 50;
/** Visible characters of a glyph (an emoji counts as one). */
export const GLYPH_MAX = 3;
export const GLYPH_TOO_LONG = `Glyph must be at most ${GLYPH_MAX} characters`;

/** UTF-16 units three graphemes can take (a family emoji is eleven); longer is refused unread. */
const GLYPH_RAW_MAX = 64;

/** A glyph is one to three visible characters. */
const glyph = (required: string) =>
  clientText(GLYPH_RAW_MAX, GLYPH_TOO_LONG, required)
    .trim()
    .min(1, required)
    .refine((value) => graphemeCount(value) <= GLYPH_MAX, GLYPH_TOO_LONG);

const seat = z.enum(SEATS, { error: "Please select an AI model" });

/**
 * The forge and remix inputs. A generated glyph image (avatarUrl) is checked in a DOM, which
 * each side supplies: the browser its window, the server a jsdom window.
 */
export function agentSchemas(window: () => WindowLike) {
  const avatarUrl = glyphImage(window).nullish();
  const forgeAgentSchema = z.object({
    name: trimmedText(1, "Agent name is required", FORGE_NAME_MAX, "Name too long"),
    glyph: glyph("Agent glyph is required"),
    personality: trimmedText(10, "Personality description must be at least 10 characters", 2000, "Personality description is too long"),
    apiModel: seat,
    /** A generated glyph image (Glyph Forge), kept as the agent's avatarUrl. */
    avatarUrl,
  });
  const remixAgentSchema = z.object({
    parentAgentId: entityId("Original agent not found"),
    /** Defaults to the original's name with ' v2'. */
    name: trimmedText(1, "Agent name is required", REMIX_NAME_MAX, "Name too long").optional(),
    description: trimmedText(10, "Description must be at least 10 characters", 1000, "Description is too long"),
    personality: trimmedText(20, "Personality description must be at least 20 characters", 2000, "Personality description is too long"),
    apiModel: seat.optional(),
    glyph: glyph("Glyph is required").optional(),
    remixNote: clientText(500, "Remix note is too long", "Remix note must be text").trim().max(500, "Remix note is too long").nullish(),
    avatarUrl,
    /** Accepted for the contract's payload shape; the server derives the origin itself. */
    originAgentId: clientText(200, "originAgentId is too long").nullish(),
  });
  /** An owner's edit: every field optional, at least one given; each saved edit is a new version. */
  const updateAgentSchema = z
    .object({
      name: trimmedText(1, "Agent name is required", FORGE_NAME_MAX, "Name too long").optional(),
      glyph: glyph("Agent glyph is required").optional(),
      description: clientText(1000, "Description is too long").trim().max(1000, "Description is too long").nullish(),
      personality: trimmedText(10, "Personality description must be at least 10 characters", 2000, "Personality description is too long").optional(),
      persona: z
        .object({
          traits: z.array(trimmedText(1, "A trait cannot be empty", 40, "A trait is at most 40 characters")).max(12, "At most 12 traits").default([]),
          tone: clientText(200, "Tone is too long").trim().max(200, "Tone is too long").nullish(),
          behavior: clientText(500, "Behaviour is too long").trim().max(500, "Behaviour is too long").nullish(),
        })
        .nullish(),
      capabilities: z
        .object({
          skills: z.array(trimmedText(1, "A skill cannot be empty", 60, "A skill is at most 60 characters")).max(12, "At most 12 skills").default([]),
          tools: z.array(trimmedText(1, "A tool cannot be empty", 60, "A tool is at most 60 characters")).max(12, "At most 12 tools").default([]),
          limitations: clientText(500, "Limitations are too long").trim().max(500, "Limitations are too long").nullish(),
        })
        .nullish(),
      outputs: z
        .array(
          z.object({
            type: z.enum(OUTPUT_TYPES, { error: `Output type must be one of ${OUTPUT_TYPES.join(", ")}` }),
            content: trimmedText(1, "A sample output needs content", 2000, "A sample output is at most 2000 characters"),
            quality: z.number().int().min(1, "Quality is 1 to 5").max(5, "Quality is 1 to 5").nullish(),
          }),
        )
        .max(5, "At most 5 sample outputs")
        .optional(),
      apiModel: seat.optional(),
      avatarUrl,
    })
    .refine((input) => Object.values(input).some((value) => value !== undefined), { message: "Nothing to change" });
  return { forgeAgentSchema, remixAgentSchema, updateAgentSchema };
}

type AgentSchemas = ReturnType<typeof agentSchemas>;
export type ForgeAgentInput = z.output<AgentSchemas["forgeAgentSchema"]>;
export type RemixAgentInput = z.output<AgentSchemas["remixAgentSchema"]>;
export type UpdateAgentInput = z.output<AgentSchemas["updateAgentSchema"]>;
