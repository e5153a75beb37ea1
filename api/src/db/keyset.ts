// Keyset pagination: a page after (or before) a row is read from the index where that row
// sits, so page 500 costs what page 1 costs. Prisma's own cursor became an OR over the sort key
// that read every earlier row (page 50 of The Named read 1,205 rows).
//
// The rows after an anchor (k1 = v1, ..., kn = vn, id last) in an order are the union of n
// ranges, each an equality on a prefix of the keys and one strict comparison:
//   k1 = v1 AND ... AND k(n-1) = v(n-1) AND kn > vn,  ...,  k1 = v1 AND k2 > v2,  k1 > v1
// and each is one contiguous stretch of an index on (k1, ..., kn), read from its start in
// order. A single condition cannot say this to PostgreSQL 15: `k1 >= v1 AND (k1 > v1 OR ...)`
// bounds the scan by k1 alone, so every row sharing the anchor's k1 and sorting before it is
// read and thrown away (all agents of the anchor's type, when The Named is sorted by type; all
// agents remixed once, deep in the most remixed), and mixed directions rule out row
// comparisons. So each range is its own query, all of them at once, each taking at most a page:
// a page reads at most (number of keys) x (page size) rows, wherever it starts.
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

/** The arguments of one findMany: Prisma's own types are checked at each caller. */
export type KeysetFindArgs = { where: Where; orderBy: Record<string, Direction>[]; take?: number; select?: unknown; include?: unknown };

export const keysetOrderBy = (order: KeysetOrder) => order.map(([field, direction]) => ({ [field]: direction }));

/**
 * The ranges after `anchor` in `order` (before it when `backward`), nearest first: the rows
 * tying with the anchor on every key but the last, then on every key but the last two, and so on.
 */
export function keysetRanges(order: KeysetOrder, anchor: Record<string, unknown>, backward = false): Where[] {
  return order
    .map(([field, direction], index) => {
      const ties = Object.fromEntries(order.slice(0, index).map(([key]) => [key, anchor[key]]));
      const ascending = (direction === "asc") !== backward;
      return { ...ties, [field]: { [ascending ? "gt" : "lt"]: anchor[field] } };
    })
    .reverse();
}

/**
 * One page of a connection: the first page is one query in the order's index; a page after
 * (or before) a row reads the anchor's sort keys by its id (one primary-key lookup; a cursor
 * naming no row is the client's mistake), then each range past it. Pothos' `take` is one more
 * than the page (to learn whether there is a next one), negative for a page before the anchor;
 * Prisma then reads from the end of each range.
 */
export async function keysetFind<Row>(
  query: ConnectionQuery,
  order: KeysetOrder,
  where: Where,
  anchorOf: (id: string, select: Record<string, true>) => Promise<Record<string, unknown> | null>,
  findMany: (args: KeysetFindArgs) => Promise<Row[]>,
): Promise<Row[]> {
  const { cursor, skip: _skip, ...rest } = query;
  const orderBy = keysetOrderBy(order);
  if (cursor?.id === undefined) return findMany({ ...rest, where, orderBy });
  const select = Object.fromEntries(order.map(([field]) => [field, true] as const));
  const take = query.take ?? 0;
  const backward = take < 0;
  const anchor = typeof cursor.id === "string" ? await anchorOf(cursor.id, select) : null;
  if (!anchor) throw badInput(INVALID_CURSOR, backward ? "before" : "after");
  const ranges = keysetRanges(order, anchor, backward);
  const pages = await Promise.all(ranges.map((range) => findMany({ ...rest, where: { AND: [where, range] }, orderBy })));
  if (!backward) return pages.flat().slice(0, take || undefined);
  // Before the anchor, in the order's direction: the farthest range first, the nearest last.
  const rows = pages.reverse().flat();
  return rows.slice(Math.max(0, rows.length + take));
}
