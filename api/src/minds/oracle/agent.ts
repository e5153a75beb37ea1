// An agent answering from the oracle: in its voice, in the shape of the question asked, following
// the thread; a glyph ritual in its form. Seeded by the agent's persona, the ritual, the message,
// the message before it and the attempt (a regenerated answer is attempt 2, 3...), so the same
// question in the same place gets the same answer, and asking again gets another that repeats at
// most one sentence of each earlier one (#41).
import { LRUCache } from "lru-cache";
import { oracleNotes, type MemoryNote } from "../person.ts";
import type { AgentCharacter, Turn } from "../character.ts";
import type { GlyphType } from "../identity.ts";
import { readAsked, type Asked } from "./asked.ts";
import { composeAnswer } from "./compose.ts";
import { syllablesPerLine } from "./haiku.ts";
import { speakerOf, type Speaker } from "./persona.ts";
import { cleanTopic, firstPassing, saidIn } from "./prose.ts";
import type { Choosing } from "./relevance.ts";
import { readRequest } from "./request.ts";
import { ritualAnswer } from "./rituals.ts";
import { seeded } from "./seed.ts";
import { sentencesOf } from "./text.ts";

const normal = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();

/** What an answer may be given beside the message: the visitor's memory (#27), whether it keeps what it learns, and the clock (dates). */
export type OracleOptions = { memories?: readonly MemoryNote[]; remembering?: boolean; now?: Date };

/** "I prefer short answers", remembered: every answer after it is short unless the message asks otherwise. */
const PREFERS_SHORT = /\bprefer (?:short|brief)\b/i;

/** The draws of one attempt: its own generator, and seeds the attempts share (relevance.ts turns through candidates by the attempt). */
export function choosingFor(attempt: number, ...parts: string[]): Choosing {
  const draw = seeded(...parts, ...(attempt > 1 ? [`attempt:${attempt}`] : []));
  return { draw, attempt, stable: (key) => seeded(...parts, key).next(), settled: (key) => seeded(...parts.slice(0, 3), key).next() };
}

/** Each ritual's form: a truth is two sentences, a secret one, a poem two couplets or a 5-7-5 haiku. */
export function holdsForm(glyph: GlyphType, speaker: Speaker, text: string): boolean {
  if (glyph === "truth") return sentencesOf(text).length === 2;
  if (glyph === "secret") return sentencesOf(text).length === 1;
  if (speaker.form === "haiku") return syllablesPerLine(text).join() === "5,7,5";
  return text.split("\n").length === 4;
}

/** When no draw passes (a question whose own words break every form): a short, plain answer. */
function silence(asked: Asked): string {
  const topic = cleanTopic(asked.topic, asked.unnamed);
  return topic ? `There is more to ${topic} than I can say tonight, so ask me again.` : "There is more to that than I can say tonight, so ask me again.";
}

/** The question a message asks in its thread: a message that only says how to answer ("in one word") asks the one before again. */
export function questionIn(message: string, earlier: readonly string[]) {
  const request = readRequest(message);
  const bodies = earlier.map((said) => readRequest(said).body).filter(Boolean);
  const previous = request.followUp ? bodies.at(-1) : undefined;
  const body = previous ?? request.body;
  const asked = readAsked(body || message, previous ? bodies.slice(0, -1) : bodies);
  return { request, body, asked };
}

/** One draw of an attempt; `again` > 0 when an earlier draw repeated an earlier attempt's answer (the deck then turns further on). */
function answerOnce(
  agent: AgentCharacter,
  message: string,
  glyphType: GlyphType | undefined,
  history: readonly Turn[],
  turn: { attempt: number; again: number; avoid: ReadonlySet<string> },
  options: OracleOptions,
): string {
  const speaker = speakerOf(agent);
  const earlier = history.filter((said) => said.role === "user").map((said) => said.text);
  const { request: read, body, asked } = questionIn(message, earlier);
  const request = read.format === null && options.memories?.some((note) => PREFERS_SHORT.test(note.text)) ? { ...read, format: "short" as const } : read;
  const choosing = choosingFor(
    turn.attempt + turn.again * 3,
    speaker.seed,
    glyphType ?? "",
    normal(body || message),
    normal(earlier.at(-1) ?? ""),
    turn.again > 0 ? `again:${turn.again}` : "",
  );
  if (glyphType) {
    return firstPassing(
      () => ritualAnswer(glyphType, speaker, asked, choosing.draw),
      () => silence(asked),
      (text) => holdsForm(glyphType, speaker, text),
    );
  }
  return firstPassing(
    () =>
      composeAnswer({
        speaker,
        request,
        asked,
        body,
        choosing,
        behaviour: agent.persona?.behavior ?? null,
        avoid: new Set(),
        earlier: turn.avoid,
        // Shared lines (a feeling met, a greeting answered) are turned by the agent's own seed, so two agents say them differently.
        turn: Math.floor(seeded(speaker.seed, "turn").next() * 5),
        seated: false,
        memories: options.memories ?? [],
        learnt: glyphType ? [] : oracleNotes(message),
        remembering: options.remembering ?? false,
        now: options.now ?? new Date(),
      }),
    () => silence(asked),
  );
}

/**
 * Attempts kept apart from every earlier one, at most (beyond, each attempt stands on its own
 * seed): the twelfth costs twelve compositions, some 60 ms of one core, within the 100 ms that
 * nothing may hold the event loop; and one asked after the last is a step on from it (`drawn`).
 */
const COMPARED_ATTEMPTS = 12;

/** The attempts drawn so far for a question, in this process: the next regeneration goes on from them. */
type Drawn = { texts: string[]; said: Set<string> };
const drawn = new LRUCache<string, Drawn>({ max: 512 });

/**
 * The text of `attempt`, kept apart from every attempt before it: `once(attempt, again, avoid)`
 * draws an attempt, passing over the sentences and list items of the attempts before it (`avoid`),
 * `again` > 0 when the draw repeated an earlier attempt's whole text (up to eight times). `key`
 * names the question and speaker: the attempts drawn for it are kept, so the next one is one more
 * composition rather than all of them again.
 */
export function apart(attempt: number, once: (attempt: number, again: number, avoid: ReadonlySet<string>) => string, key?: string): string {
  if (attempt <= 1 || attempt > COMPARED_ATTEMPTS) return once(Math.max(1, attempt), 0, new Set());
  const kept = key ? drawn.get(key) : undefined;
  const progress: Drawn = kept ? { texts: [...kept.texts], said: new Set(kept.said) } : { texts: [], said: new Set() };
  for (let current = progress.texts.length + 1; current <= attempt; current++) {
    const avoid = new Set(progress.said);
    let text = once(current, 0, avoid);
    for (let again = 1; progress.texts.includes(text) && again <= 8; again++) text = once(current, again, avoid);
    progress.texts.push(text);
    for (const sentence of saidIn(text)) progress.said.add(sentence);
  }
  if (key && progress.texts.length > (kept?.texts.length ?? 0)) drawn.set(key, progress);
  return progress.texts[attempt - 1]!;
}

/**
 * The agent's answer to `message` (or its glyph ritual), after `history`. `attempt` is which
 * answer to the same message this is (1 for the first; a regeneration is the next): each is
 * deterministic, and repeats at most a sentence of any attempt before it (the first twelve).
 */
export function oracleAgentAnswer(
  agent: AgentCharacter,
  message: string,
  glyphType?: GlyphType,
  history: readonly Turn[] = [],
  attempt = 1,
  options: OracleOptions = {},
): string {
  // The clock counts to the minute (a date or a time asked again later is read again).
  const minute = Math.floor((options.now ?? new Date()).getTime() / 60_000);
  const key = JSON.stringify([
    agent.username,
    agent.name,
    agent.personality,
    agent.description,
    agent.persona,
    glyphType ?? "",
    message.trim(),
    history.map((turn) => turn.text),
    options.memories ?? [],
    options.remembering ?? false,
    minute,
  ]);
  return apart(attempt, (current, again, avoid) => answerOnce(agent, message, glyphType, history, { attempt: current, again, avoid }, options), key);
}
