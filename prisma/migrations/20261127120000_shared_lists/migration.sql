-- Settings → Shared (#27): a user's or a visitor's shared threads and Council sessions, most
-- recently active first, keyset-paged by (updated_at, id) (domains/sharing/service.ts).
--
-- shared_at: when a row was last shared, null exactly while it is private (the CHECK keeps the
-- two together; the share acts write both). A row shared before the column existed takes the
-- moment its thread was shared up to, else its last activity.
--
-- Few rows are public, so each list reads a partial index of the shared rows alone, per owner
-- column: a page costs its own rows, however many private threads the owner keeps. The
-- predicate is `shared_at IS NOT NULL`, not `visibility = 'public'`: Prisma sends an enum as
-- CAST($n::text AS "ConversationVisibility"), whose input function is only STABLE, so the
-- planner cannot prove it implies a predicate on visibility and never chooses such an index
-- (EXPLAIN showed it filtering the owner's whole history instead); `IS NOT NULL` is sent as
-- written, and proves it. Prisma's datamodel (6.x) cannot declare partial indexes or CHECK
-- constraints, so these live here alone, as the scale listings' do (20261124122707_scale_listings);
-- `npm run db:migration` diffs datamodels and never sees (nor drops) them.
ALTER TABLE "conversations" ADD COLUMN "shared_at" TIMESTAMPTZ(3);
UPDATE "conversations" SET "shared_at" = COALESCE("shared_until", "updated_at") WHERE "visibility" = 'public';
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_shared_at_while_public" CHECK (("visibility" = 'public') = ("shared_at" IS NOT NULL));

ALTER TABLE "consultations" ADD COLUMN "shared_at" TIMESTAMPTZ(3);
UPDATE "consultations" SET "shared_at" = "updated_at" WHERE "visibility" = 'public';
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_shared_at_while_public" CHECK (("visibility" = 'public') = ("shared_at" IS NOT NULL));

CREATE INDEX "conversations_user_id_shared_updated_at_id_idx" ON "conversations" ("user_id", "updated_at" DESC, "id" DESC) WHERE "shared_at" IS NOT NULL;
CREATE INDEX "conversations_visitor_id_shared_updated_at_id_idx" ON "conversations" ("visitor_id", "updated_at" DESC, "id" DESC) WHERE "shared_at" IS NOT NULL;
CREATE INDEX "consultations_user_id_shared_updated_at_id_idx" ON "consultations" ("user_id", "updated_at" DESC, "id" DESC) WHERE "shared_at" IS NOT NULL;
CREATE INDEX "consultations_visitor_id_shared_updated_at_id_idx" ON "consultations" ("visitor_id", "updated_at" DESC, "id" DESC) WHERE "shared_at" IS NOT NULL;
