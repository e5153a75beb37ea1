-- DropIndex
DROP INDEX "agents_creator_id_idx";

-- AlterTable
ALTER TABLE "agents" ADD COLUMN     "nomination_count" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "parent_version" INTEGER,
ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN     "visitor_id" TEXT,
ADD COLUMN     "whisper_count" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "agent_versions" (
    "id" UUID NOT NULL,
    "agent_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "glyph" TEXT NOT NULL,
    "description" TEXT,
    "personality" TEXT NOT NULL,
    "persona" JSONB,
    "capabilities" JSONB,
    "outputs" JSONB,
    "api_model" "ModelSeat" NOT NULL,
    "avatar_url" TEXT,
    "edited_by" TEXT NOT NULL,
    "editor_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "agent_versions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "agent_versions_agent_id_version_key" ON "agent_versions"("agent_id", "version");

-- CreateIndex
CREATE INDEX "agents_creator_id_created_at_id_idx" ON "agents"("creator_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "agents_visitor_id_created_at_id_idx" ON "agents"("visitor_id", "created_at" DESC, "id" DESC);

-- AddForeignKey
ALTER TABLE "agent_versions" ADD CONSTRAINT "agent_versions_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Backfill: the counts the screens show, kept from now on with each whisper and nomination.
UPDATE "agents" a SET "whisper_count" = c.n FROM (SELECT "agent_id", count(*)::int AS n FROM "whispers" GROUP BY "agent_id") c WHERE c."agent_id" = a."id";
UPDATE "agents" a SET "nomination_count" = c.n FROM (SELECT "agent_id", count(*)::int AS n FROM "agent_nominations" GROUP BY "agent_id") c WHERE c."agent_id" = a."id";

