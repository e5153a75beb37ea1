// Sums the oracle can do (#41: "What is 2 + 2?" was "a question without a subject"): the words of
// a question turned into an expression ("two plus two", "15% of 80", "the square root of 144"),
// parsed by mathjs and evaluated only when every node of it is a number, one of a few operators or
// one of a few functions, within a size bound: no variables, no units, no matrices, no function of
// mathjs' own that could be asked to do unbounded work. Nothing is evaluated from text as it came.
import type { MathNode } from "mathjs";
import { maths } from "./maths.ts";
import type { Known } from "./known.ts";

/** The longest expression read, in characters, and the most nodes its tree may hold. */
const MOST_CHARACTERS = 120;
const MOST_NODES = 60;
/** The largest exponent and the largest number written: past them a number is not worth saying. */
const MOST_EXPONENT = 1_000;
const MOST_DIGITS = 16;

const NUMBER_WORDS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  hundred: 100,
  thousand: 1000,
  million: 1_000_000,
};

/** Spoken operators, in the order they are replaced (longer phrases first). */
const SPOKEN: [RegExp, string][] = [
  [/\b(?:the )?square root of\b/g, " sqrt "],
  [/\b(?:the )?absolute value of\b/g, " abs "],
  [/\bto the power of\b|\braised to(?: the power of)?\b|\*\*/g, " ^ "],
  [/\bsquared\b/g, " ^ 2 "],
  [/\bcubed\b/g, " ^ 3 "],
  [/\bmultiplied by\b|\btimes\b|×|·/g, " * "],
  [/\bdivided by\b|\bover\b|÷/g, " / "],
  [/\bplus\b|\band\b/g, " + "],
  [/\bminus\b|−/g, " - "],
  [/\bmodulo\b|\bmod\b/g, " mod "],
];

/** How a sum may be asked, the sum itself in the group. */
const ASKING =
  /^(?:what(?:'s| is| are| does| do)?|how much (?:is|are|does|do)?|calculate|compute|work out|evaluate|solve|add|whats)\s+(.+?)(?:\s+(?:equal|equals|make|come to|give))?\s*\??\s*$/i;

const OPERATORS = new Set(["add", "subtract", "multiply", "divide", "pow", "unaryMinus", "unaryPlus", "mod"]);
const FUNCTIONS = new Set(["sqrt", "abs"]);

/** "15% of 80" is 15/100 of 80; "x" between numbers is times. */
function symbolic(words: string): string {
  let text = ` ${words.toLowerCase()} `;
  text = text.replace(/(\d+(?:\.\d+)?)\s*(?:%|percent)\s+of\s+/g, "($1 / 100) * ");
  text = text.replace(/(\d)\s*x\s*(\d)/g, "$1 * $2");
  for (const [pattern, symbol] of SPOKEN) text = text.replace(pattern, symbol);
  text = text.replace(/\b[a-z]+\b/g, (word) =>
    word in NUMBER_WORDS ? String(NUMBER_WORDS[word]) : word === "sqrt" || word === "abs" || word === "mod" ? word : ` ${word} `,
  );
  // "sqrt 144" is a call: sqrt(144).
  text = text.replace(/\b(sqrt|abs)\s+(\d+(?:\.\d+)?)/g, "$1($2)");
  return text.replace(/\s+/g, " ").trim();
}

/** Whether every node is one a sum may hold, within the bounds. */
function tame(root: MathNode): boolean {
  let nodes = 0;
  let tameSoFar = true;
  root.traverse((node, _path, parent) => {
    nodes += 1;
    if (!tameSoFar || nodes > MOST_NODES) return void (tameSoFar = false);
    switch (node.type) {
      case "ConstantNode": {
        const value = (node as unknown as { value: unknown }).value;
        if (typeof value !== "number" || !Number.isFinite(value) || String(Math.trunc(Math.abs(value))).length > MOST_DIGITS) tameSoFar = false;
        break;
      }
      case "OperatorNode": {
        const { fn, args } = node as unknown as { fn: string; args: MathNode[] };
        if (!OPERATORS.has(fn)) tameSoFar = false;
        // A large power is refused before it is computed, whatever its base.
        if (fn === "pow" && !(args[1]?.type === "ConstantNode" && Math.abs((args[1] as unknown as { value: number }).value) <= MOST_EXPONENT))
          tameSoFar = false;
        break;
      }
      case "ParenthesisNode":
        break;
      case "SymbolNode":
        // Only as the name of an allowed function.
        if (!(parent?.type === "FunctionNode" && FUNCTIONS.has((node as unknown as { name: string }).name))) tameSoFar = false;
        break;
      case "FunctionNode": {
        const { fn, args } = node as unknown as { fn: { name?: string }; args: MathNode[] };
        if (!FUNCTIONS.has(fn.name ?? "") || args.length !== 1) tameSoFar = false;
        break;
      }
      default:
        tameSoFar = false;
    }
  });
  return tameSoFar;
}

/** A number as a person writes it: "4", "0.5", "1,000,000", "1.4142"; null past what is worth saying. */
export function spoken(value: number): string | null {
  if (!Number.isFinite(value)) return null;
  const rounded = Number.parseFloat(value.toPrecision(12));
  if (Math.abs(rounded) >= 1e15) return null;
  return Number.isInteger(rounded) ? rounded.toLocaleString("en-GB") : rounded.toLocaleString("en-GB", { maximumFractionDigits: 6 });
}

/** The sum a question asks, worked out; null when it asks none (or one not worth evaluating). */
export function sumOf(body: string): Known | null {
  const text = body.trim();
  if (text.length > MOST_CHARACTERS + 20 || !/\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twenty|hundred)\b/i.test(text)) return null;
  const asked = ASKING.exec(text.replace(/[=]\s*\??\s*$/, "").trim())?.[1] ?? (/^[\d\s+\-*/^().%x×÷]+[=?]?$/.test(text) ? text.replace(/[=?]$/, "") : null);
  if (!asked || asked.length > MOST_CHARACTERS) return null;
  const expression = symbolic(asked);
  // Only digits, operators and the allowed words are left when the question was a sum.
  if (!/^[\d\s.+\-*/^()]*(?:(?:sqrt|abs|mod)[\d\s.+\-*/^()]*)*$/.test(expression) || !/[+\-*/^]|sqrt|abs|mod/.test(expression) || !/\d/.test(expression))
    return null;
  let tree: MathNode;
  try {
    tree = maths().parse(expression);
  } catch {
    return null;
  }
  if (!tame(tree)) return null;
  let value: unknown;
  try {
    value = tree.compile().evaluate();
  } catch {
    return null;
  }
  if (typeof value !== "number") return null;
  const said = asked.replace(/\s+/g, " ").replace(/\?$/, "").trim();
  if (Number.isNaN(value) || (!Number.isFinite(value) && /\/\s*\(?\s*0(?:\.0*)?\s*\)?(?![\d.])/.test(expression)))
    return { subject: said, fact: `${said} has no number for an answer, since nothing can be divided by zero`, word: "Undefined" };
  const answer = spoken(value);
  if (answer === null) return { subject: said, fact: `${said} is too large a number to say well`, word: "Vast" };
  return { subject: said, fact: `${said} is ${answer}`, word: answer };
}
