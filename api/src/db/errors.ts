// Recognising the database errors that mean "a client raced another client", not a fault.
import { Prisma } from "../generated/prisma/client.ts";

/** A unique constraint refused the write (optionally: on this field). */
export function isUniqueViolation(error: unknown, field?: string): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== "P2002") return false;
  if (!field) return true;
  const target = JSON.stringify(error.meta ?? {});
  return target.includes(field);
}
