// Connection cursors are opaque to clients, but whatever a client sends in their place is read
// before any query runs: a cursor must be one this graph issued (a row id, by Pothos' encoding),
// or the request is the client's mistake (BAD_USER_INPUT), never a query Prisma refuses.
import { parsePrismaCursor } from "@pothos/plugin-prisma";
import { z } from "zod";
import { isUuid } from "../db/ids.ts";

export const INVALID_CURSOR = "Invalid cursor";

function isIssuedCursor(cursor: string): boolean {
  try {
    const key = parsePrismaCursor(cursor);
    return typeof key === "string" && isUuid(key);
  } catch {
    return false;
  }
}

const cursor = z.string().max(200, { message: INVALID_CURSOR, abort: true }).refine(isIssuedCursor, INVALID_CURSOR).nullish();

/** The `validate` of every connection field: its other arguments pass as they are. */
export const connectionArgs = z.looseObject({ after: cursor, before: cursor });
