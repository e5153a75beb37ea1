// An agent's persona, capabilities and sample outputs are stored as JSON, and older data may
// hold them as JSON text or wrapped as {ok, value} (spec section 3). These readers accept every
// such form and drop what cannot be understood instead of failing the whole agent.
import { OUTPUT_TYPES, type OutputType } from "@nomina/shared/enums";

export { OUTPUT_TYPES, type OutputType };

export type Persona = { traits: string[]; tone: string | null; behavior: string | null };
export type Capabilities = { skills: string[]; tools: string[]; limitations: string | null };
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

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

/** A list of strings, also from "a, b, c" text. */
function textList(value: unknown): string[] {
  const raw = unwrap(value);
  if (typeof raw === "string") return raw.split(",").map((s) => s.trim()).filter(Boolean);
  if (!Array.isArray(raw)) return [];
  return raw.map((item) => text(unwrap(item))).filter((item): item is string => item !== null);
}

export function parsePersona(value: unknown): Persona | null {
  const raw = unwrap(value);
  if (!isRecord(raw)) return null;
  const persona = { traits: textList(raw.traits), tone: text(raw.tone), behavior: text(raw.behavior) };
  return persona.traits.length || persona.tone || persona.behavior ? persona : null;
}

export function parseCapabilities(value: unknown): Capabilities | null {
  const raw = unwrap(value);
  if (!isRecord(raw)) return null;
  const limitations = Array.isArray(raw.limitations) ? textList(raw.limitations).join("; ") : text(raw.limitations);
  const capabilities = { skills: textList(raw.skills), tools: textList(raw.tools), limitations: limitations || null };
  return capabilities.skills.length || capabilities.tools.length || capabilities.limitations ? capabilities : null;
}

export function parseOutputs(value: unknown): SampleOutput[] {
  const raw = unwrap(value);
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((entry): SampleOutput[] => {
    const item = unwrap(entry);
    if (!isRecord(item)) return [];
    const content = text(item.content);
    if (!content) return [];
    const type = OUTPUT_TYPES.find((t) => t === item.type) ?? "other";
    const quality = typeof item.quality === "number" ? Math.round(item.quality) : Number.NaN;
    return [{ type, content, quality: quality >= 1 && quality <= 5 ? quality : null }];
  });
}
