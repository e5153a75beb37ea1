// The Naming Ritual waitlist: one entry per email; joining again updates it.
import type { Actor } from "../../actor.ts";
import type { PrismaClient, WaitlistEntry } from "../../generated/prisma/client.ts";
import type { UsageService } from "../usage/service.ts";
import type { JoinWaitlistInput } from "./schemas.ts";

export function createWaitlistService(prisma: PrismaClient, usage: Pick<UsageService, "throttle">) {
  return {
    async join(input: JoinWaitlistInput, actor: Actor): Promise<{ entry: WaitlistEntry; created: boolean }> {
      await usage.throttle(actor);
      const existing = await prisma.waitlistEntry.findUnique({ where: { email: input.email }, select: { id: true } });
      const entry = await prisma.waitlistEntry.upsert({
        where: { email: input.email },
        create: input,
        update: { name: input.name, agentType: input.agentType },
      });
      return { entry, created: !existing };
    },
  };
}
