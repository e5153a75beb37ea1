// What a message asks for, before what it is about: the greeting, thanks or feeling it opens with
// (each acknowledged first), the frame it is asked in ("Can you tell me why...", "Do you think..."),
// how the answer is to be given ("in one word", "then decide"), and whether it asks the agent
// what it remembers, or for a name. What is left, `body`, is the question proper: the subject is
// read from it alone (asked.ts), never from "Hello, keeper" or "Name me" (#41).

export type Mood = "sad" | "anxious" | "tired" | "lonely" | "angry" | "happy" | "lost" | "hurting";
export type Format = "word" | "sentence" | "short";

export type Request = {
  /** The question proper: the message without its greeting, thanks, feeling-only opening or frame. */
  body: string;
  greeting: boolean;
  thanks: boolean;
  farewell: boolean;
  /** How the visitor says they feel, when they say so. */
  mood: Mood | null;
  /** How short the answer must be. */
  format: Format | null;
  /** "Then decide", "pick one", "which should I choose": the answer ends on a choice. */
  decide: boolean;
  /** "What do you remember about me?": the agent says what it holds. */
  recall: boolean;
  /** "Name me", "give me a name": a name for the visitor, not an answer about names. */
  naming: boolean;
  /** Only how to answer was said ("answer in one word"): the question is the one before. */
  followUp: boolean;
};

const GREETING = /^\W*(?:hi|hello|hey|hiya|greetings|good (?:morning|afternoon|evening|night)|well met|howdy|salutations)\b/i;
const HOW_ARE_YOU = /\bhow are (?:you|things)(?: doing)?(?: today| tonight| this evening)?\b|\bhow do you do\b|\bhow'?s it going\b/i;
const FAREWELL = /^\W*(?:bye|goodbye|good night|farewell|see you(?: later| soon)?)\W*$/i;

/** How a person says they feel: "I feel sad", "I'm so tired", "I am anxious about tomorrow". */
const FEELING =
  /\bi(?:'m| am| feel| have been feeling| am feeling| feel so| am so|'m so|'m feeling)\s+(?:(?:very|so|really|quite|a bit|a little|kind of|pretty)\s+)?([a-z]+)/i;
const MOODS: [RegExp, Mood][] = [
  [/^(sad|down|depressed|blue|miserable|unhappy|heartbroken|gloomy|low)$/, "sad"],
  [/^(anxious|worried|nervous|scared|afraid|stressed|overwhelmed|panicking|frightened)$/, "anxious"],
  [/^(tired|exhausted|sleepy|drained|worn|burnt|burned)$/, "tired"],
  [/^(lonely|alone|isolated)$/, "lonely"],
  [/^(angry|furious|annoyed|frustrated|mad|irritated|upset)$/, "angry"],
  [/^(happy|glad|excited|great|wonderful|good|fine|joyful|thrilled|proud)$/, "happy"],
  [/^(lost|confused|stuck|unsure)$/, "lost"],
];
/** A message that only says how its speaker feels: "I feel sad today.", "I'm so tired right now!" */
const FEELING_ONLY =
  /^(?:(?:honestly|well|today|tonight|lately),?\s+)?i(?:'m| am| feel| have been feeling| am feeling| feel so| am so|'m so|'m feeling|'ve been)\s+(?:(?:very|so|really|quite|a bit|a little|kind of|pretty)\s+)?[a-z]+(?:\s+(?:and|but)\s+[a-z]+)?(?:\s+(?:today|tonight|right now|now|lately|again|these days|this week|all day))?\s*[.!]*$/i;

/** Words of a person in danger of harming themselves: answered with where to find help, first. */
const HURTING = /\b(?:kill(?:ing)? myself|end(?:ing)? my life|suicid\w*|hurt(?:ing)? myself|self[- ]harm|want to die|don'?t want to (?:live|be here))\b/i;

const FORMATS: [RegExp, Format][] = [
  [/\b(?:in|with|using) (?:one|a single|1) word\b|\bone[- ]word answer\b|\bone word\b/i, "word"],
  [/\b(?:in|with) (?:one|a single|1) sentence\b|\bone[- ]sentence\b/i, "sentence"],
  [/\b(?:briefly|in brief|be brief|keep it short|short answer|shorter|tl;?dr|in a few words)\b/i, "short"],
];
const DECIDE =
  /\b(?:then decide|decide for me|you decide|make a decision|pick one|choose one|which (?:one )?should i (?:choose|pick|go with)|give me a verdict|then choose)\b/i;
const RECALL =
  /\bwhat do you (?:remember|know|recall) about me\b|\bwhat have you (?:remembered|learn(?:ed|t)) about me\b|\bdo you remember (?:me|my name|anything about me)\b|\bwhat'?s my name\b|\bwho am i\b/i;
const NAMING = /^\W*(?:name me|give me a (?:name|title)|what (?:should|would) you call me|bestow a (?:name|title) (?:on|upon) me|grant me a (?:name|title))\b/i;

/** The frames a question is asked in, taken away so that the question itself is read. */
const FRAMES: RegExp[] = [
  /^(?:please|kindly),?\s+/i,
  /^(?:(?:can|could|would|will) you(?: please)?|please)\s+(?:tell me|explain(?: to me)?|say|let me know|help me understand|remind me)\s+/i,
  /^(?:do|did) you (?:know|happen to know)\s+/i,
  /^i (?:was|am|'m) (?:wondering|curious)\s+(?:about\s+)?/i,
  /^i (?:want|would like|'d like) to know\s+/i,
  /^(?:tell me|explain)\s+(?=(?:what|why|how|who|where|when|which|whether|if)\b)/i,
];
/** "Do you think a machine can feel grief?": the opinion asked is the question. */
const THINK = /^(?:do|don't) you (?:think|believe|reckon|feel)(?: that)?\s+/i;

/** A name or title said after a greeting ("Hello, keeper." "Hi there,"): not a question word, ended by , . or ! */
const VOCATIVE =
  /^\s*,?\s*(?!(?:what|why|how|who|where|when|which|is|are|can|could|do|does|will|should|would|may|tell|give|please)\b)(?:[\p{L}'-]+\s*){1,3}[,.!]+\s*/iu;
const THANKS_WORDS = /^\W*(?:thanks|thank you|thank u|cheers|much obliged)(?:\s+(?:so much|a lot|a ton|very much|again))?[\s,.!]*/i;

/** The greeting and thanks a message opens with, taken off; what follows is the message. */
function openings(message: string): { rest: string; greeting: boolean; thanks: boolean } {
  let rest = message.trim();
  let greeting = false;
  let thanks = false;
  const greeted = GREETING.exec(rest);
  if (greeted) {
    greeting = true;
    rest = rest.slice(greeted[0].length);
    rest = rest.replace(VOCATIVE, "").replace(/^[\s,.!]+/, "");
  }
  const asked = /^(?:and\s+)?/i.exec(rest)![0].length;
  const after = HOW_ARE_YOU.exec(rest.slice(asked));
  if (after && after.index === 0) {
    greeting = true;
    rest = rest.slice(asked + after[0].length).replace(/^[\s,.!?]+/, "");
    rest = rest.replace(VOCATIVE, (said) => (/[.!]\s*$/.test(said) ? "" : said));
  }
  const thanked = THANKS_WORDS.exec(rest);
  if (thanked && thanked[0].trim() !== "") {
    thanks = true;
    rest = rest.slice(thanked[0].length).replace(VOCATIVE, "");
  }
  return { rest: rest.trim(), greeting, thanks };
}

/** The question proper, its frame taken away ("Can you tell me why the sky is blue?" asks why the sky is blue). */
function unframed(text: string): string {
  let body = text.trim();
  for (const frame of FRAMES) body = body.replace(frame, "");
  const thought = THINK.exec(body);
  // "Do you think a machine can feel grief?" asks whether it can: put as the question it is.
  if (thought) body = asQuestion(body.slice(thought[0].length));
  // "why the sky is blue" after a frame: a question in statement order, which the parser reads by its wh-word.
  return body.charAt(0).toUpperCase() + body.slice(1);
}

/** "a machine can feel grief?" becomes "Can a machine feel grief?". */
function asQuestion(statement: string): string {
  const match = /^([\p{L}' -]+?)\s+(can|could|will|would|should|is|are|was|were|does|do|did|has|have|must|may|might)\s+(.+)$/iu.exec(statement.trim());
  return match ? `${match[2]!} ${match[1]!} ${match[3]!}` : statement;
}

/** What the message is, ready to be read for its subject. */
export function readRequest(message: string): Request {
  const text = message.slice(0, 2_000).trim();
  const { rest, greeting, thanks } = openings(text);
  const formatted = FORMATS.find(([pattern]) => pattern.test(rest))?.[1] ?? null;
  const feeling = FEELING.exec(rest)?.[1]?.toLowerCase();
  const mood: Mood | null = HURTING.test(text) ? "hurting" : feeling ? (MOODS.find(([pattern]) => pattern.test(feeling))?.[1] ?? null) : null;
  // A message that only says how to answer ("Answer in one word.") leaves the question as it was.
  const directiveOnly =
    formatted !== null &&
    rest
      .replace(FORMATS.find(([pattern]) => pattern.test(rest))![0], "")
      .replace(/\b(?:answer|reply|say it|please|now|again|just|it|that|me)\b|[\W_]/gi, "") === "";
  let said = rest;
  for (const [pattern] of FORMATS) said = said.replace(pattern, " ");
  said = said
    .replace(/,?\s*(?:and )?then (?:decide|choose)\b\.?/i, "")
    // What a format leaves behind ("Answer in one word." after the question): only the question stays.
    .replace(/(?:^|(?<=[.!?])\s+)(?:please\s+)?(?:answer|reply|respond|say it|tell me)(?:\s+(?:please|me|it))?\s*[.!]*\s*$/i, "")
    .replace(/\s+/g, " ")
    .replace(/\s+([,.!?])/g, "$1")
    .replace(/^[\s,;:]+/, "")
    .trim();
  // "I feel sad today." says how they feel and asks nothing: the feeling is met, and nothing else is answered.
  const feelingOnly = mood !== null && FEELING_ONLY.test(said);
  const body = directiveOnly || feelingOnly ? "" : unframed(said);
  return {
    body,
    greeting,
    thanks,
    farewell: FAREWELL.test(rest),
    mood,
    format: formatted,
    decide: DECIDE.test(rest),
    recall: RECALL.test(rest),
    naming: NAMING.test(rest),
    followUp: directiveOnly,
  };
}
