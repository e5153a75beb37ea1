-- AlterEnum
ALTER TYPE "RitualType" ADD VALUE 'curation';

-- CreateTable
CREATE TABLE "council_sessions" (
    "id" UUID NOT NULL,
    "council_user_id" UUID NOT NULL,
    "token" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "council_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "council_sessions_token_key" ON "council_sessions"("token");

-- CreateIndex
CREATE INDEX "council_sessions_council_user_id_idx" ON "council_sessions"("council_user_id");

-- AddForeignKey
ALTER TABLE "council_sessions" ADD CONSTRAINT "council_sessions_council_user_id_fkey" FOREIGN KEY ("council_user_id") REFERENCES "council_users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

