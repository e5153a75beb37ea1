// Text as the database compares it.

/**
 * `text` as a literal inside a LIKE pattern. Prisma turns case-insensitive `equals` and
 * `contains` into ILIKE without escaping, so `%` or `_` in a visitor's search or reference
 * would match anything (prisma/prisma#10810); PostgreSQL's default escape is the backslash.
 */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * What a name sorts by: lower case, accents set aside. PGlite has no ICU and sorts text by its
 * bytes ("Zeta" before "alpha"), so the order is kept in a column of its own on every database.
 */
export const sortKey = (name: string) => name.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
