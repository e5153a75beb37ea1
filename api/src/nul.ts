// NUL characters: PostgreSQL text cannot hold them, so any that a client sends is refused at
// the edge (REST bodies and URLs, GraphQL variables and literals) with a 400, before any work.
import { badInput } from "./errors.ts";

export const NUL_REFUSED = "Text cannot contain NUL characters";

/** Where the first NUL in `value` is: its path ('' for `value` itself), or undefined. */
export function nulPath(value: unknown, path: readonly string[] = []): string | undefined {
  if (typeof value === "string") return value.includes("\0") ? path.join(".") : undefined;
  if (typeof value !== "object" || value === null) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const found = key.includes("\0") ? [...path, key].join(".") : nulPath(inner, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Throws the 400 when `value` holds a NUL anywhere. */
export function refuseNul(value: unknown): void {
  const path = nulPath(value);
  if (path !== undefined) throw badInput(NUL_REFUSED, path || undefined);
}
