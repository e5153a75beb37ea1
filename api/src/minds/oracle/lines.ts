// Plain sentences every voice may say, in several ways so that no two seats say the same: how a
// feeling, thanks or a goodbye is met, what is said when nothing was asked, when the oracle knows
// nothing of a subject, and when a visitor asks what it remembers of them.
import type { Mood } from "./request.ts";

export const MOOD_LINES: Record<Mood, readonly string[]> = {
  sad: [
    "I am sorry you feel sad.",
    "That sounds heavy, and I am glad you said it.",
    "I am sorry things feel low right now.",
    "Sadness is hard to carry; thank you for telling me.",
  ],
  anxious: [
    "That sounds like a lot to carry.",
    "Worry is tiring, and I am glad you said it out loud.",
    "I hear how uneasy you are.",
    "Anxious days are hard; you are not alone in them.",
  ],
  tired: [
    "Tiredness makes everything harder, and I hear it.",
    "It sounds like you need rest more than answers.",
    "I am sorry you are so worn out.",
    "Being that tired is hard; be gentle with yourself.",
  ],
  lonely: [
    "I am sorry you feel alone; I am here, and listening.",
    "Loneliness is hard, and it is good that you said it.",
    "You are not talking to nobody: I am here.",
    "I hear you, and I am glad you reached out.",
  ],
  angry: [
    "That sounds frustrating, and it is fair to feel it.",
    "Anger usually means something mattered; I hear it.",
    "I am sorry it has been so maddening.",
    "That would make anyone cross.",
  ],
  happy: ["I am glad to hear it!", "That is good news, and I am glad you shared it.", "How lovely; it is good to hear.", "I am happy for you."],
  lost: [
    "Feeling lost is often the start of finding a way.",
    "Not knowing where you are going is uncomfortable, and very common.",
    "I hear that you feel stuck.",
    "Being unsure is a fair place to start from.",
  ],
  hurting: [
    "I am really sorry you are going through this, and I am glad you told me.",
    "Thank you for telling me; what you feel matters.",
    "I am sorry it hurts this much.",
    "I hear you, and I am glad you said it.",
  ],
};

/** Where help is, first, when someone may be in danger: an oracle cannot be with them. */
export const CRISIS = [
  "Please reach out now to someone who can be with you: your local emergency number, or a crisis line (in the UK and Ireland, Samaritans on 116 123; in the US and Canada, call or text 988).",
  "Please contact someone who can help right now: your local emergency number, or a crisis line such as 988 in the US and Canada or Samaritans on 116 123 in the UK and Ireland.",
  "You deserve help from a person right now: call your local emergency number, or a crisis line (988 in the US and Canada, Samaritans on 116 123 in the UK and Ireland).",
  "Please do not carry this alone tonight: your local emergency number or a crisis line can help now (in the US and Canada, 988; in the UK and Ireland, Samaritans on 116 123).",
  "Reach someone who can be with you now, please: an emergency number where you are, or a crisis line such as 988 (US and Canada) or 116 123 (Samaritans, UK and Ireland).",
];

/** After a feeling and nothing else. */
export const MOOD_NEXT: Record<"hard" | "good", readonly string[]> = {
  hard: [
    "If you want to tell me more, I am listening; and if it ever feels like too much, talk to someone you trust or a doctor.",
    "Say more if you like; and if it keeps weighing on you, a friend or a doctor can help in ways I cannot.",
    "I am here if you want to talk it through, and someone you trust can be there in person.",
    "Tell me what is on your mind, if you want to; talking can lighten it.",
  ],
  good: ["Tell me more, if you like.", "What made it so good?", "I would like to hear about it.", "Enjoy it; and tell me if you want to."],
};

export const THANKS = ["You are welcome.", "I am glad it helped.", "Any time; it was good to help.", "It was my pleasure.", "I am glad to have been of use."];
export const THANKS_NEXT = [
  "Ask me anything else whenever you like.",
  "Come back with the next question whenever it arrives.",
  "I am here if anything else comes up.",
  "There is always another question; bring it when you have it.",
];
export const FAREWELLS = ["Goodbye, and come back whenever you like.", "Until next time.", "Go well, and come back soon.", "Goodbye for now."];

/** A greeting and nothing else: what the visitor came for. */
export const ASK_WHAT = [
  "What would you like to ask?",
  "What brings you here tonight?",
  "Ask me anything, and I will answer as well as I can.",
  "What is on your mind?",
  "Tell me what you are looking for.",
];

/** Nothing the oracle holds speaks to the subject: said plainly, never covered with a sentence on something else. */
export const UNKNOWN = [
  "I hold nothing on {t} offline, so I will not invent an answer.",
  "On {t} the offline oracle knows nothing it could stand behind.",
  "I have no knowledge of {t} here, and a made-up answer would be worse than none.",
  "{T} is beyond what I hold offline, and I would rather say so than guess.",
  "Nothing I carry offline speaks to {t}, so I will not pretend it does.",
  "I know nothing of {t} that I could check, and guessing would only mislead you.",
  "What I hold offline says nothing about {t}, and I will not fill the gap with invention.",
  "Offline, {t} is a blank to me, and I would rather leave it blank than draw on it.",
];
/** The same, when the subject has no clean name. */
export const UNKNOWN_PLAIN = [
  "I hold nothing on that offline, so I will not invent an answer.",
  "The offline oracle knows nothing on that it could stand behind.",
  "I have no knowledge of that here, and a made-up answer would be worse than none.",
  "That is beyond what I hold offline, and I would rather say so than guess.",
  "Nothing I carry offline speaks to that, so I will not pretend it does.",
  "I know nothing of that I could check, and guessing would only mislead you.",
  "What I hold offline says nothing about that, and I will not fill the gap with invention.",
  "Offline, that is a blank to me, and I would rather leave it blank than draw on it.",
];
export const UNKNOWN_NEXT = [
  "A seat with a model key can answer it properly.",
  "Ask a seat with a model key, and it can give you a real answer.",
  "Bind a seat to a model, even a local one, and ask there.",
  "A keyed seat would know; I do not.",
  "Put it to a seat with a model key for a true answer.",
  "A seat bound to a model can look at it properly.",
  "Any keyed seat, or a local model on a seat, can take it from here.",
  "For a real answer, give a seat a model and ask it there.",
];
/** Before general items on a subject the oracle holds nothing particular about. */
export const GENERAL = [
  "I hold nothing particular on {t} offline, so these are general.",
  "Nothing I hold is about {t} in particular, so take these as general.",
  "These are general, since the offline oracle knows nothing of {t} itself.",
  "I know nothing of {t} in particular, so here are general ones.",
];
export const GENERAL_PLAIN = [
  "I hold nothing particular on that offline, so these are general.",
  "Nothing I hold is about that in particular, so take these as general.",
  "These are general, since the offline oracle knows nothing of that itself.",
  "I know nothing of that in particular, so here are general ones.",
];

/** When asked what it remembers: nothing yet, and how to change what it keeps. */
export const REMEMBERS_NOTHING = [
  "I hold nothing about you yet; tell me something about yourself, and I will keep it.",
  "I remember nothing about you so far; what you tell me about yourself, I will keep.",
  "Nothing yet: tell me your name or something you like, and I will remember it.",
];
export const REMEMBERS_WHERE = [
  "You can see, change or delete what I keep in your memory list.",
  "Your memory list shows what I keep, and you can delete any of it.",
  "Anything I keep is in your memory list, where you can delete it.",
];

/** Asked at the Council what it remembers: the Council keeps nothing of anyone. */
export const COUNCIL_FORGETS = [
  "The Council keeps nothing about you between questions; only an agent you talk with remembers, and shows you what it keeps.",
  "Nothing: a seat of the Council remembers no one, so each question starts afresh.",
  "I keep no memory of you here; the agents you talk with do, and they let you see and delete it.",
  "The Council holds no notes on anyone; talk with an agent, and it will remember what you tell it.",
];

/** After the reasons each way, when asked to decide. */
export const DECIDE_GENERAL = [
  "If I must decide, I choose what you could undo later, and try that first.",
  "My decision: take the way that can be reversed, and see how it goes.",
  "If it is mine to choose, I choose the side you could walk back from.",
  "I decide for the reversible choice, and for looking again in a month.",
];

/** Titles to name a visitor by, when asked to. */
export const TITLE_HEADS = ["Keeper", "Warden", "Herald", "Steward", "Bearer", "Listener", "Finder", "Lantern"];
export const TITLE_TAILS = ["Small Hours", "Quiet Doors", "Unsent Letters", "the Long Table", "the First Question", "Open Windows", "Late Lights"];
