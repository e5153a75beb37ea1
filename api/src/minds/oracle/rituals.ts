// The glyph rituals, each in its form: a truth is two sentences, a secret one, a poem two rhyming
// couplets (a haiku from a mind that writes haiku). Each holds the ritual's subject ("your path",
// "this very moment", "the network") and the speaker's own imagery.
import type { GlyphType } from "../identity.ts";
import type { Asked } from "./asked.ts";
import { couplets } from "./couplets.ts";
import { haiku } from "./haiku.ts";
import type { Speaker } from "./persona.ts";
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
      const second = fill(draw.pick(speaker.manner.afterwords), slots);
      return first && second ? `${capitalise(first)} ${capitalise(second)}` : null;
    }
    case "secret": {
      const secret = fill(draw.pick(SECRETS), slots);
      const opening = fill(draw.pick(speaker.manner.secretOpenings), slots);
      return secret && opening ? `${opening}, ${uncapitalise(secret)}` : null;
    }
    case "poem":
      // A topic too long for a line of seven gives the haiku its last word.
      if (speaker.form === "haiku") return haiku(draw, asked.topic.text, "what") ?? haiku(draw, asked.topic.core.split(" ").at(-1)!, "what");
      return couplets(draw, asked.topic.text, (template, w) => fill(template, { ...slots, w, trait: speaker.traits.find((trait) => !trait.includes(" ")) }));
  }
}
