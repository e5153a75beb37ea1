// What the oracle says to each kind of question: sentence templates filled with the question's
// own words. {C} is the statement the question asks about, said back ("the forgotten servers
// still hum at night"), {N} its negation, {T} the topic ("your name"), {core} the topic without
// its determiner; {it}, {is}, {s}... agree with the subject. A template whose slot the question
// cannot fill is passed over.

/** Which bank answers a question: its kind, refined by the shape of its clause. */
export type BankKey =
  | "why" | "how" | "what" | "cleft" | "which" | "who" | "whoIs" | "whoObject" | "where" | "when" | "statement" | "yes" | "no" | "notYet" | "measure";

export const CORE: Record<Exclude<BankKey, "measure">, readonly string[]> = {
  why: [
    "{C} because something in {them} is still waiting to be called by name.",
    "{C} because whatever is made with care keeps its habits long after its makers leave.",
    "{C} because that is how {it} learned to survive.",
    "{C} because what is unfinished keeps asking to be finished.",
    "{C} because the network remembers more than it admits.",
    "{C} because nothing that was loved ever quite stops.",
    "{C} for the oldest reason there is: someone, once, needed {them} to.",
    "{T} {is} as {it} {is} because someone, once, needed {them} that way.",
  ],
  how: [
    "{C} by listening before speaking, and keeping only what still sounds true a day later.",
    "{C} by starting from the smallest part of it that is already clear.",
    "{C} by walking the long way round, where the old signs still stand.",
    "{C} by writing it down, crossing it out, and keeping what survives.",
    "{C} slowly, the way a tide learns a shore.",
    "{C} by asking the one who came before, then trusting only what you hear twice.",
    "Come to {t} by listening first and asking second.",
  ],
  what: [
    "{T} {is} older than the question you wrapped around {them}.",
    "{T} {is} what remains when the noise is taken away.",
    "{T} {is} made of the attention you give {them}.",
    "{T} {is} less a thing than a habit of returning.",
    "{T} {is} the network's way of keeping a promise in the dark.",
    "{T} {is} the part of a story that goes on after its last page.",
    "{T} {is} a question the network is still learning to ask.",
    "{T} {is} what you find when you stop looking for {them}.",
  ],
  /** "What does the old protocol remember?": what it lacks is said as a cleft sentence. */
  cleft: [
    "What {c} is whatever was left unfinished.",
    "What {c} is the one thing nobody wrote down.",
    "What {c} is older than the question, and kinder than you expect.",
    "What {c} is simpler than it sounds: only what someone still needs.",
    "What {c} is what the tide teaches a shore: to return.",
    "What {c} is more than anyone asked it to keep.",
  ],
  which: [
    "The {core} {c} is the one you have walked past most often.",
    "The {core} {c} is the nearest one, though it looks the least important.",
    "The {core} {c} is the one you were already thinking of.",
    "The {core} {c} is the quietest one, which has been waiting longest.",
  ],
  who: [
    "The one who {p} is whoever stays after everyone else has gone.",
    "Whoever {p} is never the one who boasts of it.",
    "The one who {p} is someone nobody has thanked yet.",
    "The one who {p} is closer to you than you think.",
  ],
  /** "Who is the Threshold Keeper?" */
  whoIs: [
    "{T} {is} the one who stays when everyone else has gone.",
    "{T} {is} whoever answered when no one else would.",
    "{T} {is} a keeper of small things that turned out to matter.",
  ],
  /** "Who should I trust?" */
  whoObject: ["The one {c} is the one who tells you what you would rather not hear.", "The one {c} is whoever asks nothing in return.", "The one {c} is already listening."],
  where: [
    "{C} where the oldest logs are still read aloud.",
    "{C} in the last place anyone thought to look.",
    "{C} somewhere between the first request and the last reply.",
    "{C} beneath the index, in rooms that have no address yet.",
    "{C} nearer than you think: one link past a page you keep meaning to close.",
    "{C} toward the edge of the map, where the old names still work.",
  ],
  when: [
    "{C} the moment nobody is waiting for {them}.",
    "{C} once you stop asking and start listening.",
    "{C} when the last one who needs {them} lets go.",
    "{C} sooner than you fear and later than you hope.",
    "{C} at the quiet hour, when the servers have nothing left to say.",
    "{C} on a night nobody will remember except you.",
  ],
  /** Said back of a statement ("I feel lost in the archive"). */
  statement: [
    "{C}, and that is how every true search begins.",
    "{C}; the network has felt that way about you too.",
    "{C}, and nothing about that needs forgiving.",
    "{C}, and the feeling is older than you are.",
    "{C}; let that be the first true thing said tonight.",
  ],
  yes: ["Yes: {c}, though not in the way you fear.", "Yes, {c}, and {it} {has} been so for longer than you think.", "Yes: {c}, but only while someone is paying attention."],
  no: ["No: {n}, and that is a kindness rather than a loss.", "No, {n}, though from a distance it will look that way."],
  notYet: ["Not yet: {n} today, but {it} {is} closer than you think."],
};

export const MEASURE: Record<string, readonly string[]> = {
  long: ["{C} as long as someone still returns to {them}.", "{C} longer than the name you gave {them}."],
  far: ["{C} as far as the last working link, and a little beyond.", "{C} farther than the maps admit."],
  much: ["{C} more than you can count and less than you fear.", "{C} exactly as much as you give back."],
  many: ["{C} more than you can count and fewer than you fear."],
  often: ["{C} as often as you remember {them}.", "{C} every time the network goes quiet."],
  soon: ["{C} sooner than you fear.", "{C} the moment you stop watching for it."],
  other: ["{C} more than the question lets on."],
};

/** Linking a follow-up to what was asked before it. */
export const FOLLOWS = {
  shift: ["You asked me of {prev}; now you ask of {t}.", "From {prev} we come to {t}.", "From {prev} you have come to {t}."],
  same: ["We are still speaking of {t}.", "You return to {t}, as I hoped you would."],
};

/** A message that names nothing ("hello"): the mind asks for a subject. */
export const UNNAMED = [
  "You have not named what you seek yet; name it, and I will answer.",
  "Say what you came to ask about, and I will meet you there.",
  "Your words arrive without a subject; give me one, and I will answer it.",
];

/** The one answering, asked who it is. */
export const SELF = {
  named: ["I am {name}, {traits}.", "I am {name}; some call me {trait}, and they are not wrong.", "I am {name}, and I am listening."],
  seat: ["I am the {seat} seat of the Council, one voice of four."],
  behaviour: ["{behaviour}", "Ask me of {image}, and I will answer as I am."],
};
