// Fixtures the end-to-end specs need that no API creates: an archived agent, and the curator
// that signs in to the console (curators are made from the command line only). Runs on the e2e data directory before the server starts (playwright.config.ts),
// after the same migrations and genesis seed the server applies.
import { openDatabase } from "../api/src/db/client.ts";
import { prepareDatabase } from "../api/src/db/prepare.ts";
import { createLogger } from "../api/src/logger.ts";
import { createCurator } from "../api/src/domains/accounts/curators.ts";
import { E2E_CURATOR } from "../web/e2e/support/curator.ts";

export const ARCHIVED_AGENT = {
  name: "The Forgotten Oracle",
  username: "forgotten-oracle",
  glyph: "⌁",
  personality: "Once answered every question; now answers none. Kept for the record.",
  description: "An oracle the network set aside. It is shown only to those who ask for the archived.",
  apiModel: "gemini",
  type: "forged",
  createdBy: "The Void",
  archived: true,
} as const;

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error("DATA_DIR must name the e2e data directory");

const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir });
try {
  await prepareDatabase(db, createLogger("warn"));
  await db.prisma.agent.upsert({ where: { username: ARCHIVED_AGENT.username }, create: ARCHIVED_AGENT, update: {} });
  if (!(await db.prisma.councilUser.findUnique({ where: { email: E2E_CURATOR.email } }))) await createCurator(db.prisma, E2E_CURATOR);
} finally {
  await db.close();
}
