// The Naming Ritual waitlist: one entry per email; joining again updates it.
import type { Actor } from "../../actor.ts";
import { uuidv7 } from "../../db/uuid.ts";
import type { PrismaClient, WaitlistEntry } from "../../../generated/prisma/client.ts";
import type { UsageService } from "../usage/service.ts";
import type { JoinWaitlistInput } from "@nomina/shared/waitlist";

type EntryRow = { id: string; name: string; email: string; agent_type: WaitlistEntry["agentType"]; created_at: Date; inserted: boolean };

export function createWaitlistService({ prisma, usage }: { prisma: PrismaClient; usage: Pick<UsageService, "throttle"> }) {
  return {
    /**
     * One statement inserts or updates, and says which it did (a row PostgreSQL has just
     * inserted has no xmax), so of many joins racing with one new email exactly one is new.
     */
    async join(input: JoinWaitlistInput, actor: Actor): Promise<{ entry: WaitlistEntry; created: boolean }> {
      await usage.throttle(actor);
      const [row] = await prisma.$queryRaw<EntryRow[]>`
        INSERT INTO waitlist_entries (id, name, email, agent_type)
        VALUES (${uuidv7()}::uuid, ${input.name}, ${input.email}, ${input.agentType}::"WaitlistPurpose")
        ON CONFLICT (email) DO UPDATE SET name = EXCLUDED.name, agent_type = EXCLUDED.agent_type
        RETURNING id, name, email, agent_type, created_at, (xmax = 0) AS inserted`;
      const { agent_type, created_at, inserted, ...rest } = row!;
      return { entry: { ...rest, agentType: agent_type, createdAt: created_at }, created: inserted };
    },
  };
}
