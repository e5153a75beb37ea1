-- One visitor no longer sets the public rankings (#42 item 5): they count distinct actors, each a
-- signed-in user (or curator), else the hash of the address the quotas count by (actor.ts
-- actorKey).
--
-- Trending and popular: an act scores for an agent once per actor, kind and UTC day. The first
-- remix an actor makes of an agent today adds its weight to the agent's scores and the day's row;
-- the next thirty-nine add to the day's count of remixes (the creator's chart) and nothing else.
-- agent_activity_actors holds who has acted on what today: its key is the uniqueness (INSERT ...
-- ON CONFLICT DO NOTHING, so two acts at once count once), led by the day, so the daily roll
-- deletes the days before today by a range of the key.
CREATE TABLE "agent_activity_actors" (
  "day" DATE NOT NULL,
  "agent_id" UUID NOT NULL,
  "kind" TEXT NOT NULL,
  "actor" TEXT NOT NULL,
  CONSTRAINT "agent_activity_actors_pkey" PRIMARY KEY ("day", "agent_id", "kind", "actor")
);

-- What each day added to trend_score, which is no longer its weighted counts: the roll takes
-- off exactly this. The days the roll has still to take off are given what they added until now.
ALTER TABLE "agent_activity_days" ADD COLUMN "score" INTEGER NOT NULL DEFAULT 0;
UPDATE "agent_activity_days"
SET "score" = 2 * "conversations" + "invocations" + 5 * "remixes" + 5 * "nominations"
WHERE "day" > coalesce((SELECT "rolled_through" - 7 FROM "agent_activity_window" WHERE "id" = 1), '-infinity'::date);

-- Tags: the public filter orders tags by the number of distinct actors whose visible agents carry
-- them (then by agents, then by name), so twenty-five agents one visitor forged with a tag are one
-- actor's tag. Who made an agent is agents.actor_key, written at the forge, the remix and the
-- import; an agent from before it counts as its account's, else its visitor key's, else its own.
ALTER TABLE "agents" ADD COLUMN "actor_key" TEXT;

CREATE FUNCTION agent_actor(actor_key text, creator_id uuid, visitor_id text, id uuid) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(actor_key, 'user:' || creator_id::text, 'visitor:' || visitor_id, 'agent:' || id::text)
$$;

-- How many visible agents of each actor carry each tag; a tag's actor_count is how many of its
-- rows are above 0. Rows at 0 stay (a later agent of that actor with that tag finds its row).
CREATE TABLE "tag_actors" (
  "tag" TEXT NOT NULL,
  "actor" TEXT NOT NULL,
  "agents" INTEGER NOT NULL DEFAULT 0,
  CONSTRAINT "tag_actors_pkey" PRIMARY KEY ("tag", "actor")
);

ALTER TABLE "tags" ADD COLUMN "actor_count" INTEGER NOT NULL DEFAULT 0;
DROP INDEX "tags_agent_count_name_idx";
CREATE INDEX "tags_actor_count_agent_count_name_idx" ON "tags" ("actor_count" DESC, "agent_count" DESC, "name");

-- The counts are kept once per statement, over the rows it wrote (transition tables), no longer
-- row by row: a curator's merge of 500 agents in one statement writes each tag row and each
-- (tag, actor) row once. Each write's change is a list of (tag, actor, delta): -1 for each tag an
-- agent carried while visible, +1 for each it carries now while visible, 0 for each it carries
-- while archived (so that its tag row exists, as before). The (tag, actor) rows are written first, then the tag
-- rows, each in the order of their keys, so two writes sharing tags wait for each other instead
-- of deadlocking; a tag row whose counts do not change is not written (nor locked), unless it is
-- new. nomina.tag_counts = 'off' (a curator's merge or removal, which writes agent_count itself:
-- curation/service.ts) still keeps the actors and actor_count here.
CREATE TYPE agent_tag_change AS ("tag" text, "actor" text, "delta" integer);

-- PL/pgSQL, so that its statement is planned once a session (a SQL function's is planned at
-- every call); hash joins only: the change is a parameter, planned as a few rows, and a nested
-- loop over a merge's thousand would be quadratic.
CREATE FUNCTION agent_tags_count(changes agent_tag_change[]) RETURNS void LANGUAGE plpgsql SET enable_nestloop = off AS $$
BEGIN
  WITH change AS (
    SELECT c.tag, c.actor, sum(c.delta)::integer AS delta FROM unnest(changes) AS c GROUP BY c.tag, c.actor
  ),
  moved AS (
    INSERT INTO "tag_actors" AS ta ("tag", "actor", "agents")
    SELECT tag, actor, delta FROM change WHERE delta <> 0 ORDER BY tag, actor
    ON CONFLICT ("tag", "actor") DO UPDATE SET "agents" = ta."agents" + EXCLUDED."agents"
    RETURNING ta."tag", ta."actor", ta."agents"
  ),
  counted AS (
    SELECT c.tag, sum(c.delta)::integer AS agents,
      (count(*) FILTER (WHERE m.agents > 0 AND m.agents - c.delta <= 0) - count(*) FILTER (WHERE m.agents <= 0 AND m.agents - c.delta > 0))::integer AS actors
    FROM change c LEFT JOIN moved m ON m.tag = c.tag AND m.actor = c.actor
    GROUP BY c.tag
  )
  INSERT INTO "tags" AS t ("name", "agent_count", "actor_count")
  SELECT tag, CASE WHEN current_setting('nomina.tag_counts', true) = 'off' THEN 0 ELSE agents END, actors FROM counted
  WHERE agents <> 0 OR actors <> 0 OR NOT EXISTS (SELECT 1 FROM "tags" e WHERE e."name" = counted.tag)
  ORDER BY tag
  ON CONFLICT ("name") DO UPDATE SET "agent_count" = t."agent_count" + EXCLUDED."agent_count", "actor_count" = t."actor_count" + EXCLUDED."actor_count"
    WHERE EXCLUDED."agent_count" <> 0 OR EXCLUDED."actor_count" <> 0;
END
$$;

DROP TRIGGER "agents_tags" ON "agents";
DROP FUNCTION agent_tags_apply();

CREATE FUNCTION agent_tags_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM agent_tags_count(ARRAY(
    SELECT ROW(tag, agent_actor(n.actor_key, n.creator_id, n.visitor_id, n.id), CASE WHEN n.archived THEN 0 ELSE 1 END)::agent_tag_change
    FROM new_agents n, unnest(n.tags) AS tag));
  RETURN NULL;
END
$$;

CREATE FUNCTION agent_tags_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM agent_tags_count(ARRAY(
    SELECT ROW(tag, agent_actor(o.actor_key, o.creator_id, o.visitor_id, o.id), -1)::agent_tag_change
    FROM old_agents o, unnest(o.tags) AS tag WHERE NOT o.archived));
  RETURN NULL;
END
$$;

-- An update reads its own rows once: each old row's tags as -1, each new row's as +1 (or 0 when
-- archived), without joining the two (transition tables have no index: a join of 24,000 updated
-- rows was planned as nested loops, minutes). What an update leaves unchanged (most: an answer, a
-- score) sums to 0 and writes nothing.
CREATE FUNCTION agent_tags_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes agent_tag_change[];
BEGIN
  changes := ARRAY(
    SELECT ROW(tag, agent_actor(o.actor_key, o.creator_id, o.visitor_id, o.id), -1)::agent_tag_change
    FROM old_agents o, unnest(o.tags) AS tag WHERE NOT o.archived
    UNION ALL
    SELECT ROW(tag, agent_actor(n.actor_key, n.creator_id, n.visitor_id, n.id), CASE WHEN n.archived THEN 0 ELSE 1 END)::agent_tag_change
    FROM new_agents n, unnest(n.tags) AS tag);
  IF cardinality(changes) > 0 THEN
    PERFORM agent_tags_count(changes);
  END IF;
  RETURN NULL;
END
$$;

-- `agents_tags` keeps its name (for the inserts; the scale seed sets it aside while it writes).
CREATE TRIGGER "agents_tags" AFTER INSERT ON "agents"
  REFERENCING NEW TABLE AS new_agents FOR EACH STATEMENT EXECUTE FUNCTION agent_tags_inserted();
CREATE TRIGGER "agents_tags_updated" AFTER UPDATE ON "agents"
  REFERENCING OLD TABLE AS old_agents NEW TABLE AS new_agents FOR EACH STATEMENT EXECUTE FUNCTION agent_tags_updated();
CREATE TRIGGER "agents_tags_deleted" AFTER DELETE ON "agents"
  REFERENCING OLD TABLE AS old_agents FOR EACH STATEMENT EXECUTE FUNCTION agent_tags_deleted();

-- The operators' repair (and the scale seed's), now of the actors too; then the counts of what exists.
CREATE OR REPLACE FUNCTION recount_tag_counts() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  counted integer;
BEGIN
  LOCK TABLE "agents" IN SHARE MODE;
  DELETE FROM "tag_actors";
  INSERT INTO "tag_actors" ("tag", "actor", "agents")
  SELECT tag, agent_actor(a."actor_key", a."creator_id", a."visitor_id", a."id"), count(*)::integer
  FROM "agents" a, unnest(a."tags") AS tag
  WHERE NOT a."archived"
  GROUP BY 1, 2;
  UPDATE "tags" SET "agent_count" = 0, "actor_count" = 0 WHERE "agent_count" <> 0 OR "actor_count" <> 0;
  INSERT INTO "tags" ("name", "agent_count", "actor_count")
  SELECT tag, count(*) FILTER (WHERE NOT a."archived")::integer, 0
  FROM "agents" a, unnest(a."tags") AS tag
  GROUP BY tag
  ON CONFLICT ("name") DO UPDATE SET "agent_count" = EXCLUDED."agent_count";
  GET DIAGNOSTICS counted = ROW_COUNT;
  UPDATE "tags" t SET "actor_count" = c.actors
  FROM (SELECT "tag", count(*)::integer AS actors FROM "tag_actors" WHERE "agents" > 0 GROUP BY "tag") c
  WHERE t."name" = c."tag";
  RETURN counted;
END
$$;

SELECT recount_tag_counts();
