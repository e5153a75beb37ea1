// How the archive of your data (your-data.ts) is written without holding it (#42 item 3): every
// list is read a page at a time along its index, every file is JSON written a page at a time, and
// the ZIP deflates each piece as the client reads it. However long a thread, the server holds one
// page of it, and no step costs the event loop more than a page's worth of work.
import { setImmediate as nextTurn } from "node:timers/promises";
import { Zip, ZipDeflate, strToU8 } from "fflate";
import type { Prisma, PrismaClient } from "../../../generated/prisma/client.ts";
import { keysetOrderBy, keysetRanges, type KeysetFindArgs, type KeysetOrder } from "../../db/keyset.ts";

/** Rows read at a time, and so the most any file holds in memory while it is written. */
export const ARCHIVE_PAGE = 100;

/** Rows or pieces as they come: read a page at a time, or at hand already. */
type Source<T> = AsyncIterable<T> | Iterable<T>;

/** A file of the archive: its path, and its text in pieces (each at most a page's rows). */
export type ArchiveFile = { path: string; pieces: Source<string> };

/**
 * Every row of a list, a page at a time, in `order` along its index: the page after a row reads
 * the keyset ranges after it (db/keyset.ts), nearest first, until the page is full. Each
 * statement takes at most a page, so page 1,500 of a thread costs what page 1 does. The rows
 * must carry the order's fields. Each statement waits for the event loop's next turn first: an
 * embedded database (PGlite) answers within the same turn, and a chain of its answers would hold
 * every timer and every other request back until the archive was done.
 */
export async function* keysetPages<Row extends Record<string, unknown>>(
  order: KeysetOrder,
  where: Record<string, unknown>,
  findMany: (args: KeysetFindArgs & { take: number }) => Promise<Row[]>,
): AsyncGenerator<Row[]> {
  const orderBy = keysetOrderBy(order);
  const read = async (args: KeysetFindArgs & { take: number }) => {
    await nextTurn();
    return findMany(args);
  };
  let page = await read({ where, orderBy, take: ARCHIVE_PAGE });
  while (page.length > 0) {
    yield page;
    if (page.length < ARCHIVE_PAGE) return;
    const anchor = page.at(-1)!;
    page = [];
    for (const range of keysetRanges(order, anchor)) {
      page.push(...(await read({ where: { AND: [where, range] }, orderBy, take: ARCHIVE_PAGE - page.length })));
      if (page.length === ARCHIVE_PAGE) break;
    }
  }
}

/**
 * `page`, read along its index as it is written: never sorted. A planner without statistics
 * (PGlite never gathers any) reckons a long thread a few dozen rows, and would gather every later
 * message of it and sort them for each page (40 ms a page at 30,000 messages, growing with the
 * thread) instead of reading the next hundred off the index (under 1 ms).
 */
export async function alongIndex<T>(prisma: PrismaClient, page: Prisma.PrismaPromise<T>): Promise<T> {
  const [, rows] = await prisma.$transaction([prisma.$queryRaw`SELECT set_config('enable_sort', 'off', true)`, page]);
  return rows;
}

/** `text` (JSON.stringify's, indented by 2) indented further by `prefix`: JSON strings hold no raw line breaks. */
const indented = (text: string, prefix: string) => prefix + text.replaceAll("\n", `\n${prefix}`);

/** The rows of `pages` as a JSON array at `prefix`'s depth, laid out as JSON.stringify(rows, null, 2) lays them out. */
async function* arrayPieces<Row>(pages: Source<Row[]>, shape: (row: Row) => unknown, prefix: string): AsyncGenerator<string> {
  let first = true;
  for await (const page of pages) {
    const items = page.map((row) => indented(JSON.stringify(shape(row), null, 2), `${prefix}  `)).join(",\n");
    yield `${first ? "[\n" : ",\n"}${items}`;
    first = false;
  }
  yield first ? "[]" : `\n${prefix}]`;
}

/** A file holding one JSON array of every row of `pages`, each as `shape` makes it. */
export async function* jsonArray<Row>(pages: Source<Row[]>, shape: (row: Row) => unknown = (row) => row): AsyncGenerator<string> {
  yield* arrayPieces(pages, shape, "");
  yield "\n";
}

/**
 * A file holding one JSON object: `head`'s fields, then `key` with every row of `pages` (each as
 * `shape` makes it): the same text as JSON.stringify({...head, [key]: rows}, null, 2), in pieces.
 */
export async function* jsonWithList<Row>(
  head: Record<string, unknown>,
  key: string,
  pages: Source<Row[]>,
  shape: (row: Row) => unknown = (row) => row,
): AsyncGenerator<string> {
  const fields = JSON.stringify(head, null, 2);
  // "{\n  ...fields\n}" opened again after its last field ("{}" when it has none).
  yield `${fields === "{}" ? "{" : `${fields.slice(0, -2)},`}\n  ${JSON.stringify(key)}: `;
  yield* arrayPieces(pages, shape, "  ");
  yield "\n}\n";
}

/**
 * The ZIP of `files`, written as it is read: each pull deflates the next piece, until the archive
 * gives out bytes (a small piece may give none yet), so the client's reading paces the database's.
 */
export function zipStream(files: AsyncIterator<ArchiveFile>): ReadableStream<Uint8Array> {
  let zip: Zip;
  let open: { entry: ZipDeflate; pieces: AsyncIterator<string> | Iterator<string> } | null = null;
  let written = 0;
  let ended = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      zip = new Zip((error, chunk, final) => {
        if (error) return controller.error(error);
        written += 1;
        controller.enqueue(chunk);
        if (final) controller.close();
      });
    },
    async pull() {
      const before = written;
      while (written === before && !ended) {
        if (!open) {
          const next = await files.next();
          if (next.done) {
            ended = true;
            zip.end();
            return;
          }
          const { path, pieces } = next.value;
          open = {
            entry: new ZipDeflate(path, { level: 6 }),
            pieces: Symbol.asyncIterator in pieces ? pieces[Symbol.asyncIterator]() : pieces[Symbol.iterator](),
          };
          zip.add(open.entry);
        }
        const piece = await open.pieces.next();
        if (piece.done) {
          open.entry.push(new Uint8Array(0), true);
          open = null;
        } else {
          open.entry.push(strToU8(piece.value));
        }
      }
    },
    async cancel() {
      zip.terminate();
      await open?.pieces.return?.();
      await files.return?.();
    },
  });
}
