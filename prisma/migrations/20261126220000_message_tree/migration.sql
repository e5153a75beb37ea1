-- A thread becomes a tree (#27): every message has a parent (an answer its question, a message of
-- the asker the message it follows, null for the first), `chosen` marks the sibling its parent
-- continues with, and `active` the messages on the thread's current path.

ALTER TABLE "conversations" ADD COLUMN IF NOT EXISTS "root_count" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "messages" ADD COLUMN IF NOT EXISTS "chosen" BOOLEAN NOT NULL DEFAULT true;

-- Each message of the asker follows an answer to the message before it: the one the thread showed
-- (active), else the newest; with none, the latest answer written before it.
UPDATE "messages" AS m SET "parent_id" = COALESCE(
  (SELECT a."id" FROM "messages" AS a
     WHERE a."role" = 'agent' AND a."parent_id" = (
       SELECT q."id" FROM "messages" AS q
        WHERE q."conversation_id" = m."conversation_id" AND q."role" = 'user'
          AND (q."created_at", q."id") < (m."created_at", m."id")
        ORDER BY q."created_at" DESC, q."id" DESC LIMIT 1)
       AND (a."created_at", a."id") < (m."created_at", m."id")
     ORDER BY a."active" DESC, a."created_at" DESC, a."id" DESC LIMIT 1),
  (SELECT a."id" FROM "messages" AS a
     WHERE a."conversation_id" = m."conversation_id" AND a."role" = 'agent'
       AND (a."created_at", a."id") < (m."created_at", m."id")
     ORDER BY a."created_at" DESC, a."id" DESC LIMIT 1))
WHERE m."role" = 'user' AND m."parent_id" IS NULL;

-- Places among siblings, oldest first; the newest message of the asker under a parent is the chosen one.
UPDATE "messages" AS m SET "ordinal" = placed."place", "chosen" = placed."newest"
FROM (
  SELECT "id",
         row_number() OVER (PARTITION BY "conversation_id", "parent_id" ORDER BY "created_at", "id") AS "place",
         row_number() OVER (PARTITION BY "conversation_id", "parent_id" ORDER BY "created_at" DESC, "id" DESC) = 1 AS "newest"
    FROM "messages" WHERE "role" = 'user' OR "parent_id" IS NULL
) AS placed
WHERE m."id" = placed."id";

-- An answer is chosen when the thread showed it.
UPDATE "messages" SET "chosen" = "active" WHERE "role" = 'agent' AND "parent_id" IS NOT NULL;

UPDATE "messages" AS m SET "reply_count" = (SELECT count(*) FROM "messages" AS c WHERE c."parent_id" = m."id");

UPDATE "conversations" AS c SET "root_count" = (SELECT count(*) FROM "messages" AS m WHERE m."conversation_id" = c."id" AND m."parent_id" IS NULL);

-- The path: from the chosen root down through chosen children.
WITH RECURSIVE "path" AS (
  SELECT "id" FROM "messages" WHERE "parent_id" IS NULL AND "chosen"
  UNION ALL
  SELECT c."id" FROM "messages" AS c JOIN "path" AS p ON c."parent_id" = p."id" WHERE c."chosen"
)
UPDATE "messages" SET "active" = ("id" IN (SELECT "id" FROM "path"));

CREATE INDEX IF NOT EXISTS "messages_conversation_id_active_created_at_id_idx" ON "messages"("conversation_id", "active", "created_at", "id");
