// Recognising the database errors that mean "a client raced another client", not a fault.
import { Prisma } from "../generated/prisma/client.ts";

/** SQLSTATE unique_violation, as PGlite's adapter passes it through (Prisma maps only PostgreSQL's to P2002). */
const UNIQUE_VIOLATION = "23505";

/** A unique constraint refused the write (optionally: on this field). */
export function isUniqueViolation(error: unknown, field?: string): boolean {
  const fromPrisma = error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  const fromAdapter = (error as Error | null)?.name === "DriverAdapterError" && cause?.code === UNIQUE_VIOLATION;
  if (!fromPrisma && !fromAdapter) return false;
  if (!field) return true;
  const target = fromPrisma ? JSON.stringify((error as Prisma.PrismaClientKnownRequestError).meta ?? {}) : JSON.stringify(cause);
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
