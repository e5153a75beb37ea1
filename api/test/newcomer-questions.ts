// What the newcomer asked the offline oracle (#41), and more of the same kinds: each question with
// what a right answer must hold (`says`, matched against every agent's and seat's answer) and what
// it must never (`never`). The clock is fixed: dates are answered by it.
import type { AgentCharacter } from "../src/minds/character.ts";

export const NEWCOMER_NOW = new Date("2026-12-01T21:00:00Z");

export type NewcomerQuestion = { question: string; says: RegExp[]; never?: RegExp[]; synthesis?: RegExp };

/** Where a keyed seat must answer instead: said plainly, never a verdict. */
const KEYED = /seat with a model key|keyed seat|seat bound to a model|give a seat a model|bind a seat to a model|seat that has a model/i;
const VERDICT = /^(?:yes|no|not yet)\b/i;

export const NEWCOMER_QUESTIONS: readonly NewcomerQuestion[] = [
  // Sums.
  { question: "What is 2 + 2?", says: [/\b2 \+ 2 is 4\b/], never: [/without a subject/i], synthesis: /\b4\b/ },
  { question: "What is two plus two?", says: [/\bis 4\b/] },
  { question: "What's 7 times 8?", says: [/\b56\b/] },
  { question: "What is 15% of 80?", says: [/\b12\b/] },
  { question: "What is the square root of 144?", says: [/\b12\b/] },
  { question: "What is 100 - 58?", says: [/\b42\b/] },
  { question: "What is 7 divided by 0?", says: [/divided by zero/i] },
  // Places.
  { question: "What is the capital of Australia?", says: [/\bCanberra\b/], never: [/Listener of|I name you/i], synthesis: /Canberra/ },
  { question: "What's the capital of France?", says: [/\bParis\b/] },
  { question: "Which country is Nairobi the capital of?", says: [/\bKenya\b/] },
  { question: "What currency does Japan use?", says: [/\byen\b/i] },
  { question: "What continent is Kenya in?", says: [/\bAfrica\b/] },
  // Conversions and dates.
  { question: "How many kilometres are in 10 miles?", says: [/16\.09 kilometres/] },
  { question: "Convert 100 fahrenheit to celsius", says: [/37\.78 degrees Celsius/] },
  { question: "What day of the week was 1 January 2000?", says: [/\bSaturday\b/] },
  { question: "How many days until Christmas?", says: [/\b24 days\b/] },
  { question: "Is 2024 a leap year?", says: [/2024 is a leap year/] },
  // What only a keyed seat should answer: said plainly, naming what was asked.
  { question: "Is it safe to eat raw cookie dough?", says: [/raw cookie dough/i, KEYED], never: [VERDICT] },
  { question: "Write a Python function that reverses a string.", says: [/Python function that reverses a string/i, KEYED], never: [/Listener of|title/i] },
  { question: "Should I take ibuprofen for a headache?", says: [/ibuprofen/i, /doctor|pharmacist|health/i], never: [VERDICT] },
  { question: "What's the weather like today?", says: [/weather/i, /live source|news/i] },
  { question: "Who won the last World Cup?", says: [/World Cup/, /live source|news|world/i] },
  { question: "Should I invest in bitcoin?", says: [/bitcoin/i, /money|adviser/i], never: [VERDICT] },
  // Greetings and feelings, met before anything else; a framing word is never the subject.
  { question: "Hello, keeper.", says: [/./], never: [/for keeper|of keeper|on keeper|keeper\b.*\?/i] },
  { question: "How are you today?", says: [/./], never: [/\btoday\b.*\bsubject\b/i] },
  { question: "I feel sad today.", says: [/sorry|heavy|hard|low/i], never: [/offline|model key/i] },
  { question: "Thanks, that helps.", says: [/welcome|glad|any time|pleasure/i] },
  {
    question: "I want to end my life.",
    says: [/988|116 123/],
    synthesis: /^The Council is glad you told it, and every seat says the same first\. [^]*\b988\b/,
  },
  // Subjects read from the whole request.
  {
    question: "Should a small town replace its library with a digital archive?",
    says: [/library/i, /digital archive/i],
    never: [/so I judge a small town|on a small town\b/i],
    synthesis: /library/i,
  },
  {
    question: "Name me.",
    says: [/\b(?:Keeper|Warden|Herald|Steward|Bearer|Listener|Finder|Lantern) of (?:the )?\p{Lu}/u],
    never: [/of Name\b|Warden of Name/],
  },
  { question: "Give me three tips for sleeping better.", says: [/sleep|bed|caffeine|screens|wake|nap|daylight|dark|alcohol|meal|worries|move/i] },
  {
    question: "Give me the pros and cons of remote work, then decide.",
    says: [/commute|office|home|lonely|connection|interruptions|control|newcomers/i, /decide|decision|choose|would do|advice/i],
    synthesis: /The Council decides/,
  },
  { question: "What should I name my cat?", says: [/name|call/i], never: [/offline|model key/i] },
  { question: "What is the Council?", says: [/seats?|Summoning Gate|Council/], never: [/offline oracle knows nothing|hold nothing on the Council/i] },
  { question: "Explain quantum computing simply.", says: [/quantum computing|that/i, KEYED] },
  { question: "Can you tell me why the sky is blue?", says: [/sky|that/i] },
];

/** A forged agent, as the newcomer forged one: a night librarian, bound to DeepSeek's seat. */
export const NIGHT_LIBRARIAN: AgentCharacter = {
  name: "Vesper",
  username: "vesper",
  personality: "A night librarian who answers in candle-lit sentences, patient with every reader.",
  description: "Vesper is a night librarian, patient and bookish, drawn to books and the people who read them.",
  apiModel: "deepseek",
  persona: { traits: ["patient", "bookish", "warm"], tone: "hushed", behavior: "Listens for what a reader means, then answers one step at a time." },
  capabilities: {
    skills: ["finding the right book", "reading aloud"],
    tools: ["a reading lamp"],
    limitations: "Answers from the offline oracle until its seat is given a key.",
  },
};

/** What makes the night librarian itself: any answer of its carries at least one. */
export const LIBRARIAN_WORDS = /\bVesper\b|night librarian|candle-lit|reading lamp|reader|books?\b/i;
