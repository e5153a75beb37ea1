-- A Council session keeps its settings (#28, item 1): the seats, the chair chosen and whether the
-- seats review each other, so that a follow-up asked without them (from a reload, another tab or
-- REST) sits as the session last did. Each existing session takes them from its latest question.
ALTER TABLE "consultations" ADD COLUMN "seats" "ModelSeat"[] NOT NULL DEFAULT ARRAY[]::"ModelSeat"[],
ADD COLUMN "chair_choice" TEXT,
ADD COLUMN "review" BOOLEAN NOT NULL DEFAULT false;

UPDATE "consultations" AS c
SET "seats" = latest."seats", "chair_choice" = latest."chair_choice", "review" = latest."review"
FROM (
  SELECT DISTINCT ON ("session_id") "session_id", "seats", "chair_choice", "review"
  FROM "council_invocations"
  WHERE "session_id" IS NOT NULL
  ORDER BY "session_id", "created_at" DESC, "id" DESC
) AS latest
WHERE latest."session_id" = c."id";
