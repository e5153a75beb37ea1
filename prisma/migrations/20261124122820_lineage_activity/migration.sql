-- The Ancestry Map (issue 20): lineages listed by their last activity, each origin's newest
-- descendants, and one agent's newest remixes, each read from an index in its own order.
-- The (parent_agent_id, created_at, id) index is also created by 20261124122707_scale_listings,
-- hence IF [NOT] EXISTS on it, written by hand.

-- DropIndex
DROP INDEX IF EXISTS "agents_parent_agent_id_idx";

-- DropIndex
DROP INDEX "agents_origin_agent_id_idx";

-- AlterTable
ALTER TABLE "agents" ADD COLUMN     "lineage_active_at" TIMESTAMPTZ(3) DEFAULT CURRENT_TIMESTAMP;

-- CreateIndex
CREATE INDEX "agents_lineage_active_at_id_idx" ON "agents"("lineage_active_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX IF NOT EXISTS "agents_parent_agent_id_created_at_id_idx" ON "agents"("parent_agent_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "agents_origin_agent_id_created_at_id_idx" ON "agents"("origin_agent_id", "created_at" DESC, "id" DESC);


-- Backfill: an origin takes its lineage's latest event, its own forging or the newest agent
-- descended from it; a remix holds none.
UPDATE "agents" SET "lineage_active_at" = CASE WHEN "parent_agent_id" IS NULL THEN "created_at" END;
UPDATE "agents" o SET "lineage_active_at" = d.latest
FROM (SELECT "origin_agent_id", max("created_at") AS latest FROM "agents" WHERE "origin_agent_id" IS NOT NULL GROUP BY "origin_agent_id") d
WHERE d."origin_agent_id" = o."id" AND o."parent_agent_id" IS NULL AND d.latest > o."created_at";
