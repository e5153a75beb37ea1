-- An agent's name as it looks: two names with the same skeleton read alike to a visitor, so a
-- new name that looks like an existing one without being it (a Cyrillic 'е' for a Latin 'e', a
-- zero-width space, styled or full-width letters) is refused as taken (agents/names.ts).
-- The skeleton: compatibility-normalised (NFKC), capital homoglyphs of Greek and Cyrillic (and
-- the capital I, which reads as l) mapped to Latin, lower case, small homoglyphs mapped to Latin
-- (0 to o, 1 to l), characters that draw nothing removed, runs of space made one.
-- A small table in the spirit of Unicode's confusables (UTS #39), not all of it. The same on
-- PostgreSQL and PGlite: every function used is immutable and built in.

CREATE FUNCTION agent_name_skeleton(name text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT btrim(regexp_replace(regexp_replace(
    translate(lower(translate(normalize(name, NFKC),
      'ΑΒΕΖΗΙΚΜΝΟΡΤΥΧАВЕЅІЈКМНОРСТУХҮԚԜӀI',
      'ABEZHlKMNOPTYXABESlJKMHOPCTYXYQWll')),
      'аеорсухѕіјһԁԛԝүӏαονικυχɑɡı01',
      'aeopcyxsijhdqwylaovikuxagiol'),
    E'[\\u00AD\\u034F\\u061C\\u115F\\u1160\\u17B4\\u17B5\\u180B-\\u180F\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u206F\\u2800\\u3164\\uFE00-\\uFE0F\\uFEFF\\uFFA0]', '', 'g'),
    E'\\s+', ' ', 'g'))
$$;

-- CreateIndex
CREATE INDEX "agents_name_skeleton_idx" ON "agents" (agent_name_skeleton("name"));
