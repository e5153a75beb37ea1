-- Conclaves (#28): a thread with two to six agents. A conversation names its turn order (null:
-- a thread with one agent), its participants in seat order, and each answer the agent that
-- spoke it (null in a thread with one agent: its agent spoke).
CREATE TYPE "ConclaveTurnOrder" AS ENUM ('in_turn', 'addressed', 'by_hand');

ALTER TABLE "conversations" ADD COLUMN "turn_order" "ConclaveTurnOrder";

ALTER TABLE "messages" ADD COLUMN "agent_id" UUID;
ALTER TABLE "messages" ADD CONSTRAINT "messages_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "messages_agent_id_idx" ON "messages"("agent_id");

CREATE TABLE "conversation_participants" (
    "conversation_id" UUID NOT NULL,
    "agent_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "conversation_participants_pkey" PRIMARY KEY ("conversation_id","position")
);
CREATE UNIQUE INDEX "conversation_participants_conversation_id_agent_id_key" ON "conversation_participants"("conversation_id", "agent_id");
CREATE INDEX "conversation_participants_agent_id_idx" ON "conversation_participants"("agent_id");
ALTER TABLE "conversation_participants" ADD CONSTRAINT "conversation_participants_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "conversation_participants" ADD CONSTRAINT "conversation_participants_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE CASCADE ON UPDATE CASCADE;
