// Relay global ids are the GraphQL edge's: they are decoded here, and services receive the
// database ids (or the raw references REST sends) only.
import type { z } from "zod";
import { isUuid } from "../db/ids.ts";

/** Standard padded base64, as Relay global ids are written (the pattern Pothos decodes with). */
const BASE64 = /^(?:[\d+/A-Za-z]{4})*(?:[\d+/A-Za-z]{2}==|[\d+/A-Za-z]{3}=)?$/;

/**
 * The raw id behind `value` when it is a global id of `typename`, else `value` itself. Usernames
 * and plain ids are told apart without throwing: Pothos' decoder refuses them with an error whose
 * stack trace cost a profile read a few percent of its CPU.
 */
export function rawId(typename: string, value: string): string {
  const trimmed = value.trim();
  if (isUuid(trimmed) || !BASE64.test(trimmed)) return trimmed;
  const decoded = Buffer.from(trimmed, "base64").toString();
  const prefix = `${typename}:`;
  return decoded.startsWith(prefix) && decoded.length > prefix.length ? decoded.slice(prefix.length) : trimmed;
}

/** A shared schema's id field, accepting a global id of `typename` as well. */
export const globalIdOf = (typename: string, field: z.ZodString) => field.transform((value) => rawId(typename, value));
