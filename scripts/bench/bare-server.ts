// The floor for the listing benchmark: a bare node:http handler over the app's own database
// client (openDatabase, configured from the same environment as the app) and the app's own
// listing function, with no router, middleware, GraphQL or response shaping.
//   GET /      what `agents(first: 24)` fetches: take 25 (Pothos asks one extra to learn
//              hasNextPage), skip 0; answers the first 24 rows.
//   GET /rest  what `GET /api/agents` fetches: take REST_LIST_LIMIT (200).
//   GET /raw   the raw floor: the same 24 rows by node-postgres alone (PostgreSQL only), no Prisma.
// Both select every column of the newest visible agents (archived = false, createdAt desc,
// id desc) and answer JSON.stringify of the rows.
// Run: node --import tsx scripts/bench/bare-server.ts (PORT, HOST, DATA_DIR, DATABASE_URL).
import { createServer } from "node:http";
import pg from "pg";
import { loadConfig } from "../../api/src/config.ts";
import { openDatabase } from "../../api/src/db/client.ts";
import { REST_LIST_LIMIT } from "../../api/src/domains/agents/rest.ts";
import { createAgentReader } from "../../api/src/domains/agents/service.ts";

const config = loadConfig();
const db = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  onConnectionError: (error) => console.warn("an idle database connection failed", error),
});
const agents = createAgentReader({ prisma: db.prisma });
const raw = config.databaseUrl ? new pg.Pool({ connectionString: config.databaseUrl, max: 10 }) : undefined;
raw?.on("error", (error) => console.warn("an idle database connection failed", error));

async function listing(path: string): Promise<unknown> {
  if (path === "/raw" && raw) return { agents: (await raw.query("SELECT * FROM agents WHERE NOT archived ORDER BY created_at DESC, id DESC LIMIT 24")).rows };
  if (path === "/rest") return { agents: await agents.list({}, { take: REST_LIST_LIMIT }) };
  return { agents: (await agents.list({}, { take: 25, skip: 0 })).slice(0, 24) };
}

const server = createServer((request, response) => {
  const path = request.url ?? "/";
  if (request.method !== "GET" || (path !== "/" && path !== "/rest" && path !== "/raw")) {
    response.writeHead(404).end();
    return;
  }
  listing(path).then(
    (body) => {
      const json = JSON.stringify(body);
      response.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(json) });
      response.end(json);
    },
    (error: unknown) => {
      console.error(error);
      response.writeHead(500).end();
    },
  );
});

server.listen(config.port, config.host);

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    server.close();
    server.closeAllConnections();
    void Promise.all([db.close(), raw?.end()]).then(() => process.exit(0));
  });
}
