-- Trending and popular (#30 item 3) and creators' charts (#30 item 6). Every act on an agent
-- (a conversation begun, an answer given, a remix made of it, a nomination) adds to its day's
-- row in agent_activity_days, in the act's own transaction, and to two kept scores on the agent:
-- trend_score, its weighted activity over the last 7 days (UTC), and activity_total, over all
-- time. The days that leave the 7-day window are taken off trend_score once a day by whichever
-- process rolls the window first (agent_activity_window keeps the last day rolled); so sorting
-- by either reads an index, never the activity.
CREATE TABLE "agent_activity_days" (
  "agent_id" UUID NOT NULL REFERENCES "agents"("id") ON DELETE CASCADE,
  "day" DATE NOT NULL,
  "conversations" INTEGER NOT NULL DEFAULT 0,
  "invocations" INTEGER NOT NULL DEFAULT 0,
  "remixes" INTEGER NOT NULL DEFAULT 0,
  "nominations" INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY ("agent_id", "day")
);
-- The roll reads one day's rows across all agents.
CREATE INDEX "agent_activity_days_day_idx" ON "agent_activity_days" ("day");

CREATE TABLE "agent_activity_window" (
  "id" INTEGER PRIMARY KEY CHECK ("id" = 1),
  "rolled_through" DATE NOT NULL
);

ALTER TABLE "agents" ADD COLUMN "trend_score" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "agents" ADD COLUMN "activity_total" INTEGER NOT NULL DEFAULT 0;

-- What already happened, counted once here by the day it happened on.
INSERT INTO "agent_activity_days" ("agent_id", "day", "conversations", "invocations", "remixes", "nominations")
SELECT "agent_id", "day", sum("c")::int, sum("i")::int, sum("r")::int, sum("n")::int
FROM (
  SELECT "agent_id", ("created_at" AT TIME ZONE 'UTC')::date AS "day", 1 AS "c", 0 AS "i", 0 AS "r", 0 AS "n"
  FROM "conversations" WHERE "message_count" > 0 AND "turn_order" IS NULL
  UNION ALL
  SELECT p."agent_id", (c."created_at" AT TIME ZONE 'UTC')::date, 1, 0, 0, 0
  FROM "conversation_participants" p JOIN "conversations" c ON c."id" = p."conversation_id"
  UNION ALL
  SELECT "agent_id", ("created_at" AT TIME ZONE 'UTC')::date, 0, 1, 0, 0 FROM "whispers" WHERE "agent_id" IS NOT NULL
  UNION ALL
  SELECT "parent_agent_id", ("created_at" AT TIME ZONE 'UTC')::date, 0, 0, 1, 0 FROM "agents" WHERE "parent_agent_id" IS NOT NULL
  UNION ALL
  SELECT "agent_id", ("created_at" AT TIME ZONE 'UTC')::date, 0, 0, 0, 1 FROM "agent_nominations"
) AS "acts"
GROUP BY "agent_id", "day";

-- Weights (agents/activity.ts): a conversation 2, an answer 1, a remix 5, a nomination 5.
UPDATE "agents" a SET
  "activity_total" = s."total",
  "trend_score" = coalesce(s."recent", 0)
FROM (
  SELECT "agent_id",
    sum(2 * "conversations" + "invocations" + 5 * "remixes" + 5 * "nominations")::int AS "total",
    (sum(2 * "conversations" + "invocations" + 5 * "remixes" + 5 * "nominations")
      FILTER (WHERE "day" > (now() AT TIME ZONE 'UTC')::date - 7))::int AS "recent"
  FROM "agent_activity_days" GROUP BY "agent_id"
) s
WHERE s."agent_id" = a."id";

INSERT INTO "agent_activity_window" ("id", "rolled_through") VALUES (1, (now() AT TIME ZONE 'UTC')::date);

-- The listing's two new orders, alone and within a type; the few archived agents are skipped
-- as the index is read. An act now changes indexed columns (no HOT update of the agent's row):
-- a few index entries more per act, beside the model's answer it is counted with.
CREATE INDEX "agents_trending_idx" ON "agents" ("trend_score" DESC, "id" DESC);
CREATE INDEX "agents_popular_idx" ON "agents" ("activity_total" DESC, "id" DESC);
CREATE INDEX "agents_type_trending_idx" ON "agents" ("type", "trend_score" DESC, "id" DESC);
CREATE INDEX "agents_type_popular_idx" ON "agents" ("type", "activity_total" DESC, "id" DESC);
