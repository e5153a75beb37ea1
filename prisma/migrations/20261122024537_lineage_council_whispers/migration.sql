-- DropIndex
DROP INDEX "agent_nominations_agent_id_idx";

-- AlterTable
ALTER TABLE "whispers" ADD COLUMN     "glyph_type" TEXT,
ADD COLUMN     "mode" TEXT NOT NULL DEFAULT 'oracle',
ADD COLUMN     "seat" "ModelSeat";

-- AlterTable: existing nominations each keep their own key, so none is merged away.
ALTER TABLE "agent_nominations" ADD COLUMN     "nominator_key" TEXT;
UPDATE "agent_nominations" SET "nominator_key" = 'legacy:' || "id"::text WHERE "nominator_key" IS NULL;
ALTER TABLE "agent_nominations" ALTER COLUMN "nominator_key" SET NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "agent_nominations_agent_id_nominator_key_key" ON "agent_nominations"("agent_id", "nominator_key");

