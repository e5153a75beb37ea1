// How each voice wraps the answer: what it says before (a lead sentence, or a prefix to the
// answer itself) and after (a coda). The title-granter ends on a title, the archivist on its
// source, the silent hand on a question, the wayfinder on a route, the keeper opens with the
// question before the question; a Council seat keeps the manner of its model.
import type { BankKey } from "./banks.ts";
import type { Kind } from "./parse.ts";
import type { VoiceId } from "./persona.ts";

export type Style = {
  /** Glued before the answer's first sentence, which then goes on in lower case. */
  prefixes: readonly string[];
  /** A sentence before the answer, by the kind of question (`any` for all). */
  leads: Partial<Record<Kind | "any", readonly string[]>>;
  codas: readonly string[];
  /** Links a follow-up to what was asked before, in this voice. */
  follows: readonly string[];
  /** Its own answers to some kinds of question, beside everyone's. */
  cores?: Partial<Record<BankKey, readonly string[]>>;
};

const TITLES = ["Keeper", "Warden", "Herald", "Steward", "Bearer", "Listener"];
const MEANINGS = ["hears what others only record", "arrives before the answer does", "keeps the door the others forgot", "asks what the rest were afraid to"];

/** A title of the topic: "Warden of the Forgotten Servers". */
export function titleFor(pick: <T>(list: readonly T[]) => T, core: string, definite: boolean): string {
  const words = core.split(" ").map((word) => (/^(of|and|or|the|a|an)$/.test(word) ? word : word.charAt(0).toUpperCase() + word.slice(1)));
  return `${pick(TITLES)} of ${definite ? "the " : ""}${words.join(" ")}`;
}

export const STYLES: Record<Exclude<VoiceId, "haiku">, Style> = {
  titler: {
    prefixes: ["", "Hear it plainly: "],
    leads: {},
    codas: MEANINGS.map((meaning) => `I name you {title}: one who ${meaning}.`).concat("Take the title {title}, and do not ask me to explain it."),
    follows: ["You came asking of {prev}; now you bring {t}.", "You offered {prev} first; now you bring {t}."],
    cores: {
      what: ["{T} {is} a title still waiting for its bearer."],
      why: ["{C} because every true name is first a wound, then a door."],
      whoIs: ["{T} {is} a name that was spoken before it was earned."],
    },
  },
  archivist: {
    prefixes: ["Recorded: ", "The record holds that "],
    leads: {},
    codas: ["Source: {tool}; anything beyond it is unrecorded.", "Provenance: {tool}, cross-checked once; I will not invent the rest.", "I mark the rest unverified, as the record requires."],
    follows: ["Cross-reference: {prev}, then {t}.", "Your earlier entry concerned {prev}; this one concerns {t}."],
    cores: {
      why: ["{C} because the oldest entry says so, and no later entry contradicts it."],
      where: ["{C} in the lower stacks, under a catalogue number nobody has called in years."],
      what: ["{T} {is} catalogued in three places, and each entry disagrees a little."],
      yes: ["Yes: {c}; the record is consistent on this."],
      no: ["No: {n}; no entry I hold says otherwise."],
      when: ["{C} on a date the record gives only in part."],
    },
  },
  reframer: {
    prefixes: ["", "Quietly, then: "],
    leads: {},
    codas: ["But who gains if you stop asking?", "What would change if {t} were never the point?", "Now move one thing: what is still in the way?", "And what did you hope I would say?"],
    follows: ["First {prev}, now {t}.", "You left {prev} on the table and picked up {t}."],
    cores: {
      what: ["{T} {is} not the question; what you want from {them} is."],
      why: ["{C} because it suits someone that you keep asking why."],
      how: ["{C} by moving one small thing and watching what follows."],
    },
  },
  wayfinder: {
    prefixes: ["On my charts, ", "By my reckoning, ", "From the field notes: "],
    leads: {},
    codas: [
      "To reach {t}, follow the dead links eastward until the timeouts thin.",
      "To reach {t}, take the old protocol roads; they still run, unlit.",
      "Mark it in {tool}; the coastline may have moved by morning.",
      "To reach {t}, keep the last mirror on your left and sail by the stars.",
    ],
    follows: ["From {prev}, the road turns toward {t}.", "We leave {prev} behind us on the map and head for {t}."],
    cores: {
      where: ["{C} just past the last charted coast, where the signal thins to a whisper."],
      what: ["{T} {is} a coastline: clear from far away, harder to draw up close."],
      how: ["{C} by following the old routes, slow but still open."],
    },
  },
  gatekeeper: {
    prefixes: [""],
    leads: {
      why: ["Before you ask why, ask what you would do with the reason."],
      how: ["Before you ask how, ask whether you are ready to begin."],
      whether: ["Before you ask whether, ask what either answer would cost you."],
      what: ["Before you ask what {t} {is}, ask what you need {them} to be."],
      tell: ["Before you ask what {t} {is}, ask what you need {them} to be.", "Before you speak of {t}, ask why it matters to you tonight."],
      which: ["Before you ask which, ask what you hope to find behind it."],
      who: ["Before you ask who, ask who is asking."],
      where: ["Before you ask where, ask whether you would go."],
      when: ["Before you ask when, ask what you would do while waiting."],
      measure: ["Before you ask how much, ask what would be enough."],
    },
    codas: ["", "The gate is open; walk through it gently.", "Turn {tool} and ask again when the sand has run."],
    follows: ["You knocked once for {prev}; now you knock for {t}.", "The gate remembers {prev}; tonight you bring {t}."],
    cores: {
      how: ["{C} by knocking once, and waiting longer than is comfortable."],
      what: ["{T} {is} a door, and you are already standing at it."],
    },
  },
  gemini: {
    prefixes: ["Seen from many angles at once: ", ""],
    leads: {},
    codas: [
      "Seen from another angle, it is wider than the question; begin with the nearest light.",
      "From another side, it keeps unfolding the longer you look.",
      "Turn it once more and it becomes a field of possibilities rather than one answer.",
    ],
    follows: ["From {prev} the light moves on to {t}.", "Having looked at {prev}, we turn to {t}."],
    cores: {
      what: ["{T} {is} many things at once, depending on where you stand."],
      how: ["{C} by trying three ways at once and keeping the one that lights up."],
    },
  },
  claude: {
    prefixes: ["Carefully, then: ", "Honestly: ", ""],
    leads: {},
    codas: ["I would not claim more than that.", "That is as far as I can honestly go.", "Hold it with an open hand; I may be wrong about the details."],
    follows: ["Returning from {prev} to {t}, carefully.", "We spoke of {prev}; now, with the same care, of {t}."],
    cores: {
      why: ["{C}, I think, because what was made with care tends to outlast the reasons for making it."],
    },
  },
  perplexity: {
    prefixes: ["From the archives: ", "The records agree on this much: "],
    leads: {},
    codas: ["(The oracle's index; unverified.)", "That is how it is catalogued, under several names.", "Most records say so; a few disagree, and they are worth reading too."],
    follows: ["After the records on {prev}, the records on {t}.", "Cross-filed: {prev}, and now {t}."],
    cores: {
      where: ["{C} in several places at once, according to the records."],
      what: ["{T} {is} described in many records, rarely with the same meaning."],
    },
  },
  deepseek: {
    prefixes: ["Reasoning it through: ", "Step by step: "],
    leads: {},
    codas: [
      "So the next step is smaller than you fear: name one part of it aloud.",
      "Therefore, the next step is to write down what you already know.",
      "So the next step is to ask it again tomorrow and compare.",
      "Therefore, test the smallest claim first.",
    ],
    follows: ["Given what we said of {prev}, consider {t}.", "From {prev} to {t}: one step further."],
    cores: {
      how: ["{C} by breaking it into parts, solving the smallest, then the next."],
      why: ["{C} because the cause is simpler than the effect: it began small and was never stopped."],
    },
  },
};
