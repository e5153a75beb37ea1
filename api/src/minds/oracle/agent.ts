// An agent answering from the oracle: in its voice, in the shape of the question asked, following
// the thread; a glyph ritual in its form. Seeded by the agent's persona, the ritual, the message,
// the message before it and the attempt (a regenerated answer is attempt 2, 3...), so the same
// question in the same place gets the same answer, and asking again gets a different one.
import type { AgentCharacter, Turn } from "../character.ts";
import type { GlyphType } from "../identity.ts";
import { readAsked, type Asked } from "./asked.ts";
import { syllablesPerLine } from "./haiku.ts";
import { speakerOf, type Speaker } from "./persona.ts";
import { cleanTopic, composeAnswer, firstPassing } from "./prose.ts";
import type { Choosing } from "./relevance.ts";
import { ritualAnswer } from "./rituals.ts";
import { seeded } from "./seed.ts";
import { sentencesOf } from "./text.ts";

const normal = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();

/** The draws of one attempt: its own generator, and a seed the attempts share (relevance.ts turns through candidates by the attempt). */
export function choosingFor(attempt: number, ...parts: string[]): Choosing {
  const draw = seeded(...parts, ...(attempt > 1 ? [`attempt:${attempt}`] : []));
  return { draw, attempt, stable: (key) => seeded(...parts, key).next() };
}

/** Each ritual's form: a truth is two sentences, a secret one, a poem two couplets or a 5-7-5 haiku. */
export function holdsForm(glyph: GlyphType, speaker: Speaker, text: string): boolean {
  if (glyph === "truth") return sentencesOf(text).length === 2;
  if (glyph === "secret") return sentencesOf(text).length === 1;
  if (speaker.voice === "haiku") return syllablesPerLine(text).join() === "5,7,5";
  return text.split("\n").length === 4;
}

/** When no draw passes (a question whose own words break every form): a short, plain answer. */
function silence(asked: Asked): string {
  const topic = cleanTopic(asked.topic, asked.unnamed);
  return topic ? `There is more to ${topic} than I can say tonight, so ask me again.` : "There is more to that than I can say tonight, so ask me again.";
}

/** One draw of an attempt; `again` > 0 when an earlier draw repeated an earlier attempt's answer (the deck then turns further on). */
function answerOnce(
  agent: AgentCharacter,
  message: string,
  glyphType: GlyphType | undefined,
  history: readonly Turn[],
  attempt: number,
  again: number,
): string {
  const speaker = speakerOf(agent);
  const earlier = history.filter((turn) => turn.role === "user").map((turn) => turn.text);
  const asked = readAsked(message, earlier);
  const choosing = choosingFor(
    attempt + again * 3,
    speaker.seed,
    glyphType ?? "",
    normal(message),
    normal(earlier.at(-1) ?? ""),
    again > 0 ? `again:${again}` : "",
  );
  if (glyphType) {
    return firstPassing(
      () => ritualAnswer(glyphType, speaker, asked, choosing.draw),
      () => silence(asked),
      (text) => holdsForm(glyphType, speaker, text),
    );
  }
  return firstPassing(
    () => composeAnswer(speaker, asked, message, choosing, agent.persona?.behavior ?? null),
    () => silence(asked),
  );
}

/** Attempts kept apart from every earlier one, at most (beyond, each attempt stands on its own seed). */
const COMPARED_ATTEMPTS = 24;

/**
 * The text of `attempt`, kept apart from every attempt before it: `once(attempt, again)` draws an
 * attempt, `again` > 0 when the draw repeated an earlier attempt's text (up to eight times).
 */
export function apart(attempt: number, once: (attempt: number, again: number) => string): string {
  if (attempt <= 1 || attempt > COMPARED_ATTEMPTS) return once(Math.max(1, attempt), 0);
  const earlier = new Set<string>();
  let text = "";
  for (let current = 1; current <= attempt; current++) {
    text = once(current, 0);
    for (let again = 1; earlier.has(text) && again <= 8; again++) text = once(current, again);
    earlier.add(text);
  }
  return text;
}

/**
 * The agent's answer to `message` (or its glyph ritual), after `history`. `attempt` is which
 * answer to the same message this is (1 for the first; a regeneration is the next): each is
 * deterministic, and differs from every attempt before it (the first 24).
 */
export function oracleAgentAnswer(agent: AgentCharacter, message: string, glyphType?: GlyphType, history: readonly Turn[] = [], attempt = 1): string {
  return apart(attempt, (current, again) => answerOnce(agent, message, glyphType, history, current, again));
}
