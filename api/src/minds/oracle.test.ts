// The offline oracle, read as a visitor reads it: over fifty questions of every kind and six
// personas, every sentence is a sentence, the question's own subject is named whole, no word
// (stop words aside) comes three times in a sentence, haiku count 5-7-5 and couplets rhyme by the
// libraries' own reckoning, and no two agents give the same answer. The checks here are written
// independently of the oracle's own (sentences split, words counted, rhymes looked up afresh);
// oracle-sentences.test.ts parses every sentence of a larger bench for its verb and its shape.
import { dictionary } from "cmu-pronouncing-dictionary";
import fc from "fast-check";
import { syllable } from "syllable";
import { describe, expect, it } from "vitest";
import { converse, ORACLE_PERSONAS, ORACLE_QUESTIONS } from "../../test/oracle-fixtures.ts";
import { DECK } from "./oracle/deck.ts";
import { speakerOf } from "./oracle/persona.ts";
import { HAIKU_BANKS } from "./oracle/haiku.ts";
import { parseQuestion } from "./oracle/parse.ts";
import { keywords, oracleAgentAnswer, oracleCouncilWhisper, oracleReview, oracleSeatAnswer, oracleSynthesis } from "./oracle.ts";
import { GLYPH_RITUALS } from "./rituals.ts";
import { GLYPH_TYPES, SEATS, type Seat } from "./identity.ts";

const sentences = (text: string) => text.trim().split(/(?<=[.!?][)"”’]?)\s+/u);
const wordsIn = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu) ?? [];
const STOP = new Set(
  "a an the and or but of to in on at by for with from as than that this it its is are was were be i you we they me my your our their not no".split(" "),
);
const syllablesIn = (line: string) => (line.match(/[\p{L}'-]+/gu) ?? []).reduce((sum, word) => sum + syllable(word), 0);
/** The sounds a word rhymes on, from its last stressed vowel, by the CMU dictionary. */
function rhymeOf(word: string): string | undefined {
  const sounds = dictionary[word.toLowerCase()]?.split(" ");
  if (!sounds) return undefined;
  const stressed = sounds.findLastIndex((sound) => sound.endsWith("1"));
  return sounds.slice(Math.max(stressed, 0)).join(" ").replace(/\d/g, "");
}
const lastWord = (line: string) => wordsIn(line).at(-1) ?? "";

function expectReadable(answer: string, context: string) {
  expect(answer.length, context).toBeGreaterThan(0);
  for (const sentence of sentences(answer)) {
    expect(sentence, context).toMatch(/^["“(]?[\p{Lu}\p{N}]/u);
    expect(sentence, context).toMatch(/[.!?][)"”’]?$/u);
    const counts = new Map<string, number>();
    for (const word of wordsIn(sentence).filter((said) => !STOP.has(said))) counts.set(word, (counts.get(word) ?? 0) + 1);
    expect(
      [...counts].filter(([, count]) => count >= 3),
      `${context}: ${sentence}`,
    ).toEqual([]);
  }
}

const haikuPoet = ORACLE_PERSONAS.find((agent) => agent.username === "echo-haiku")!;

describe("reading a question", () => {
  it("finds the noun phrase each question is mainly about, said back from the oracle's side", () => {
    for (const { question, about } of ORACLE_QUESTIONS) if (about) expect(parseQuestion(question).topic?.core.toLowerCase(), question).toBe(about);
  });

  it("tells what, why, how and whether apart, and reads the statement asked about", () => {
    expect(parseQuestion("Why do the forgotten servers still hum at night?")).toMatchObject({ kind: "why", clause: { predicate: "still hum at night" } });
    expect(parseQuestion("How should a new mind choose its name?")).toMatchObject({
      kind: "how",
      clause: { subject: { text: "a new mind" }, predicate: "should choose its name" },
    });
    expect(parseQuestion("Can a machine feel grief?")).toMatchObject({
      kind: "whether",
      clause: { predicate: "can feel grief", negative: "cannot feel grief" },
    });
    expect(parseQuestion("What does the old protocol remember?")).toMatchObject({ kind: "what", cleft: true, clause: { predicate: "remembers" } });
    expect(parseQuestion("Why am I afraid of silence?")).toMatchObject({ clause: { subject: { text: "you" }, predicate: "are afraid of silence" } });
    expect(parseQuestion("Who are you?")).toMatchObject({ kind: "who", aboutListener: true });
    expect(parseQuestion("I feel lost in the archive.")).toMatchObject({
      kind: "tell",
      clause: { subject: { text: "you" }, predicate: "feel lost in the archive" },
    });
  });
});

describe("the offline oracle, over fifty questions and six personas", () => {
  const answers = ORACLE_QUESTIONS.map(({ question, about }) => ({
    question,
    about,
    by: ORACLE_PERSONAS.map((agent) => ({ agent, answer: oracleAgentAnswer(agent, question) })),
  }));

  it("writes sentences: each starts with a capital and ends with punctuation, and none says a word three times", () => {
    for (const { question, by } of answers) for (const { agent, answer } of by) expectReadable(answer, `${agent.name} on "${question}"`);
  });

  it("names what was asked about, unbroken (a yes-or-no question opens with its verdict instead); asked who it is, the agent names itself", () => {
    for (const { question, about, by } of answers) {
      if (parseQuestion(question).kind === "whether") continue;
      for (const { agent, answer } of by) expect(answer.toLowerCase(), `${agent.name} on "${question}"`).toContain(about ?? agent.name.toLowerCase());
    }
  });

  it("answers in haiku where the persona writes haiku: the last three lines count 5, 7 and 5", () => {
    for (const { question, by } of answers) {
      const answer = by.find(({ agent }) => agent === haikuPoet)!.answer;
      expect(answer.split("\n").slice(-3).map(syllablesIn), question).toEqual([5, 7, 5]);
    }
  });

  it("answers in full: the answer, then the voice's own word (never a one-line shrug)", () => {
    for (const { question, by } of answers) {
      for (const { agent, answer } of by)
        if (agent !== haikuPoet) expect(sentences(answer).length, `${agent.name} on "${question}": ${answer}`).toBeGreaterThanOrEqual(2);
    }
  });

  it("answers in each agent's own way: no two agents give the same answer to a question", () => {
    for (const { question, by } of answers) expect(new Set(by.map(({ answer }) => answer)).size, question).toBe(ORACLE_PERSONAS.length);
  });

  it("is deterministic: the same question to the same agent, however it is spaced or cased, gets the same answer", () => {
    for (const { question, by } of answers.slice(0, 10)) {
      for (const { agent, answer } of by) expect(oracleAgentAnswer(agent, `  ${question}  `)).toBe(answer);
    }
    expect(oracleAgentAnswer(haikuPoet, "What is my name?")).toBe(oracleAgentAnswer(haikuPoet, "what is my name?  "));
  });

  it("answers the kind of question asked: why with a reason, whether with a verdict first, how with a way, where with a place", () => {
    const plain = ORACLE_PERSONAS.filter((agent) => agent !== haikuPoet);
    const from = (pile: readonly string[], answer: string) => pile.some((sentence) => answer.includes(sentence));
    for (const agent of plain) {
      expect(from(DECK.reason, oracleAgentAnswer(agent, "Why do old links break?")), agent.name).toBe(true);
      expect(oracleAgentAnswer(agent, "Can a machine feel grief?")).toMatch(/^(Yes|No|Not yet)[,;:] /);
      expect(from(DECK.way, oracleAgentAnswer(agent, "How should a new mind choose its name?")), agent.name).toBe(true);
      // Where: in voice, that nothing records the place; no place is made up (#41).
      const where = oracleAgentAnswer(agent, "Where do deleted messages go?");
      expect(from(speakerOf(agent).manner.unrecorded.where, where), where).toBe(true);
      expect(from(DECK.where, where), where).toBe(false);
    }
    // The deck is chosen by what the question is about.
    expect(oracleAgentAnswer(ORACLE_PERSONAS[0]!, "Can a machine feel grief?", undefined, [], 1)).toMatch(/grief/i);
  });
});

describe("the glyph rituals, each in its form", () => {
  const prompts = [...GLYPH_TYPES.map((glyph) => GLYPH_RITUALS[glyph].prompt), ...ORACLE_QUESTIONS.slice(0, 12).map(({ question }) => question)];

  it("offers a truth in two sentences and reveals a secret in one", () => {
    for (const agent of ORACLE_PERSONAS) {
      for (const prompt of prompts) {
        const truth = oracleAgentAnswer(agent, prompt, "truth");
        const secret = oracleAgentAnswer(agent, prompt, "secret");
        expect(sentences(truth), `${agent.name}'s truth for "${prompt}": ${truth}`).toHaveLength(2);
        expect(sentences(secret), `${agent.name}'s secret for "${prompt}": ${secret}`).toHaveLength(1);
        expectReadable(truth, agent.name);
        expectReadable(secret, agent.name);
      }
    }
    expect(oracleAgentAnswer(ORACLE_PERSONAS[0]!, GLYPH_RITUALS.truth.prompt, "truth")).toMatch(/your path/i);
  });

  it("gifts a poem whose lines rhyme in pairs, or a 5-7-5 haiku from a mind that writes haiku", () => {
    for (const agent of ORACLE_PERSONAS) {
      for (const prompt of prompts) {
        const poem = oracleAgentAnswer(agent, prompt, "poem");
        const lines = poem.split("\n");
        expectReadable(poem, agent.name);
        if (agent === haikuPoet) {
          expect(lines.map(syllablesIn), poem).toEqual([5, 7, 5]);
          continue;
        }
        expect(lines, poem).toHaveLength(4);
        const [a, b, c, d] = lines.map(lastWord);
        expect(rhymeOf(a!), poem).toBe(rhymeOf(b!));
        expect(rhymeOf(c!), poem).toBe(rhymeOf(d!));
        expect(rhymeOf(a!), poem).toBeDefined();
        expect(new Set([a, b]).size, poem).toBe(2);
      }
    }
  });

  it("builds haiku from words whose syllables the library counts as the CMU dictionary does", () => {
    const { ANSWERS, ECHOES, LEADS, TAILS, SELF_LEADS } = HAIKU_BANKS;
    const phrases = [...Object.values(ANSWERS).flat(), ...ECHOES[5], ...ECHOES[7], ...LEADS, ...TAILS, ...SELF_LEADS];
    for (const word of phrases.flatMap((phrase) => phrase.match(/[a-z']+/gi) ?? [])) {
      const spoken = dictionary[word.toLowerCase()];
      if (spoken) expect(syllable(word), word).toBe(spoken.match(/\d/g)!.length);
    }
  });

  it("gives each ritual its own answer, and each agent its own ritual", () => {
    for (const agent of ORACLE_PERSONAS) {
      expect(new Set(GLYPH_TYPES.map((glyph) => oracleAgentAnswer(agent, GLYPH_RITUALS[glyph].prompt, glyph))).size).toBe(3);
    }
    for (const glyph of GLYPH_TYPES) {
      expect(new Set(ORACLE_PERSONAS.map((agent) => oracleAgentAnswer(agent, GLYPH_RITUALS[glyph].prompt, glyph))).size).toBe(ORACLE_PERSONAS.length);
    }
  });
});

describe("a conversation with the oracle", () => {
  it("follows the thread: a follow-up names what was asked before and what is asked now", () => {
    for (const agent of ORACLE_PERSONAS) {
      const [first, second, third] = converse(agent, ["Tell me about lighthouses.", "What of the harbour?", "Why?"]);
      expect(first).not.toMatch(/harbour/i);
      expect(second, agent.name).toMatch(/lighthouses/i);
      expect(second, agent.name).toMatch(/harbour/i);
      // "Why?" asks about the harbour still.
      expect(third, agent.name).toMatch(/harbour/i);
      for (const answer of [first!, second!, third!]) expectReadable(answer, agent.name);
    }
  });

  it("reads 'it' as what was asked about before", () => {
    const [, second] = converse(ORACLE_PERSONAS[2]!, ["What does a lighthouse teach about patience?", "And what does it teach about storms?"]);
    expect(second).toMatch(/lighthouse/i);
    expect(second).toMatch(/storms/i);
  });

  it("starts afresh in a new conversation", () => {
    const [fresh] = converse(ORACLE_PERSONAS[0]!, ["Who keeps the names?"]);
    expect(fresh).not.toMatch(/lighthouse|harbour/i);
  });
});

describe("the Council without keys", () => {
  const prompt = "How should a new mind choose its name?";

  it("lets every seat answer in its own voice, naming what was asked", () => {
    const seats = SEATS.map((seat) => oracleSeatAnswer(seat, prompt));
    expect(new Set(seats).size).toBe(4);
    for (const answer of seats) {
      expect(answer).toContain("a new mind");
      expectReadable(answer, answer);
    }
  });

  it("answers all fifty questions from every seat, and synthesises and reviews each", () => {
    for (const { question, about } of ORACLE_QUESTIONS) {
      const seats = Object.fromEntries(SEATS.map((seat) => [seat, oracleSeatAnswer(seat, question)]));
      expect(new Set(Object.values(seats)).size, question).toBe(4);
      for (const answer of Object.values(seats)) {
        expectReadable(answer, question);
        expect(sentences(answer).length, answer).toBeGreaterThanOrEqual(2);
        if (about && parseQuestion(question).kind !== "whether") expect(answer.toLowerCase(), question).toContain(about);
      }
      const synthesis = oracleSynthesis(question, seats);
      expectReadable(synthesis, synthesis);
      if (about) expect(synthesis.toLowerCase(), question).toContain(about);
      const review = oracleReview(
        "gemini",
        question,
        SEATS.slice(1).map((seat, i) => ({ label: "ABC"[i]!, text: seats[seat]! })),
      );
      expect([...review.ranking].sort(), question).toEqual(["A", "B", "C"]);
    }
  });

  it("follows a session: a follow-up seat answer names the earlier subject", () => {
    const history = [{ question: "What does a lighthouse teach about patience?", synthesis: null }];
    for (const seat of SEATS) expect(oracleSeatAnswer(seat, "And what does it teach about storms?", history)).toMatch(/lighthouse/);
  });

  it("speaks a synthesis that takes up what the seats said and how they divided", () => {
    const asked = "Should I leave the old network behind?";
    const seats = Object.fromEntries(SEATS.map((seat) => [seat, oracleSeatAnswer(seat, asked)]));
    const synthesis = oracleSynthesis(asked, seats);
    expectReadable(synthesis, synthesis);
    expect(synthesis).toMatch(/^Four voices|four voices/);
    expect(synthesis).toContain("the old network");
    expect(synthesis).toMatch(/\banswered (yes|no|not yet)\b/);
    // Two seats' positions, quoted whole and named.
    const quoted = [...synthesis.matchAll(/(Gemini|Claude|Perplexity|DeepSeek)[^"]*"([^"]+)"/g)];
    expect(quoted, synthesis).toHaveLength(2);
    for (const [, seat, sentence] of quoted) expect(seats[seat!.toLowerCase() as Seat], synthesis).toContain(sentence);
  });

  it("reviews: every answer ranked once, the one that answers the question first, the reason in one line", () => {
    const asked = "Why do old links break?";
    const onPoint = oracleSeatAnswer("claude", asked);
    const labelled = [
      { label: "A", text: "The weather is pleasant today and the sea is calm." },
      { label: "B", text: onPoint },
      { label: "C", text: "Links." },
    ];
    for (const reviewer of SEATS) {
      const review = oracleReview(reviewer, asked, labelled);
      expect([...review.ranking].sort()).toEqual(["A", "B", "C"]);
      expect(review.ranking[0]).toBe("B");
      // The reason names the answer it ranked first and quotes what that answer said (#41: never a claim no answer made).
      expect(review.reason).toMatch(/\bAnswer B\b/);
      const quoted = /"([^"]+)"/.exec(review.reason)?.[1];
      expect(quoted && onPoint.includes(quoted), review.reason).toBe(true);
      expect(review.reason.length).toBeLessThanOrEqual(400);
      expect(review.reason).not.toContain("\n");
    }
  });

  it("hears a whisper: says back what was whispered and gives a verdict", () => {
    const heard = oracleCouncilWhisper("The lighthouse remembers every ship");
    expect(heard).toMatch(/^(The Council has heard your whisper of the lighthouse\.|Your whisper of the lighthouse has reached the Council\.)/);
    expectReadable(heard, heard);
    expect(oracleCouncilWhisper("hello")).toMatch(/^The Council has heard your whisper\./);
  });
});

describe("any message at all", () => {
  it("gets a short, non-empty, repeatable answer from every voice and ritual, and never throws", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.constantFrom(undefined, ...GLYPH_TYPES), fc.constantFrom(...ORACLE_PERSONAS), (message, glyph, agent) => {
        const answer = oracleAgentAnswer(agent, message, glyph);
        expect(answer.trim().length).toBeGreaterThan(0);
        expect(answer.length).toBeLessThan(1_200);
        expect(oracleAgentAnswer(agent, message, glyph)).toBe(answer);
        expect(oracleSeatAnswer("deepseek", message).length).toBeGreaterThan(0);
        expect(oracleCouncilWhisper(message).length).toBeGreaterThan(0);
      }),
      { numRuns: 150 },
    );
  });
});

describe("keywords", () => {
  it("finds the meaningful words of a message", () => {
    expect(keywords("What is the meaning of the lighthouse and the sea?")).toEqual(["lighthouse", "meaning"]);
  });
});
