// The summoning phrase (spec 2: "Algorithmic invocation based on agent essence"): a fixed
// formula over the agent's name, glyph, tone, traits, first skill and seat, so the same agent
// always yields the same phrase. The tone defaults to mystical.
export const DEFAULT_TONE = "mystical";

export type Essence = {
  name: string;
  glyph: string;
  apiModel: string;
  persona: { traits: readonly string[]; tone: string | null | undefined } | null | undefined;
  capabilities: { skills: readonly string[] } | null | undefined;
};

const OPENINGS = ["By the glyph", "Under the sign", "Through the seal", "In the light"];

function hash(text: string): number {
  let value = 0;
  for (const char of text) value = (value * 31 + char.codePointAt(0)!) >>> 0;
  return value;
}

export function summoningPhrase(agent: Essence): string {
  const tone = agent.persona?.tone?.trim() || DEFAULT_TONE;
  const traits = agent.persona?.traits.slice(0, 2) ?? [];
  const skill = agent.capabilities?.skills[0];
  const opening = OPENINGS[hash(agent.name) % OPENINGS.length];
  const temper = traits.length ? `, ${traits.join(" and ")},` : "";
  const rise = skill ? `Keeper of ${skill}, rise` : "Rise";
  return `${opening} of ${agent.glyph}, I call upon ${agent.name}${temper} who speaks in a ${tone} voice. ${rise} from the ${agent.apiModel} seat and answer.`;
}
