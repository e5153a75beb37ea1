-- Council questions appear live (#28 item 5): a question asked at the Summoning Gate writes a
-- `council` ritual log entry. ADD VALUE runs inside a migration's transaction on PostgreSQL 12+
-- and on PGlite; the value is first used by the application, after the migration has committed.
ALTER TYPE "RitualType" ADD VALUE 'council';

-- The session a question entry belongs to, so that a session made private again hides the words
-- its earlier entries showed (domains/council/question-log.ts). Not a foreign key: the column
-- is never shown, and an entry outlives nothing it would need to cascade from.
ALTER TABLE "ritual_logs" ADD COLUMN "related_session_id" UUID;

-- CreateIndex
CREATE INDEX "ritual_logs_related_session_id_idx" ON "ritual_logs"("related_session_id");
