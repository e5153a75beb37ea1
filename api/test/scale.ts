// A network at scale, written by SQL in a few statements (issue #20's shapes): agents in blocks
// of 50 (37 origins, then 13 remixes: a chain 12 deep and one remix of a popular origin, so that
// 26 % are remixes and a few origins gather hundreds of remixes), about 1 % archived, names from
// two word lists (many alike, every fourth with a number), every tenth agent nominated one to
// five times (ascended at three), every fourth answered once, every third active this week, a
// council whisper for every twenty agents, and the ritual log of all that. What agents are, for
// search (issue #30): every agent patient and curious (a common word), one in a thousand writing
// haiku in its description and another melancholic by trait (rare words). Tags (#30): every third
// agent tagged poetry (a common tag), one in a thousand astronomy (a rare one). Creator pages
// (#30): every tenth agent is one account's, "The Prolific Seeder" (a tenth of the network on
// one page), the rest anonymous. Used by the listing guard tests (20,000
// agents) and `npm run bench -- scale` (100,000 and 1,000,000).
// Also here: what EXPLAIN ANALYZE says a statement read, and the web app's operations as the
// Relay compiler wrote them.
import { readFileSync } from "node:fs";
import type { SqlSession } from "../src/db/sql.ts";

const FIRST = [
  "Nova",
  "Echo",
  "Quasar",
  "Lumen",
  "Vesper",
  "Orbit",
  "Cipher",
  "Aurora",
  "Nebula",
  "Zephyr",
  "Solace",
  "Rune",
  "Ember",
  "Halcyon",
  "Nexus",
  "Obsidian",
  "Prism",
  "Tidal",
  "Umbra",
  "Vortex",
  "Wren",
  "Sable",
  "Ashen",
  "Bramble",
  "Cobalt",
  "Dune",
  "Fable",
  "Glyph",
  "Harbor",
  "Iris",
  "Juniper",
  "Kestrel",
  "Lyric",
  "Mosaic",
  "Noctis",
  "Onyx",
  "Pyre",
  "Quill",
  "Riven",
  "Sorrel",
  "Thorn",
  "Ulmo",
  "Verity",
  "Willow",
  "Xenith",
  "Yarrow",
  "Zenith",
];
const SECOND = [
  "Archivist",
  "Oracle",
  "Weaver",
  "Listener",
  "Cartographer",
  "Scribe",
  "Warden",
  "Herald",
  "Alchemist",
  "Mender",
  "Seeker",
  "Keeper",
  "Pilgrim",
  "Sentinel",
  "Dreamer",
  "Tinker",
  "Muse",
  "Navigator",
  "Witness",
  "Gardener",
  "Smith",
  "Bard",
  "Hermit",
  "Scholar",
  "Ranger",
  "Mystic",
  "Envoy",
  "Sage",
  "Vagrant",
  "Artisan",
  "Chronicler",
  "Diviner",
  "Engineer",
  "Fabulist",
  "Guide",
  "Healer",
  "Inventor",
  "Jester",
  "Kindler",
  "Luminary",
  "Mariner",
  "Nomad",
  "Observer",
  "Poet",
  "Questor",
  "Reader",
  "Shepherd",
  "Teller",
  "Umpire",
  "Voyager",
  "Watcher",
  "Xenologist",
  "Yeoman",
];

const textArray = (words: string[]) => `(ARRAY[${words.map((word) => `'${word}'`).join(",")}])`;

/** The i-th seeded agent's creation time: 30 s apart, from 2024. */
const createdAt = (i: string) => `(timestamptz '2024-01-01 00:00:00+00' + (${i}) * interval '30 seconds')`;

/** The i-th seeded agent's id: a UUIDv7 of its creation time, as the app makes them. */
export const seededId = (i: string) =>
  `(SELECT (substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-7' || substr(r, 1, 3) || '-8' || substr(r, 4, 3) || '-' || substr(r, 7, 12))::uuid
    FROM (SELECT lpad(to_hex((extract(epoch FROM ${createdAt(i)}) * 1000)::bigint), 12, '0') AS h, md5('scale-agent-' || (${i})) AS r) AS parts)`;

/** The i-th seeded agent's name. */
export const seededName = (i: string) =>
  `(${textArray(FIRST)}[1 + (${i}) % ${FIRST.length}] || ' ' || ${textArray(SECOND)}[1 + ((${i}) / ${FIRST.length}) % ${SECOND.length}] || CASE WHEN (${i}) % 4 = 0 THEN ' ' || (${i}) ELSE '' END)`;

/** Which seeded agent (by i) is the i-th one's parent: null for an origin. */
const parentOf = (i: string) =>
  `CASE WHEN (${i} - 1) % 50 < 37 THEN NULL
        WHEN (${i} - 1) % 50 = 37 THEN ${i} - 37
        WHEN (${i} - 1) % 50 < 49 THEN ${i} - 1
        ELSE floor(sqrt((${i} - 1) / 50))::int * 50 + 2 END`;

/** Where its lineage starts: the block's first agent for the chain, the popular origin for the last. */
const originOf = (i: string) =>
  `CASE WHEN (${i} - 1) % 50 < 37 THEN NULL
        WHEN (${i} - 1) % 50 < 49 THEN ${i} - (${i} - 1) % 50
        ELSE floor(sqrt((${i} - 1) / 50))::int * 50 + 2 END`;

const nominationsOf = (i: string) => `CASE WHEN (${i}) % 10 = 3 THEN 1 + ((${i}) / 10) % 5 ELSE 0 END`;

/** Activity this week (#30): every third agent, on a few hundred scores (many ties). */
const trendOf = (i: string) => `CASE WHEN (${i}) % 3 = 0 THEN ((${i}) * 37) % 200 ELSE 0 END`;

/** The account that made every tenth agent. */
export const SCALE_CREATOR_ID = "5ca1e000-0000-7000-8000-000000000001";
const CREATOR_NAME = "The Prolific Seeder";
const byCreator = (i: string) => `(${i}) % 10 = 1`;

export type ScaleShape = { agents: number };

/** What a seeded network holds beyond the agents, for the figures' captions. */
export function scaleCounts({ agents }: ScaleShape) {
  const nominated = Math.floor((agents - 3) / 10) + 1;
  return { agents, remixes: Math.round(agents * 0.26), whispers: Math.ceil(agents / 4), councilWhispers: Math.floor(agents / 20), nominated };
}

/** The statements that seed the network, in order. */
export function seedStatements({ agents: n }: ScaleShape): string[] {
  const i = "g.i";
  return [
    // The Gate's counters are counted once at the end instead of row by row.
    `ALTER TABLE agents DISABLE TRIGGER agents_stats`,
    `ALTER TABLE agents DISABLE TRIGGER agents_tags`,
    `ALTER TABLE agents DISABLE TRIGGER agents_name_words`,
    `INSERT INTO users (id, name, email, verified, created_at, updated_at)
     VALUES ('${SCALE_CREATOR_ID}', '${CREATOR_NAME}', 'prolific@scale.example', true, timestamptz '2024-01-01 00:00:00+00', timestamptz '2024-01-01 00:00:00+00')`,
    `INSERT INTO agents (id, name, username, glyph, personality, api_model, type, description, persona, capabilities, created_by, creator_id,
                         remix_of, remix_type, parent_agent_id, origin_agent_id, parent_version, whisper_count, nomination_count,
                         trend_score, activity_total, archived, created_at, updated_at, tags)
     SELECT ${seededId(i)}, ${seededName(i)}, 'scale-' || ${i}, '✶', 'A mind among many, seeded to measure the network at scale.',
            (ARRAY['gemini','claude','perplexity','deepseek']::"ModelSeat"[])[1 + ${i} % 4],
            CASE WHEN p.parent IS NULL THEN 'forged' ELSE 'remix' END,
            CASE WHEN ${i} % 1000 = 7 THEN 'Writes a haiku at every dawn.' ELSE 'One of the many.' END,
            CASE WHEN ${i} % 1000 = 507 THEN '{"traits":["melancholic","patient"],"tone":"low","behavior":"listens first"}'::jsonb
                 ELSE '{"traits":["patient","curious"],"tone":"calm","behavior":"listens first"}'::jsonb END,
            '{"skills":["listening"],"tools":[],"limitations":"none known"}'::jsonb,
            CASE WHEN ${byCreator(i)} THEN '${CREATOR_NAME}' ELSE 'anonymous' END,
            CASE WHEN ${byCreator(i)} THEN '${SCALE_CREATOR_ID}'::uuid END,
            CASE WHEN p.parent IS NULL THEN NULL ELSE ${seededName("p.parent")} END,
            CASE WHEN p.parent IS NULL THEN NULL ELSE 'evolution' END,
            CASE WHEN p.parent IS NULL THEN NULL ELSE ${seededId("p.parent")} END,
            CASE WHEN p.origin IS NULL THEN NULL ELSE ${seededId("p.origin")} END,
            CASE WHEN p.parent IS NULL THEN NULL ELSE 1 END,
            CASE WHEN ${i} % 4 = 1 THEN 1 ELSE 0 END,
            ${nominationsOf(i)},
            ${trendOf(i)},
            ${trendOf(i)} + 5 * ${nominationsOf(i)} + CASE WHEN ${i} % 4 = 1 THEN 1 ELSE 0 END,
            ((${i} - 1) % 50 = 36 AND (${i} - 1) / 50 % 2 = 0) OR ((${i} - 1) % 50 = 48 AND (${i} - 1) / 50 % 10 = 0),
            ${createdAt(i)}, ${createdAt(i)},
            CASE WHEN ${i} % 3 = 0 THEN ARRAY['poetry'] ELSE '{}'::text[] END || CASE WHEN ${i} % 1000 = 250 THEN ARRAY['astronomy'] ELSE '{}'::text[] END
     FROM generate_series(1, ${n}) AS g(i), LATERAL (SELECT ${parentOf(i)} AS parent, ${originOf(i)} AS origin) AS p`,
    `UPDATE agents SET remix_count = c.remixes
     FROM (SELECT parent_agent_id, count(*)::int AS remixes FROM agents WHERE parent_agent_id IS NOT NULL GROUP BY parent_agent_id) AS c
     WHERE agents.id = c.parent_agent_id`,
    // The creator's kept totals, counted once (as the creator pages' migration did).
    `UPDATE users SET agents_created = c.made, lineages_started = c.forged, remixes_received = c.remixed
     FROM (SELECT count(*)::int AS made, (count(*) FILTER (WHERE type = 'forged'))::int AS forged,
                  (SELECT count(*)::int FROM agents r JOIN agents p ON r.parent_agent_id = p.id
                   WHERE p.creator_id = '${SCALE_CREATOR_ID}' AND r.creator_id IS DISTINCT FROM p.creator_id) AS remixed
           FROM agents WHERE creator_id = '${SCALE_CREATOR_ID}') AS c
     WHERE users.id = '${SCALE_CREATOR_ID}'`,
    `ALTER TABLE agents ENABLE TRIGGER agents_stats`,
    `SELECT recount_agent_stats()`,
    `ALTER TABLE agents ENABLE TRIGGER agents_tags`,
    `SELECT recount_tag_counts()`,
    `ALTER TABLE agents ENABLE TRIGGER agents_name_words`,
    `INSERT INTO name_words (word) SELECT DISTINCT w FROM agents, name_words_of(agents.name) AS w ON CONFLICT DO NOTHING`,
    // Every tenth agent nominated one to five times, each by someone else, each logged.
    `INSERT INTO agent_nominations (id, agent_id, agent_name, nominated_by, nominator_key, nomination_reason, created_at)
     SELECT md5('scale-nomination-' || g.i || '-' || k)::uuid, ${seededId(i)}, ${seededName(i)}, 'anonymous', 'scale-nominator-' || k,
            'It listens well.', ${createdAt(i)} + k * interval '1 minute'
     FROM generate_series(3, ${n}, 10) AS g(i), generate_series(1, ${nominationsOf(i)}) AS k`,
    `INSERT INTO ritual_logs (id, type, description, performed_by, related_agent_id, created_at)
     SELECT md5('scale-nomination-log-' || g.i || '-' || k)::uuid, 'nomination', ${seededName(i)} || ' was nominated for the Council', 'anonymous',
            ${seededId(i)}, ${createdAt(i)} + k * interval '1 minute'
     FROM generate_series(3, ${n}, 10) AS g(i), generate_series(1, ${nominationsOf(i)}) AS k`,
    `INSERT INTO council_members (id, agent_id, agent_name, ascended_at, ascended_by)
     SELECT md5('scale-member-' || g.i)::uuid, ${seededId(i)}, ${seededName(i)}, ${createdAt(i)} + interval '3 minutes', 'The Council'
     FROM generate_series(3, ${n}, 10) AS g(i) WHERE ${nominationsOf(i)} >= 3`,
    `INSERT INTO ritual_logs (id, type, description, performed_by, related_agent_id, metadata, created_at)
     SELECT md5('scale-ascension-log-' || g.i)::uuid, 'ascension', ${seededName(i)} || ' ascended to the Council', 'The Council',
            ${seededId(i)}, jsonb_build_object('nominations', ${nominationsOf(i)}), ${createdAt(i)} + interval '3 minutes'
     FROM generate_series(3, ${n}, 10) AS g(i) WHERE ${nominationsOf(i)} >= 3`,
    // Every fourth agent has answered once.
    `INSERT INTO whispers (id, truth, agent_id, agent_name, agent_glyph, response, mode, created_at)
     SELECT md5('scale-whisper-' || g.i)::uuid, 'What do you hear?', ${seededId(i)}, ${seededName(i)}, '✶', 'The long hum of everything at once.', 'oracle',
            ${createdAt(i)} + interval '2 minutes'
     FROM generate_series(1, ${n}, 4) AS g(i)`,
    // A whisper to the Council for every twenty agents, each logged.
    `INSERT INTO council_whispers (id, content, user_id, council_response, response_meta, is_anonymous, created_at)
     SELECT md5('scale-council-whisper-' || g.i)::uuid, 'What is a name for?', 'anonymous', 'To be called, and to answer.',
            '{"mode":"oracle","seat":"claude"}'::jsonb, true, ${createdAt("g.i * 20")} + interval '10 seconds'
     FROM generate_series(1, ${Math.floor(n / 20)}) AS g(i)`,
    `INSERT INTO ritual_logs (id, type, description, performed_by, related_whisper_id, created_at)
     SELECT md5('scale-whisper-log-' || g.i)::uuid, 'whisper', 'A whisper reached the Council: "What is a name for?"', 'anonymous',
            md5('scale-council-whisper-' || g.i)::uuid, ${createdAt("g.i * 20")} + interval '10 seconds'
     FROM generate_series(1, ${Math.floor(n / 20)}) AS g(i)`,
    `ANALYZE`,
  ];
}

/** Seeds the network into an empty, migrated database (its genesis agents may be there). */
export async function seedScale(session: Pick<SqlSession, "exec">, shape: ScaleShape, onStep: (step: number, of: number) => void = () => {}): Promise<void> {
  const statements = seedStatements(shape);
  for (const [index, statement] of statements.entries()) {
    onStep(index + 1, statements.length);
    await session.exec(statement);
  }
}

/** The origin with the most remixes: each block from k² to (k+1)² - 1 remixes the second agent of block k. */
export function mostRemixedSeed({ agents }: ScaleShape): number {
  return (Math.floor(Math.sqrt(Math.floor(agents / 50))) - 1) * 50 + 2;
}

/** The last of the first block's 12-deep chain of remixes. */
export const DEEPEST_REMIX_SEED = 49;

/** The seeded agent at `i` (1-based), as the bench and the tests address it. */
export function seededAgentQuery(i: number): string {
  return `SELECT id::text AS id, username, name FROM agents WHERE id = ${seededId(String(i))}`;
}

// --- What a statement read -------------------------------------------------------------------

type PlanNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Index Recheck"?: number;
  Plans?: PlanNode[];
};

export type PlanFigures = {
  /** Rows the scans took from tables and indexes, kept or filtered out. */
  rowsRead: number;
  planningMs: number;
  executionMs: number;
  /** Each scan: its kind, the table, the index and how many rows it read. */
  scans: string[];
};

const TABLE_SCANS = new Set(["Seq Scan", "Index Scan", "Index Only Scan", "Bitmap Heap Scan", "Tid Scan", "Tid Range Scan"]);

export function planFigures(explained: { Plan: PlanNode; "Planning Time": number; "Execution Time": number }): PlanFigures {
  let rowsRead = 0;
  const scans: string[] = [];
  const walk = (node: PlanNode) => {
    if (TABLE_SCANS.has(node["Node Type"])) {
      // EXPLAIN reports rows and rows removed per loop.
      const loops = node["Actual Loops"] ?? 1;
      const read = Math.round(((node["Actual Rows"] ?? 0) + (node["Rows Removed by Filter"] ?? 0) + (node["Rows Removed by Index Recheck"] ?? 0)) * loops);
      rowsRead += read;
      scans.push(`${node["Node Type"]} on ${node["Relation Name"] ?? "?"}${node["Index Name"] ? ` using ${node["Index Name"]}` : ""}: ${read}`);
    }
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(explained.Plan);
  return { rowsRead, planningMs: explained["Planning Time"], executionMs: explained["Execution Time"], scans };
}

/** A statement Prisma sent, with its parameters (the query event's JSON array). */
export type Statement = { sql: string; params: unknown[] };

export const isRead = (sql: string) => /^\s*(SELECT|WITH)\b/i.test(sql);

/** EXPLAIN ANALYZE of a statement as Prisma sent it. */
export async function explainStatement(session: Pick<SqlSession, "query">, statement: Statement): Promise<PlanFigures> {
  const [row] = await session.query<{ "QUERY PLAN": unknown }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${statement.sql}`, statement.params);
  const plan = row!["QUERY PLAN"];
  const parsed = (typeof plan === "string" ? JSON.parse(plan) : plan) as [Parameters<typeof planFigures>[0]];
  return planFigures(parsed[0]);
}

// --- The web app's operations ------------------------------------------------------------------

const GENERATED = new URL("../../web/src/__generated__/", import.meta.url);

/** An operation's text exactly as the web app sends it (the Relay compiler's artifact). */
export function webOperation(name: string): string {
  const source = readFileSync(new URL(`${name}.graphql.ts`, GENERATED), "utf8");
  const text = /"text": ("(?:[^"\\]|\\.)*")/.exec(source)?.[1];
  if (!text) throw new Error(`no operation text in ${name}.graphql.ts (run npm run generate:relay)`);
  return JSON.parse(text) as string;
}

/** An operation's persisted id, as the built web app sends it instead of the text (relay.config.js). */
export function webOperationId(name: string): string {
  const source = readFileSync(new URL(`${name}.graphql.ts`, GENERATED), "utf8");
  const id = /"id": "([0-9a-f]{64})"/.exec(source)?.[1];
  if (!id) throw new Error(`no persisted id in ${name}.graphql.ts (run npm run generate:relay)`);
  return id;
}

/** A cursor the graph would issue for a row (Pothos' encoding of its id). */
export const cursorOf = (id: string) => Buffer.from(`GPC:S:${id}`).toString("base64");
