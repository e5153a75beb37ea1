// Conversions the oracle can do, with mathjs' units (its definitions, not a table of ours): "How
// many kilometres are in 10 miles?", "Convert 100 fahrenheit to celsius", "5 feet in metres".
// The words a person uses are mapped to mathjs' own unit names; nothing else reaches mathjs.
import type { Known } from "./known.ts";
import { spoken } from "./arithmetic.ts";
import { maths } from "./maths.ts";

/** A unit as people write it, its mathjs name, and how it is said (singular, plural). */
type UnitWord = { unit: string; one: string; many: string };

const UNITS: [RegExp, UnitWord][] = [
  [/^(?:kilomet(?:re|er)s?|kms?|kilometres|kilometers)$/, { unit: "km", one: "kilometre", many: "kilometres" }],
  [/^(?:met(?:re|er)s?|m)$/, { unit: "m", one: "metre", many: "metres" }],
  [/^(?:centimet(?:re|er)s?|cms?)$/, { unit: "cm", one: "centimetre", many: "centimetres" }],
  [/^(?:millimet(?:re|er)s?|mm)$/, { unit: "mm", one: "millimetre", many: "millimetres" }],
  [/^(?:miles?|mi)$/, { unit: "mile", one: "mile", many: "miles" }],
  [/^(?:yards?|yds?)$/, { unit: "yard", one: "yard", many: "yards" }],
  [/^(?:feet|foot|ft)$/, { unit: "foot", one: "foot", many: "feet" }],
  [/^(?:inch(?:es)?)$/, { unit: "inch", one: "inch", many: "inches" }],
  [/^(?:kilograms?|kilos?|kgs?)$/, { unit: "kg", one: "kilogram", many: "kilograms" }],
  [/^(?:grams?|g)$/, { unit: "g", one: "gram", many: "grams" }],
  [/^(?:pounds?|lbs?)$/, { unit: "lb", one: "pound", many: "pounds" }],
  [/^(?:ounces?|oz)$/, { unit: "oz", one: "ounce", many: "ounces" }],
  [/^(?:stones?|st)$/, { unit: "stone", one: "stone", many: "stone" }],
  [/^(?:tonnes?)$/, { unit: "tonne", one: "tonne", many: "tonnes" }],
  [/^(?:celsius|centigrade|°?c|degrees? c(?:elsius)?)$/, { unit: "degC", one: "degree Celsius", many: "degrees Celsius" }],
  [/^(?:fahrenheit|°?f|degrees? f(?:ahrenheit)?)$/, { unit: "degF", one: "degree Fahrenheit", many: "degrees Fahrenheit" }],
  [/^(?:kelvins?|k)$/, { unit: "K", one: "kelvin", many: "kelvins" }],
  [/^(?:lit(?:re|er)s?|l)$/, { unit: "liter", one: "litre", many: "litres" }],
  [/^(?:millilit(?:re|er)s?|ml)$/, { unit: "ml", one: "millilitre", many: "millilitres" }],
  [/^(?:gallons?|gal)$/, { unit: "gallon", one: "US gallon", many: "US gallons" }],
  [/^(?:cups?)$/, { unit: "cup", one: "cup", many: "cups" }],
  [/^(?:pints?)$/, { unit: "pint", one: "US pint", many: "US pints" }],
  [/^(?:mph|miles? (?:per|an) hour)$/, { unit: "mi/h", one: "mile an hour", many: "miles an hour" }],
  [/^(?:km\/h|kph|kmh|kilomet(?:re|er)s? (?:per|an) hour)$/, { unit: "km/h", one: "kilometre an hour", many: "kilometres an hour" }],
  [/^(?:m\/s|met(?:re|er)s? per second)$/, { unit: "m/s", one: "metre a second", many: "metres a second" }],
  [/^(?:acres?)$/, { unit: "acre", one: "acre", many: "acres" }],
  [/^(?:hectares?|ha)$/, { unit: "hectare", one: "hectare", many: "hectares" }],
  [/^(?:seconds?|secs?)$/, { unit: "second", one: "second", many: "seconds" }],
  [/^(?:minutes?|mins?)$/, { unit: "minute", one: "minute", many: "minutes" }],
  [/^(?:hours?|hrs?)$/, { unit: "hour", one: "hour", many: "hours" }],
  [/^(?:days?)$/, { unit: "day", one: "day", many: "days" }],
  [/^(?:weeks?)$/, { unit: "week", one: "week", many: "weeks" }],
];

const unitNamed = (words: string): UnitWord | undefined => UNITS.find(([pattern]) => pattern.test(words.trim().toLowerCase()))?.[1];

const NUMBER = String.raw`(-?\d+(?:[.,]\d+)?)`;
const WORDS = String.raw`([a-z°/ ]{1,24}?)`;
/** "convert 10 miles to km", "10 miles in km", "what is 5 feet in metres", "how many km are in 10 miles". */
const FORWARD = new RegExp(
  String.raw`^(?:convert\s+|what(?:'s| is| are)\s+|how (?:much|far|long|heavy|hot|cold) is\s+)?${NUMBER}\s*${WORDS}\s+(?:to|in|into|as)\s+${WORDS}\??$`,
  "i",
);
const BACKWARD = new RegExp(String.raw`^how many\s+${WORDS}\s+(?:are|is)?\s*(?:there\s+)?(?:in|to)\s+(?:a |an |one )?${NUMBER}?\s*${WORDS}\??$`, "i");

const amount = (value: number, unit: UnitWord) => `${spoken(value) ?? value} ${Math.abs(value) === 1 ? unit.one : unit.many}`;

/** A converted figure as it is worth saying: two decimals at most (four significant figures below one). */
function rounded(value: number): { value: number; exact: boolean } {
  const kept = Math.abs(value) >= 1 ? Math.round(value * 100) / 100 : Number.parseFloat(value.toPrecision(4));
  return { value: kept, exact: Math.abs(kept - value) < 1e-9 };
}

/** The conversion a question asks for, worked out; null when it asks none mathjs can make. */
export function conversionOf(body: string): Known | null {
  const text = body.trim().replace(/\s+/g, " ");
  if (text.length > 120) return null;
  let value: number;
  let from: UnitWord | undefined;
  let to: UnitWord | undefined;
  const forward = FORWARD.exec(text);
  const backward = forward ? null : BACKWARD.exec(text);
  if (forward) {
    value = Number(forward[1]!.replace(",", "."));
    from = unitNamed(forward[2]!);
    to = unitNamed(forward[3]!);
  } else if (backward) {
    value = backward[2] ? Number(backward[2].replace(",", ".")) : 1;
    to = unitNamed(backward[1]!);
    from = unitNamed(backward[3]!);
  } else return null;
  if (!from || !to || from === to || !Number.isFinite(value) || Math.abs(value) > 1e12) return null;
  let converted: number;
  try {
    converted = maths().unit(value, from.unit).toNumber(to.unit);
  } catch {
    // Units of two kinds (miles into kilograms): not a conversion.
    return null;
  }
  const said = amount(value, from);
  const { value: kept, exact } = rounded(converted);
  const result = amount(kept, to);
  return { subject: said, fact: `${said} is ${exact ? "" : "about "}${result}`, word: spoken(kept) ?? String(kept) };
}
