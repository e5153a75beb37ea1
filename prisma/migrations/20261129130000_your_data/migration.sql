-- Your data (#30 item 8): the archive reads what agents remember of a person by its owner, a
-- page at a time; the existing indexes lead with the agent.
CREATE INDEX "agent_memories_user_id_updated_at_id_idx" ON "agent_memories" ("user_id", "updated_at", "id");
CREATE INDEX "agent_memories_visitor_id_updated_at_id_idx" ON "agent_memories" ("visitor_id", "updated_at", "id");
