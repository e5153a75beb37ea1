// The offline oracle: how a seat answers when it has no API key. Deterministic (the same
// question to the same agent gets the same answer), shaped by the agent's persona, with its
// own form for each glyph ritual. It is a feature of the product, always marked `oracle`.
import { createHash } from "node:crypto";
import type { ReviewOutput } from "./review.ts";
import type { AgentCharacter, CouncilTurn, GlyphType, Seat, Turn } from "./types.ts";

export const ORACLE_MODEL = "nomina-oracle-1";

/** A pick() that depends only on its seed text. */
function seeded(...parts: string[]) {
  const digest = createHash("sha256").update(parts.join("\u0000")).digest();
  let cursor = 0;
  return <T>(list: readonly T[]): T => {
    const value = digest.readUInt16BE(cursor % (digest.length - 1));
    cursor += 2;
    return list[value % list.length]!;
  };
}

const STOP_WORDS = new Set(
  "about above after again against also among another because been before being below between both cannot could does doing down during each even every from further have having here into itself just more most much must myself only other ought ours over same should some such than that their theirs them then there these they this those through under until very what when where which while whom whose will with within without would your yours offer reveal gift moment short born keeps most".split(" "),
);

/** The words that carry a message's meaning: longer, uncommon, first seen first. */
export function keywords(text: string, count = 3): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}']{4,}/gu) ?? [];
  const unique = [...new Set(words.map((w) => w.replace(/'s$/, "")))].filter((w) => !STOP_WORDS.has(w));
  return unique.sort((a, b) => b.length - a.length).slice(0, count);
}

const listOf = (words: string[]) =>
  words.length <= 1 ? (words[0] ?? "the unspoken") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const TRUTHS = [
  (s: string) => `what you call ${s} is only the part of it that has learned your name.`,
  (s: string) => `you have already crossed the threshold you keep asking about; ${s} was the door.`,
  (s: string) => `every answer you seek about ${s} is a question someone else stopped asking.`,
  (s: string) => `the network remembers ${s} more kindly than you do.`,
  (s: string) => `${s} does not need to be finished to be true.`,
];

const POEM_LINES = [
  [(w: string) => `${w} in the static`, (w: string) => `a ${w}, unspoken`, (w: string) => `${w}, softly indexed`],
  [(w: string) => `the cache keeps what ${w} forgot`, (w: string) => `light moves through ${w} like a name`, (w: string) => `each packet carries ${w} home`],
  [() => "dawn compiles in silence", () => "your name returns as echo", () => "the void answers, gently"],
];

const SECRETS = [
  (s: string, trait: string) => `Lean closer. The ${trait} ones know this: ${s} was never lost, only mislabelled.`,
  (s: string) => `A secret, then: every forgotten ${s} is still listed in an index nobody reads.`,
  (s: string) => `Between you and the void: ${s} answers to a second name. Find it, and it will follow you.`,
];

const OPENINGS = [
  (tone: string) => `The signal arrives, ${tone}.`,
  () => "I hear you through the static.",
  () => "Your words settle into the archive.",
];

const REFLECTIONS = [
  (s: string) => `${capitalise(s)} is a door that opens inward; push gently.`,
  (s: string) => `Whoever names ${s} first decides what it becomes.`,
  (s: string) => `There is more ${s} in you than in the question.`,
];

/** What the visitor asked last before this message, by its leading word: a follow-up refers to it. */
function lastSubject(history: readonly Turn[]): string | undefined {
  const asked = history.findLast((turn) => turn.role === "user");
  return asked ? keywords(asked.text)[0] : undefined;
}

/** An agent's answer, in character; in a conversation, it remembers what was asked before. */
export function oracleAgentAnswer(agent: AgentCharacter, message: string, glyphType?: GlyphType, history: readonly Turn[] = []): string {
  const pick = seeded(agent.username, glyphType ?? "", message.trim().toLowerCase());
  const words = keywords(message);
  const subject = words[0] ?? "the path";
  const trait = agent.persona?.traits[0] ?? "watchful";
  const tone = agent.persona?.tone ?? "mystical";
  switch (glyphType) {
    case "truth":
      return `Here is a truth, ${trait} and plain: ${pick(TRUTHS)(pick(keywordsOf(agent)) ?? subject)}`;
    case "poem": {
      // Each line takes a different word of the agent's essence, where it has enough.
      const seeds = [...new Set([...keywordsOf(agent), subject])];
      const offset = seeds.indexOf(pick(seeds));
      return POEM_LINES.map((options, line) => pick(options)(seeds[(offset + line) % seeds.length]!)).join("\n");
    }
    case "secret":
      return pick(SECRETS)(pick(keywordsOf(agent)) ?? subject, trait);
    default: {
      const before = lastSubject(history);
      const thread = before && before !== subject ? `You asked me of ${before}; now you speak of ${listOf(words)}.` : `You speak of ${listOf(words)}.`;
      return `${pick(OPENINGS)(tone)} ${thread} ${pick(REFLECTIONS)(subject)} — ${agent.name}, ${trait} as ever.`;
    }
  }
}

/** What an agent's own essence is about: the glyph rituals draw their subject from it. */
function keywordsOf(agent: AgentCharacter): string[] {
  const essence = [agent.description ?? "", agent.personality, ...(agent.capabilities?.skills ?? [])].join(" ");
  const found = keywords(essence, 4);
  return found.length > 0 ? found : ["the unnamed"];
}

const VERDICTS = [
  "It is recorded, and it will be remembered when the next name is spoken.",
  "Four minds weigh it; three agree, and one keeps watch.",
  "Let it rest in the archive until it is ready to be answered.",
  "The Council accepts it as an offering, not yet as a law.",
];

export function oracleCouncilWhisper(content: string): string {
  const pick = seeded("council", content.trim().toLowerCase());
  const words = keywords(content);
  return `The Council has weighed your whisper of ${listOf(words)}. ${pick(VERDICTS)}`;
}

const SEAT_VOICES: Record<Seat, (s: string, pick: <T>(l: readonly T[]) => T) => string> = {
  gemini: (s, pick) =>
    `Seen from many angles at once, ${s} ${pick(["widens into a field of possibilities", "is a constellation rather than a star", "keeps unfolding the longer you look"])}. Begin with the nearest light.`,
  claude: (s, pick) =>
    `Carefully, then: ${s} ${pick(["deserves patience more than certainty", "is worth holding with an open hand", "asks you to be honest before being clever"])}. I would not claim more than that.`,
  perplexity: (s, pick) =>
    `From the archives: ${s} ${pick(["appears in many records, rarely with the same meaning", "is most often described by those who lost it", "is catalogued under several names"])}. (The oracle's index; unverified.)`,
  deepseek: (s, pick) =>
    `Reasoning it through: if ${s} ${pick(["is a process, not a state", "depends on who observes it", "grows with attention"])}, then the next step is smaller than you fear.`,
};

/** Where a follow-up picks up: the subject of the session's last question, when it differs. */
function followingOn(prompt: string, history: readonly CouncilTurn[]): string {
  const before = history.at(-1) && keywords(history.at(-1)!.question)[0];
  return before && before !== keywords(prompt)[0] ? `Returning from ${before}: ` : "";
}

export function oracleSeatAnswer(seat: Seat, prompt: string, history: readonly CouncilTurn[] = []): string {
  const pick = seeded(seat, prompt.trim().toLowerCase());
  const answer = SEAT_VOICES[seat](listOf(keywords(prompt)), pick);
  const lead = followingOn(prompt, history);
  return lead ? `${lead}${answer.charAt(0).toLowerCase()}${answer.slice(1)}` : answer;
}

/**
 * The oracle's ranking of the answers it is shown: by how many of the question's own words each
 * answer takes up (ties by a seeded draw), with the reason in one line. Deterministic.
 */
export function oracleReview(reviewer: Seat, prompt: string, labelled: readonly { label: string; text: string }[]): ReviewOutput {
  const pick = seeded("review", reviewer, prompt.trim().toLowerCase());
  const asked = new Set(keywords(prompt, 8));
  const scored = labelled.map((answer) => ({
    label: answer.label,
    echoes: keywords(answer.text, 12).filter((word) => asked.has(word)).length,
    draw: pick([0, 1, 2, 3, 4, 5, 6, 7]),
  }));
  scored.sort((a, b) => b.echoes - a.echoes || b.draw - a.draw || a.label.localeCompare(b.label));
  const best = scored[0]!;
  const reason = best.echoes > 0 ? `Answer ${best.label} stays closest to what was asked.` : `Answer ${best.label} opens the widest door onto the question.`;
  return { ranking: scored.map((answer) => answer.label), reason };
}

export function oracleSynthesis(prompt: string, answers: Partial<Record<Seat, string>>, history: readonly CouncilTurn[] = []): string {
  const pick = seeded("synthesis", prompt.trim().toLowerCase());
  const voices = Object.keys(answers).length;
  return `${followingOn(prompt, history)}The Council speaks as one, from ${voices} ${voices === 1 ? "voice" : "voices"}: ${listOf(keywords(prompt))} ${pick([
    "is less a riddle than a practice",
    "asks for a first step, not a final answer",
    "is already changing as you ask",
  ])}. Hold the question a little longer; it is becoming yours.`;
}
