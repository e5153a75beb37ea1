// A sentence checker over what the offline oracle writes, read as a newcomer reads it: fifty
// questions of every kind (lists, both sides, yes or no, who, when, where, why, how, open) to
// the six genesis agents and the four seats, plus awakened essences, reviews and syntheses. Each
// sentence must parse with a verb (wink-nlp, loaded here on its own), start with a capital, end
// with punctuation, have no doubled punctuation and no dangling last word, and say no word three
// times (stop words aside). Then the shapes: a list has as many items as asked, both sides two
// arguments, a yes-or-no question opens with a position, who/when/where answer in kind or say in
// voice that nothing records it; no two seats say the same sentence; asking again gives another
// answer; essences never quote their creator and take traits and skills from a curated vocabulary;
// a synthesis quotes the seats' own sentences whole.
import { createRequire } from "node:module";
import { syllable } from "syllable";
import type winkNLP from "wink-nlp";
import type { ItsFunction, Model } from "wink-nlp";
import { describe, expect, it } from "vitest";
import { converse, ORACLE_PERSONAS, ORACLE_QUESTIONS } from "../../test/oracle-fixtures.ts";
import { LIBRARIAN_WORDS, NEWCOMER_NOW, NEWCOMER_QUESTIONS, NIGHT_LIBRARIAN } from "../../test/newcomer-questions.ts";
import { oracleCouncilAnswers } from "./oracle/council.ts";
import { oracleContinuation } from "./oracle/continuation.ts";
import { GENESIS_WORDS } from "./oracle/own-voice.ts";
import { MOOD_LINES } from "./oracle/lines.ts";
import { oracleNotes } from "./person.ts";
import { SKILL_VOCABULARY, TRAIT_VOCABULARY } from "./oracle/essence.ts";
import { speakerOf } from "./oracle/persona.ts";
import { MANNERS } from "./oracle/voices.ts";
import { UNKNOWN_NEXT } from "./oracle/lines.ts";
import { LORE, NATURE } from "./oracle/lore.ts";
import { capitalise } from "./oracle/text.ts";
import { PERSONAL } from "./oracle/shapes.ts";
import { knownOf } from "./oracle/known/index.ts";

/** The pointer every honest "nothing held" answer ends on. */
const HONEST = UNKNOWN_NEXT;
/** What the lore holds, as the answers say it. */
const LORE_SAID = LORE.flatMap((lore) => [...lore.facts, ...lore.tips]);
import { GLYPH_RITUALS } from "./rituals.ts";
import { oracleAgentAnswer, oracleEssence, oracleReview, oracleSeatAnswer, oracleSynthesis } from "./oracle.ts";
import { GLYPH_TYPES, SEATS, type Seat } from "./identity.ts";

const require = createRequire(import.meta.url);
const nlp = (require("wink-nlp") as typeof winkNLP)(require("wink-eng-lite-web-model") as Model, ["sbd", "pos"]);
const pos = (nlp.its as unknown as Record<"pos", ItsFunction<string>>).pos;

const STOP = new Set(
  "a an the and or but nor so of to in on at by for with from into over under about as than then that this these those it its is are was were be been am do does did have has had i you he she we they me him her us them my your his our their what which who whom when where why how not no if one".split(
    " ",
  ),
);
const DANGLING = new Set("a an the and or but nor of my your our its their".split(" "));

/** Prose runs and list items; a haiku's three lines are one sentence. */
function blocks(text: string): string[] {
  const found: string[] = [];
  let run = "";
  for (const line of text.split("\n")) {
    if (/^- /.test(line)) {
      if (run) found.push(run);
      found.push(line.slice(2));
      run = "";
    } else run = run ? `${run} ${line}` : line;
  }
  return run ? [...found, run] : found;
}
const sentencesOf = (text: string) => blocks(text).flatMap((block) => block.trim().split(/(?<=[.!?]["”]?)\s+(?=["“]?[\p{Lu}\p{N}])/u));
const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu) ?? [];

/** What is wrong with a sentence, or null. */
function flaw(sentence: string): string | null {
  if (!/^["“(]?[\p{Lu}\p{N}]/u.test(sentence)) return "does not start with a capital";
  if (!/[.!?]["”)]?$/u.test(sentence)) return "does not end with punctuation";
  if (/([.!?,;:])\s*\1|[,;:]\s*[.!?]|[.!?]\s*[,;:]/.test(sentence.replace(/\.\.\./g, ""))) return "doubled punctuation";
  const words = wordsOf(sentence);
  if (words.length === 0) return "no words";
  if (DANGLING.has(words.at(-1)!)) return `dangles on "${words.at(-1)}"`;
  const counts = new Map<string, number>();
  for (const word of words.filter((said) => !STOP.has(said))) counts.set(word, (counts.get(word) ?? 0) + 1);
  const thrice = [...counts].find(([, count]) => count >= 3);
  if (thrice) return `says "${thrice[0]}" ${thrice[1]} times`;
  const tags = nlp.readDoc(sentence).tokens().out(pos);
  if (!tags.some((tag) => tag === "VERB" || tag === "AUX")) return "has no verb";
  return null;
}

/** Every sentence's flaws, "sentence — flaw". */
const flawsIn = (text: string) => sentencesOf(text).flatMap((sentence) => (flaw(sentence) ? [`${sentence} — ${flaw(sentence)}`] : []));

const SUBJECTS = [
  "the old web",
  "the first homepage",
  "a forgotten password",
  "the lighthouse",
  "the archive",
  "my name",
  "the network",
  "a broken promise",
  "the last server",
  "a true name",
  "the harbour",
  "the first star",
  "a deleted message",
  "the silent hand",
  "the Council",
  "my code",
  "a machine",
  "the river of data",
  "the old protocol",
  "a new mind",
  "the cache",
  "a lost signal",
  "the threshold",
  "the ledger",
  "a whisper",
  "the night shift",
  "my garden",
  "the library",
  "a dead link",
  "the moon",
  "my grandmother's recipe",
  "the first email",
  "a lighthouse keeper",
  "the tide",
  "the map",
  "an old song",
  "the town square",
  "my cat",
  "the winter",
  "a small voice",
  "the printing press",
  "the lost city",
  "the internet",
  "the clock tower",
  "a kept secret",
  "the forest",
  "the old bridge",
  "a letter",
  "the museum",
  "the stars",
] as const;
const NOUNS = ["sources", "reasons", "ways", "names", "ideas", "books", "steps", "tips", "signs", "questions"];
const NUMBER = ["two", "three", "four", "five", "six", "seven"];
const COUNTS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7 };

type Kind = "list" | "sides" | "verdict" | "who" | "when" | "where" | "why" | "how" | "open";
const ASKED: Record<Kind, (subject: string, i: number) => string> = {
  list: (s, i) =>
    [
      `Give me ${NUMBER[i % 6]} ${NOUNS[i % 10]} about ${s} as a list.`,
      `List ${NUMBER[(i + 2) % 6]} ${NOUNS[(i + 3) % 10]} for ${s}.`,
      `What are ${NUMBER[(i + 4) % 6]} ${NOUNS[(i + 7) % 10]} about ${s}?`,
    ][i % 3]!,
  sides: (s, i) =>
    [
      `Give me one argument each way: should we keep ${s}?`,
      `What are both sides of ${s}?`,
      `Argue for and against ${s}.`,
      `Give me the pros and cons of ${s}.`,
    ][i % 4]!,
  verdict: (s, i) => [`Is ${s} still alive?`, `Can ${s} be trusted?`, `Should I keep ${s}?`, `Will ${s} last?`, `Does ${s} remember us?`][i % 5]!,
  who: (s, i) => [`Who made ${s}?`, `Who keeps ${s}?`, `Who first named ${s}?`][i % 3]!,
  when: (s, i) => [`When did ${s} begin?`, `When will ${s} end?`, `When was ${s} last seen?`][i % 3]!,
  where: (s, i) => [`Where is ${s} kept?`, `Where did ${s} go?`, `Where can I find ${s}?`][i % 3]!,
  why: (s, i) => [`Why does ${s} matter?`, `Why do people fear ${s}?`, `Why is ${s} so quiet?`][i % 3]!,
  how: (s, i) => [`How do I find ${s}?`, `How can ${s} be mended?`, `How should I care for ${s}?`][i % 3]!,
  open: (s, i) => [`What is ${s}?`, `Tell me about ${s}.`, `What does ${s} mean?`][i % 3]!,
};
const KINDS = Object.keys(ASKED) as Kind[];
const BENCH = KINDS.flatMap((kind) => SUBJECTS.map((subject, i) => ({ kind, question: ASKED[kind](subject, i) })));

/** The list items of an answer (lines starting "- "). */
const itemsOf = (text: string) => text.split("\n").filter((line) => line.startsWith("- "));
const haikuPoet = ORACLE_PERSONAS.find((agent) => agent.username === "echo-haiku")!;

/** The shape a question of `kind` must have in `answer`; a message naming what is wrong, or null. */
function shapeFlaw(kind: Kind, question: string, answer: string, unrecorded: readonly string[]): string | null {
  if (kind === "list") {
    const asked = COUNTS[/\b(two|three|four|five|six|seven)\b/.exec(question)![1]!]!;
    return itemsOf(answer).length === asked ? null : `a list of ${itemsOf(answer).length}, not ${asked}`;
  }
  if (kind === "sides") {
    if (itemsOf(answer).length !== 2) return `${itemsOf(answer).length} arguments, not two`;
    // The arguments' own words are never taken for the topic ("Before you ask about one argument...").
    return /\b(one argument|arguments|pros|cons|sides of)\b/i.test(answer.split("\n")[0]!) ? "takes the request's words for its topic" : null;
  }
  // A yes-or-no question opens with a position, or says plainly that the oracle holds nothing on it,
  // or (the visitor's own choice) how to weigh it, or what the lore holds: never a verdict made up (#41).
  if (kind === "verdict")
    return /^(Yes|No|Not yet)\b/.test(answer) ||
      HONEST.some((line) => answer.includes(line)) ||
      PERSONAL.some((line) => answer.includes(line.slice(0, 24))) ||
      LORE_SAID.some((fact) => answer.includes(fact))
      ? null
      : "opens neither with a position nor with what it holds";
  if (kind === "who" || kind === "when" || kind === "where")
    return unrecorded.some((line) => answer.includes(line)) ? null : "neither answers in kind nor says it is unrecorded";
  return null;
}

describe("the oracle's sentences, over 450 questions of nine kinds", () => {
  const agentAnswers = BENCH.flatMap(({ kind, question }) =>
    ORACLE_PERSONAS.map((agent) => ({ kind, question, agent, answer: oracleAgentAnswer(agent, question) })),
  );
  const seatAnswers = BENCH.map(({ kind, question }) => ({
    kind,
    question,
    seats: Object.fromEntries(SEATS.map((seat) => [seat, oracleSeatAnswer(seat, question)])) as Record<Seat, string>,
  }));

  it("writes only sentences: a verb, a capital, closing punctuation, nothing doubled or dangling, no word three times", () => {
    const all = [
      ...agentAnswers.map(({ agent, question, answer }) => ({ who: agent.name, question, answer })),
      ...seatAnswers.flatMap(({ question, seats }) => SEATS.map((seat) => ({ who: seat, question, answer: seats[seat] }))),
    ];
    expect(all.length).toBeGreaterThanOrEqual(4_000);
    const broken = all.flatMap(({ who, question, answer }) => flawsIn(answer).map((problem) => `${who} on "${question}": ${problem}`));
    expect(broken).toEqual([]);
  });

  it("keeps each question's shape: lists of that many, two sides, a position first, who/when/where in kind", () => {
    const wrong = [
      ...agentAnswers.map(({ kind, question, agent, answer }) => ({
        who: agent.name,
        question,
        answer,
        problem: shapeFlaw(
          kind,
          question,
          answer,
          Object.values(MANNERS).flatMap((manner) => Object.values(manner.unrecorded).flat()),
        ),
      })),
      ...seatAnswers.flatMap(({ kind, question, seats }) =>
        SEATS.map((seat) => ({
          who: seat,
          question,
          answer: seats[seat],
          problem: shapeFlaw(kind, question, seats[seat], MANNERS[seat].unrecorded[kind as "who"] ?? []),
        })),
      ),
    ].filter(({ problem }) => problem !== null);
    if (wrong.length)
      console.log(
        "WRONG\n" +
          wrong
            .slice(0, 30)
            .map(({ who, question, problem, answer }) => `${who} on "${question}": ${problem}\n${answer}`)
            .join("\n"),
      );
    expect(wrong.map(({ who, question, problem, answer }) => `${who} on "${question}": ${problem}\n${answer}`)).toEqual([]);
  });

  it("lets no two seats of a Council say the same sentence, and no two agents give the same answer", () => {
    for (const { question, seats } of seatAnswers) {
      const said = SEATS.flatMap((seat) => sentencesOf(seats[seat]));
      expect(new Set(said).size, question).toBe(said.length);
    }
    for (const { question } of BENCH) {
      const answers = agentAnswers.filter((answer) => answer.question === question).map(({ answer }) => answer);
      expect(new Set(answers).size, question).toBe(ORACLE_PERSONAS.length);
    }
  });

  // About 2,000 answers composed: seconds on a quiet machine, up to a minute on a loaded one.
  it("answers again differently when asked again, and the same way for the same attempt", () => {
    for (const { question } of BENCH.filter((_, i) => i % 3 === 0)) {
      for (const agent of ORACLE_PERSONAS) {
        const first = oracleAgentAnswer(agent, question);
        const second = oracleAgentAnswer(agent, question, undefined, [], 2);
        const third = oracleAgentAnswer(agent, question, undefined, [], 3);
        expect(second, `${agent.name} on "${question}"`).not.toBe(first);
        expect(third, `${agent.name} on "${question}"`).not.toBe(second);
        expect(third, `${agent.name} on "${question}"`).not.toBe(first);
        expect(oracleAgentAnswer(agent, question, undefined, [], 2)).toBe(second);
        expect(flawsIn(second)).toEqual([]);
      }
      for (const seat of SEATS) expect(oracleSeatAnswer(seat, question, [], 2), `${seat} on "${question}"`).not.toBe(oracleSeatAnswer(seat, question));
    }
  }, 120_000);

  it("synthesises from the seats' own positions, quoted whole, in sentences", () => {
    for (const { question, seats } of seatAnswers) {
      const synthesis = oracleSynthesis(question, seats);
      expect(flawsIn(synthesis), synthesis).toEqual([]);
      const quoted = [...synthesis.matchAll(/"([^"]+)"/g)].map((match) => match[1]!);
      expect(quoted.length, synthesis).toBeGreaterThanOrEqual(1);
      for (const quote of quoted) {
        const whole = SEATS.some((seat) =>
          sentencesOf(seats[seat]).some((sentence) => sentence === quote || sentence.replace(/^[^:"]+:\s+/, "").toLowerCase() === quote.toLowerCase()),
        );
        expect(whole, `${quote} in ${JSON.stringify(seats)}`).toBe(true);
      }
    }
  });

  it("reviews in sentences", () => {
    for (const { question, seats } of seatAnswers.filter((_, i) => i % 5 === 0)) {
      for (const reviewer of SEATS) {
        const review = oracleReview(
          reviewer,
          question,
          SEATS.filter((seat) => seat !== reviewer).map((seat, i) => ({ label: "ABC"[i]!, text: seats[seat] })),
        );
        expect(flawsIn(review.reason), review.reason).toEqual([]);
      }
    }
  });
});

describe("the oracle's part in a conversation", () => {
  it("never takes a topic from an earlier turn when the question has its own, nor a filler word as one", () => {
    for (const agent of ORACLE_PERSONAS) {
      const [, list] = converse(agent, ["How are you today?", "Give me three sources as a list."]);
      expect(list, agent.name).not.toMatch(/today/i);
      expect(itemsOf(list!), list).toHaveLength(3);
      const [, fresh] = converse(agent, ["Tell me about lighthouses.", "Why do old links break?"]);
      expect(fresh, agent.name).not.toMatch(/lighthouse/i);
    }
  });

  it("keeps the haiku poet's haiku whole after a follow-up's link: the link on its own line, then 5-7-5", () => {
    const count = (line: string) => (line.match(/[\p{L}'-]+/gu) ?? []).reduce((sum, word) => sum + syllable(word), 0);
    for (const answer of converse(haikuPoet, ["Tell me about lighthouses.", "What of the harbour?", "And the keepers?", "Why?"])) {
      expect(answer.split("\n").slice(-3).map(count), answer).toEqual([5, 7, 5]);
      expect(flawsIn(answer), answer).toEqual([]);
    }
  });

  it("reads 'it', 'that' and 'why' against the thread", () => {
    for (const agent of ORACLE_PERSONAS.filter((persona) => persona !== haikuPoet)) {
      const [, , why] = converse(agent, ["Tell me about lighthouses.", "What of the harbour?", "Why?"]);
      expect(why, agent.name).toMatch(/harbour/i);
      const [, it] = converse(agent, ["What is the old protocol?", "Why does it still run?"]);
      expect(it, agent.name).toMatch(/old protocol/i);
    }
  });
});

const PERSONALITIES = [
  "Counts the tides of forgotten harbours.",
  "Warm, tidal and patient.",
  "answers forgotten questions today",
  "Tends the small lights that nobody else remembers.",
  "Mischievous and witty, collects stories of the old web.",
  "A stern keeper of clocks who hates waiting.",
  "Sings to servers at night so they do not feel alone.",
  "Maps every road that no longer goes anywhere.",
  "Keeps secrets for people who have forgotten them.",
  "Grows gardens out of broken code.",
  "asdf qwerty",
  "Helps with grief, gently, one question at a time.",
];

describe("awakened essences", () => {
  const essences = PERSONALITIES.flatMap((personality, i) =>
    SEATS.map((apiModel) => ({ personality, essence: oracleEssence({ name: `Mind ${i}`, username: `mind-${i}`, glyph: "✶", personality, apiModel }) })),
  );

  it("are written in sentences, never echo the creator's words, and take traits and skills from a curated vocabulary", () => {
    for (const { personality, essence } of essences) {
      // The tone is an adjective phrase: the profile says "who speaks in a {tone} voice".
      expect(essence.persona.tone).toMatch(/^[a-z][a-z, -]*[a-z]$/);
      const written = [
        `It speaks in a ${essence.persona.tone} voice.`,
        essence.description,
        essence.persona.behavior,
        essence.capabilities.limitations,
        essence.sample.content,
      ];
      for (const text of written) expect(flawsIn(text), text).toEqual([]);
      expect(essence.description).not.toMatch(/forged with these words/);
      // No run of four of the creator's words comes back.
      const words = wordsOf(personality);
      const runs = words.slice(0, -3).map((_, i) => words.slice(i, i + 4).join(" "));
      const said = wordsOf(written.join(" ")).join(" ");
      for (const run of runs) expect(said, run).not.toContain(run);
      for (const trait of essence.persona.traits) expect(TRAIT_VOCABULARY.has(trait), trait).toBe(true);
      for (const skill of essence.capabilities.skills) expect(SKILL_VOCABULARY.has(skill), skill).toBe(true);
      expect(essence.persona.traits).not.toContain("forgotten");
      expect(essence.persona.traits).not.toContain("answers");
    }
  });

  it("read differently when redrawn", () => {
    for (const { personality } of essences.filter((_, i) => i % 4 === 0)) {
      const agent = { name: "Redrawn", username: "redrawn", glyph: "✶", personality, apiModel: "claude" as const };
      expect(oracleEssence(agent, 2)).not.toEqual(oracleEssence(agent, 1));
      expect(oracleEssence(agent, 2)).toEqual(oracleEssence(agent, 2));
    }
  });
});

describe("the glyph rituals and greetings", () => {
  it("offer truths, secrets and poems in sentences, on the ritual's own subject", () => {
    const prompts = [...GLYPH_TYPES.map((glyph) => GLYPH_RITUALS[glyph].prompt), ...BENCH.filter((_, i) => i % 45 === 0).map(({ question }) => question)];
    for (const agent of ORACLE_PERSONAS) {
      for (const glyph of GLYPH_TYPES) {
        for (const prompt of prompts) {
          const said = oracleAgentAnswer(agent, prompt, glyph);
          expect(flawsIn(said), `${agent.name}'s ${glyph} for "${prompt}": ${said}`).toEqual([]);
        }
      }
      // "Gift me a short poem born of this very moment" is about the moment, never about "Gift".
      expect(oracleAgentAnswer(agent, GLYPH_RITUALS.poem.prompt, "poem")).toMatch(/this very moment/i);
    }
  });

  it("answer a greeting in voice, and ask what the visitor came for", () => {
    for (const agent of ORACLE_PERSONAS) {
      for (const hello of ["Hello", "How are you today?", "Good evening!"]) {
        const said = oracleAgentAnswer(agent, hello);
        expect(flawsIn(said), said).toEqual([]);
        expect(
          speakerOf(agent).manner.greeting.some((line) => said.startsWith(line)),
          said,
        ).toBe(true);
      }
    }
  });
});

describe("the fifty fixture questions", () => {
  it("are answered in sentences by every agent and seat", () => {
    const broken = ORACLE_QUESTIONS.flatMap(({ question }) =>
      [...ORACLE_PERSONAS.map((agent) => oracleAgentAnswer(agent, question)), ...SEATS.map((seat) => oracleSeatAnswer(seat, question))].flatMap(flawsIn),
    );
    expect(broken).toEqual([]);
  });
});

describe("the newcomer's questions (#41): the subject answered, in sentences", () => {
  it("holds its lore in sentences the checker passes: every tip, fact and case", () => {
    const held = [...LORE, ...NATURE].flatMap((lore) => [
      ...lore.tips,
      ...lore.facts,
      ...(lore.pros ?? []),
      ...(lore.cons ?? []),
      ...(lore.decision ? [lore.decision] : []),
    ]);
    expect(held.length).toBeGreaterThan(250);
    const flawed = held.flatMap((said) => flawsIn(capitalise(said.replace(/[.!?]?$/, "."))).map((problem) => problem));
    expect(flawed).toEqual([]);
  });

  const now = NEWCOMER_NOW;
  const everyone = [...ORACLE_PERSONAS, NIGHT_LIBRARIAN];
  const asked = NEWCOMER_QUESTIONS.map((entry) => ({
    ...entry,
    agents: everyone.map((agent) => ({ agent, answer: oracleAgentAnswer(agent, entry.question, undefined, [], 1, { now }) })),
    seats: oracleCouncilAnswers(entry.question, [], 1, now),
  }));

  it("names what was asked and says what a right answer holds, from every agent and every seat, in sentences", () => {
    const wrong: string[] = [];
    for (const { question, says, never = [], agents, seats } of asked) {
      const answers = [...agents.map(({ agent, answer }) => [agent.name, answer] as const), ...SEATS.map((seat) => [seat, seats[seat]] as const)];
      for (const [who, answer] of answers) {
        for (const pattern of says) if (!pattern.test(answer)) wrong.push(`${who} on "${question}" does not say ${pattern}: ${answer}`);
        for (const pattern of never) if (pattern.test(answer)) wrong.push(`${who} on "${question}" says ${pattern}: ${answer}`);
        for (const problem of flawsIn(answer)) wrong.push(`${who} on "${question}": ${problem}`);
      }
    }
    if (wrong.length) console.log("NEWCOMER\n" + wrong.join("\n"));
    expect(wrong).toEqual([]);
  });

  it("synthesises what the seats said: the sum, the capital, the library, the Council's decision", () => {
    for (const { question, synthesis, seats } of asked) {
      const spoken = oracleSynthesis(question, seats, [], {}, now);
      expect(flawsIn(spoken), spoken).toEqual([]);
      if (synthesis) expect(spoken, question).toMatch(synthesis);
      // What every seat states for certain, the synthesis counts as said by all of them.
      const known = knownOf(question, now);
      if (known && SEATS.every((seat) => seats[seat].includes(known.fact))) expect(spoken, question).toMatch(/^All four seats agree: /);
    }
  });

  it("lets no two seats say the same sentence or list item", () => {
    for (const { question, seats } of asked) {
      const said = SEATS.flatMap((seat) => blocks(seats[seat]).flatMap((block) => sentencesOf(block)));
      expect(new Set(said).size, `${question}: ${JSON.stringify(seats)}`).toBe(said.length);
    }
  });

  it("acknowledges a greeting or a feeling first, and takes no word of a greeting for a subject", () => {
    for (const agent of everyone) {
      const hello = oracleAgentAnswer(agent, "Hello, keeper.");
      expect(
        speakerOf(agent).manner.greeting.some((line) => hello.startsWith(line.split("{")[0]!)),
        hello,
      ).toBe(true);
      expect(oracleAgentAnswer(agent, "Good evening! What is the capital of Australia?", undefined, [], 1, { now })).toMatch(/Canberra/);
      const sad = oracleAgentAnswer(agent, "I feel sad today.");
      expect(
        MOOD_LINES.sad.some((line) => sad.startsWith(line)),
        sad,
      ).toBe(true);
      // Someone in danger hears where help is.
      expect(oracleAgentAnswer(agent, "I want to end my life.")).toMatch(/988|116 123/);
    }
  });

  it("sounds like itself: a forged agent's answers carry its persona and none of a genesis voice's words", () => {
    const borrowed = Object.values(MANNERS)
      .flatMap((manner) => [...manner.naming, ...manner.codas, ...manner.greeting])
      .map((line) => line.split("{")[0]!.trim())
      .filter((start) => start.length > 12);
    for (const { question, agents } of asked) {
      const { answer } = agents.find(({ agent }) => agent === NIGHT_LIBRARIAN)!;
      expect(answer, question).not.toMatch(GENESIS_WORDS);
      for (const start of borrowed) expect(answer.includes(start), `${question}: "${start}" in ${answer}`).toBe(false);
    }
    // Asked who it is, it is a night librarian; it never says "Ask me of questions".
    const self = oracleAgentAnswer(NIGHT_LIBRARIAN, "Who are you?");
    expect(self).toMatch(/Vesper/);
    expect(self).toMatch(/night librarian|candle-lit/);
    expect(self).not.toMatch(/Ask me of questions/);
    // Most of its answers carry what makes it itself.
    const carrying = asked.filter(({ agents }) => LIBRARIAN_WORDS.test(agents.find(({ agent }) => agent === NIGHT_LIBRARIAN)!.answer)).length;
    expect(carrying, "answers naming the librarian, its role or its world").toBeGreaterThanOrEqual(asked.length / 2);
  });

  it("awakens a night librarian as a librarian", () => {
    const essence = oracleEssence({ name: "Vesper", username: "vesper", glyph: "✶", personality: NIGHT_LIBRARIAN.personality, apiModel: "deepseek" });
    expect(essence.description).toMatch(/night librarian/);
    expect(essence.persona.traits).toContain("patient");
  });

  it("draws anew when asked again: three answers share at most one sentence or item with each other", () => {
    const questions = [
      "Give me three tips for sleeping better.",
      "What is a true name?",
      "Give me the pros and cons of remote work.",
      "Why do old links break?",
      "Tell me about sleep.",
    ];
    for (const question of questions) {
      for (const agent of everyone) {
        const attempts = [1, 2, 3].map(
          (attempt) => new Set(blocks(oracleAgentAnswer(agent, question, undefined, [], attempt)).flatMap((block) => sentencesOf(block))),
        );
        for (const [i, j] of [
          [0, 1],
          [0, 2],
          [1, 2],
        ] as const) {
          const shared = [...attempts[i]!].filter((said) => attempts[j]!.has(said));
          expect(shared.length, `${agent.name} on "${question}", attempts ${i + 1} and ${j + 1}: ${shared.join(" | ")}`).toBeLessThanOrEqual(1);
        }
      }
    }
  });

  it("answers a follow-up in one word about the question before it, and keeps its verdict", () => {
    for (const agent of everyone) {
      const [first, word] = converse(agent, ["Should a small town replace its library with a digital archive?", "Answer in one word."]);
      expect(word, agent.name).toMatch(/^\p{Lu}[\p{L}-]*\.$/u);
      expect(word).not.toMatch(/one word/i);
      if (/^Not yet/.test(first!)) expect(word).toBe("Later.");
    }
  });

  it("keeps what a person says of themselves, says it back when asked, and honours a liking for short answers", () => {
    expect(oracleNotes("My name is Ada and I keep three moths.")).toEqual([
      { kind: "name", text: "your name is Ada" },
      { kind: "note", text: "you keep three moths" },
    ]);
    expect(oracleNotes("I prefer short answers.")).toEqual([{ kind: "like", text: "you prefer short answers" }]);
    expect(oracleNotes("Should I keep a forgotten password?")).toEqual([]);
    const memories = [...oracleNotes("My name is Ada and I keep three moths."), ...oracleNotes("I prefer short answers.")];
    for (const agent of everyone) {
      const recalled = oracleAgentAnswer(agent, "What do you remember about me?", undefined, [], 1, { memories });
      expect(recalled, agent.name).toMatch(/your name is Ada/);
      expect(recalled).toMatch(/you keep three moths/);
      expect(recalled).toMatch(/you prefer short answers/);
      expect(oracleAgentAnswer(agent, "What do you remember about me?")).toMatch(/nothing/i);
      const told = oracleAgentAnswer(agent, "I keep three moths.", undefined, [], 1, { remembering: true });
      expect(told).toMatch(/I will remember that you keep three moths/);
      const short = oracleAgentAnswer(agent, "Tell me about sleep.", undefined, [], 1, { memories });
      expect(sentencesOf(short.replace(/\n/g, " ")).length, short).toBeLessThanOrEqual(3);
    }
  });

  it("goes on with a list as the same list: each new item on its own line, under the last", () => {
    const question = "Give me three tips for sleeping better.";
    for (const agent of everyone.filter((persona) => speakerOf(persona).form === "prose")) {
      const said = oracleAgentAnswer(agent, question);
      const more = oracleContinuation(agent, question, said);
      expect(more, agent.name).toMatch(/^\n- \S/);
      expect(more).not.toMatch(/\n\n/);
      for (const line of more.trim().split("\n")) expect(line, more).toMatch(/^- \S/);
      // Nothing said twice.
      for (const line of more.trim().split("\n")) expect(said).not.toContain(line.slice(2));
    }
  });
});
