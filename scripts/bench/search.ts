// Message search (#27): one visitor's search over the words of their threads, in a network of
// 1,000,000 messages (BENCH_SEARCH_MESSAGES) written by 2,000 visitors, seeded by SQL into a
// scratch PostgreSQL database. The searcher owns 2,000 of them. Three searches: a word in about
// one message in three (the common case the owner filter must carry), a word in one message in
// ten thousand, and a phrase only the searcher wrote. Each is sent as the web app's REST shim
// receives it (GET /api/messages/search, the built app, one client), beside the SQL floor: EXPLAIN
// ANALYZE of the same search statement (planning + execution) in the same run.
// Goal: p95 under 50 ms alone.
import { loadavg } from "node:os";
import pg from "pg";
import { visitorIdOf } from "../../api/src/actor.ts";
import { median, percentile } from "./report.ts";
import { postgresDatabase, startApp } from "./servers.ts";

const PORT = 4750;
const MESSAGES = Number(process.env.BENCH_SEARCH_MESSAGES ?? 1_000_000);
const VISITORS = 2_000;
const PER_THREAD = 20;
const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 100);
const WARMUP = 10;
const GOAL_P95_MS = 50;
const SEARCHER_KEY = "bench-searcher-key-0123456789abcdef";

const SEARCHES = [
  { label: "a common word (1 message in 3)", q: "harbour" },
  { label: "a rare word (1 in 10,000, none of them the searcher's)", q: "quetzal" },
  { label: "the searcher's own phrase", q: '"silver lantern"' },
];

export async function searchBenchmark(serverUrl: string): Promise<string> {
  const database = await postgresDatabase(serverUrl, "search");
  const server = await startApp({ ...database.env, LOG_LEVEL: "warn" }, PORT);
  const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
  await client.connect();
  try {
    const searcher = visitorIdOf(SEARCHER_KEY)!;
    const threads = Math.ceil(MESSAGES / PER_THREAD);
    const started = Date.now();
    const { rows: agent } = await client.query<{ id: string }>(`SELECT id FROM agents WHERE username = 'mnemosyne'`);
    // Threads: the first hundred are the searcher's (2,000 messages), the rest spread over the other visitors.
    await client.query(
      `INSERT INTO conversations (id, agent_id, visitor_id, title, message_count, created_at, updated_at)
       SELECT gen_random_uuid(), $1, CASE WHEN n <= 100 THEN $2 ELSE 'visitor-' || (n % $3) END, 'Thread ' || n, $4, now(), now()
       FROM generate_series(1, $5) AS n`,
      [agent[0]!.id, searcher, VISITORS, PER_THREAD, threads],
    );
    // Messages: twelve words from a vocabulary, "harbour" in one in three, "quetzal" in one in ten thousand,
    // "silver lantern" in the searcher's own threads only (one in twenty of theirs).
    await client.query(
      `WITH t AS (SELECT id, row_number() OVER (ORDER BY title) AS k, visitor_id FROM conversations)
       INSERT INTO messages (id, conversation_id, role, text, status, active, created_at)
       SELECT gen_random_uuid(), t.id, CASE WHEN i % 2 = 0 THEN 'user'::"MessageRole" ELSE 'agent'::"MessageRole" END,
         concat_ws(' ',
           (ARRAY['the','river','keeps','a','name','under','stone','and','light','remembers','every','road'])[1 + (t.k * 7 + i) % 12],
           (ARRAY['archive','signal','tide','star','garden','clock','door','question','map','song','cache','seed'])[1 + (t.k + i * 5) % 12],
           CASE WHEN (t.k * 31 + i * 17) % 3 = 0 THEN 'harbour' END,
           CASE WHEN (t.k * 131 + i * 7) % 10000 = 0 THEN 'quetzal' END,
           CASE WHEN t.visitor_id = $1 AND i % 20 = 3 THEN 'silver lantern' END,
           'where the old', (ARRAY['lamps','ships','names','maps','letters','bells'])[1 + (t.k + i) % 6], 'wait for morning'),
         'complete', true, now() - ((t.k * ${PER_THREAD} + i) || ' seconds')::interval
       FROM t CROSS JOIN generate_series(1, ${PER_THREAD}) AS i`,
      [searcher],
    );
    await client.query("ANALYZE conversations; ANALYZE messages;");
    const seeded = (Date.now() - started) / 1000;
    const { rows: counted } = await client.query<{ n: string }>("SELECT count(*) AS n FROM messages");

    const lines = [
      "## Message search (#27)",
      "",
      `${Number(counted[0]!.n).toLocaleString("en")} messages in ${threads.toLocaleString("en")} threads of ${VISITORS.toLocaleString("en")} visitors (seeded by SQL in ${seeded.toFixed(0)} s); the searcher owns 2,000. One client, ${RUNS} searches each after ${WARMUP} to warm up, against the built app (REST, \`GET /api/messages/search\`, 20 results a page with snippets). The SQL floor is EXPLAIN ANALYZE of the same statement (planning + execution), in the same run. Load average at the start: ${loadavg()[0]!.toFixed(2)}. Goal: p95 under ${GOAL_P95_MS} ms alone.`,
      "",
      "Where the plan reads the owner's threads (`conversations_visitor_id_…`) and their messages, a search costs the searcher's own messages, however large the network; the GIN index on the vector is there for a plan that finds fewer matches than the searcher has messages.",
      "",
      "| search | results | p50 | p95 | SQL floor p50 | indexes the plan reads | goal |",
      "|---|---|---|---|---|---|---|",
    ];
    for (const search of SEARCHES) {
      const url = `${server.url}/api/messages/search?q=${encodeURIComponent(search.q)}`;
      const timings: number[] = [];
      let results = 0;
      for (let run = 0; run < WARMUP + RUNS; run++) {
        const begun = performance.now();
        const response = await fetch(url, { headers: { "x-nomina-visitor": SEARCHER_KEY } });
        const body = (await response.json()) as { results: unknown[] };
        if (run >= WARMUP) timings.push(performance.now() - begun);
        results = body.results.length;
      }
      const floors: number[] = [];
      const indexes = new Set<string>();
      /** The indexes a plan reads, at any depth. */
      const collect = (node: { "Index Name"?: string; Plans?: unknown[] }) => {
        if (node["Index Name"]) indexes.add(node["Index Name"]);
        for (const child of node.Plans ?? []) collect(child as typeof node);
      };
      for (let run = 0; run < 30; run++) {
        const { rows } = await client.query<{ "QUERY PLAN": { "Planning Time": number; "Execution Time": number }[] }>(
          `EXPLAIN (ANALYZE, FORMAT JSON)
           WITH q AS (SELECT websearch_to_tsquery('english', $2) AS query),
           found AS (SELECT m.id, m.created_at, m.text FROM messages m JOIN conversations c ON c.id = m.conversation_id, q
                     WHERE c.user_id IS NULL AND c.visitor_id = $1 AND m.active AND m.search @@ q.query
                     ORDER BY m.created_at DESC, m.id DESC LIMIT 21)
           SELECT found.id, ts_headline('english', left(found.text, 5000), q.query) FROM found, q`,
          [searcher, search.q],
        );
        const plan = rows[0]!["QUERY PLAN"][0]!;
        floors.push(plan["Planning Time"] + plan["Execution Time"]);
        collect((plan as unknown as { Plan: Parameters<typeof collect>[0] }).Plan);
      }
      const p95 = percentile(timings, 95);
      lines.push(
        `| ${search.label}: \`${search.q}\` | ${results} | ${median(timings).toFixed(1)} ms | ${p95.toFixed(1)} ms | ${median(floors).toFixed(1)} ms | ${[...indexes].sort().join(", ") || "none"} | ${p95 < GOAL_P95_MS ? "met" : "missed"} |`,
      );
    }
    return lines.join("\n");
  } finally {
    await client.end();
    await server.stop();
    await database.drop();
  }
}
