-- AlterTable
ALTER TABLE "conversations" ADD COLUMN     "memory_off" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "persona_id" UUID;

-- CreateTable
CREATE TABLE "personas" (
    "id" UUID NOT NULL,
    "user_id" UUID,
    "visitor_id" TEXT,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "is_default" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "personas_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "agent_memories" (
    "id" UUID NOT NULL,
    "agent_id" UUID NOT NULL,
    "user_id" UUID,
    "visitor_id" TEXT,
    "kind" TEXT NOT NULL DEFAULT 'note',
    "text" TEXT NOT NULL,
    "source_conversation_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "agent_memories_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "personas_user_id_created_at_id_idx" ON "personas"("user_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "personas_visitor_id_created_at_id_idx" ON "personas"("visitor_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "agent_memories_agent_id_user_id_updated_at_id_idx" ON "agent_memories"("agent_id", "user_id", "updated_at", "id");

-- CreateIndex
CREATE INDEX "agent_memories_agent_id_visitor_id_updated_at_id_idx" ON "agent_memories"("agent_id", "visitor_id", "updated_at", "id");

-- CreateIndex
CREATE INDEX "agent_memories_source_conversation_id_idx" ON "agent_memories"("source_conversation_id");

-- CreateIndex
CREATE INDEX "conversations_persona_id_idx" ON "conversations"("persona_id");

-- AddForeignKey
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_persona_id_fkey" FOREIGN KEY ("persona_id") REFERENCES "personas"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "personas" ADD CONSTRAINT "personas_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agent_memories" ADD CONSTRAINT "agent_memories_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agent_memories" ADD CONSTRAINT "agent_memories_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agent_memories" ADD CONSTRAINT "agent_memories_source_conversation_id_fkey" FOREIGN KEY ("source_conversation_id") REFERENCES "conversations"("id") ON DELETE SET NULL ON UPDATE CASCADE;

