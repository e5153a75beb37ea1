-- Conversations (#16): a thread between a visitor or user and one agent, and its turns. An
-- agent's regenerated answers are siblings under the user's message; counts are kept by writes.

-- CreateEnum
CREATE TYPE "ConversationVisibility" AS ENUM ('private', 'public');

-- CreateEnum
CREATE TYPE "MessageRole" AS ENUM ('user', 'agent');

-- CreateEnum
CREATE TYPE "MessageStatus" AS ENUM ('streaming', 'complete', 'stopped', 'failed');

-- CreateTable
CREATE TABLE "conversations" (
    "id" UUID NOT NULL,
    "agent_id" UUID NOT NULL,
    "user_id" UUID,
    "visitor_id" TEXT,
    "title" TEXT NOT NULL,
    "visibility" "ConversationVisibility" NOT NULL DEFAULT 'private',
    "message_count" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "conversations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "messages" (
    "id" UUID NOT NULL,
    "conversation_id" UUID NOT NULL,
    "parent_id" UUID,
    "role" "MessageRole" NOT NULL,
    "text" TEXT NOT NULL,
    "glyph_type" TEXT,
    "seat" "ModelSeat",
    "mode" TEXT,
    "model" TEXT,
    "latency_ms" INTEGER,
    "input_tokens" INTEGER,
    "output_tokens" INTEGER,
    "cost_usd" DOUBLE PRECISION,
    "status" "MessageStatus" NOT NULL DEFAULT 'complete',
    "error" TEXT,
    "reply_count" INTEGER NOT NULL DEFAULT 0,
    "ordinal" INTEGER NOT NULL DEFAULT 1,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "whisper_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "messages_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "conversations_user_id_updated_at_id_idx" ON "conversations"("user_id", "updated_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "conversations_user_id_agent_id_updated_at_id_idx" ON "conversations"("user_id", "agent_id", "updated_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "conversations_visitor_id_updated_at_id_idx" ON "conversations"("visitor_id", "updated_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "conversations_visitor_id_agent_id_updated_at_id_idx" ON "conversations"("visitor_id", "agent_id", "updated_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "conversations_agent_id_idx" ON "conversations"("agent_id");

-- CreateIndex
CREATE UNIQUE INDEX "messages_whisper_id_key" ON "messages"("whisper_id");

-- CreateIndex
CREATE INDEX "messages_conversation_id_created_at_id_idx" ON "messages"("conversation_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "messages_parent_id_ordinal_idx" ON "messages"("parent_id", "ordinal");

-- AddForeignKey
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "messages" ADD CONSTRAINT "messages_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "messages" ADD CONSTRAINT "messages_whisper_id_fkey" FOREIGN KEY ("whisper_id") REFERENCES "whispers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

