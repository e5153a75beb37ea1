-- A typo is forgiven through the words names are made of (#30, search at 1,000,000 agents).
-- Matched against every name (`term <% name` over the names' trigram index, or along the
-- newest-first index), "nebulla" read about 9,400 names at any size, each compared trigram by
-- trigram (35 ms at 1,000,000 agents). Matched against this short list of the words that occur
-- in names (a few thousand however many agents), it finds "nebula" in a fraction of a
-- millisecond, and the search then reads the agents carrying that word through the text search
-- index, as a correctly spelt word does (the "spelling suggestions" table of pg_trgm's docs).
-- A name's words: runs of letters, lower case, three or more (a trigram's length). Words are only
-- ever added (ON CONFLICT DO NOTHING takes no lock): a word no agent carries any more costs a
-- search nothing but a corrected word that finds nobody.
CREATE TABLE "name_words" (
  "word" text PRIMARY KEY
);
CREATE INDEX "name_words_word_trgm_idx" ON "name_words" USING gin ("word" gin_trgm_ops);

CREATE FUNCTION name_words_of(name text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(lower(name), '[^[:alpha:]]+') AS w WHERE length(w) >= 3
$$;

CREATE FUNCTION name_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "name_words" ("word") SELECT w FROM name_words_of(NEW.name) AS w ORDER BY w ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;

CREATE TRIGGER "agents_name_words" AFTER INSERT OR UPDATE OF "name" ON "agents"
  FOR EACH ROW EXECUTE FUNCTION name_words_add();

INSERT INTO "name_words" ("word") SELECT DISTINCT w FROM "agents", name_words_of("agents"."name") AS w ON CONFLICT DO NOTHING;
