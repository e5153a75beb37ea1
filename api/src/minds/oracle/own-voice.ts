// The voice of a forged or remixed agent, built from its own persona (#41: a night librarian spoke
// the Threshold Keeper's gate vocabulary, because every agent borrowed a genesis voice). Its
// sentences are made to hold what the creator wrote: its name, its role ("a night librarian"),
// the things its persona speaks of ({image}), its tools and its way ("I answer in candle-lit
// sentences"); none of a genesis voice's vocabulary (gates, ledgers, echoes, charts, stacks).
import type { Manner } from "./voices.ts";

/** The sentences of an agent's own voice; each names it, its role or what it speaks of. */
export const OWN_MANNER: Manner = {
  naming: [
    "As {aRole}, I have turned {t} over more than once.",
    "A question about {t} is the kind {aRole} is glad to be brought.",
    "Here is what {name} makes of {t}.",
    "I have given {t} the care I give to {image}.",
  ],
  plain: ["Here is what {name} makes of it.", "As {aRole}, I will answer as well as I can.", "{Name} will answer as plainly as it can."],
  greeting: [
    "Hello, and welcome; {name} is here, and glad of the company.",
    "Good to see you; I am {name}, {aRole}, and I am listening.",
    "Hello; {name} is at your service tonight.",
  ],
  judged: ["That is how {aRole} sees {t}.", "So says {name} on {t}.", "That is my view of {t}, for what {aRole} knows."],
  unrecorded: {
    who: ["I do not know who, and {aRole} should not guess.", "{Name} cannot say who, and will not make a name up."],
    when: ["I cannot say when, and {aRole} will not invent a date.", "{Name} has no date for that, and will not make one up."],
    where: ["I cannot say where, and {aRole} will not invent a place.", "{Name} does not know the place, and will not pretend to."],
  },
  listIntro: ["Here are {n} {noun}, as {aRole} would give them.", "{Name} offers you {n} {noun}.", "I can give you {n} {noun}."],
  sidesIntro: ["There are two sides to it, and {name} will give you both.", "{Name} sees a case each way."],
  sides: ["For it", "Against it"],
  codas: [
    "That is what {aRole} can honestly tell you.",
    "Ask me more, and {name} will look again.",
    "That is my way: {way}.",
    "I would rather say less and be right; that is how {aRole} works.",
  ],
  follows: ["From {prev} to {t}, then.", "We leave {prev} for now and take up {t}."],
  known: ["{Name} can say this one plainly: {fact}.", "As {aRole}, I am sure of this much: {fact}.", "That one is certain: {fact}."],
  beyond: ["I am {aRole}, and this is not a question I can answer well offline.", "{Name} would only be guessing here, and will not."],
  afterwords: ["Keep it the way {aRole} keeps {image}.", "{Name} gives it to you plainly; do with it what you will."],
  secretOpenings: ["Quietly, as {aRole}", "Between you and {name}"],
  bestow: ["If {name} named you, you would be {title}.", "I would call you {title}.", "As {aRole}, I give you a name: {title}."],
};

/** Words of every genesis voice that an agent's own voice never borrows (oracle-sentences.test.ts checks). */
export const GENESIS_WORDS = /\b(?:gate|gates|threshold|ledger|stacks|echo|echoes|cache|charts?|coastline|catalogued|register of answers)\b/i;
