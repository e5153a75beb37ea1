-- Council sessions (#17): a question and its follow-ups belong to a consultation (the graph's
-- CouncilSession); each invocation records the seats that sat, its chair, the peer review and its
-- estimate.

-- AlterTable
ALTER TABLE "council_invocations" ADD COLUMN     "chair" "ModelSeat",
ADD COLUMN     "chair_choice" TEXT,
ADD COLUMN     "estimate_usd" DOUBLE PRECISION,
ADD COLUMN     "ranking" JSONB,
ADD COLUMN     "review" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "reviews" JSONB NOT NULL DEFAULT '{}',
ADD COLUMN     "seats" "ModelSeat"[] DEFAULT ARRAY[]::"ModelSeat"[],
ADD COLUMN     "session_id" UUID;

-- CreateTable
CREATE TABLE "consultations" (
    "id" UUID NOT NULL,
    "user_id" UUID,
    "visitor_id" TEXT,
    "title" TEXT NOT NULL,
    "visibility" "ConversationVisibility" NOT NULL DEFAULT 'private',
    "question_count" INTEGER NOT NULL DEFAULT 0,
    "cost_usd" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "consultations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "consultations_user_id_updated_at_id_idx" ON "consultations"("user_id", "updated_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "consultations_visitor_id_updated_at_id_idx" ON "consultations"("visitor_id", "updated_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "council_invocations_session_id_created_at_id_idx" ON "council_invocations"("session_id", "created_at", "id");

-- AddForeignKey
ALTER TABLE "council_invocations" ADD CONSTRAINT "council_invocations_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "consultations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

