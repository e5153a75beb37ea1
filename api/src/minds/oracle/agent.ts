// An agent answering from the oracle: in its voice, to the question asked, following the thread;
// a glyph ritual in its form. Seeded by the agent's persona, the ritual, the message and the
// message before it, so the same question in the same place gets the same answer.
import type { AgentCharacter, GlyphType, Turn } from "../types.ts";
import { readAsked, type Asked } from "./asked.ts";
import { haiku, syllablesPerLine } from "./haiku.ts";
import { speakerOf, type Speaker } from "./persona.ts";
import { composeProse, firstPassing } from "./prose.ts";
import { ritualAnswer } from "./rituals.ts";
import { seeded, type Draw } from "./seed.ts";
import { agreement, capitalise, fill, sentencesOf } from "./text.ts";

const normal = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();

/** A haiku, with a line before it when it follows on from another subject or its topic is too long for a line. */
function haikuAnswer(speaker: Speaker, asked: Asked, draw: Draw): string | null {
  const { topic, question } = asked;
  const link = asked.previous ? fill(draw.pick(["After {prev}, {t}.", "From {prev} to {t}."]), { prev: asked.previous.text, t: topic.text }) : null;
  const self = question.aboutListener && question.kind !== "whether";
  const poem = haiku(draw, self ? (speaker.name ?? topic.text) : topic.text, question.kind, self);
  if (poem) return [link && capitalise(link), poem].filter(Boolean).join("\n");
  // The topic will not fit a line: it is named whole before the haiku, which holds its last word.
  const short = topic.core.split(" ").at(-1)!;
  const lead = link ? capitalise(link) : `You ask of ${topic.text}.`;
  const echo = haiku(draw, short, question.kind);
  return echo && `${lead}\n${echo}`;
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
  return capitalise(fill("{t} {has} more to it than I can say tonight; ask me again.", { ...agreement(asked.topic.plural, asked.topic.person), t: asked.topic.text })!);
}

export function oracleAgentAnswer(agent: AgentCharacter, message: string, glyphType?: GlyphType, history: readonly Turn[] = []): string {
  const speaker = speakerOf(agent);
  const earlier = history.filter((turn) => turn.role === "user").map((turn) => turn.text);
  const asked = readAsked(message, earlier);
  const draw = seeded(speaker.seed, glyphType ?? "", normal(message), normal(earlier.at(-1) ?? ""));
  const named = asked.question.aboutListener || asked.unnamed ? null : asked.topic;
  if (glyphType) {
    return firstPassing(
      () => ritualAnswer(glyphType, speaker, asked, draw),
      // A poem holds its topic where the form allows; a truth and a secret always do.
      glyphType === "poem" ? null : named,
      () => silence(asked),
      (text) => holdsForm(glyphType, speaker, text),
    );
  }
  const attempt = speaker.voice === "haiku" ? () => haikuAnswer(speaker, asked, draw) : () => composeProse(speaker, asked, draw, agent.persona?.behavior ?? null);
  return firstPassing(attempt, named, () => silence(asked));
}
