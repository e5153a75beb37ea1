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
