// The edit form's values and how they become an updateAgent input: lists (traits, skills,
// tools) are typed as comma-separated text, a sample's quality is picked from 1 to 5 or left
// unrated, empty alternate greetings are dropped; the result is checked by the server's own rule (@nomina/shared/agents).
import { zodResolver } from "@hookform/resolvers/zod";
import { agentSchemas, type UpdateAgentInput } from "@nomina/shared/agents";
import type { OUTPUT_TYPES, SEATS } from "@nomina/shared/enums";
import type { Resolver } from "react-hook-form";

export type OutputType = (typeof OUTPUT_TYPES)[number];
export type Seat = (typeof SEATS)[number];

export type EditValues = {
  name: string;
  glyph: string;
  description: string;
  personality: string;
  apiModel: Seat;
  traits: string;
  tone: string;
  behavior: string;
  skills: string;
  tools: string;
  limitations: string;
  outputs: { type: OutputType; content: string; quality: string }[];
  greeting: string;
  alternateGreetings: { text: string }[];
  /** Chosen with the tag picker: already normalised. */
  tags: string[];
};

/** "a, b ,, c" → ["a", "b", "c"]. */
export const splitList = (text: string) =>
  text
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);

const orNull = (text: string) => (text.trim() ? text : null);

export function toInput(values: EditValues) {
  return {
    name: values.name,
    glyph: values.glyph,
    description: orNull(values.description),
    personality: values.personality,
    apiModel: values.apiModel,
    persona: { traits: splitList(values.traits), tone: orNull(values.tone), behavior: orNull(values.behavior) },
    capabilities: { skills: splitList(values.skills), tools: splitList(values.tools), limitations: orNull(values.limitations) },
    outputs: values.outputs.map((output) => ({ type: output.type, content: output.content, quality: output.quality ? Number(output.quality) : null })),
    // An empty greeting is none; an alternate left empty is dropped, not refused.
    greeting: values.greeting,
    alternateGreetings: values.alternateGreetings.map((alternate) => alternate.text).filter((text) => text.trim()),
    tags: values.tags,
  };
}

const { updateAgentSchema } = agentSchemas(() => window);
const checkInput = zodResolver(updateAgentSchema);

/**
 * The form's values, turned into an input and checked by updateAgentSchema; its messages land
 * at the input's paths (persona.traits, outputs.0.content), which the form reads with errorAt.
 */
export const editResolver: Resolver<EditValues, unknown, UpdateAgentInput> = (values, context, options) =>
  checkInput(toInput(values), context, options as never);

/** The message at `path` in react-hook-form's nested errors: the list's own, or its first item's. */
export function errorAt(errors: unknown, path: (string | number)[]): string | undefined {
  let node: unknown = errors;
  for (const key of path) node = node && typeof node === "object" ? (node as Record<string | number, unknown>)[key] : undefined;
  if (!node || typeof node !== "object") return undefined;
  const own = (node as { message?: unknown }).message;
  if (typeof own === "string") return own;
  if (Array.isArray(node)) return node.map((item) => errorAt(item, [])).find(Boolean);
  return undefined;
}
