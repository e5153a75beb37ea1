// The shape of what was asked, which the answer must keep: a list of so many items ("three
// sources as a list"), an argument each way ("both sides", "one argument each way"), a verdict
// (a yes-or-no question), a person, a time or a place (who, when, where), a reason (why), a way
// (how), the one answering itself, or an open question.
import type { Asked } from "./asked.ts";
import type { Pile } from "./deck.ts";

export type Shape =
  | { kind: "self" }
  | { kind: "greeting" }
  | { kind: "unnamed" }
  | { kind: "list"; count: number; noun: string; pile: Pile }
  | { kind: "sides" }
  | { kind: "verdict" }
  | { kind: "who" | "when" | "where" }
  | { kind: "why" }
  | { kind: "how" }
  | { kind: "open" };

const NUMBERS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, couple: 2, pair: 2, few: 3 };
/** The most items a list gives (and what a larger count is held to). */
export const MOST_ITEMS = 10;

const COUNTED = /\b(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\s+((?:[a-z-]+\s+){0,2}?[a-z-]*[a-z](?:s|ren|ople))\b/i;
const LISTY = /\b(list|lists|listed|name|give|suggest|recommend|offer|share|tell|what are|which are|enumerate|bullet|points?|provide|show)\b/i;
const NOT_PLURAL = /^(is|was|has|this|his|its|us|yes|does|as|us|thus|plus|less|across|always|perhaps)$/i;

const PILES: [RegExp, Pile][] = [
  [/^(source|book|record|reference|reading|text|paper|article|site|archive|document|citation|work|study|studie|account|journal|letter)s?$/, "sources"],
  [/^(reason|cause|argument|motive|explanation|ground)s?$/, "reasons"],
  [/^(way|step|tip|method|habit|rule|practice|lesson|strateg(y|ie)|technique|exercise|idea|thing to do|action)s?$/, "steps"],
  [/^(name|title|nickname|word)s?$/, "names"],
];

/** "Give me three sources as a list": three items, of sources. */
function listOf(message: string): Extract<Shape, { kind: "list" }> | null {
  const found = COUNTED.exec(message);
  if (!found || !LISTY.test(message)) return null;
  const noun = found[2]!.toLowerCase();
  const head = noun.split(" ").at(-1)!;
  if (NOT_PLURAL.test(head) || head.length < 3) return null;
  const said = found[1]!.toLowerCase();
  const count = Math.min(MOST_ITEMS, /^\d+$/.test(said) ? Number(said) : (NUMBERS[said] ?? 0));
  if (count < 2) return null;
  const pile = PILES.find(([pattern]) => pattern.test(head))?.[1] ?? "things";
  return { kind: "list", count, noun, pile };
}

const SIDES =
  /\bboth sides\b|\b(one|an?) argument (each|either) way\b|\barguments? (for and against|each way|on (both|either) sides?)\b|\bfor and against\b|\bpros and cons\b|\b(each|either|both) side\b|\bthe case (for and against|against and for)\b|\bargue (both|each)\b/i;

const GREETING =
  /^\W*(hi|hello|hey|greetings|good (morning|afternoon|evening|night)|well met)\b[\s\W]*(\w+\W*)?$|^\W*how are you( doing)?( today| tonight)?\W*$/i;

export function shapeOf(message: string, asked: Asked): Shape {
  if (GREETING.test(message.trim())) return { kind: "greeting" };
  const list = listOf(message);
  if (list) return list;
  if (SIDES.test(message)) return { kind: "sides" };
  const { question } = asked;
  if (question.aboutListener && question.kind !== "whether") return { kind: "self" };
  if (question.kind === "whether") return { kind: "verdict" };
  switch (question.kind) {
    case "who":
    case "when":
    case "where":
      return { kind: question.kind };
    case "why":
      return { kind: "why" };
    case "how":
      return { kind: "how" };
    default:
      return asked.unnamed && !asked.clause ? { kind: "unnamed" } : { kind: "open" };
  }
}
