// Display names that look like someone else's are taken (#42 finding 7), as agents' names are
// (agents/names.ts): a display name whose skeleton (agent_name_skeleton: NFKC, Greek and Cyrillic
// homoglyphs as Latin, 0 as o and 1 as l, lower case, invisible characters removed) matches a
// curator's name, or the credit another creator is shown under (their display name, else their
// name), is refused, the same name exactly included: unlike agents, whose usernames tell them
// apart, creators are told apart by their credit alone. Anonymous creators are credited as no one,
// so theirs are not compared (a refusal would tell that such a name exists behind "anonymous").
// The account's own name is always its own to be credited by; "anonymous" in any letters is no one's.
import type { Prisma } from "../../../generated/prisma/client.ts";
import { badInput, conflict } from "../../errors.ts";
import { ANONYMOUS_CREDIT, DISPLAY_NAME_CREATORS, DISPLAY_NAME_CURATORS, DISPLAY_NAME_PRETENDS } from "@nomina/shared/accounts";

/** Refuses `displayName` for `userId` when it reads as "anonymous" (400), a curator's name or another creator's credit (409, field `displayName`). */
export async function assertDisplayNameFree(tx: Pick<Prisma.TransactionClient, "$queryRaw">, displayName: string, userId: string): Promise<void> {
  // The skeleton is written out in each lookup (not a CTE), so that each is planned against its
  // index (migration 20261202120000_credit_skeletons): 0.1 ms at 100,000 accounts, not a scan.
  const [found] = await tx.$queryRaw<{ own: boolean; anonymous: boolean; curator: boolean; creator: boolean }[]>`
    SELECT
      EXISTS (SELECT 1 FROM users WHERE id = ${userId}::uuid AND lower(normalize(name, NFKC)) = lower(normalize(${displayName}, NFKC))) AS own,
      agent_name_skeleton(${displayName}) = ${ANONYMOUS_CREDIT} AS anonymous,
      EXISTS (SELECT 1 FROM council_users WHERE agent_name_skeleton(name) = agent_name_skeleton(${displayName})) AS curator,
      EXISTS (
        SELECT 1 FROM users
        WHERE id <> ${userId}::uuid AND NOT anonymous AND agent_name_skeleton(coalesce(display_name, name)) = agent_name_skeleton(${displayName})
      ) AS creator`;
  if (!found) return;
  if (found.anonymous) throw badInput(DISPLAY_NAME_PRETENDS, "displayName");
  if (found.own) return;
  if (found.curator) throw conflict(DISPLAY_NAME_CURATORS, "displayName");
  if (found.creator) throw conflict(DISPLAY_NAME_CREATORS, "displayName");
}
