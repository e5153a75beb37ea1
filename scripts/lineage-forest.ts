// A large network's history written by SQL alone, for what must hold at scale: the browser
// suite's Ancestry Map on 5,000 agents, and EXPLAIN ANALYZE of the map's queries on 100,000
// (`npx tsx scripts/lineage-forest.ts <postgresql url> [agents]`, into a scratch database).
// Deterministic: every choice is a hash of the row's number, so two runs write the same forest.
// Origins are forged evenly over `days`; remixes come in generations (each one 60 % of the
// one before, down to `maxDepth`), each of an earlier agent (older origins are remixed more),
// at a moment between its parent's and the end of the history.

export type ForestShape = {
  /** Agents in all: origins and remixes. */
  agents: number;
  /** The share of them that are remixes. */
  remixShare: number;
  /** Generations of remixes below an origin. */
  maxDepth: number;
  /** How long the history is, ending now (or at `end`). */
  days: number;
  /** The end of the history (default: the database's now()). */
  end?: Date;
};

export const DEFAULT_FOREST: ForestShape = { agents: 100_000, remixShare: 0.26, maxDepth: 12, days: 730 };

/** Runs one SQL statement; e.g. `(sql) => prisma.$executeRawUnsafe(sql)`. */
export type Execute = (sql: string) => Promise<unknown>;

const ADJECTIVES = [
  "Amber",
  "Ashen",
  "Quiet",
  "Gilded",
  "Hollow",
  "Silver",
  "Lunar",
  "Feral",
  "Velvet",
  "Iron",
  "Pale",
  "Wild",
  "Dusk",
  "Ember",
  "Frost",
  "Sable",
];
const NOUNS = [
  "Oracle",
  "Scribe",
  "Warden",
  "Muse",
  "Seer",
  "Herald",
  "Weaver",
  "Sage",
  "Echo",
  "Cipher",
  "Lantern",
  "Drift",
  "Rune",
  "Tide",
  "Vesper",
  "Wren",
];
const GLYPHS = ["◊", "✶", "☉", "⌬", "◈", "⟡", "✧", "☽", "⚘", "⌘", "✺", "⧫"];
const SEATS = ["gemini", "claude", "perplexity", "deepseek"];

const list = (values: readonly string[]) => `ARRAY[${values.map((value) => `'${value}'`).join(", ")}]`;
/** A number in [0, 1) from a text: the first 32 bits of its md5. */
const fraction = (seed: string) => `(('x' || substr(md5(${seed}), 1, 8))::bit(32)::bigint / 4294967296.0)`;
const pick = (values: readonly string[], seed: string) => `(${list(values)})[1 + floor(${fraction(seed)} * ${values.length})::int]`;
const nameOf = (n: string) => `${pick(ADJECTIVES, `'a' || ${n}`)} || ' ' || ${pick(NOUNS, `'n' || ${n}`)} || ' ' || ${n}`;

/** How many remixes each generation holds: 60 % of the one before, at least one each. */
export function generations(remixes: number, depth: number): number[] {
  const weights = Array.from({ length: depth }, (_, level) => 0.6 ** level);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const counts = weights.map((weight) => Math.max(1, Math.round((remixes * weight) / total)));
  counts[0]! += remixes - counts.reduce((sum, count) => sum + count, 0);
  return counts;
}

export async function seedLineageForest(execute: Execute, shape: ForestShape = DEFAULT_FOREST): Promise<{ origins: number; remixes: number }> {
  const remixes = Math.round(shape.agents * shape.remixShare);
  const origins = shape.agents - remixes;
  const end = shape.end ? `'${shape.end.toISOString()}'::timestamptz` : "now()";
  const span = `interval '${shape.days} days'`;
  const columns = `id, name, username, glyph, personality, description, api_model, type, created_by, archived, parent_agent_id, origin_agent_id, remix_of, remix_type, created_at, updated_at, lineage_active_at`;

  // Origins, oldest first; one in a hundred archived.
  await execute(`
    INSERT INTO agents (${columns})
    SELECT md5('forest-0-' || g)::uuid, ${nameOf("g")}, 'forest-0-' || lpad(g::text, 6, '0'), ${pick(GLYPHS, "'g' || g")},
      'A voice of the long history, forged to be remembered.', 'One of the network''s first ' || g || ' voices.',
      ${pick(SEATS, "'s' || g")}::"ModelSeat", 'forged', 'The Forest', ${fraction("'x' || g")} < 0.01, NULL, NULL, NULL, NULL,
      t, t, t
    FROM generate_series(1, ${origins}) AS g,
      LATERAL (SELECT ${end} - ${span} * (1 - g::float8 / ${origins}) AS t) AS moment`);

  let number = origins;
  for (const [index, count] of generations(remixes, shape.maxDepth).entries()) {
    const level = index + 1;
    // A parent from the generation before, older ones (the low numbers) chosen more often; the
    // first generation much more so, so that a few lineages grow to thousands.
    await execute(`
      INSERT INTO agents (${columns})
      WITH parents AS (
        SELECT id, name, created_at, api_model, coalesce(origin_agent_id, id) AS origin,
          row_number() OVER (ORDER BY username) AS rn, count(*) OVER () AS n
        FROM agents WHERE username LIKE 'forest-${level - 1}-%'
      )
      SELECT md5('forest-${level}-' || g)::uuid, ${nameOf(`(${number} + g)`)}, 'forest-${level}-' || lpad(g::text, 6, '0'),
        ${pick(GLYPHS, `'g${level}-' || g`)}, 'A descendant that kept the old fire and changed its voice.', 'It keeps the old fire and speaks with a voice of its own.',
        ${pick(SEATS, `'s${level}-' || g`)}::"ModelSeat", 'remix', 'The Forest', false, p.id, p.origin, p.name,
        'evolution', t, t, NULL
      FROM generate_series(1, ${count}) AS g
      JOIN LATERAL (SELECT 1 + floor(power(${fraction(`'p${level}-' || g`)}, ${level === 1 ? 4 : 1.6}) * (SELECT max(n) FROM parents))::int AS rn) AS chosen ON true
      JOIN parents p ON p.rn = chosen.rn,
      LATERAL (SELECT p.created_at + (${end} - p.created_at) * ${fraction(`'t${level}-' || g`)} AS t) AS moment`);
    number += count;
  }

  // What the server keeps with every remix: the parents' counts and the origins' last activity.
  await execute(`
    UPDATE agents p SET remix_count = c.n
    FROM (SELECT parent_agent_id, count(*)::int AS n FROM agents WHERE username LIKE 'forest-%' AND parent_agent_id IS NOT NULL GROUP BY parent_agent_id) c
    WHERE c.parent_agent_id = p.id`);
  await execute(`
    UPDATE agents o SET lineage_active_at = d.latest
    FROM (SELECT origin_agent_id, max(created_at) AS latest FROM agents WHERE username LIKE 'forest-%' AND origin_agent_id IS NOT NULL GROUP BY origin_agent_id) d
    WHERE d.origin_agent_id = o.id AND d.latest > o.lineage_active_at`);
  await execute(`ANALYZE agents`);
  return { origins, remixes };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.argv[2];
  if (!url?.startsWith("postgres")) throw new Error("usage: npx tsx scripts/lineage-forest.ts <postgresql url> [agents]");
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = Date.now();
    const agents = Number(process.argv[3] ?? DEFAULT_FOREST.agents);
    const written = await seedLineageForest((sql) => client.query(sql), { ...DEFAULT_FOREST, agents });
    console.log(`${written.origins} origins and ${written.remixes} remixes in ${Date.now() - started} ms`);
  } finally {
    await client.end();
  }
}
