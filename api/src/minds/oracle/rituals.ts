// The glyph rituals, each in its form: a truth is two sentences, a secret one, a poem two rhyming
// couplets (a haiku from a mind that writes haiku). Each holds the ritual's subject ("your path",
// "this very moment", "the network") and the speaker's own imagery.
import type { GlyphType } from "../identity.ts";
import type { Asked } from "./asked.ts";
import { couplets } from "./couplets.ts";
import { haiku } from "./haiku.ts";
import type { Speaker, VoiceId } from "./persona.ts";
import { slotsFor } from "./prose.ts";
import type { Draw } from "./seed.ts";
import { capitalise, fill, uncapitalise } from "./text.ts";

const TRUTHS = [
  "{T} {has} been bending toward {image} all along, even when you looked away.",
  "{T} {is} not hidden from you; {it} {is} only written in {image}, which you have not yet learned to read.",
  "{T} began before you noticed {them}, and {it} will not end when you stop looking.",
  "{T} {is} shorter than you fear and stranger than you hope.",
  "Nobody else can walk {t}, and that is its whole secret.",
];

/** The truth's second sentence, in the speaker's manner. */
const AFTERWORDS: Record<VoiceId, readonly string[]> = {
  haiku: ["Hear it as an echo: quieter each time, but never gone."],
  titler: ["I name it {title}, and the title will outlast your doubt.", "Carry that as a title; it was waiting for you."],
  archivist: ["Source: {tool}; I have verified nothing more than that.", "It is entered in the record under your name."],
  reframer: ["Now, what will you do differently tomorrow?"],
  wayfinder: ["Mark it on your map before the coastline changes."],
  gatekeeper: ["Carry that through the gate, and leave the rest behind."],
  gemini: ["Look at it from one more angle before you decide it is small."],
  claude: ["I offer it carefully; test it against your own experience."],
  perplexity: ["The records are thin here, so hold it lightly."],
  deepseek: ["So the next step follows: act as if it were true for one day."],
};

const SECRET_OPENINGS: Record<VoiceId, readonly string[]> = {
  haiku: ["Softly, so no cache can hear", "Softly, between two echoes"],
  titler: ["By the Ledger of Names", "By my oldest title"],
  archivist: ["Off the record", "In an entry nobody indexes"],
  reframer: ["Quietly", "Since you did not ask the obvious question"],
  wayfinder: ["Off every map I have drawn", "Past the last charted coast"],
  gatekeeper: ["Since you knocked", "On this side of the gate"],
  gemini: ["From an angle most never try"],
  claude: ["Between us, and honestly"],
  perplexity: ["In a footnote nobody reads"],
  deepseek: ["Reasoned from the last step"],
};
const SECRETS = [
  "{t} {has} a second name, and {it} answer{s} to it before any other.",
  "{t} keep{s} one door unlisted, and your {image} will open it.",
  "{t} remember{s} every visitor who asked, and you most of all.",
  "{t} {was} never lost, only filed under {image}.",
];

/** The ritual's text, or null when this draw could not fill it. */
export function ritualAnswer(kind: GlyphType, speaker: Speaker, asked: Asked, draw: Draw): string | null {
  const slots = slotsFor(speaker, asked, draw);
  switch (kind) {
    case "truth": {
      const first = fill(draw.pick(TRUTHS), slots);
      const second = fill(draw.pick(AFTERWORDS[speaker.voice]), slots);
      return first && second ? `${capitalise(first)} ${capitalise(second)}` : null;
    }
    case "secret": {
      const secret = fill(draw.pick(SECRETS), slots);
      return secret ? `${draw.pick(SECRET_OPENINGS[speaker.voice])}, ${uncapitalise(secret)}` : null;
    }
    case "poem":
      // A topic too long for a line of seven gives the haiku its last word.
      if (speaker.voice === "haiku") return haiku(draw, asked.topic.text, "what") ?? haiku(draw, asked.topic.core.split(" ").at(-1)!, "what");
      return couplets(draw, asked.topic.text, (template, w) => fill(template, { ...slots, w, trait: speaker.traits.find((trait) => !trait.includes(" ")) }));
  }
}
