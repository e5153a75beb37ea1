// The browser suite's large network (web/e2e/lineage-scale.spec.ts): into the data directory
// DATA_DIR, before a private server starts on it, the migrations and the genesis agents, then
// FOREST_AGENTS agents (default 5,000) written by SQL (scripts/lineage-forest.ts), a history
// of two years ending on a fixed day, so that every run draws the same map. The genesis
// agents are moved back before that history, so the map opens on the forest's lineages.
import { openDatabase } from "../api/src/db/client.ts";
import { prepareDatabase } from "../api/src/db/prepare.ts";
import { createLogger } from "../api/src/logger.ts";
import { DEFAULT_FOREST, seedLineageForest } from "./lineage-forest.ts";

export const FOREST_END = new Date("2026-11-01T12:00:00Z");
const GENESIS_DAY = "2024-10-01T00:00:00Z";

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error("DATA_DIR must name the data directory to seed");
const agents = Number(process.env.FOREST_AGENTS ?? 5000);

const db = await openDatabase({ dataDir });
try {
  await prepareDatabase(db, createLogger("warn"));
  await db.prisma.$executeRawUnsafe(`UPDATE agents SET created_at = '${GENESIS_DAY}', lineage_active_at = '${GENESIS_DAY}' WHERE parent_agent_id IS NULL`);
  const written = await seedLineageForest((sql) => db.prisma.$executeRawUnsafe(sql), { ...DEFAULT_FOREST, agents, end: FOREST_END });
  console.log(`seeded ${written.origins} origins and ${written.remixes} remixes`);
} finally {
  await db.close();
}
