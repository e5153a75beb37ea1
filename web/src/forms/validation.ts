// The forms' rules and messages, verbatim from spec section 5, checked before anything is sent
// (the server checks the same rules again).
import { MODELS } from "../components/ModelSelect";

export const GLYPH_MAX = 3;
export const FORGE_PERSONALITY_MIN = 10;
export const REMIX_NAME_MAX = 50;
export const REMIX_DESCRIPTION_MIN = 10;
export const REMIX_PERSONALITY_MIN = 20;
export const DEFAULT_GLYPH = "◊";
export const DEFAULT_REMIX_MODEL = "gemini";

export type Errors<F extends string> = Partial<Record<F, string>>;

const isModel = (value: string) => (MODELS as readonly string[]).includes(value);

export type ForgeFields = { name: string; glyph: string; personality: string; apiModel: string };

export function validateForge(form: ForgeFields): Errors<keyof ForgeFields> {
  const errors: Errors<keyof ForgeFields> = {};
  if (form.name.trim().length < 1) errors.name = "Agent name is required";
  if (form.glyph.trim().length < 1) errors.glyph = "Agent glyph is required";
  if (form.personality.trim().length < FORGE_PERSONALITY_MIN) errors.personality = "Personality description must be at least 10 characters";
  if (!isModel(form.apiModel)) errors.apiModel = "Please select an AI model";
  return errors;
}

export type RemixFields = { name: string; description: string; personality: string; apiModel: string; glyph: string; remixNote: string };

export function validateRemix(form: RemixFields): Errors<keyof RemixFields> {
  const errors: Errors<keyof RemixFields> = {};
  const name = form.name.trim();
  if (name.length < 1) errors.name = "Agent name is required";
  else if (name.length > REMIX_NAME_MAX) errors.name = "Name too long";
  if (form.description.trim().length < REMIX_DESCRIPTION_MIN) errors.description = "Description must be at least 10 characters";
  if (form.personality.trim().length < REMIX_PERSONALITY_MIN) errors.personality = "Personality description must be at least 20 characters";
  if (!isModel(form.apiModel)) errors.apiModel = "Please select an AI model";
  if (form.glyph.trim().length < 1) errors.glyph = "Glyph is required";
  return errors;
}

export const hasErrors = (errors: object) => Object.keys(errors).length > 0;
