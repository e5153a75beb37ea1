-- Creator pages (#30 item 4): a creator's totals are kept as its work happens, never recounted
-- when the page is read. lineages_started: agents it forged (each the origin of a lineage);
-- remixes_received: remixes others made of its agents. Counted once here for what exists.
ALTER TABLE "users" ADD COLUMN "lineages_started" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "users" ADD COLUMN "remixes_received" INTEGER NOT NULL DEFAULT 0;

UPDATE "users" u SET "lineages_started" = c.n
FROM (SELECT "creator_id", count(*)::int AS n FROM "agents" WHERE "type" = 'forged' AND "creator_id" IS NOT NULL GROUP BY "creator_id") c
WHERE c."creator_id" = u."id";

UPDATE "users" u SET "remixes_received" = c.n
FROM (
  SELECT p."creator_id", count(*)::int AS n
  FROM "agents" r JOIN "agents" p ON r."parent_agent_id" = p."id"
  WHERE p."creator_id" IS NOT NULL AND r."creator_id" IS DISTINCT FROM p."creator_id"
  GROUP BY p."creator_id"
) c
WHERE c."creator_id" = u."id";
