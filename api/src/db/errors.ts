// Recognising the database errors that mean "a client raced another client", not a fault.
import { Prisma } from "../../generated/prisma/client.ts";

/** SQLSTATE unique_violation, as PGlite's adapter passes it through (Prisma maps only PostgreSQL's to P2002). */
const UNIQUE_VIOLATION = "23505";

/** A unique constraint refused the write (optionally: on this field). */
export function isUniqueViolation(error: unknown, field?: string): boolean {
  const fromPrisma = error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  const fromAdapter = (error as Error | null)?.name === "DriverAdapterError" && cause?.code === UNIQUE_VIOLATION;
  if (!fromPrisma && !fromAdapter) return false;
  if (!field) return true;
  const target = fromPrisma ? JSON.stringify(error.meta ?? {}) : JSON.stringify(cause);
  return target.includes(field);
}

/** SQLSTATE invalid_text_representation. */
const INVALID_TEXT_REPRESENTATION = "22P02";

/**
 * The database could not read an id as a UUID. Every id the app writes is one, so this id came
 * from a client (a global id or a cursor decoded to something else): the client's mistake.
 */
export function isMalformedUuid(error: unknown): boolean {
  const cause = (error as { cause?: { code?: unknown; originalCode?: unknown } } | null)?.cause;
  const code = cause?.code ?? cause?.originalCode;
  return (error as Error | null)?.name === "DriverAdapterError" && code === INVALID_TEXT_REPRESENTATION && /\buuid\b/i.test((error as Error).message);
}

/** Prisma's codes for a database it cannot reach, or a connection it lost or could not get. */
const UNREACHABLE_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
/**
 * SQLSTATEs of a server going away (admin shutdown, crash shutdown, cannot connect now,
 * connection exceptions 08...) or too busy to answer in time (57014: a statement cancelled by
 * the statement timeout).
 */
const GOING_AWAY = /^(57P0[123]|57014|08\d{3})$/;
// A transaction that could not get a connection, or finish, in its time (db/client.ts TRANSACTIONS)
// is told by its words: its code (P2028) also names a transaction used after it ended, a bug.
const GONE =
  /canceling statement due to statement timeout|an expired transaction|Unable to start a transaction in the given time|Connection terminated|ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|Cannot use a pool after calling end|PGlite is closed|terminating connection|Can't reach database server|server closed the connection/i;

/**
 * The database cannot answer right now (unreachable, restarting, its connection cut, or closed
 * for shutdown): not the client's fault, not a bug of ours either. The request is answered 503
 * with Retry-After, and may be tried again.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; originalCode?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === "string" && (UNREACHABLE_CODES.has(candidate.code) || GOING_AWAY.test(candidate.code))) return true;
    if (typeof candidate.originalCode === "string" && GOING_AWAY.test(candidate.originalCode)) return true;
    if (typeof candidate.message === "string" && GONE.test(candidate.message)) return true;
    current = candidate.cause;
  }
  return false;
}
