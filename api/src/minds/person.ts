// Who an agent talks with (#27): the persona the owner speaks as in the thread, and the notes the
// agent keeps about them. Told to every seat in the system prompt; the oracle addresses the person
// by name and may recall a liking. The oracle also learns from simple patterns ("my name is X").

/** The persona chosen for a thread, as a mind reads it. */
export type PersonaContext = { name: string; description: string };
/** One note an agent keeps about the person: its kind (a single-kind fact replaces the old one) and text. */
export type MemoryNote = { kind: MemoryKind; text: string };
export const MEMORY_KINDS = ["name", "home", "self", "work", "like", "note"] as const;
export type MemoryKind = (typeof MEMORY_KINDS)[number];
/** Kinds of which a person has one at a time: a new one replaces the old. */
export const SINGLE_KINDS: readonly MemoryKind[] = ["name", "home", "self", "work"];

/** The lines added to an agent's system prompt: who it talks with, and what it remembers. */
export function personLines(persona: PersonaContext | null | undefined, memories: readonly MemoryNote[] | undefined, company?: readonly string[]): string[] {
  const lines: string[] = [];
  // A conclave (#28): the others speak in the same thread; each speaks for itself alone.
  if (company?.length)
    lines.push(
      `This is a conclave: you share the conversation with ${company.join(", ")}. Their words reach you as "[Name]: ...". Speak only as yourself, without a name in front of your words, and answer whoever spoke last.`,
    );
  if (persona) lines.push(`You are talking with ${persona.name}${persona.description ? `: ${persona.description}` : ""}.`);
  if (memories?.length) lines.push(`What you remember about the person you are talking with: ${memories.map((note) => note.text).join("; ")}.`);
  return lines;
}

const NAME = /\b(?:my name is|call me|i am called|i'm called)\s+([A-Z][\p{L}'-]{0,39})/iu;
const LIKE = /\bi (like|love|adore|enjoy)\s+([\p{L}\p{N}' -]{1,60}?)(?=[.,!?;]|$)/iu;
const HOME = /\bi live in\s+([\p{L}\p{N}' -]{1,60}?)(?=[.,!?;]|$)/iu;
const WORK = /\bi work as (?:an? )?([\p{L}\p{N}' -]{1,60}?)(?=[.,!?;]|$)/iu;
const SELF = /\bi(?: am|'m) (an?) ([\p{L}\p{N}' -]{1,60}?)(?=[.,!?;]|$)/iu;

/** Preferences and facts beyond a name (#41): "I prefer short answers", "I keep three moths", "I'm allergic to nuts". */
const PREFER =
  /\bi (?:prefer|would rather have|'d rather have|like it when you give|want) (short|brief|long|longer|detailed|simple|plain|gentle|direct|funny|serious|formal|casual)(?: answers| replies| explanations)?\b/iu;
const PREFERS = /\bi (prefer|would rather)\s+([\p{L}\p{N}' -]{2,60}?)(?=[.,!?;]|$)/iu;
const DISLIKE =
  /\bi (?:don'?t|do not) (?:like|enjoy)\s+([\p{L}\p{N}' -]{2,60}?)(?=[.,!?;]|$)|\bi (hate|dislike|can'?t stand)\s+([\p{L}\p{N}' -]{2,60}?)(?=[.,!?;]|$)/iu;
const KEEP =
  /\bi (keep|have|own|look after|care for)\s+((?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d{1,2}|some|several)\s+[\p{L}' -]{2,40}?)(?=[.,!?;]|\s+(?:and|at|in|who|that|which)\b|$)/iu;
const ALLERGIC = /\bi(?:'m| am) allergic to\s+([\p{L}' -]{2,40}?)(?=[.,!?;]|$)/iu;
const LEARNING = /\bi(?:'m| am) (?:learning|studying)\s+([\p{L}\p{N}' -]{2,40}?)(?=[.,!?;]|$)/iu;
const FAVOURITE = /\bmy fav(?:ou)?rite ([\p{L}' -]{2,30}?) is\s+([\p{L}\p{N}' -]{1,40}?)(?=[.,!?;]|$)/iu;
const SPEAK = /\bi speak\s+([\p{L}' ,-]{2,40}?)(?=[.!?;]|$)/iu;

/** The notes of preference and fact beyond name, home and work: each a short line the agent can say back. */
function moreNotes(message: string): MemoryNote[] {
  const notes: MemoryNote[] = [];
  const preferred = PREFER.exec(message);
  if (preferred) notes.push({ kind: "like", text: `you prefer ${preferred[1]!.toLowerCase()} answers` });
  else {
    const prefers = PREFERS.exec(message);
    if (prefers) notes.push({ kind: "like", text: `you ${prefers[1]!.toLowerCase() === "prefer" ? "prefer" : "would rather"} ${prefers[2]!.trim()}` });
  }
  const disliked = DISLIKE.exec(message);
  if (disliked) notes.push({ kind: "note", text: `you do not like ${(disliked[1] ?? disliked[3])!.trim()}` });
  const kept = KEEP.exec(message);
  if (kept && !/^(?:a|an) (?:question|idea|problem|feeling|thought|moment|minute|look|go|try)\b/i.test(kept[2]!)) {
    notes.push({ kind: "note", text: `you ${kept[1]!.toLowerCase()} ${kept[2]!.trim()}` });
  }
  const allergic = ALLERGIC.exec(message);
  if (allergic) notes.push({ kind: "note", text: `you are allergic to ${allergic[1]!.trim()}` });
  const learning = LEARNING.exec(message);
  if (learning) notes.push({ kind: "note", text: `you are learning ${learning[1]!.trim()}` });
  const favourite = FAVOURITE.exec(message);
  if (favourite) notes.push({ kind: "like", text: `your favourite ${favourite[1]!.trim()} is ${favourite[2]!.trim()}` });
  const speaks = SPEAK.exec(message);
  if (speaks) notes.push({ kind: "note", text: `you speak ${speaks[1]!.trim()}` });
  return notes;
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The notes the oracle takes from what the person said: linear regular expressions over a message
 * already capped at 2,000 characters, so learning costs nothing but a scan.
 */
export function oracleNotes(said: string): MemoryNote[] {
  // What a person asks ("Should I keep a forgotten password?") tells nothing about them: only statements are read.
  const message = said
    .split(/(?<=[.!?])\s+/)
    .filter((sentence) => !sentence.trim().endsWith("?"))
    .join(" ");
  const notes: MemoryNote[] = [];
  const name = NAME.exec(message);
  if (name) notes.push({ kind: "name", text: `your name is ${capitalised(name[1]!)}` });
  const like = LIKE.exec(message);
  if (like) notes.push({ kind: "like", text: `you ${like[1]!.toLowerCase()} ${like[2]!.trim()}` });
  const home = HOME.exec(message);
  if (home) notes.push({ kind: "home", text: `you live in ${home[1]!.trim()}` });
  const work = WORK.exec(message);
  if (work) notes.push({ kind: "work", text: `you work as ${/^[aeiou]/i.test(work[1]!.trim()) ? "an" : "a"} ${work[1]!.trim()}` });
  else {
    const self = SELF.exec(message);
    if (self && !/^(?:allergic|learning|studying)\b/i.test(self[2]!))
      notes.push({ kind: "self", text: `you are ${self[1]!.toLowerCase()} ${self[2]!.trim()}` });
  }
  notes.push(...moreNotes(message));
  return notes.filter((note) => note.text.length <= 200);
}

/** The name to address the person by: the thread's persona, else a remembered name. */
export function nameOf(persona: PersonaContext | null | undefined, memories: readonly MemoryNote[] | undefined): string | null {
  if (persona) return persona.name;
  const named = memories?.find((note) => note.kind === "name");
  return named ? named.text.replace(/^your name is /, "") : null;
}

/**
 * The oracle's answer, addressed to the person: by name, recalling a liking on a thread's first
 * turn. A glyph ritual keeps its form untouched.
 */
export function addressed(
  text: string,
  persona: PersonaContext | null | undefined,
  memories: readonly MemoryNote[] | undefined,
  firstTurn: boolean,
  ritual: boolean,
): string {
  const name = nameOf(persona, memories);
  if (!name || ritual) return text;
  const liking = firstTurn ? memories?.find((note) => note.kind === "like") : undefined;
  const opening = liking ? `${name}, ${liking.text}; I have not forgotten.` : `${name}, hear me.`;
  return `${opening} ${text}`;
}

// Whether a message says something about its speaker (only then is a model asked to note it): the rule the web shares.
export { speaksOfSelf } from "@nomina/shared/mind";
