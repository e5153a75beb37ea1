// NUL characters: PostgreSQL text cannot hold them, so any that a client sends is refused at
// the edge (REST bodies and URLs, GraphQL variables and literals) with a 400, before any work.
// The walk is iterative and bounded in depth: a body of 30,000 nested arrays is a client's
// mistake to answer, not a stack to overflow.
import { badInput } from "./errors.ts";

export const NUL_REFUSED = "Text cannot contain NUL characters";
export const MALFORMED_TEXT = "Text must be valid Unicode";

/** Half of a surrogate pair without its other half: no character at all, unstorable as UTF-8. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const TOO_DEEP = "Input is nested too deeply";

/** Deeper than any input of the product (an agent's essence is three levels). */
export const MAX_INPUT_DEPTH = 32;

type Found = { kind: "nul" | "malformed"; path: string } | { kind: "deep" };

function badText(text: string): "nul" | "malformed" | undefined {
  if (text.includes("\0")) return "nul";
  return LONE_SURROGATE.test(text) ? "malformed" : undefined;
}

/** The first NUL or lone surrogate in `value` (its path, '' for `value` itself), or nesting past the limit. */
export function inspectInput(value: unknown): Found | undefined {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === "string") {
      const bad = badText(current);
      if (bad) return { kind: bad, path: path.join(".") };
      continue;
    }
    if (typeof current !== "object" || current === null) continue;
    if (path.length >= MAX_INPUT_DEPTH) return { kind: "deep" };
    const entries = Object.entries(current);
    const badKey = entries.find(([key]) => badText(key));
    if (badKey) return { kind: badText(badKey[0])!, path: [...path, badKey[0]].join(".") };
    // Reversed onto the stack, so that the first NUL in reading order is the one reported.
    for (const [key, inner] of entries.reverse()) stack.push({ value: inner, path: [...path, key] });
  }
  return undefined;
}

/** Where the first NUL in `value` is: its path ('' for `value` itself), or undefined. */
export function nulPath(value: unknown): string | undefined {
  const found = inspectInput(value);
  return found?.kind === "nul" ? found.path : undefined;
}

export const refusalOf = (found: Found) => (found.kind === "deep" ? TOO_DEEP : found.kind === "nul" ? NUL_REFUSED : MALFORMED_TEXT);

/** Throws the 400 when `value` holds a NUL or a lone surrogate anywhere, or is nested past any real input. */
export function refuseNul(value: unknown): void {
  const found = inspectInput(value);
  if (found) throw badInput(refusalOf(found), found.kind === "deep" ? undefined : found.path || undefined);
}
