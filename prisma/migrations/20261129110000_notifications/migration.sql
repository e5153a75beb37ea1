-- Notifications (#30 item 5): an agent's owner hears that it was remixed, nominated, ascended,
-- embedded on a new site or reached 1, 10, 100... conversations; a shared thread's or session's
-- owner, that someone else opened it. domains/notifications/service.ts writes them.
--
-- A recipient is one text key, `user:<id>` or `visitor:<hashed key>`, so that the unread count
-- and the muted kinds are one row each (notification_inboxes), and a visitor's rows move to the
-- account in the sign-in's transaction with one UPDATE (adoption.ts).
-- The list reads (recipient, updated_at DESC, id DESC): a keyset page costs its own rows.
-- open_key coalesces repeats while unread (a nomination, an opening): one unread row per key, its
-- count bumped by INSERT ... ON CONFLICT; reading sets it null, so read rows never conflict.
CREATE TYPE "NotificationKind" AS ENUM ('remixed', 'nominated', 'ascended', 'embedded', 'conversations', 'thread_opened', 'session_opened');

CREATE TABLE "notifications" (
    "id" UUID NOT NULL,
    "recipient" TEXT NOT NULL,
    "kind" "NotificationKind" NOT NULL,
    "agent_id" UUID,
    "agent_name" TEXT,
    "subject_id" UUID,
    "subject_title" TEXT,
    "actor_label" TEXT,
    "count" INTEGER NOT NULL DEFAULT 1,
    "open_key" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "read_at" TIMESTAMPTZ(3),
    CONSTRAINT "notifications_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "notifications_open_key_while_unread" CHECK ("open_key" IS NULL OR "read_at" IS NULL)
);
CREATE UNIQUE INDEX "notifications_recipient_open_key_key" ON "notifications" ("recipient", "open_key");
CREATE INDEX "notifications_recipient_updated_at_id_idx" ON "notifications" ("recipient", "updated_at" DESC, "id" DESC);
CREATE INDEX "notifications_agent_id_idx" ON "notifications" ("agent_id");
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "notification_inboxes" (
    "recipient" TEXT NOT NULL,
    "unread" INTEGER NOT NULL DEFAULT 0,
    "muted" "NotificationKind"[] NOT NULL DEFAULT ARRAY[]::"NotificationKind"[],
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "notification_inboxes_pkey" PRIMARY KEY ("recipient"),
    CONSTRAINT "notification_inboxes_unread_not_negative" CHECK ("unread" >= 0)
);

CREATE TABLE "agent_embed_sites" (
    "agent_id" UUID NOT NULL,
    "host" TEXT NOT NULL,
    "first_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "agent_embed_sites_pkey" PRIMARY KEY ("agent_id", "host")
);
ALTER TABLE "agent_embed_sites" ADD CONSTRAINT "agent_embed_sites_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Conversations with each agent, counted once here for what exists (a thread once its first
-- message is sent, a conclave for each of its agents), then kept as each begins.
ALTER TABLE "agents" ADD COLUMN "conversation_count" INTEGER NOT NULL DEFAULT 0;
UPDATE "agents" a SET "conversation_count" = c.n
FROM (
  SELECT "agent_id", count(*)::int AS n
  FROM (
    SELECT "agent_id", "id" AS "conversation_id" FROM "conversations" WHERE "message_count" > 0 AND "turn_order" IS NULL
    UNION SELECT "agent_id", "conversation_id" FROM "conversation_participants"
  ) t
  GROUP BY "agent_id"
) c
WHERE c."agent_id" = a."id";
