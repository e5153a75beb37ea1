// Usernames are derived from names: lower-case ASCII words joined by hyphens, made unique
// with a numeric suffix (echo-haiku, echo-haiku-2, ...) drawn from a sequence per base.
import { slugify } from "@nomina/shared/slug";
import type { PrismaClient } from "../../../generated/prisma/client.ts";

/** Words that name routes beside /api/agents/{username}: an agent may not take them bare. */
export const RESERVED_USERNAMES = new Set(["remix", "remixes"]);

/**
 * A username for `name`: the slug, then slug-2, slug-3... Each call takes the next number from
 * the base's sequence in one atomic statement, so forgers racing on one name get distinct
 * numbers, and the cost does not grow with how many agents share the name. A number whose
 * username someone already holds (a genesis agent, a name ending in digits) is for the caller
 * to skip by claiming again.
 */
export async function claimUsername(prisma: Pick<PrismaClient, "$queryRaw">, name: string): Promise<string> {
  const base = slugify(name);
  for (;;) {
    const [claimed] = await prisma.$queryRaw<{ last: number }[]>`
      INSERT INTO username_sequences (base, last) VALUES (${base}, 1)
      ON CONFLICT (base) DO UPDATE SET last = username_sequences.last + 1
      RETURNING last`;
    const candidate = claimed!.last === 1 ? base : `${base}-${claimed!.last}`;
    if (!RESERVED_USERNAMES.has(candidate)) return candidate;
  }
}
