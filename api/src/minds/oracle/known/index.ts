// What the oracle knows offline (#41): sums (mathjs), countries (countries-list), conversions
// (mathjs' units) and dates (the clock). Anything else it does not pretend to know.
import { sumOf } from "./arithmetic.ts";
import { dateAnswerOf } from "./dates.ts";
import type { Known } from "./known.ts";
import { placeOf } from "./places.ts";
import { conversionOf } from "./units.ts";

export type { Known } from "./known.ts";

/** The answer to `body` the oracle knows for certain, or null. */
export function knownOf(body: string, now: Date): Known | null {
  return conversionOf(body) ?? sumOf(body) ?? placeOf(body) ?? dateAnswerOf(body, now);
}
