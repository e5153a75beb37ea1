// Choosing what to say: a template filled from the answer's slots, in a seeded order, passing over
// what was said already (by the seats before this one, and by earlier answers to the same
// question: #41, a regenerated answer shares at most one sentence with each earlier one).
import type { Speaker } from "./persona.ts";
import type { Draw } from "./seed.ts";
import { fill, type Slots } from "./text.ts";

export type Saying = {
  speaker: Speaker;
  slots: Slots;
  draw: Draw;
  /** Sentences and list items this answer must not say (the seats before this one said them), in lower case. */
  avoid: ReadonlySet<string>;
  /** What earlier answers to the same question said: passed over while anything else is left to say. */
  earlier: ReadonlySet<string>;
  /** A Council seat's place in the seat order (0 to 3), which shared lines are turned by; 0 for an agent. */
  turn: number;
};

/** How a sentence or an item is compared with what was said: case, spacing and its closing stop aside. */
export const sayingKey = (text: string) =>
  text
    .trim()
    .replace(/\s+/g, " ")
    .replace(/[.!?]+$/, "")
    .toLowerCase();
const said = sayingKey;

/** Whether `text` (a sentence or a list item) was said already, by another seat or an earlier answer. */
export const saidBefore = (saying: Pick<Saying, "avoid" | "earlier">, text: string) => saying.avoid.has(said(text)) || saying.earlier.has(said(text));
/** Whether another seat said `text` in this round: never said again. */
export const taken = (saying: Pick<Saying, "avoid">, text: string) => saying.avoid.has(said(text));

/** The first of `templates`, in a seeded order, that fills and was not said; else the first that fills; null when none does. */
export function sayOne(templates: readonly string[], saying: Saying, extra: Slots = {}): string | null {
  let again: string | null = null;
  let fallback: string | null = null;
  for (const template of saying.draw.shuffle(templates)) {
    const text = fill(template, { ...saying.slots, ...extra });
    if (text === null || text === "") continue;
    if (!saidBefore(saying, text)) return text;
    if (!taken(saying, text)) again ??= text;
    fallback ??= text;
  }
  return again ?? fallback;
}

/**
 * One of shared `lines` (the same for every speaker), turned by the speaker's seat so that no two
 * seats say the same one, then past what was said; filled with the slots.
 */
export function sayShared(lines: readonly string[], saying: Saying, extra: Slots = {}): string | null {
  let again: string | null = null;
  let fallback: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const text = fill(lines[(saying.turn + i) % lines.length]!, { ...saying.slots, ...extra });
    if (text === null || text === "") continue;
    if (!saidBefore(saying, text)) return text;
    if (!taken(saying, text)) again ??= text;
    fallback ??= text;
  }
  return again ?? fallback;
}

/**
 * `count` items of `items` (in their order, which is their weight), each of them this speaker's
 * to say (a seat takes every fourth, from its place), none said before; the rest of `items` makes
 * up the count when that leaves too few.
 */
export function freshItems(items: readonly string[], count: number, saying: Saying, seated: boolean, ordered = false): string[] {
  // An agent starts a little way into a list of tips, by its own seed, so that two agents do not give
  // the same first items; facts (`ordered`) are said from the first, the one that answers.
  const start = seated || ordered ? 0 : Math.floor(saying.draw.next() * Math.min(3, items.length));
  const turned = [...items.slice(start), ...items.slice(0, start)];
  const own = turned.filter((item) => (!seated || items.indexOf(item) % 4 === saying.turn) && !saidBefore(saying, item));
  const others = turned.filter((item) => !own.includes(item) && !saidBefore(saying, item));
  // When every item was said in an earlier answer, the earlier answers' items come back before none at all.
  const again = turned.filter((item) => !own.includes(item) && !others.includes(item) && !taken(saying, item));
  return [...own, ...others, ...again].slice(0, count);
}
