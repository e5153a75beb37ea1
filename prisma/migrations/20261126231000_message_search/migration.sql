-- Finding what was said: every message's words as a text search vector (English stemming, so
-- "river" finds "rivers"), kept by the database itself (a generated column: never written), and
-- a GIN index over it. A search reads the caller's conversations only (conversations/search.ts):
-- the planner starts from the words when they are rare, or from the caller's threads when the
-- words are common. The first 20,000 characters of a message are indexed.
ALTER TABLE "messages" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (to_tsvector('english'::regconfig, left("text", 20000))) STORED;
CREATE INDEX "messages_search_idx" ON "messages" USING GIN ("search");
