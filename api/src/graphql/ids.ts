// Relay global ids are the GraphQL edge's: they are decoded here, and services receive the
// database ids (or the raw references REST sends) only.
import { decodeGlobalID } from "@pothos/plugin-relay";
import type { z } from "zod";
import { isUuid } from "../db/ids.ts";

/** The raw id behind `value` when it is a global id of `typename`, else `value` itself. */
export function rawId(typename: string, value: string): string {
  const trimmed = value.trim();
  if (isUuid(trimmed)) return trimmed;
  try {
    const decoded = decodeGlobalID(trimmed);
    return decoded.typename === typename ? decoded.id : trimmed;
  } catch {
    return trimmed;
  }
}

/** A shared schema's id field, accepting a global id of `typename` as well. */
export const globalIdOf = (typename: string, field: z.ZodString) => field.transform((value) => rawId(typename, value));
