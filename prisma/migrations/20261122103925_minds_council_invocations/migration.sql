-- AlterTable
ALTER TABLE "whispers" ADD COLUMN     "cost_usd" DOUBLE PRECISION,
ADD COLUMN     "input_tokens" INTEGER,
ADD COLUMN     "latency_ms" INTEGER,
ADD COLUMN     "model" TEXT,
ADD COLUMN     "output_tokens" INTEGER;

-- AlterTable
ALTER TABLE "council_whispers" ADD COLUMN     "response_meta" JSONB;

-- CreateTable
CREATE TABLE "council_invocations" (
    "id" UUID NOT NULL,
    "prompt" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'running',
    "user_id" UUID,
    "asked_by" TEXT NOT NULL,
    "answers" JSONB NOT NULL DEFAULT '{}',
    "synthesis" TEXT,
    "synthesis_meta" JSONB,
    "cost_usd" DOUBLE PRECISION,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "council_invocations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "council_invocations_created_at_idx" ON "council_invocations"("created_at" DESC);

-- CreateIndex
CREATE INDEX "council_invocations_user_id_created_at_idx" ON "council_invocations"("user_id", "created_at" DESC);

-- AddForeignKey
ALTER TABLE "council_invocations" ADD CONSTRAINT "council_invocations_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

