-- Deleting an account takes nothing from anyone else, and makes nothing public (#42 item 1).
--
-- An agent someone's thread speaks with is never deleted from under the thread: the cascade that
-- deleted other visitors' threads with a deleted account's agents becomes RESTRICT. Such an agent
-- departs instead (accounts/your-data.ts keeps its row, its name and glyph, and erases the rest).
ALTER TABLE "conversations" DROP CONSTRAINT "conversations_agent_id_fkey";
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- A whisper is read as far as the message that kept it allows (whispers/service.ts); a whisper
-- left without one was readable by anyone with its id. Deleting messages now deletes their
-- whispers, however the messages go (a thread deleted, a branch, an account and its threads):
-- once per statement, over the rows it deleted.
CREATE FUNCTION messages_whispers_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "whispers" WHERE "id" IN (SELECT "whisper_id" FROM gone WHERE "whisper_id" IS NOT NULL);
  RETURN NULL;
END
$$;

CREATE TRIGGER "messages_whispers" AFTER DELETE ON "messages"
  REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION messages_whispers_delete();

-- The whispers already left behind since threads began (every whisper since is kept from a
-- message: those without one are a deleted account's, or a deleted thread's): erased, as their
-- deletion asked. Older ones, from before threads, never had a message; they stay, unread.
DELETE FROM "whispers" w
WHERE NOT EXISTS (SELECT 1 FROM "messages" m WHERE m."whisper_id" = w."id")
  AND w."created_at" >= (SELECT min("started_at") FROM "_prisma_migrations" WHERE "migration_name" = '20261124083619_conversations');
