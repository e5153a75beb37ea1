// The Council without keys: each seat answers in its own manner, the synthesis finds where the
// answers meet and says it as one voice, a review ranks answers by how well they answer what was
// asked, and a whisper to the Council is heard and given a verdict.
import type { ReviewOutput } from "../review.ts";
import type { CouncilTurn, Seat } from "../types.ts";
import { readAsked, type Asked } from "./asked.ts";
import { FOLLOWS } from "./banks.ts";
import type { Kind } from "./parse.ts";
import { seatSpeaker } from "./persona.ts";
import { answerTemplates, composeProse, firstPassing, slotsFor } from "./prose.ts";
import { seeded } from "./seed.ts";
import { NUMBER_WORDS, capitalise, fill, sentencesOf, uncapitalise, wordsOf } from "./text.ts";

const normal = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();
const askedIn = (prompt: string, history: readonly CouncilTurn[]) => readAsked(prompt, history.map((turn) => turn.question));

export function oracleSeatAnswer(seat: Seat, prompt: string, history: readonly CouncilTurn[] = []): string {
  const speaker = seatSpeaker(seat);
  const asked = askedIn(prompt, history);
  const draw = seeded(speaker.seed, normal(prompt), normal(history.at(-1)?.question ?? ""));
  const named = asked.unnamed || asked.question.aboutListener ? null : asked.topic;
  return firstPassing(() => composeProse(speaker, asked, draw), named, () => `${capitalise(asked.topic.text)} needs more than one voice to answer.`);
}

/** Markdown and line breaks out, so that a model's answer can be quoted inside a sentence. */
const plain = (text: string) =>
  text
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/[*_#>`|]+/g, "")
    .replace(/\s+/g, " ")
    .trim();

/** The sentences the answers share most (most of their words found in the other answers), best first. */
function meetingPoints(asked: Asked, answers: readonly string[]): string[] {
  const vocabularies = answers.map((answer) => new Set(wordsOf(answer).filter((word) => word.length > 3)));
  const scored: { sentence: string; score: number }[] = [];
  answers.forEach((answer, i) => {
    for (const raw of sentencesOf(plain(answer))) {
      // A manner's prefix ("Carefully, then:") is the seat's, not the Council's.
      const sentence = raw.replace(/^[^:]{1,40}:\s+(?=\S)/, "").replace(/[.!?]+$/, "");
      const words = wordsOf(sentence);
      if (words.length < 6 || words.length > 32 || /\?$/.test(raw) || /^\(/.test(sentence)) continue;
      const shared = words.filter((word) => word.length > 3 && vocabularies.some((others, j) => j !== i && others.has(word))).length;
      scored.push({ sentence, score: shared + (sentence.toLowerCase().includes(asked.topic.core.toLowerCase()) ? 3 : 0) });
    }
  });
  return scored.sort((a, b) => b.score - a.score).slice(0, 3).map(({ sentence }) => sentence.replace(/^(yes|no|not yet)\s*[:,]\s*/i, ""));
}

/** "Three say yes and one says not yet." */
function tallyOf(verdicts: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const verdict of verdicts) counts.set(verdict, (counts.get(verdict) ?? 0) + 1);
  const parts = [...counts].sort((a, b) => b[1] - a[1]).map(([verdict, count]) => `${NUMBER_WORDS[count]} ${count === 1 ? "says" : "say"} ${verdict}`);
  return `${capitalise(parts.length === 1 && counts.size === 1 && verdicts.length > 1 ? `all ${verdicts.length === 2 ? "both" : NUMBER_WORDS[verdicts.length]} say ${verdicts[0]}`.replace("all both", "both") : parts.join(parts.length > 2 ? ", " : " and "))}.`;
}

const CLOSINGS = [
  "Hold that, and take the smallest step it asks of you.",
  "The Council asks no more of you tonight than that.",
  "Keep the question a little longer; it is becoming yours.",
];

export function oracleSynthesis(prompt: string, answers: Partial<Record<Seat, string>>, history: readonly CouncilTurn[] = []): string {
  const asked = askedIn(prompt, history);
  const draw = seeded("synthesis", normal(prompt), normal(history.at(-1)?.question ?? ""));
  const texts = Object.values(answers).filter((text): text is string => typeof text === "string" && text.trim() !== "");
  const voices = NUMBER_WORDS[texts.length] ?? String(texts.length);
  // A verdict is tallied rather than quoted: the Council says how the seats divided.
  const verdictOf = (text: string) => /^\W*(yes|no|not yet)\b/i.exec(text)?.[1]?.toLowerCase();
  const verdicts = texts.map((text) => verdictOf(plain(text)) ?? verdictOf(plain(text).replace(/^[^:]{1,40}:\s+/, ""))).filter((v): v is string => v !== undefined);
  const tally = asked.question.kind === "whether" && verdicts.length > 0 ? tallyOf(verdicts) : null;
  const meetings = meetingPoints(asked, texts);
  const slots = { t: asked.topic.text, prev: asked.previous?.text, voices, n: texts.length === 1 ? "voice" : "voices" };
  const attempt = () => {
    // The best shared sentence first; others if its words cannot sit in the Council's sentence.
    const meeting = meetings.length > 0 ? draw.pick([meetings[0]!, ...meetings]) : null;
    const sentences = [
      asked.previous ? fill(draw.pick(FOLLOWS.shift), slots) : null,
      fill(draw.pick(["{Voices} {n} answered on {t}, and the Council has weighed them.", "The Council has weighed {voices} {n} on {t}.", "{Voices} {n} answered on {t}, and each was weighed."]), slots),
      tally,
      meeting ? `${tally && tally.includes(" and ") ? "The Council leans this way:" : meeting.includes(":") ? "They agree that" : draw.pick(["Where they meet:", "They agree that", "What they share:"])} ${uncapitalise(meeting)}.` : null,
      draw.pick(CLOSINGS),
    ];
    return sentences.filter(Boolean).map((sentence) => capitalise(sentence!)).join(" ");
  };
  return firstPassing(attempt, asked.unnamed ? null : asked.topic, () => `The Council has weighed ${voices} ${slots.n}. ${draw.pick(CLOSINGS)}`);
}

/** What answering each kind of question looks like in an answer. */
const ANSWERS_KIND: Record<Kind, [RegExp, string]> = {
  why: [/\bbecause\b|\bfor the\b|\bso that\b|\breason\b/i, "says why"],
  how: [/\bby\b|\bstep\b|\bfirst\b|\bbegin|\bslowly\b/i, "says how"],
  whether: [/^\W*(yes|no|not yet)\b|\b(yes|no)\b/i, "gives a plain verdict"],
  what: [/\b(is|are|means)\b/i, "says what it is"],
  which: [/\bthe one\b|\bwhich\b/i, "says which"],
  who: [/\bwho\b|\bwhoever\b|\bthe one\b/i, "says who"],
  where: [/\b(in|where|beneath|between|past|at|near)\b/i, "says where"],
  when: [/\b(when|once|moment|sooner|after|before|hour)\b/i, "says when"],
  measure: [/\b(as long|as far|more than|less than|as often|sooner)\b/i, "gives a measure"],
  tell: [/./, "speaks to it directly"],
};

const REASONS: Record<Seat, readonly string[]> = {
  gemini: ["Answer {label} sees {t} from the most sides and still {does}.", "Answer {label} opens the widest view of {t}, and {does}."],
  claude: ["Answer {label} {does} about {t} without claiming more than it knows.", "Answer {label} is the most honest about {t}, and {does}."],
  perplexity: ["Answer {label} stays closest to the record on {t}, and {does}.", "Answer {label} is the best sourced on {t}; it {does}."],
  deepseek: ["Answer {label} reasons from {t} to an answer, and {does}.", "Answer {label} {does}, one step at a time, about {t}."],
};

/**
 * The oracle's review: the answers ranked by whether they name what was asked about, take up the
 * question's words, answer its kind (why with a reason, whether with a verdict) and keep to a
 * readable length; seeded draws break ties. The reason in the reviewer's own manner.
 */
export function oracleReview(reviewer: Seat, prompt: string, labelled: readonly { label: string; text: string }[]): ReviewOutput {
  const asked = readAsked(prompt);
  const draw = seeded("review", reviewer, normal(prompt));
  const [cue, does] = ANSWERS_KIND[asked.question.kind];
  const asking = new Set(asked.question.words.filter((word) => word.length > 2));
  const scored = labelled.map((answer) => {
    const text = plain(answer.text);
    const words = new Set(wordsOf(text));
    const length = wordsOf(text).length;
    const score =
      (!asked.unnamed && text.toLowerCase().includes(asked.topic.core.toLowerCase()) ? 3 : 0) +
      [...asking].filter((word) => [...words].some((said) => said.startsWith(word))).length +
      (cue.test(text) ? 2 : 0) +
      (length >= 8 && length <= 180 ? 1 : -2);
    return { label: answer.label, score, draw: draw.next() };
  });
  scored.sort((a, b) => b.score - a.score || b.draw - a.draw || a.label.localeCompare(b.label));
  const best = scored[0];
  const topic = asked.unnamed ? "the question" : asked.topic.text.slice(0, 80);
  const reason = best ? capitalise(fill(draw.pick(REASONS[reviewer]), { label: best.label, t: topic, does }) ?? `Answer ${best.label} answers best.`) : "There was nothing to rank.";
  return { ranking: scored.map((answer) => answer.label), reason };
}

const VERDICTS = [
  "It is recorded, and it will be remembered when the next name is spoken.",
  "Four minds weigh it; three agree, and one keeps watch.",
  "Let it rest in the archive until it is ready to be answered.",
  "The Council accepts it as an offering, not yet as a law.",
];

export function oracleCouncilWhisper(content: string): string {
  const asked = readAsked(content);
  const draw = seeded("council", normal(content));
  const slots = slotsFor(seatSpeaker("claude"), asked, draw);
  const attempt = () => {
    if (asked.unnamed) return `The Council has heard your whisper. ${draw.pick(VERDICTS)}`;
    const heard = asked.unnamed ? "The Council has heard your whisper." : fill(draw.pick(["The Council has heard your whisper of {t}.", "Your whisper of {t} has reached the Council."]), slots);
    const held =
      asked.question.kind === "tell" && asked.clause
        ? fill(draw.pick(["That {c} is entered in the record, to be weighed when the next name is spoken.", "It holds that {c}, and keeps it as an offering, not yet as a law."]), slots)
        : fill(draw.pick(answerTemplates(asked, draw)), slots);
    return held && heard ? `${heard} ${capitalise(held)} ${asked.question.kind === "tell" && asked.clause ? "" : draw.pick(VERDICTS)}`.trim() : null;
  };
  return firstPassing(attempt, asked.unnamed ? null : asked.topic, () => `The Council has heard your whisper. ${draw.pick(VERDICTS)}`);
}
