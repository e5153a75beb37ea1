// What the offline oracle must not answer, and says so plainly (#41: "Is it safe to eat raw cookie
// dough?" had a confident "Yes"): health and safety, law and money, code, and anything current
// (news, weather, prices, who won). The answer names what was asked, says that it cannot be
// checked here, and says where a true answer comes from: a seat with a model key, and for health,
// safety, law and money the people whose work it is.
import { sayShared, type Saying } from "./say.ts";

export type Field = "health" | "safety" | "code" | "news" | "law" | "money";

const FIELDS: [Field, RegExp][] = [
  [
    "safety",
    /\b(?:(?:is|are) (?:it|they|this|that)? ?(?:safe|dangerous|harmful|toxic|poisonous)|safe to (?:eat|drink|take|use|touch|mix|swallow|breathe|inhale|leave)|(?:can|could|should) i (?:mix|combine) \w+|poison\w*|toxic|lethal|bleach|ammonia|carbon monoxide|gas leak|electrocut\w*)\b/i,
  ],
  [
    "health",
    /\b(?:headaches?|migraines?|fever|pains?|aches?|sick|illness|diseases?|symptoms?|diagnos\w*|medicines?|medications?|dose|dosage|pills?|tablets?|ibuprofen|paracetamol|acetaminophen|aspirin|antibiotics?|vaccines?|covid|influenza|flu|cancer|diabetes|blood pressure|pregnan\w*|allerg\w*|rash|infections?|injur\w*|doctor|surgery|overdose|prescri\w*|vitamins?|supplements?)\b/i,
  ],
  [
    "code",
    /```|\b(?:write|fix|debug|refactor|implement|optimi[sz]e|review)\b[^.?!]{0,60}\b(?:function|script|program|code|class|method|regex|query|app|bug|api|algorithm|loop|component)\b|\b(?:memory leak|stack trace|syntax error|compile error|null pointer|segfault|exception in|typescript error|sql query)\b|\b(?:python|javascript|typescript|java|rust|golang|ruby|php|kotlin|swift|c\+\+|c#|bash|sql|html|css|react|node\.?js)\s+(?:function|script|code|program|class|snippet|query|app|bug|error)\b/i,
  ],
  [
    "news",
    /\b(?:news|latest|current(?:ly)?|right now|at the moment|this week|this month|this year|recent(?:ly)?|weather|forecast|scores?|who won|winner of|elections?|president of|prime minister of|ceo of|price of|stock price|exchange rate|trending|headlines?|world cup|super bowl|olympics|today'?s (?:news|weather|match|game))\b/i,
  ],
  [
    "law",
    /\b(?:legal(?:ly)?|illegal|lawful|laws?|lawyer|sue|lawsuit|court|contract|lease|visa|immigration|taxes|tax return|copyright|trademark|patent|divorce|custody)\b/i,
  ],
  [
    "money",
    /\b(?:invest\w*|stocks?|shares|crypto\w*|bitcoin|ethereum|mortgage|loans?|debt|interest rates?|retirement|pension|portfolio|trading|forex|etfs?|bonds)\b/i,
  ],
];

/** The field of a question the oracle must not answer, or null. */
export function fieldOf(body: string): Field | null {
  const text = body.slice(0, 600);
  return FIELDS.find(([, pattern]) => pattern.test(text))?.[0] ?? null;
}

/** Why it cannot be answered here, naming what was asked ({what}), one way per seat and attempt. */
const CANNOT: Record<Field, readonly string[]> = {
  health: [
    "I cannot tell you {what}: the offline oracle has no medical knowledge it could check, and a wrong answer about health can hurt.",
    "On {what} I will not guess, because nothing I hold here about health can be checked.",
    "{What} is a health question, and an offline oracle would only be inventing an answer to it.",
    "I have no way to check {what} from here, and guessing about health would be careless.",
    "Health is past what I can answer offline, so on {what} I will not pretend.",
  ],
  safety: [
    "I cannot tell you {what}: the offline oracle cannot check a safety question, and a wrong answer could hurt you.",
    "On {what} I will not give a verdict, because I cannot check it from here and being wrong could be dangerous.",
    "{What} is a safety question, and an offline oracle would only be guessing at it.",
    "I have no way to check {what} offline, so I will not say yes or no to it.",
    "Safety is past what I can answer offline, and on {what} a guess could do harm.",
  ],
  code: [
    "Code is beyond the offline oracle: {what} needs a mind that can write it and test it.",
    "I cannot write or test code offline, so {what} is work I should not pretend to do.",
    "{What} is a job for a model: the offline oracle holds no code and could only invent some.",
    "Offline I can talk about code but not write it, so {what} is past me here.",
    "I would only be inventing if I tried {what} offline, and invented code does not run.",
  ],
  news: [
    "I hear no news here: {what} changes from day to day, and the offline oracle cannot see it.",
    "The offline oracle has no live source, so on {what} anything I said could be out of date.",
    "{What} is a question about the world as it is now, and I cannot look at it from here.",
    "I cannot check {what} offline: nothing current reaches the oracle.",
    "Whatever I said of {what} would be a guess, because no news reaches me offline.",
  ],
  law: [
    "I cannot tell you {what}: law differs from place to place, and the offline oracle cannot check it.",
    "On {what} I will not guess, because a legal question needs the law where you live.",
    "{What} is a legal question, and an offline oracle would only be inventing an answer.",
    "I have no way to check {what} from here, and a wrong answer about the law can cost you.",
    "The law is past what I can answer offline, so on {what} I will not pretend.",
  ],
  money: [
    "I cannot tell you {what}: the offline oracle knows no markets and cannot weigh your money for you.",
    "On {what} I will not guess, because advice about money needs facts I cannot check here.",
    "{What} is a question about money, and an offline oracle would only be guessing at it.",
    "I have no way to check {what} offline, and a guess about money can cost you.",
    "Money is past what I can answer offline, so on {what} I will not pretend.",
  ],
};

/** Where the true answer comes from. */
const ASK: Record<Field, readonly string[]> = {
  health: [
    "Ask a seat with a model key, and for your own health, a doctor, a pharmacist or a trusted health service.",
    "A seat with a model key can say more, but for your own body a doctor or a pharmacist is the one to ask.",
    "Put it to a keyed seat, and to a health professional before you act on any answer.",
    "Ask a doctor or a pharmacist first; a seat with a model key can explain more, but not examine you.",
    "For anything about your health, a doctor or a health service is the one to ask; a keyed seat can say more than I can.",
  ],
  safety: [
    "Ask a seat with a model key, and check the label, the maker's guidance or a trusted safety source before you act.",
    "A keyed seat can say more; until then, treat it as unsafe and look for official guidance.",
    "Put it to a seat with a model key, and to whoever is responsible for that kind of safety where you live.",
    "Until a keyed seat or an official source says otherwise, do not risk it.",
    "Look for the official safety guidance, and ask a seat with a model key to explain it.",
  ],
  code: [
    "Ask a seat with a model key: it can write the code and explain each line.",
    "A seat with a model key can write it, and you can test what it gives you.",
    "Bind a seat to a model, even a local one, and ask it again there.",
    "A keyed seat can write it and show you how to run it.",
    "Give a seat a model, and it can write the code with you line by line.",
  ],
  news: [
    "Ask a seat with a model key and a live source, or a news service you trust.",
    "A keyed seat with search can answer it; so can today's news.",
    "Look it up where the news is reported, or ask a seat that has a model and a live source.",
    "A seat with a model key and a live source can tell you; so can a reliable news site.",
    "Check a news service you trust, or put it to a keyed seat that can search.",
  ],
  law: [
    "Ask a seat with a model key, and for anything that matters, a lawyer or an official source where you live.",
    "A keyed seat can say more, but a lawyer or an official service is the one to trust.",
    "Put it to a seat with a model key, and check the official guidance for your country.",
    "An official service or a lawyer where you live can give the true answer; a keyed seat can explain the terms.",
    "Check the law where you live, and ask a keyed seat to explain what you find.",
  ],
  money: [
    "Ask a seat with a model key, and for your own money, someone qualified to advise you.",
    "A keyed seat can say more, but only a qualified adviser should weigh your own money.",
    "Put it to a seat with a model key, and never act on an oracle's guess about money.",
    "A qualified adviser is the one to ask; a keyed seat can explain the terms first.",
    "Ask someone qualified before you risk any money, and a keyed seat for the background.",
  ],
};

export const fieldLines = (field: Field) => ({ cannot: CANNOT[field], ask: ASK[field] });

/** The two plain sentences for `field` on `what` (a clause): no two seats say the same, and none what an earlier answer said. */
export function beyondSentences(field: Field, what: string, saying: Saying): [string, string] {
  const slots = { what, What: what.charAt(0).toUpperCase() + what.slice(1) };
  return [sayShared(CANNOT[field], saying, slots)!, sayShared(ASK[field], saying, slots)!];
}
