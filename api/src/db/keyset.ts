// Keyset pagination: a page after (or before) a row is read from the index where that row
// sits, so page 500 costs what page 1 costs. Prisma's own cursor became an OR over the sort key
// that read every earlier row (page 50 of The Named read 1,205 rows). Here the condition is
// written in the index-friendly form of "Use The Index, Luke": `k1 <= v1 AND (k1 < v1 OR ...)`,
// whose first conjunct bounds the index scan and whose rest filters the few rows that tie.
// Every order ends on `id`, so that it is total and the anchor row is never read twice.
import { badInput } from "../errors.ts";

export type Direction = "asc" | "desc";

/** A total order: sort keys, the last of them `id`. */
export type KeysetOrder = readonly (readonly [field: string, direction: Direction])[];

/** What Pothos hands a connection's resolver: the page (take, and the anchor row's id) and the selection. */
export type ConnectionQuery = {
  take?: number;
  skip?: number;
  cursor?: { id?: unknown };
  select?: unknown;
  include?: unknown;
};

export const INVALID_CURSOR = "Invalid cursor";

type Where = Record<string, unknown>;

/** Rows strictly after `anchor` in `order` (strictly before it when `backward`). */
export function keysetWhere(order: KeysetOrder, anchor: Record<string, unknown>, backward = false): Where {
  const [[field, direction], ...rest] = order as [readonly [string, Direction], ...(readonly [string, Direction])[]];
  const value = anchor[field];
  const ascending = (direction === "asc") !== backward;
  const strict = { [field]: { [ascending ? "gt" : "lt"]: value } };
  if (rest.length === 0) return strict;
  const bound = { [field]: { [ascending ? "gte" : "lte"]: value } };
  return { AND: [bound, { OR: [strict, keysetWhere(rest, anchor, backward)] }] };
}

export const keysetOrderBy = (order: KeysetOrder) => order.map(([field, direction]) => ({ [field]: direction }));

/**
 * The arguments of a page's findMany: `where` narrowed past the anchor row, the order, and
 * Pothos' `take` (negative for a page before the anchor; Prisma then reads from the end). The
 * anchor's sort keys are read by its id, one primary-key lookup; a cursor naming no row is the
 * client's mistake.
 */
export async function keysetArgs(
  query: ConnectionQuery,
  order: KeysetOrder,
  where: Where,
  anchorOf: (id: string, select: Record<string, true>) => Promise<Record<string, unknown> | null>,
) {
  const { cursor, skip: _skip, ...rest } = query;
  const orderBy = keysetOrderBy(order);
  if (cursor?.id === undefined) return { ...rest, where, orderBy };
  const select = Object.fromEntries(order.map(([field]) => [field, true] as const));
  const backward = (query.take ?? 0) < 0;
  const anchor = typeof cursor.id === "string" ? await anchorOf(cursor.id, select) : null;
  if (!anchor) throw badInput(INVALID_CURSOR, backward ? "before" : "after");
  return { ...rest, where: { AND: [where, keysetWhere(order, anchor, backward)] }, orderBy };
}
