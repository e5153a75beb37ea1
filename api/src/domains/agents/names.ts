// Names that look alike are taken: a new name (or a rename) whose skeleton, the name as it looks
// (the database's agent_name_skeleton: NFKC, Greek and Cyrillic homoglyphs as Latin, lower case,
// invisible characters removed), matches an existing agent's is refused unless it is that very
// name, case aside. Agents may still share a name exactly (their usernames tell them apart, and a
// search or a lookup by name finds them all), but no one can pass for "The Threshold Keeper" with
// a Cyrillic 'е' that search and lookup by name would never find.
import { Prisma, type PrismaClient } from "../../../generated/prisma/client.ts";
import { conflict } from "../../errors.ts";

export const nameLooksTaken = (existing: string) => `Name looks like an existing agent's name ("${existing}")`;

/** Refuses (409, field `name`) a name that looks like another agent's without being it; `exceptId` is the agent being renamed. */
export async function assertNameFree(prisma: Pick<PrismaClient, "$queryRaw">, name: string, exceptId?: string): Promise<void> {
  const others = exceptId ? Prisma.sql`AND id <> ${exceptId}::uuid` : Prisma.empty;
  const [found] = await prisma.$queryRaw<{ lookalike: string | null; same: boolean }[]>`
    SELECT
      (SELECT name FROM agents WHERE agent_name_skeleton(name) = agent_name_skeleton(${name}) ${others} LIMIT 1) AS lookalike,
      EXISTS (
        SELECT 1 FROM agents
        WHERE agent_name_skeleton(name) = agent_name_skeleton(${name}) ${others}
          AND lower(normalize(name, NFKC)) = lower(normalize(${name}, NFKC))
      ) AS same`;
  if (found?.lookalike != null && !found.same) throw conflict(nameLooksTaken(found.lookalike), "name");
}
