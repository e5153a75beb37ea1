// Seeds the genesis agents. Idempotent: usernames are unique and existing rows are skipped,
// so a restart (or two processes starting together) never duplicates them.
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
  return count;
}
