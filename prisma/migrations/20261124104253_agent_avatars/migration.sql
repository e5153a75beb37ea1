-- CreateTable
CREATE TABLE "agent_avatars" (
    "agent_id" UUID NOT NULL,
    "image" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "agent_avatars_pkey" PRIMARY KEY ("agent_id")
);

-- AddForeignKey
ALTER TABLE "agent_avatars" ADD CONSTRAINT "agent_avatars_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

