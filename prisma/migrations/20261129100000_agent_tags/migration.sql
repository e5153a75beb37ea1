-- Tags (issue #30 item 2): what a creator says an agent is for ("poetry", "code-review"),
-- normalised by the shared package (shared/src/tags.ts) before they are stored.
--   agents.tags   the agent's tags, in the order given (at most 8); the listing's filter reads
--                 them through a GIN index (`tags @> ARRAY[tag]`), and the search vector holds
--                 them at weight B beside traits and skills.
--   tags          one row per tag with the number of visible agents carrying it, kept by a
--                 trigger in the transaction of every write (forge, remix, import, edit,
--                 archive, restore, a curator's merge or removal), so the popular tags and the
--                 curator's list read an index of counts instead of counting agents. A tag only
--                 archived agents carry keeps its row at 0, for a curator to merge or remove.

ALTER TABLE "agents" ADD COLUMN "tags" text[] NOT NULL DEFAULT '{}';

-- fastupdate off, as the search index: a tag given is found at once.
CREATE INDEX "agents_tags_idx" ON "agents" USING gin ("tags") WITH (fastupdate = off);

CREATE TABLE "tags" (
  "name"        text PRIMARY KEY,
  "agent_count" integer NOT NULL DEFAULT 0,
  "created_at"  timestamptz(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
-- The popular tags first (ties by name): the filter's chips and the curator's list, keyset-paged.
CREATE INDEX "tags_agent_count_name_idx" ON "tags" ("agent_count" DESC, "name");

-- An agent's change of tags (or of archived) as changes to the counts. The rows are written in
-- the order of their names, so two writes sharing tags wait for each other instead of deadlocking.
-- A curator's merge or removal changes thousands of agents in one statement: counted row by row,
-- the same tag row would be rewritten once per agent in one transaction, each write walking past
-- the versions before it (quadratic: 2,000 agents took seconds). That act sets
-- nomina.tag_counts to 'off' for its transaction and writes the counts once itself
-- (curation/service.ts).
CREATE FUNCTION agent_tags_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  removed text[] := '{}';
  added text[] := '{}';
  carried text[] := '{}';
BEGIN
  IF current_setting('nomina.tag_counts', true) = 'off' THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    IF NOT OLD.archived THEN removed := OLD.tags; END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    carried := NEW.tags;
    IF NOT NEW.archived THEN added := NEW.tags; END IF;
  END IF;
  IF removed = added AND carried <@ removed THEN
    RETURN NULL;
  END IF;
  INSERT INTO "tags" ("name", "agent_count")
  SELECT change.name, sum(change.delta)::integer
  FROM (
    SELECT unnest(removed) AS name, -1 AS delta
    UNION ALL SELECT unnest(added), 1
    UNION ALL SELECT unnest(carried), 0
  ) AS change
  GROUP BY change.name
  ORDER BY change.name
  ON CONFLICT ("name") DO UPDATE SET "agent_count" = "tags"."agent_count" + EXCLUDED."agent_count"
    WHERE EXCLUDED."agent_count" <> 0;
  RETURN NULL;
END
$$;

CREATE TRIGGER "agents_tags" AFTER INSERT OR DELETE OR UPDATE OF "tags", "archived" ON "agents"
  FOR EACH ROW EXECUTE FUNCTION agent_tags_apply();

-- The operators' repair (and the scale seed's): counts every tag again under a lock that lets
-- readers read and holds writers back meanwhile. Tags no agent carries any more are kept at 0.
CREATE FUNCTION recount_tag_counts() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  counted integer;
BEGIN
  LOCK TABLE "agents" IN SHARE MODE;
  UPDATE "tags" SET "agent_count" = 0 WHERE "agent_count" <> 0;
  INSERT INTO "tags" ("name", "agent_count")
  SELECT tag, count(*) FILTER (WHERE NOT a."archived")::integer
  FROM "agents" a, unnest(a."tags") AS tag
  GROUP BY tag
  ON CONFLICT ("name") DO UPDATE SET "agent_count" = EXCLUDED."agent_count";
  GET DIAGNOSTICS counted = ROW_COUNT;
  RETURN counted;
END
$$;

-- Tags join the search vector at weight B (20261127140000_agent_search said they would). A
-- generated column cannot change its expression: the column and its index are made again.
DROP INDEX "agents_search_idx";
ALTER TABLE "agents" DROP COLUMN "search";
DROP FUNCTION agent_search_vector(text, text, text, jsonb, jsonb);

CREATE FUNCTION agent_search_vector(name text, personality text, description text, persona jsonb, capabilities jsonb, tags text[]) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT setweight(to_tsvector('english'::regconfig, left(coalesce(name, ''), 200)), 'A')
      || setweight(to_tsvector('english'::regconfig, left(agent_essence_field(persona, 'traits') || ' ' || agent_essence_field(capabilities, 'skills') || ' ' || coalesce(array_to_string(tags, ' '), ''), 4400)), 'B')
      || setweight(to_tsvector('english'::regconfig, left(coalesce(description, ''), 8000)), 'C')
      || setweight(to_tsvector('english'::regconfig, left(coalesce(personality, '') || ' ' || agent_essence_field(persona, 'tone') || ' ' || agent_essence_field(persona, 'behavior'), 8000)), 'D')
$$;

ALTER TABLE "agents" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (agent_search_vector("name", "personality", "description", "persona", "capabilities", "tags")) STORED;

CREATE INDEX "agents_search_idx" ON "agents" USING gin ("search") WITH (fastupdate = off);
