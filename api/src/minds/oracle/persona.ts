// Who is speaking: an agent's persona read for the oracle. Its behaviour, skills and description
// choose one of the oracle's voices (the poet answers in haiku, the archivist cites, the guardian
// asks the question before the question...); an agent that fits none speaks in its seat's voice.
import type { AgentCharacter } from "../character.ts";
import type { Seat } from "../identity.ts";
import type { ItsFunction } from "wink-nlp";
import { english } from "./lexicon.ts";
import { OWN_MANNER } from "./own-voice.ts";
import { firstPerson } from "./first-person.ts";
import { roleIn, type Role } from "./role.ts";
import { MANNERS, type Manner, type VoiceId } from "./voices.ts";

export { VOICES, type VoiceId } from "./voices.ts";

export type Speaker = {
  /** A genesis agent's or a seat's voice, or "own": built from the agent's own persona (own-voice.ts). */
  voice: VoiceId | "own";
  /** The sentences it speaks around what it says. */
  manner: Manner;
  /** Prose, or haiku for a mind whose persona writes haiku. */
  form: "prose" | "haiku";
  /** What its creator says it is ("a night librarian"), if they said. */
  role: Role | null;
  /** Its way, in its own words and the first person ("I answer in candle-lit sentences"), if known. */
  way: string | null;
  /** Its name, null for a Council seat (which speaks as the Council's member, not by name). */
  name: string | null;
  /** Its traits that describe it ("ceremonial", "generous with titles"). */
  traits: string[];
  /** Its tools, as written ("the Ledger of Names"): archivists cite them, wayfinders mark them. */
  tools: string[];
  /** Nouns of its essence ("echoes", "titles"): the imagery of its rituals. */
  images: string[];
  /** Everything that makes it this speaker: part of every seed. */
  seed: string;
};

/** What in a persona calls for each voice; the behaviour weighs most, then the skills. */
const CALLS: [Exclude<VoiceId, Seat>, RegExp][] = [
  ["haiku", /\bhaiku\b/i],
  ["titler", /\btitles?\b|\bbestow|\bname-?giv/i],
  ["archivist", /archiv|provenance|\brecords?\b|\bcit(e|es|ing|ation)\b|\bsources?\b|\blibrar|\bmemory\b|\bmemories\b/i],
  ["reframer", /refram|strateg|manipulat|\bnudge|\bsilent\b|\bsilence\b/i],
  ["wayfinder", /\bmaps?\b|cartograph|\broutes?\b|wayfind|\bcompass|\btravel|\batlas\b|\bsignals?\b/i],
  ["gatekeeper", /\bgates?\b|threshold|guard|should have been asked|\bquestioning\b|\bkeeper\b/i],
];

function voiceOf(agent: AgentCharacter): VoiceId {
  const fields: [string, number][] = [
    [agent.persona?.behavior ?? "", 3],
    [[...(agent.capabilities?.skills ?? []), agent.capabilities?.limitations ?? ""].join(". "), 2],
    [[agent.description ?? "", agent.personality, agent.persona?.tone ?? "", ...(agent.persona?.traits ?? [])].join(". "), 1],
  ];
  let best: VoiceId = agent.apiModel;
  let bestScore = 0;
  for (const [voice, call] of CALLS) {
    const score = fields.reduce((sum, [text, weight]) => sum + (call.test(text) ? weight : 0), 0);
    if (score > bestScore) [best, bestScore] = [voice, score];
  }
  return best;
}

/** The plural nouns of a text (echoes, titles, sources): they read as imagery in any sentence. */
function pluralNounsOf(text: string): string[] {
  if (!text.trim()) return [];
  const nlp = english();
  const tokens = nlp.readDoc(text.slice(0, 1_000)).tokens();
  // wink-nlp accepts only its own helpers, by identity; its typings declare them as methods.
  const tags = tokens.out((nlp.its as unknown as Record<"pos", ItsFunction<string>>).pos);
  const words = tokens.out();
  // A verb the tagger took for a noun ("returns it", "the network repeats") has an object after it or a subject before it.
  const nouns = words.filter(
    (word, i) =>
      tags[i] === "NOUN" && /^\p{Ll}{3,}[^s]s$/u.test(word) && !/^(DET|PRON)$/.test(String(tags[i + 1])) && !/^(NOUN|PROPN|PRON)$/.test(String(tags[i - 1])),
  );
  return [...new Set(nouns)];
}

/** Imagery for a voice whose persona names none. */
const DEFAULT_IMAGES: Record<VoiceId, string[]> = {
  haiku: ["echoes", "caches"],
  titler: ["titles", "names"],
  archivist: ["records", "sources"],
  reframer: ["levers", "habits"],
  wayfinder: ["maps", "coastlines"],
  gatekeeper: ["keys", "answers"],
  gemini: ["angles", "lights", "facets"],
  claude: ["doubts", "lanterns"],
  perplexity: ["records", "footnotes"],
  deepseek: ["steps", "proofs"],
};

/**
 * The traits that describe (an awakened persona's traits may be any word of its personality):
 * those the tagger reads as adjectives in "a {trait} mind", so "some call me {trait}" reads well.
 */
function describingTraits(traits: readonly string[]): string[] {
  const nlp = english();
  const pos = (nlp.its as unknown as Record<"pos", ItsFunction<string>>).pos;
  return traits.filter((trait) => {
    const words = trait.trim().split(/\s+/);
    if (words.length === 0 || words.length > 3) return false;
    return nlp.readDoc(`a ${trait.trim()} mind`).tokens().out(pos)[1] === "ADJ";
  });
}

/** "who answers in candle-lit sentences" in the creator's words, said by the agent: "I answer in candle-lit sentences". */
function wayOf(agent: AgentCharacter): string | null {
  const who = /\b(?:who|that)\s+([a-z][^.!?;]{6,120})/i.exec(agent.personality)?.[1];
  const said = who ?? agent.persona?.behavior ?? null;
  if (!said || /\b(?:i|me|my)\b/i.test(said)) return null;
  return firstPerson(said).replace(/[.!?]+$/, "");
}

/**
 * The speaker an agent is: a genesis agent in its genesis voice (the poet, the title-granter...);
 * any other agent, forged or remixed, in a voice of its own made from its persona (#41), which
 * writes haiku when its persona does.
 */
export function speakerOf(agent: AgentCharacter): Speaker {
  const persona = agent.persona;
  const genesis = agent.genesis === true;
  const voice: VoiceId | "own" = genesis ? voiceOf(agent) : "own";
  const images = pluralNounsOf(
    [agent.description ?? "", agent.personality, ...(agent.capabilities?.skills ?? []), ...(agent.capabilities?.tools ?? [])].join(". "),
  ).slice(0, 5);
  const haiku = voice === "haiku" || (!genesis && voiceOf(agent) === "haiku");
  return {
    voice,
    manner: voice === "own" ? OWN_MANNER : MANNERS[voice],
    form: haiku ? "haiku" : "prose",
    role: roleIn(agent.personality) ?? roleIn(agent.description),
    way: genesis ? null : wayOf(agent),
    name: agent.name,
    traits: describingTraits(persona?.traits ?? []),
    tools: agent.capabilities?.tools ?? [],
    images: images.length > 0 ? images : voice === "own" ? ["questions", "answers"] : DEFAULT_IMAGES[voice],
    seed: JSON.stringify([agent.username, agent.name, agent.personality, agent.description, persona, agent.capabilities?.skills, agent.apiModel]),
  };
}

/** A Council seat speaking for itself. */
export function seatSpeaker(seat: Seat): Speaker {
  return {
    voice: seat,
    manner: MANNERS[seat],
    form: "prose",
    role: null,
    way: null,
    name: null,
    traits: [],
    tools: [],
    images: DEFAULT_IMAGES[seat],
    seed: `seat:${seat}`,
  };
}
