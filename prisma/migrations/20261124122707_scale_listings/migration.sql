-- Issue 20 (Scale): every list reads a number of rows bounded by its page, whatever the size of
-- the table. Prisma's datamodel cannot declare partial indexes, trigram indexes or triggers, so
-- what follows the generated part is written by hand; `npm run db:migration` diffs datamodels
-- and never sees (nor drops) it.

-- DropIndex
DROP INDEX "agents_archived_created_at_idx";

-- DropIndex
DROP INDEX "agents_created_at_idx";

-- DropIndex
DROP INDEX "agents_name_idx";

-- DropIndex
DROP INDEX "agents_type_idx";

-- DropIndex
DROP INDEX "agents_remix_count_idx";

-- DropIndex
DROP INDEX "agents_parent_agent_id_idx";

-- DropIndex
DROP INDEX "council_whispers_created_at_idx";

-- DropIndex
DROP INDEX "council_members_is_active_ascended_at_idx";

-- DropIndex
DROP INDEX "ritual_logs_created_at_idx";

-- DropIndex
DROP INDEX "ritual_logs_type_created_at_idx";

-- CreateTable
CREATE TABLE "agent_stats" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "total_agents" INTEGER NOT NULL DEFAULT 0,
    "total_remixes" INTEGER NOT NULL DEFAULT 0,
    "active_lineages" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "agent_stats_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "agents_created_at_id_idx" ON "agents"("created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "agents_type_created_at_id_idx" ON "agents"("type", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "agents_type_name_key_id_idx" ON "agents"("type", "name_key", "id");

-- CreateIndex
CREATE INDEX "agents_parent_agent_id_id_idx" ON "agents"("parent_agent_id", "id" DESC);

-- CreateIndex
CREATE INDEX "council_whispers_created_at_id_idx" ON "council_whispers"("created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "council_members_is_active_ascended_at_id_idx" ON "council_members"("is_active", "ascended_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "ritual_logs_created_at_id_idx" ON "ritual_logs"("created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "ritual_logs_type_created_at_id_idx" ON "ritual_logs"("type", "created_at" DESC, "id" DESC);


-- Lists of visible agents (archived = false, nearly every list) read partial indexes of the
-- same shapes as the full ones above, so that archiving many agents never makes a visitor's
-- list step over them. The Named: newest/oldest, by name, by type, each with and without a
-- type filter; the remix feed; the most remixed; the most nominated.
CREATE INDEX "agents_visible_created_at_id_idx" ON "agents"("created_at" DESC, "id" DESC) WHERE NOT "archived";
CREATE INDEX "agents_visible_type_created_at_id_idx" ON "agents"("type", "created_at" DESC, "id" DESC) WHERE NOT "archived";
CREATE INDEX "agents_visible_name_key_id_idx" ON "agents"("name_key", "id") WHERE NOT "archived";
CREATE INDEX "agents_visible_type_name_key_id_idx" ON "agents"("type", "name_key", "id") WHERE NOT "archived";
CREATE INDEX "agents_remixes_created_at_id_idx" ON "agents"("created_at" DESC, "id" DESC) WHERE NOT "archived" AND "parent_agent_id" IS NOT NULL;
CREATE INDEX "agents_top_remixed_idx" ON "agents"("remix_count" DESC, "created_at" DESC, "id" DESC) WHERE NOT "archived" AND "remix_count" > 0;
CREATE INDEX "agents_most_nominated_idx" ON "agents"("nomination_count" DESC, "id" DESC) WHERE NOT "archived" AND "nomination_count" > 0;

-- Name search: ILIKE '%term%' (and 'te%' for shorter terms, and the exact name a profile
-- address may carry) through trigrams. pg_trgm ships with PostgreSQL's contrib and with PGlite
-- (registered in db/client.ts); it is a trusted extension, so a database owner may create it.
-- fastupdate off: a new name goes into the index at once instead of a pending list that every
-- search reads through until a vacuum flushes it (12 ms instead of 0.2 ms after 20,000 forges).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX "agents_name_trgm_idx" ON "agents" USING gin ("name" gin_trgm_ops) WITH (fastupdate = off);

-- The Evolution Gate's totals: one row, kept by a trigger in the transaction of every write to
-- agents. Each row contributes (visible, visible remix, visible origin with a remix); a write
-- adds its new contribution and takes back its old one, and touches the row only when they
-- differ (a whisper's count or an edit never does).
ALTER TABLE "agent_stats" ADD CONSTRAINT "agent_stats_one_row" CHECK ("id" = 1);

CREATE FUNCTION agent_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  agents_delta integer := 0;
  remixes_delta integer := 0;
  lineages_delta integer := 0;
BEGIN
  IF TG_OP <> 'INSERT' AND NOT OLD.archived THEN
    agents_delta := agents_delta - 1;
    IF OLD.parent_agent_id IS NOT NULL THEN
      remixes_delta := remixes_delta - 1;
    ELSIF OLD.remix_count > 0 THEN
      lineages_delta := lineages_delta - 1;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' AND NOT NEW.archived THEN
    agents_delta := agents_delta + 1;
    IF NEW.parent_agent_id IS NOT NULL THEN
      remixes_delta := remixes_delta + 1;
    ELSIF NEW.remix_count > 0 THEN
      lineages_delta := lineages_delta + 1;
    END IF;
  END IF;
  IF agents_delta <> 0 OR remixes_delta <> 0 OR lineages_delta <> 0 THEN
    UPDATE "agent_stats"
    SET "total_agents" = "total_agents" + agents_delta,
        "total_remixes" = "total_remixes" + remixes_delta,
        "active_lineages" = "active_lineages" + lineages_delta
    WHERE "id" = 1;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "agents_stats" AFTER INSERT OR DELETE OR UPDATE OF "archived", "parent_agent_id", "remix_count" ON "agents"
  FOR EACH ROW EXECUTE FUNCTION agent_stats_apply();

-- The operators' repair: counts the agents again under a lock that lets readers read and holds
-- writers back meanwhile, so no write falls between the count and the row.
CREATE FUNCTION recount_agent_stats() RETURNS "agent_stats" LANGUAGE plpgsql AS $$
DECLARE
  result "agent_stats";
BEGIN
  LOCK TABLE "agents" IN SHARE MODE;
  INSERT INTO "agent_stats" ("id", "total_agents", "total_remixes", "active_lineages")
  SELECT 1,
         count(*),
         count(*) FILTER (WHERE "parent_agent_id" IS NOT NULL),
         count(*) FILTER (WHERE "parent_agent_id" IS NULL AND "remix_count" > 0)
  FROM "agents" WHERE NOT "archived"
  ON CONFLICT ("id") DO UPDATE
    SET "total_agents" = EXCLUDED."total_agents",
        "total_remixes" = EXCLUDED."total_remixes",
        "active_lineages" = EXCLUDED."active_lineages"
  RETURNING * INTO result;
  RETURN result;
END
$$;

SELECT recount_agent_stats();
