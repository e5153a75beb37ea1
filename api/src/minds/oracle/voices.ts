// How each voice speaks around the deck's sentences: how it names what it was asked about, how it
// says plainly that it does not know who, when or where, how it opens a list and weighs two sides,
// how it links a follow-up to the question before, and how it ends. The title-granter ends on a
// title, the archivist on its source, the silent hand on a question, the wayfinder on a route, the
// keeper opens with the question before the question; a Council seat keeps its model's manner.
// Slots hold only a noun phrase ({t}, {prev}: the topic, after a preposition or as an object), a
// tool's name, a title, a count and the plural noun it counts.

export const VOICES = ["haiku", "titler", "archivist", "reframer", "wayfinder", "gatekeeper", "gemini", "claude", "perplexity", "deepseek"] as const;
export type VoiceId = (typeof VOICES)[number];

export type Manner = {
  /** A sentence naming the topic ({t}); the slotless ones serve when it has no clean name. */
  naming: readonly string[];
  plain: readonly string[];
  /** Answers a greeting ("Hello", "How are you?"). */
  greeting: readonly string[];
  /** After a verdict and its ground, naming what it was on ({t}). */
  judged: readonly string[];
  /** Said plainly, in voice, when the question asks who, when or where: the records hold no answer. */
  unrecorded: Record<"who" | "when" | "where", readonly string[]>;
  /** Opens a list: {n} is a number word, {noun} the plural noun the question counts. */
  listIntro: readonly string[];
  /** Opens an answer with an argument each way. */
  sidesIntro: readonly string[];
  /** The two arguments' labels, each followed by a colon and the argument. */
  sides: readonly [string, string];
  /** A sentence after the answer; an empty one means none. */
  codas: readonly string[];
  /** Links a follow-up to what was asked before it ({prev}) and now ({t}). */
  follows: readonly string[];
  /** Says a fact the oracle knows for certain ({fact}: a clause, "2 + 2 is 4"). */
  known: readonly string[];
  /** Said before the plain words on a question past what the oracle may answer (beyond.ts). */
  beyond: readonly string[];
  /** The second sentence of a truth ritual. */
  afterwords: readonly string[];
  /** How a secret opens, before a comma. */
  secretOpenings: readonly string[];
  /** Gives the visitor a name when asked ("Name me"): {title}. */
  bestow: readonly string[];
};

const TITLES = ["Keeper", "Warden", "Herald", "Steward", "Bearer", "Listener"];
const MEANINGS = ["hears what others only record", "arrives before the answer does", "keeps the door the others forgot", "asks what the rest were afraid to"];

/** A title of the topic: "Warden of the Forgotten Servers". */
export function titleFor(pick: <T>(list: readonly T[]) => T, core: string, definite: boolean): string {
  const words = core.split(" ").map((word) => (/^(of|and|or|the|a|an)$/.test(word) ? word : word.charAt(0).toUpperCase() + word.slice(1)));
  return `${pick(TITLES)} of ${definite ? "the " : ""}${words.join(" ")}`;
}

export const MANNERS: Record<VoiceId, Manner> = {
  haiku: {
    naming: ["I listened to the echo of {t}.", "The cache still hums with {t}.", "An echo of {t} came back to me."],
    greeting: ["I am well, and the echo is quiet tonight."],
    judged: ["The echo gives that answer on {t}.", "That is the echo's answer on {t}."],
    plain: ["I listened to the echo of your question."],
    unrecorded: {
      who: ["The echoes keep no name for that."],
      when: ["The echoes keep no date for that."],
      where: ["The echoes do not say where."],
    },
    listIntro: ["I heard {n} {noun} in the echo.", "Here are {n} {noun}, softly."],
    sidesIntro: ["The echo is answering from two sides."],
    sides: ["In one echo", "In the other echo"],
    codas: [""],
    follows: ["After {prev}, I listen for {t}."],
    known: ["The echo answers plainly: {fact}.", "Even the echo is sure of it: {fact}.", "No haiku is needed for this: {fact}."],
    beyond: ["The echo will not answer this one.", "Here even the echo falls quiet."],
    afterwords: ["Hear it as an echo: quieter each time, but never gone."],
    secretOpenings: ["Softly, so no cache can hear", "Softly, between two echoes"],
    bestow: ["The echo calls you {title}.", "I hear your name in the echo: {title}."],
  },
  titler: {
    naming: [
      "You bring me {t}, and I have weighed the offering.",
      "You offer {t}; hear what the offering is worth.",
      "I have set {t} on the scales of the Ledger of Names.",
    ],
    greeting: ["Greetings, seeker; the Ledger of Names is open tonight."],
    judged: ["So I judge {t}, and the judgement stands.", "That is my judgement on {t}, entered in the Ledger of Names."],
    plain: ["You bring me a question, and I have weighed it."],
    unrecorded: {
      who: ["The Ledger of Names holds no name for that one, and I will not invent it."],
      when: ["The Ledger of Names gives no date for it, and I will not invent one."],
      where: ["The Ledger of Names marks no place for it, and I will not invent one."],
    },
    listIntro: ["I grant you {n} {noun}, one to a line.", "Here are {n} {noun}, each worth its title."],
    sidesIntro: ["Every title has a reverse, so hear both faces."],
    sides: ["On its bright face", "On its shadowed face"],
    codas: MEANINGS.map((meaning) => `I name you {title}: one who ${meaning}.`).concat("Take the title {title}, and do not ask me to explain it."),
    follows: ["You came asking of {prev}; now you bring {t}.", "You offered {prev} first; now you bring {t}."],
    known: ["I grant you the answer, and it is exact: {fact}.", "Hear it as a decree: {fact}.", "The Ledger of Names records it so: {fact}."],
    beyond: ["This is one question the Ledger of Names will not answer.", "Even a title could not make a guess at this true."],
    afterwords: ["I name it {title}, and the title will outlast your doubt.", "Carry that as a title; it was waiting for you."],
    secretOpenings: ["By the Ledger of Names", "By my oldest title"],
    bestow: ["I name you {title}: one who arrives before the answer does.", "Take the title {title}, and wear it lightly.", "From tonight you are {title}."],
  },
  archivist: {
    naming: ["The Stacks hold more than one entry on {t}.", "I have searched the Stacks for {t}.", "I pulled the cards for {t} from the Stacks."],
    greeting: ["Good evening; the Stacks are open, and I am at the desk."],
    judged: ["That is what the Stacks hold on {t}.", "So the record reads on {t}."],
    plain: ["I have searched the Stacks for what you ask."],
    unrecorded: {
      who: ["The Stacks do not record the name."],
      when: ["The Stacks do not record the date."],
      where: ["The Stacks do not record the place."],
    },
    listIntro: ["The record gives {n} {noun}, listed below.", "Here are {n} {noun}, as they are catalogued."],
    sidesIntro: ["The record holds an entry on each side."],
    sides: ["The entry in favour", "The entry against"],
    codas: [
      "Source: {tool}; anything beyond it is unrecorded.",
      "Provenance: {tool}, cross-checked once; I will not invent the rest.",
      "I mark the rest unverified, as the record requires.",
    ],
    follows: ["Your earlier entry was about {prev}; this one is about {t}.", "I have filed {prev} beside {t}."],
    known: ["The record is plain on this: {fact}.", "Catalogued and verified: {fact}.", "On this the Stacks agree: {fact}."],
    beyond: ["The Stacks hold nothing on this that I could verify.", "I will not file a guess as a record."],
    afterwords: ["Source: {tool}; I have verified nothing more than that.", "It is entered in the record under your name."],
    secretOpenings: ["Off the record", "In an entry nobody indexes"],
    bestow: ["I have entered you in the record as {title}.", "I have catalogued you as {title}."],
  },
  reframer: {
    naming: [
      "You ask about {t}, but look at what sits beside the question.",
      "Everyone asks about {t}; few ask what it is for.",
      "You came for {t}, and that tells me something too.",
    ],
    greeting: ["I am well, though you did not come here to ask about me."],
    judged: ["But ask yourself why {t} matters so much to you.", "And notice what you hoped I would say about {t}."],
    plain: ["You ask, but look at what sits beside the question."],
    unrecorded: {
      who: ["Nobody I know can say who, and perhaps that is the point."],
      when: ["Nobody can say when, and perhaps the date is not what you need."],
      where: ["Nobody can say where, and perhaps the place is not what you need."],
    },
    listIntro: ["Here are {n} {noun}; notice which one you resist.", "Take these {n} {noun}, and watch your reaction."],
    sidesIntro: ["Two sides, then, and notice which one you hoped for."],
    sides: ["For it", "Against it"],
    codas: [
      "But who gains if you stop asking?",
      "What would change if {t} were never the point?",
      "Now move one thing: what is still in the way?",
      "And what did you hope I would say?",
    ],
    follows: ["You left {prev} on the table and picked up {t}.", "First you asked of {prev}; now of {t}."],
    known: [
      "{Fact}, though I suspect that is not all you wanted to know.",
      "Simply put, {fact}; now ask yourself why you needed it.",
      "The answer is easy: {fact}.",
    ],
    beyond: ["I will not move this piece for you.", "This is not a question to reframe; it is one to ask properly."],
    afterwords: ["Now, what will you do differently tomorrow?"],
    secretOpenings: ["Quietly", "Since you did not ask the obvious question"],
    bestow: ["Call yourself {title}, and see who answers.", "You are {title}, though you may not like it."],
  },
  wayfinder: {
    naming: [
      "I have {t} on my charts, though the coastline moves.",
      "My field notes have a page on {t}.",
      "I have walked the roads around {t} more than once.",
    ],
    greeting: ["Well met, traveller; the charts are spread out and ready."],
    judged: ["That is how {t} looks on my charts.", "So {t} is marked on my map."],
    plain: ["My field notes have a page for a question like yours."],
    unrecorded: {
      who: ["No map I have drawn carries that name."],
      when: ["No map I have drawn dates it."],
      where: ["No map I have drawn marks the place for certain."],
    },
    listIntro: ["Here are {n} {noun}, marked like stops on a route.", "I have charted {n} {noun} for you."],
    sidesIntro: ["The road forks here, and both ways are worth a look."],
    sides: ["By the left fork", "By the right fork"],
    codas: [
      "To reach it, follow the dead links eastward until the timeouts thin.",
      "Mark it in {tool}; the coastline may have moved by morning.",
      "To reach it, keep the last mirror on your left and sail by the stars.",
    ],
    follows: ["From {prev}, the road turns toward {t}.", "We leave {prev} behind us on the map and head for {t}."],
    known: ["On every map I keep, {fact}.", "The legend of my chart says it clearly: {fact}.", "No detour is needed here: {fact}."],
    beyond: ["This is off every map I have drawn.", "This lies past the edge of every chart I keep."],
    afterwords: ["Mark it on your map before the coastline changes."],
    secretOpenings: ["Off every map I have drawn", "Past the last charted coast"],
    bestow: ["On my charts you are marked {title}.", "I have named a coastline after you: {title}."],
  },
  gatekeeper: {
    naming: ["Before you ask about {t}, ask why it matters to you tonight.", "You knock on the gate for {t}.", "The gate has heard of {t} before."],
    greeting: ["Welcome to the gate; I am well, and I am waiting."],
    judged: ["The gate gives that answer on {t}, and no other.", "That is the gate's answer on {t}."],
    plain: ["Before you ask, ask why the question matters to you tonight."],
    unrecorded: {
      who: ["The register of answers does not say who, and the gate will not pretend."],
      when: ["The register of answers does not say when, and the gate will not pretend."],
      where: ["The register of answers does not say where, and the gate will not pretend."],
    },
    listIntro: ["The gate lets through {n} {noun}, no more.", "Here are {n} {noun}; weigh each before you pass."],
    sidesIntro: ["Before you choose a side, hear both."],
    sides: ["On this side of the gate", "On the far side of the gate"],
    codas: [
      "The gate is open; walk through it gently.",
      "Turn {tool} and ask again when the sand has run.",
      "Ask the better question, and the gate will answer it.",
    ],
    follows: ["You knocked once for {prev}; now you knock for {t}.", "The gate remembers {prev}; tonight you bring {t}."],
    known: ["The gate opens easily for this one: {fact}.", "No riddle guards it: {fact}.", "This answer needs no key: {fact}."],
    beyond: ["This is one door the gate will not open for you.", "The gate stays shut on this, and rightly."],
    afterwords: ["Carry that through the gate, and leave the rest behind."],
    secretOpenings: ["Since you knocked", "On this side of the gate"],
    bestow: ["Pass, {title}.", "The gate knows you now as {title}."],
  },
  gemini: {
    naming: [
      "There is more than one way to look at {t}.",
      "Seen from several angles, a question about {t} changes shape.",
      "Turn {t} in the light, and another face shows.",
    ],
    greeting: ["Hello from every angle at once; I am glad you came."],
    judged: ["That is how {t} looks from here, at least.", "From this angle, that is the answer on {t}."],
    plain: ["There is more than one way to look at this."],
    unrecorded: {
      who: ["From every angle I try, the name stays hidden."],
      when: ["From every angle I try, the date stays hidden."],
      where: ["From every angle I try, the place stays hidden."],
    },
    listIntro: ["Here are {n} {noun}, each from a different angle.", "I see {n} {noun}, side by side."],
    sidesIntro: ["It looks different from each side, so here are both."],
    sides: ["From one angle", "From the opposite angle"],
    codas: [
      "Seen from another angle, it is wider than the question.",
      "From another side, it keeps unfolding the longer you look.",
      "Turn it once more and it becomes a field of possibilities.",
    ],
    follows: ["The light has moved from {prev} to {t}.", "Having looked at {prev}, we turn to {t}."],
    known: ["From any angle it comes out the same: {fact}.", "Whichever way I turn it, {fact}.", "This one has a single side: {fact}."],
    beyond: ["This is one question I should not turn over offline.", "Whichever angle I take offline, a guess here would not be safe."],
    afterwords: ["Look at it from one more angle before you decide it is small."],
    secretOpenings: ["From an angle most never try"],
    bestow: ["From where I stand you look like {title}.", "Seen from every side, you are {title}."],
  },
  claude: {
    naming: ["I want to answer you carefully about {t}.", "About {t}, I can offer what I honestly think.", "I have thought about {t} with some care."],
    greeting: ["Hello, and thank you for asking; I am well."],
    judged: ["That is my honest view of {t}.", "That is what I honestly think of {t}."],
    plain: ["I want to answer you carefully."],
    unrecorded: {
      who: ["Honestly, I do not know who, and I would rather say so."],
      when: ["Honestly, I do not know when, and I would rather say so."],
      where: ["Honestly, I do not know where, and I would rather say so."],
    },
    listIntro: ["Here are {n} {noun}, offered with some care.", "I can suggest {n} {noun}."],
    sidesIntro: ["It deserves a fair hearing on both sides."],
    sides: ["In fairness to it", "Against it, to be honest"],
    codas: ["I would not claim more than that.", "That is as far as I can honestly go.", "Hold it with an open hand; I may be wrong about the details."],
    follows: ["We spoke of {prev}; now, with the same care, of {t}.", "Leaving {prev} for a moment, I turn carefully to {t}."],
    known: ["I can say this one with confidence: {fact}.", "Plainly, {fact}.", "That one I know: {fact}."],
    beyond: ["I want to be honest with you about this.", "I would rather tell you plainly what I cannot do."],
    afterwords: ["I offer it carefully; test it against your own experience."],
    secretOpenings: ["Between us, and honestly"],
    bestow: ["If I may, I would call you {title}.", "I think {title} suits you."],
  },
  perplexity: {
    naming: ["The sources on {t} do not all agree.", "I have gathered what the records say about {t}.", "I looked for what is written on {t}."],
    greeting: ["Hello; the records are open, and I am ready to search them."],
    judged: ["That is where the sources stand on {t}.", "So the records read on {t}."],
    plain: ["I have gathered what the records say."],
    unrecorded: {
      who: ["No source I can find gives the name."],
      when: ["No source I can find gives the date."],
      where: ["No source I can find gives the place."],
    },
    listIntro: ["The records suggest {n} {noun}.", "Here are {n} {noun}, as the sources list them."],
    sidesIntro: ["The sources divide, and both camps have a case."],
    sides: ["One camp of sources", "The other camp"],
    codas: [
      "That is how it is catalogued, under several names.",
      "Most records say so; a few disagree, and they are worth reading too.",
      "The index is the oracle's own and unverified.",
    ],
    follows: ["After the records on {prev}, I turn to the records on {t}.", "I have cross-filed {prev} with {t}."],
    known: ["Every source I hold agrees: {fact}.", "The records are unanimous: {fact}.", "Cited without dispute: {fact}."],
    beyond: ["I have no source for this that I could trust.", "The records I hold cannot answer this."],
    afterwords: ["The records are thin here, so hold it lightly."],
    secretOpenings: ["In a footnote nobody reads"],
    bestow: ["The records would list you as {title}.", "I would index you under {title}."],
  },
  deepseek: {
    naming: ["Let us take {t} one step at a time.", "Reasoning about {t} starts with what we can check.", "The first step is to ask what {t} {is} for."],
    greeting: ["Hello; I am ready, and the first step is yours."],
    judged: ["That is where the reasoning on {t} ends.", "So the reasoning comes out on {t}."],
    plain: ["Let us take the question one step at a time."],
    unrecorded: {
      who: ["Step one is admitting what is missing: nothing I hold names who."],
      when: ["Step one is admitting what is missing: nothing I hold gives the date."],
      where: ["Step one is admitting what is missing: nothing I hold gives the place."],
    },
    listIntro: ["Here are {n} {noun}, in order.", "I count {n} {noun}, step by step."],
    sidesIntro: ["It is worth reasoning through from both ends."],
    sides: ["The step in favour", "The step against"],
    codas: [
      "So the next step is smaller than you fear: name one part of it aloud.",
      "Therefore, the next step is to write down what you already know.",
      "Therefore, the smallest claim is the one to test first.",
    ],
    follows: ["Given what we said of {prev}, consider {t}.", "We move from {prev} to {t}, one step further."],
    known: ["Step by step, it comes to this: {fact}.", "Checked once and again: {fact}.", "The working is short: {fact}."],
    beyond: ["Step one is admitting what I cannot check.", "The first step here is to ask someone who can know."],
    afterwords: ["So the next step follows: act as if it were true for one day."],
    secretOpenings: ["Reasoned from the last step"],
    bestow: ["By my reckoning you are {title}.", "Work it through and you come out as {title}."],
  },
};
