-- The Council of the Ascended (#28): an ascended member sits at the Gate in the seat its agent is
-- bound to. A session keeps which members sit ({seat: member id}); a question keeps who sat
-- ({seat: {memberId, agentId, name, glyph}}), so that its cards, reviews and retries name them.
-- A member's card says how often it has sat: counted as it sits, never recounted.
ALTER TABLE "consultations" ADD COLUMN "members" JSONB NOT NULL DEFAULT '{}';
ALTER TABLE "council_invocations" ADD COLUMN "members" JSONB NOT NULL DEFAULT '{}';
ALTER TABLE "council_members" ADD COLUMN "sat_count" INTEGER NOT NULL DEFAULT 0;
