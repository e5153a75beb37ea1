// Seeds the genesis agents. Idempotent: usernames are unique and existing rows are skipped,
// so a restart (or two processes starting together) never duplicates them. Genesis agents seeded
// before greetings existed get theirs once (only while it is still empty: an edit stays).
import type { PrismaClient } from "../../generated/prisma/client.ts";
import { GENESIS_AGENTS, GENESIS_CREATOR } from "./genesis.ts";

export async function seedGenesis(prisma: PrismaClient): Promise<number> {
  const { count } = await prisma.agent.createMany({
    skipDuplicates: true,
    data: GENESIS_AGENTS.map((agent) => ({
      ...agent,
      type: "genesis",
      createdBy: GENESIS_CREATOR,
    })),
  });
  for (const agent of GENESIS_AGENTS) {
    await prisma.agent.updateMany({
      where: { username: agent.username, type: "genesis", greeting: null },
      data: { greeting: agent.greeting, alternateGreetings: agent.alternateGreetings },
    });
  }
  return count;
}
