// Invoking an agent: a message, or a glyph ritual that brings its own.
import { z } from "zod";
import { GLYPH_TYPES } from "./enums.ts";
import { clientText, entityId } from "./text.ts";
import { ALTERNATE_GREETINGS_MAX } from "./agents.ts";

export const EMPTY_INVOCATION = "Your invocation cannot be empty";

/** Shared with the GraphQL input, which adds the agent's id. */
export const GREETING_INDEX_INVALID = "greetingIndex names none of the agent's greetings";

export const invokeAgentFields = {
  message: clientText(2000, "Your invocation is too long", EMPTY_INVOCATION)
    .trim()
    .max(2000, "Your invocation is too long")
    .nullish()
    .transform((m) => m ?? ""),
  glyphType: z.enum(GLYPH_TYPES, { error: "glyphType must be truth, poem or secret" }).nullish(),
  /** The thread to continue; without one, a new conversation starts. */
  conversationId: entityId("Conversation not found").nullish(),
  /** A new thread opens with the agent's greeting: 0 its greeting, 1 on its alternates (the one the visitor swiped to). */
  greetingIndex: z
    .number({ error: GREETING_INDEX_INVALID })
    .int(GREETING_INDEX_INVALID)
    .min(0, GREETING_INDEX_INVALID)
    .max(ALTERNATE_GREETINGS_MAX, GREETING_INDEX_INVALID)
    .nullish(),
  /** A new thread's persona (#27): null for none; absent, the caller's default. */
  personaId: entityId("Persona not found").nullish(),
};

export const invokeAgentSchema = z
  .object(invokeAgentFields)
  .refine((input) => input.message !== "" || input.glyphType, { message: EMPTY_INVOCATION, path: ["message"] });
export type InvokeAgentInput = z.output<typeof invokeAgentSchema>;
