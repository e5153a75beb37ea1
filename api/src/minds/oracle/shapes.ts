// The body of an answer in prose, by the shape of the question: a list of so many, an argument
// each way, a verdict, who, when or where, why, how, or an open question. What it says comes from
// what the oracle holds on the subject: the lore of everyday subjects (lore.ts), else the deck's
// sentences when they speak to it (deck.ts), else a plain word that it holds nothing on it and
// where an answer can be had (#41: never a sentence on something else in its place).
import type { Asked } from "./asked.ts";
import type { Pile } from "./deck.ts";
import { firstPerson } from "./first-person.ts";
import { DECIDE_GENERAL, GENERAL, GENERAL_PLAIN, UNKNOWN, UNKNOWN_NEXT, UNKNOWN_PLAIN } from "./lines.ts";
import type { Lore } from "./lore.ts";
import { chosen, chosenMany, relevant, topScore, type Choosing } from "./relevance.ts";
import { freshItems, sayOne, sayShared, saidBefore, type Saying } from "./say.ts";
import type { Shape } from "./shape.ts";
import { capitalise, NUMBER_WORDS, overused, uncapitalise } from "./text.ts";

export type Parts = {
  saying: Saying;
  choosing: Choosing;
  asked: Asked;
  /** The words the deck is searched with. */
  query: string[];
  /** The deck's sentences this speaker may still say. */
  allowedIn: (pile: Pile) => (at: number) => boolean;
  /** The same, with what earlier answers said allowed again: for when nothing else is left. */
  allowedLoose: (pile: Pile) => (at: number) => boolean;
  /** A seat's sentences outside its quarter, not said this round nor before, and then not said this round: when its quarter holds nothing on the subject. */
  allowedOpen: readonly ((pile: Pile) => (at: number) => boolean)[];
  /** A follow-up's link has named the topic already. */
  linked: boolean;
  lore: Lore | null;
  /** A Council seat: it takes its own quarter of every list. */
  seated: boolean;
  decide: boolean;
  behaviour: string | null;
};

/** Generic cases each way, for a subject the oracle holds nothing particular on. */
const GENERAL_SIDES = {
  pro: [
    "it may bring what you hope for, and only trying will show it",
    "doing something usually teaches more than waiting does",
    "what is gained can often be kept even if the rest is undone",
    "others have done it before and can show the way",
  ],
  con: [
    "it costs something, and what it costs may not come back",
    "a change is harder to undo than it looks at the start",
    "what works now may stop working once it is gone",
    "it is easy to see the gains and miss the losses until later",
  ],
};

const SELF = {
  named: ["I am {name}, {traits}.", "I am {name}; some call me {trait}, and they are not wrong.", "I am {name}, and I am listening."],
  role: ["I am {name}, {aRole}.", "I am {name}, {aRole}, and I am listening.", "My name is {name}, and I am {aRole}."],
  naming: ["My name is {name}."],
  seat: ["I am the {seat} seat of the Council, one voice of four."],
  after: ["Ask me about {image}, or about anything else, and I will answer as I am.", "Ask me anything, and I will answer as {aRole}."],
};

const VERDICT_WORDS = { yes: "Yes", no: "No", notYet: "Not yet" } as const;

/** A position on a yes-or-no question, said so that no two seats say the same sentence: the verdict first, always. */
const POSITIONS: Record<keyof typeof VERDICT_WORDS, readonly string[]> = {
  yes: ["Yes: {c}.", "Yes, as I see it: {c}.", "Yes, on balance: {c}.", "Yes, in short: {c}.", "Yes; {c}."],
  no: ["No: {c}.", "No, as I see it: {c}.", "No, on balance: {c}.", "No, in short: {c}.", "No; {c}."],
  notYet: ["Not yet: {c} yet.", "Not yet, as I see it: {c} yet.", "Not yet, on balance: {c} yet.", "Not yet, in short: {c} yet.", "Not yet; {c} yet."],
};

/** How a decision is given, one way per seat. */
const DECISION_LEADS = ["If I must decide: {d}", "My decision: {d}", "You asked me to choose, so: {d}", "What I would do: {d}", "My advice: {d}"];

/** A decision with a lead of its own ("My decision: keep the library..."). */
const decided = (decision: string, saying: Saying) => sayShared(DECISION_LEADS, saying, { d: uncapitalise(decision) });

/** Words of a question that say nothing of its subject: how it is put, not what it is about. */
const FRAMING = new Set(
  "small old new last first good bad big little long keep make get go say give take want need know think use find tell ask work try leave call come look see become seem put mean let replace should would could can will".split(
    " ",
  ),
);

/** Whether the deck's `pile` speaks to the subject itself (its words and its verb, not the question's frame), whatever was said of it already. */
function deckSpeaksTo(pile: Pile, parts: Parts): boolean {
  const { asked } = parts;
  const topical = asked.unnamed ? [] : asked.topic.core.toLowerCase().split(" ");
  const words = [...topical, ...asked.question.words.filter((word) => !FRAMING.has(word))].filter((word) => !FRAMING.has(word));
  return words.length > 0 && relevant(pile, words).top > 0;
}

/**
 * The deck sentence this answer says from `pile`, the first way that has one on the subject: from
 * the speaker's own quarter, unsaid; from the whole pile, unsaid; then again what an earlier answer
 * said (one sentence shared beats one on something else); last, anything no other seat said now.
 */
function fromDeck(pile: Pile, parts: Parts): string {
  const { query, choosing } = parts;
  const ways = [parts.allowedIn, parts.allowedOpen[0]!, parts.allowedLoose, parts.allowedOpen[1]!];
  const speaking = ways.find((allowed) => relevant(pile, query, allowed(pile)).top > 0);
  return chosen(pile, query, choosing, (speaking ?? parts.allowedLoose)(pile));
}

/** An argument each way from the deck: one not said in an earlier answer, on the subject if one is left (an answer asked again shares at most one). */
function argumentFromDeck(pile: Pile, parts: Parts): string {
  const { query, choosing } = parts;
  const ways = [parts.allowedIn, parts.allowedOpen[0]!];
  const speaking = ways.find((allowed) => relevant(pile, query, allowed(pile)).top > 0);
  return chosen(pile, query, choosing, (speaking ?? parts.allowedIn)(pile));
}

/** The topic named in the voice's manner, unless a follow-up's link named it already. */
function naming(parts: Parts): string | null {
  if (parts.linked) return null;
  const { saying } = parts;
  return saying.slots.t ? sayOne(saying.speaker.manner.naming, saying) : sayOne(saying.speaker.manner.plain, saying);
}

/** The topic named (when it has a clean name), then that nothing held speaks to it. */
const namedUnknown = (parts: Parts) => [naming(parts), ...unknown(parts)];

/** Nothing held speaks to the subject: said plainly, and where a true answer is. */
function unknown(parts: Parts): string[] {
  const { saying } = parts;
  return [sayShared(saying.slots.t ? UNKNOWN : UNKNOWN_PLAIN, saying)!, sayShared(UNKNOWN_NEXT, saying)!];
}

/** The lore's tips not said yet, one or two. */
const fromLore = (items: readonly string[], count: number, parts: Parts) => freshItems(items, count, parts.saying, parts.seated);

/**
 * The lore's facts not said yet, from the first; when the seats before took them all, the first
 * fact again in this voice's own words for a certainty (its `known`), so that no two seats say
 * the same sentence and none goes without the answer.
 */
function factsFrom(lore: Lore, count: number, parts: Parts): string[] {
  const fresh = freshItems(lore.facts, count, parts.saying, parts.seated, true);
  if (fresh.length > 0) return fresh;
  const fact = lore.facts[0]?.replace(/[.!?]$/, "");
  const said = fact ? sayOne(parts.saying.speaker.manner.known, parts.saying, { fact: uncapitalise(fact), Fact: fact }) : null;
  return said ? [said] : [];
}

function listBody(shape: Extract<Shape, { kind: "list" }>, parts: Parts): (string | null)[] {
  const { saying, choosing, query, allowedIn, lore } = parts;
  const lored = lore && shape.pile !== "names" && shape.pile !== "sources" ? (shape.pile === "reasons" ? (lore.pros ?? lore.facts) : lore.tips) : null;
  let items: string[];
  let general: string | null = null;
  if (lored && lored.length > 0) {
    items = fromLore(lored, shape.count, parts).map(capitalise);
    // The lore holds fewer than the count once the seats before took theirs: general ones make it up.
    if (items.length < shape.count)
      items = [
        ...items,
        ...chosenMany(
          shape.pile === "reasons" ? "reasons" : "things",
          query,
          shape.count - items.length,
          choosing,
          allowedIn(shape.pile === "reasons" ? "reasons" : "things"),
        ),
      ];
  } else {
    // A seat's quarter of a pile may hold fewer items than asked for: the general ones make up the count.
    const own = chosenMany(shape.pile, query, shape.count, choosing, allowedIn(shape.pile));
    items =
      own.length < shape.count && shape.pile !== "things"
        ? [...own, ...chosenMany("things", query, shape.count - own.length, choosing, allowedIn("things"))]
        : own;
    if (shape.pile !== "names" && shape.pile !== "sources" && !deckSpeaksTo(shape.pile, parts))
      general = sayShared(saying.slots.t ? GENERAL : GENERAL_PLAIN, saying);
  }
  const intro = sayOne(saying.speaker.manner.listIntro, saying, { n: NUMBER_WORDS[items.length] ?? String(items.length), noun: shape.noun });
  return [general, intro, ...items.map((item) => `\n- ${item}`)];
}

function sidesBody(parts: Parts): (string | null)[] {
  const { saying, lore } = parts;
  const [forIt, againstIt] = saying.speaker.manner.sides;
  const held = lore?.pros && lore.cons;
  const pro = held ? fromLore(lore.pros!, 1, parts)[0] : deckSpeaksTo("pro", parts) ? argumentFromDeck("pro", parts) : null;
  const con = held ? fromLore(lore.cons!, 1, parts)[0] : deckSpeaksTo("con", parts) ? argumentFromDeck("con", parts) : null;
  const general = pro && con ? null : sayShared(saying.slots.t ? GENERAL : GENERAL_PLAIN, saying);
  const choice = parts.decide ? (lore?.decision ? decided(lore.decision, saying) : sayShared(DECIDE_GENERAL, saying)) : null;
  return [
    saying.slots.t ? naming(parts) : null,
    general,
    sayOne(saying.speaker.manner.sidesIntro, saying),
    `\n- ${forIt}: ${uncapitalise(pro ?? fromLore(GENERAL_SIDES.pro, 1, parts)[0]!)}`.replace(/\.?$/, "."),
    `\n- ${againstIt}: ${uncapitalise(con ?? fromLore(GENERAL_SIDES.con, 1, parts)[0]!)}`.replace(/\.?$/, "."),
    choice && `\n\n${choice}`,
  ];
}

/** The clause asked about, said with the verdict: "a small town should not replace the library with a digital archive". */
function verdictClause(parts: Parts, verdict: keyof typeof VERDICT_WORDS): string | null {
  const clause = parts.asked.clause;
  if (!clause?.subject) return null;
  const said = `${clause.subject.text} ${verdict === "yes" ? clause.predicate : clause.negative}`;
  return overused(said) === undefined && said.length <= 140 ? said : null;
}

function verdictBody(parts: Parts): (string | null)[] {
  const { saying, choosing, query, allowedIn, lore } = parts;
  // The position is the question's, whatever the attempt: asked again, the reasons change and the verdict stays.
  const stable = choosing.settled("verdict");
  if (lore?.verdict) {
    const { verdict } = lore;
    const clause = verdictClause(parts, verdict);
    const position = clause ? sayShared(POSITIONS[verdict], saying, { c: clause }) : `${VERDICT_WORDS[verdict]}.`;
    const ground = fromLore(verdict === "yes" ? (lore.pros ?? lore.facts) : (lore.cons ?? lore.facts), 1, parts)[0];
    return [position, ground ? sentence(ground) : null, lore.decision ? decided(lore.decision, saying) : null];
  }
  if (lore?.pros && lore.cons && lore.decision) {
    // Two sides and no verdict: each side, then what to do.
    const [pro, con] = [fromLore(lore.pros, 1, parts)[0], fromLore(lore.cons, 1, parts)[0]];
    return [
      sayShared(BOTH_SIDES, saying),
      pro ? sentence(`In its favour, ${pro}`) : null,
      con ? sentence(`Against it, ${con}`) : null,
      decided(lore.decision, saying),
    ];
  }
  const personal = parts.asked.clause?.subject?.person === "second";
  // What the lore holds on a subject without two sides: its facts, and no verdict made up.
  if (lore && !personal) return [naming(parts), ...factsFrom(lore, 1, parts), ...fromLore(lore.tips, 1, parts)];
  if (lore || (personal && !deckSpeaksTo("open", parts))) {
    // Advice on the visitor's own choice: how to weigh it, not a verdict on their life.
    return [sayShared(PERSONAL, saying), ...fromLore(lore ? lore.tips : DECISION_TIPS, 2, parts).map(capitalise), sayOne(saying.speaker.manner.codas, saying)];
  }
  if (!deckSpeaksTo("open", parts) && !deckSpeaksTo("reason", parts)) return namedUnknown(parts);
  const verdict = (["yes", "yes", "no", "notYet"] as const)[Math.floor(stable * 4)]!;
  // The ground under the verdict: from whichever pile speaks most closely to the question.
  // The ground is one not given before, when any is left: asked again, the reasons change and the verdict stays.
  const ground = argumentFromDeck(topScore("open", query, allowedIn("open")) >= topScore("reason", query, allowedIn("reason")) ? "open" : "reason", parts);
  return [fromDeck(verdict, parts), ground, saying.slots.t ? sayOne(saying.speaker.manner.judged, saying) : null];
}

/** A clause as a sentence of its own. */
const sentence = (clause: string) => `${capitalise(clause)}.`.replace(/([.!?])\.$/, "$1");

const BOTH_SIDES = ["It depends, and both sides have a case.", "There is a case each way.", "Both answers have something to them.", "It cuts both ways."];

/** How a visitor's own choice is weighed when it is theirs to make. */
export const PERSONAL = [
  "That choice is yours, and here is how I would weigh it.",
  "Only you can decide that, but I can say how I would think it through.",
  "I will not decide your life for you, but here is how I would weigh {t}.",
  "It is your call, and a few questions can help you make it.",
  "That is for you to choose; this is how I would go about it.",
];
const DECISION_TIPS = [
  "Ask which choice you could undo, and try that one first if you are unsure.",
  "Imagine a year from now and ask which choice you would rather explain.",
  "Write down what you want most, then see which choice serves it.",
  "Ask one person who has made the same choice what they wish they had known.",
  "Set a day to decide by, so the question does not decide for you.",
  "List what you fear about each way, and how likely each fear really is.",
  "Sleep on it, and notice which answer you wake up leaning toward.",
  "Try the smaller version of the choice first, where you can.",
];

/** The body of an answer in prose, by its shape: the sentences after the link and before the coda. */
export function body(shape: Shape, parts: Parts): (string | null)[] {
  const { saying, lore } = parts;
  const one = (pile: Pile) => fromDeck(pile, parts);
  switch (shape.kind) {
    case "self": {
      const { speaker } = saying;
      // An agent with a role says it first: "I am Vesper, a night librarian."
      const named = speaker.name ? [...(/\bname\b/.test(saying.slots.core ?? "") ? SELF.naming : []), ...(speaker.role ? SELF.role : SELF.named)] : SELF.seat;
      const own = speaker.way ? `${speaker.way}.` : parts.behaviour ? firstPerson(parts.behaviour) : null;
      const told = own && overused(own) === undefined && !saidBefore(saying, own) ? own : sayOne(SELF.after, saying);
      return [sayOne(named, saying), told];
    }
    case "unnamed":
    case "greeting":
      return [];
    case "list":
      return listBody(shape, parts);
    case "sides":
      return sidesBody(parts);
    case "verdict":
      return verdictBody(parts);
    case "who":
    case "when":
    case "where":
      // Nothing records who, when or where: said in voice, and where a true answer is; never a guess after "I will not invent one".
      return [naming(parts), sayOne(saying.speaker.manner.unrecorded[shape.kind], saying), sayShared(UNKNOWN_NEXT, saying)];
    case "why":
      if (lore) return [naming(parts), ...(lore.facts.length ? factsFrom(lore, 1, parts) : fromLore(lore.tips, 1, parts))];
      return deckSpeaksTo("reason", parts) ? [naming(parts), one("reason")] : namedUnknown(parts);
    case "how":
      if (lore) return [naming(parts), ...fromLore(lore.tips, 2, parts)];
      return deckSpeaksTo("way", parts) ? [naming(parts), one("way")] : namedUnknown(parts);
    case "open":
      if (lore) return [naming(parts), ...factsFrom(lore, 1, parts), ...fromLore(lore.tips, 1, parts)];
      return deckSpeaksTo("open", parts) ? [naming(parts), one("open")] : namedUnknown(parts);
  }
}

/** Whether a body says it holds nothing: no coda follows then, the pointer to a keyed seat is the end. */
export const saysUnknown = (sentences: readonly (string | null | undefined)[]) =>
  sentences.some((sentence) => sentence !== null && sentence !== undefined && UNKNOWN_NEXT.includes(sentence));
