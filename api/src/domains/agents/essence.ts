// An agent's persona, capabilities and sample outputs are stored as JSON, and older data may
// hold them as JSON text or wrapped as {ok, value} (spec section 3). These readers accept every
// such form and drop what cannot be understood instead of failing the whole agent. What they
// give back is held to the essence's limits (shared/agents.ts) whatever is stored, so that a row
// written before those limits held (a card imported unchecked) costs no reader more than any other.
import type { Capabilities, Persona } from "@nomina/shared/agents";
import { BEHAVIOR_MAX, LIMITATIONS_MAX, OUTPUT_MAX, OUTPUTS_MAX, SKILL_MAX, SKILLS_MAX, TONE_MAX, TRAIT_MAX, TRAITS_MAX } from "@nomina/shared/agents";
import { OUTPUT_TYPES, type OutputType } from "@nomina/shared/enums";
import { truncate } from "@nomina/shared/text";

export { OUTPUT_TYPES, type OutputType };

export type { Capabilities, Persona };
export type SampleOutput = { type: OutputType; content: string; quality: number | null };

/** Peels JSON text and {ok, value} wrappers until a plain value remains. */
export function unwrap(value: unknown, depth = 0): unknown {
  if (depth > 4) return undefined;
  if (typeof value === "string") {
    const text = value.trim();
    if (!text.startsWith("{") && !text.startsWith("[") && !text.startsWith('"')) return value;
    try {
      return unwrap(JSON.parse(text), depth + 1);
    } catch {
      return undefined;
    }
  }
  if (isRecord(value) && "ok" in value && "value" in value) {
    return value.ok === false ? undefined : unwrap(value.value, depth + 1);
  }
  return value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Text, trimmed and cut to `max` characters; null when there is none. */
function text(value: unknown, max: number): string | null {
  if (typeof value !== "string") return null;
  const kept = truncate(value.trim(), max);
  return kept === "" ? null : kept;
}

/** A list of at most `count` strings of at most `max` characters, also from "a, b, c" text. */
function textList(value: unknown, count: number, max: number): string[] {
  const raw = unwrap(value);
  const items: unknown[] = typeof raw === "string" ? raw.split(",") : Array.isArray(raw) ? raw : [];
  const list: string[] = [];
  for (const item of items) {
    if (list.length === count) break;
    const entry = text(unwrap(item), max);
    if (entry !== null) list.push(entry);
  }
  return list;
}

export function parsePersona(value: unknown): Persona | null {
  const raw = unwrap(value);
  if (!isRecord(raw)) return null;
  const persona = { traits: textList(raw.traits, TRAITS_MAX, TRAIT_MAX), tone: text(raw.tone, TONE_MAX), behavior: text(raw.behavior, BEHAVIOR_MAX) };
  return persona.traits.length || persona.tone || persona.behavior ? persona : null;
}

export function parseCapabilities(value: unknown): Capabilities | null {
  const raw = unwrap(value);
  if (!isRecord(raw)) return null;
  const limitations = Array.isArray(raw.limitations)
    ? text(textList(raw.limitations, SKILLS_MAX, LIMITATIONS_MAX).join("; "), LIMITATIONS_MAX)
    : text(raw.limitations, LIMITATIONS_MAX);
  const capabilities = {
    skills: textList(raw.skills, SKILLS_MAX, SKILL_MAX),
    tools: textList(raw.tools, SKILLS_MAX, SKILL_MAX),
    limitations: limitations || null,
  };
  return capabilities.skills.length || capabilities.tools.length || capabilities.limitations ? capabilities : null;
}

export function parseOutputs(value: unknown): SampleOutput[] {
  const raw = unwrap(value);
  if (!Array.isArray(raw)) return [];
  const outputs: SampleOutput[] = [];
  for (const entry of raw) {
    if (outputs.length === OUTPUTS_MAX) break;
    const item = unwrap(entry);
    if (!isRecord(item)) continue;
    const content = text(item.content, OUTPUT_MAX);
    if (!content) continue;
    const type = OUTPUT_TYPES.find((t) => t === item.type) ?? "other";
    const quality = typeof item.quality === "number" ? Math.round(item.quality) : Number.NaN;
    outputs.push({ type, content, quality: quality >= 1 && quality <= 5 ? quality : null });
  }
  return outputs;
}
