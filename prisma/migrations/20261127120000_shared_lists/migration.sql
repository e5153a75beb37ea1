-- Settings → Shared (#27): a user's or a visitor's shared threads and Council sessions, most
-- recently active first, keyset-paged by (updated_at, id) (domains/sharing/service.ts). Few rows
-- are public, so each list reads a partial index of the public rows alone, per owner column: a
-- page costs its own rows, however many private threads the owner keeps. Prisma's datamodel
-- (6.x) cannot declare partial indexes, so these live here alone, as the scale listings' do
-- (20261124122707_scale_listings); `npm run db:migration` diffs datamodels and never sees (nor
-- drops) them.
CREATE INDEX "conversations_user_id_public_updated_at_id_idx" ON "conversations" ("user_id", "updated_at" DESC, "id" DESC) WHERE "visibility" = 'public';
CREATE INDEX "conversations_visitor_id_public_updated_at_id_idx" ON "conversations" ("visitor_id", "updated_at" DESC, "id" DESC) WHERE "visibility" = 'public';
CREATE INDEX "consultations_user_id_public_updated_at_id_idx" ON "consultations" ("user_id", "updated_at" DESC, "id" DESC) WHERE "visibility" = 'public';
CREATE INDEX "consultations_visitor_id_public_updated_at_id_idx" ON "consultations" ("visitor_id", "updated_at" DESC, "id" DESC) WHERE "visibility" = 'public';
