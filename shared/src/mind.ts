// Personas and memories (#27): who a visitor says they are to the agents, and what an agent remembers.
import { z } from "zod";
import { clientText, trimmedText } from "./text.ts";

export const PERSONA_NAME_MAX = 40;
export const PERSONA_DESCRIPTION_MAX = 400;
export const PERSONAS_MAX = 10;
export const MEMORY_TEXT_MAX = 200;
export const MEMORIES_MAX = 20;
export const PERSONA_NOT_FOUND = "Persona not found";
export const MEMORY_NOT_FOUND = "Memory not found";
export const TOO_MANY_PERSONAS = `You can keep at most ${PERSONAS_MAX} personas`;

export const personaFields = {
  name: trimmedText(1, "A persona needs a name", PERSONA_NAME_MAX, `A persona's name is at most ${PERSONA_NAME_MAX} characters`),
  description: clientText(PERSONA_DESCRIPTION_MAX, `A persona's description is at most ${PERSONA_DESCRIPTION_MAX} characters`, "A description is text")
    .trim()
    .max(PERSONA_DESCRIPTION_MAX, `A persona's description is at most ${PERSONA_DESCRIPTION_MAX} characters`),
  isDefault: z.boolean({ error: "isDefault is true or false" }),
};
export const createPersonaSchema = z.object({
  ...personaFields,
  description: personaFields.description.nullish().transform((d) => d ?? ""),
  isDefault: personaFields.isDefault.nullish().transform((d) => d ?? false),
});
export const updatePersonaSchema = z.object({
  name: personaFields.name.nullish(),
  description: personaFields.description.nullish(),
  isDefault: personaFields.isDefault.nullish(),
});
export const memoryTextSchema = trimmedText(1, "A memory cannot be empty", MEMORY_TEXT_MAX, `A memory is at most ${MEMORY_TEXT_MAX} characters`);
export type CreatePersonaInput = z.output<typeof createPersonaSchema>;
export type UpdatePersonaInput = z.output<typeof updatePersonaSchema>;

/**
 * Whether a message says something about its sender ("my name is", "I prefer", "I keep"): only
 * then is an agent asked for notes (api/src/minds/person.ts), and only then does the memory panel
 * watch for a new note after the answer.
 */
const ABOUT_SELF =
  /\b(?:my name|call me|i am|i'm|i live|i work|i like|i love|i adore|i enjoy|i prefer|i would rather|i keep|i have|i own|i hate|i dislike|i don'?t like|i speak|my fav(?:ou)?rite)\b/i;

export const speaksOfSelf = (message: string) => ABOUT_SELF.test(message);
