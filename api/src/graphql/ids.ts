// Ids arrive as Relay global ids (GraphQL) or raw database ids (REST); services want raw ids.
import { decodeGlobalID } from "@pothos/plugin-relay";
import { z } from "zod";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string) => UUID.test(value);

/** The raw id behind `value` when it is a global id of `typename`, else `value` itself. */
export function rawId(typename: string, value: string): string {
  if (isUuid(value)) return value;
  try {
    const decoded = decodeGlobalID(value);
    return decoded.typename === typename ? decoded.id : value;
  } catch {
    return value;
  }
}

/** A zod field for an id of `typename`, accepting either form; a missing one fails with `message`. */
export const idOf = (typename: string, message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(200, message)
    .transform((value) => rawId(typename, value));
