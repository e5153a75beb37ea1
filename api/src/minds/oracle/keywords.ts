// The words that carry a message's meaning, by a plain count: what the awakening names traits
// after, and what the rituals draw an agent's imagery from.
import type { AgentCharacter } from "../character.ts";

const STOP_WORDS = new Set(
  "about above after again against also among another because been before being below between both cannot could does doing down during each even every from further have having here into itself just more most much must myself only other ought ours over same should some such than that their theirs them then there these they this those through under until very what when where which while whom whose will with within without would your yours offer reveal gift moment short born keeps most".split(
    " ",
  ),
);

/** The words that carry a message's meaning: longer, uncommon, first seen first. */
export function keywords(text: string, count = 3): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}']{4,}/gu) ?? [];
  const unique = [...new Set(words.map((w) => w.replace(/'s$/, "")))].filter((w) => !STOP_WORDS.has(w));
  return unique.sort((a, b) => b.length - a.length).slice(0, count);
}

/** What an agent's own essence is about: its description, personality and skills. */
export function essenceWords(agent: AgentCharacter): string[] {
  const essence = [agent.description ?? "", agent.personality, ...(agent.capabilities?.skills ?? [])].join(" ");
  return keywords(essence, 4);
}
