-- Search by what agents are (issue #30): every agent's words as one weighted text search vector,
-- kept by the database itself (a generated column: never written) and a GIN index over it.
--   A  the name
--   B  its traits and skills (persona.traits, capabilities.skills; tags, once agents have them)
--   C  its description
--   D  how it is: the personality line, the persona's tone and behaviour
-- English stemming, as messages' search (20261126231000_message_search): "haikus" finds "haiku",
-- and the last word typed is a prefix, so "melancholic" (stem "melanchol") also finds
-- "melancholy" (stem "melancholi"). A search matches this vector, or the name through the
-- trigram index of 20261124122707_scale_listings (a typo of a name); agents/search.ts.
--
-- The persona and capabilities are JSON, and older rows may hold them as JSON text or wrapped
-- as {ok, value} (agents/essence.ts): agent_essence_unwrap peels those forms as the readers do,
-- and text that is not JSON is kept as text. A generated column may only call immutable
-- functions: these are (they read their arguments alone), and the same on PGlite and PostgreSQL.

CREATE FUNCTION agent_essence_unwrap(value jsonb) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
AS $$
DECLARE
  depth integer := 0;
  inner_text text;
BEGIN
  WHILE depth < 5 AND value IS NOT NULL LOOP
    depth := depth + 1;
    IF jsonb_typeof(value) = 'string' THEN
      inner_text := btrim(value #>> '{}');
      IF left(inner_text, 1) NOT IN ('{', '[', '"') THEN
        RETURN value;
      END IF;
      BEGIN
        value := inner_text::jsonb;
      EXCEPTION WHEN others THEN
        RETURN NULL;
      END;
    ELSIF jsonb_typeof(value) = 'object' AND value ? 'ok' AND value ? 'value' THEN
      IF value -> 'ok' = 'false'::jsonb THEN
        RETURN NULL;
      END IF;
      value := value -> 'value';
    ELSE
      RETURN value;
    END IF;
  END LOOP;
  RETURN value;
END
$$;

-- The words of a list ("a, b" text, or an array of texts) or of a text, as one text.
CREATE FUNCTION agent_essence_words(value jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT CASE jsonb_typeof(agent_essence_unwrap(value))
    WHEN 'string' THEN agent_essence_unwrap(value) #>> '{}'
    WHEN 'array' THEN (SELECT string_agg(coalesce(agent_essence_unwrap(item) #>> '{}', ''), ' ')
                       FROM jsonb_array_elements(agent_essence_unwrap(value)) AS item
                       WHERE jsonb_typeof(agent_essence_unwrap(item)) = 'string')
    ELSE ''
  END
$$;

-- One field of an essence object (persona.traits, capabilities.skills...), as words.
CREATE FUNCTION agent_essence_field(essence jsonb, field text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT CASE WHEN jsonb_typeof(agent_essence_unwrap(essence)) = 'object'
    THEN coalesce(agent_essence_words(agent_essence_unwrap(essence) -> field), '')
    ELSE '' END
$$;

-- The vector itself. Each part is cut to a few thousand characters: a description imported
-- unchecked (a card) costs the index no more than any other.
CREATE FUNCTION agent_search_vector(name text, personality text, description text, persona jsonb, capabilities jsonb) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT setweight(to_tsvector('english'::regconfig, left(coalesce(name, ''), 200)), 'A')
      || setweight(to_tsvector('english'::regconfig, left(agent_essence_field(persona, 'traits') || ' ' || agent_essence_field(capabilities, 'skills'), 4000)), 'B')
      || setweight(to_tsvector('english'::regconfig, left(coalesce(description, ''), 8000)), 'C')
      || setweight(to_tsvector('english'::regconfig, left(coalesce(personality, '') || ' ' || agent_essence_field(persona, 'tone') || ' ' || agent_essence_field(persona, 'behavior'), 8000)), 'D')
$$;

ALTER TABLE "agents" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (agent_search_vector("name", "personality", "description", "persona", "capabilities")) STORED;

-- fastupdate off, as the name's trigram index: a new agent is found at once, and no search
-- reads through a pending list until a vacuum flushes it.
CREATE INDEX "agents_search_idx" ON "agents" USING gin ("search") WITH (fastupdate = off);
