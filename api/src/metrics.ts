// Operators' metrics, in Prometheus's text format (/metrics). One registry for the process,
// in a module of its own that imports nothing of the app: the transport, the domains and the
// minds each record what they see here without importing one another. Every label takes a
// bounded set of values (route patterns, never raw paths; only the app's own operation names), so that a
// client cannot grow the registry without end.
import client from "prom-client";

export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry, prefix: "nomina_" });

const registers = [registry];
/** Seconds, from a millisecond on a web request to a long model call. */
const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export const metrics = {
  httpRequests: new client.Counter({
    name: "nomina_http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    registers,
  }),
  httpDuration: new client.Histogram({
    name: "nomina_http_request_duration_seconds",
    help: "Time to answer an HTTP request (to its last byte), by method and route pattern",
    labelNames: ["method", "route"] as const,
    buckets: SECONDS,
    registers,
  }),
  graphqlOperations: new client.Counter({
    name: "nomina_graphql_operations_total",
    help: "GraphQL operations run (HTTP and WebSocket), by operation name, type and outcome",
    labelNames: ["operation", "type", "outcome"] as const,
    registers,
  }),
  graphqlDuration: new client.Histogram({
    name: "nomina_graphql_operation_duration_seconds",
    help: "Time to execute a GraphQL operation (a subscription: to set it up), by operation name and type",
    labelNames: ["operation", "type"] as const,
    buckets: SECONDS,
    registers,
  }),
  responseCache: new client.Counter({
    name: "nomina_graphql_response_cache_total",
    help: "Public reads looked up in the response cache: hit (answered from it, not executed) or miss",
    labelNames: ["outcome"] as const,
    registers,
  }),
  websocketConnections: new client.Gauge({ name: "nomina_websocket_connections", help: "Open GraphQL WebSocket connections", registers }),
  activeSubscriptions: new client.Gauge({
    name: "nomina_graphql_active_subscriptions",
    help: "GraphQL subscriptions streaming now (WebSocket and server-sent events)",
    registers,
  }),
  broadcastExecutions: new client.Gauge({
    name: "nomina_graphql_broadcast_executions",
    help: "Broadcast subscriptions executed once for every socket that asked the same (graphql/broadcasts.ts), running now",
    registers,
  }),
  eventPublishFailures: new client.Counter({
    name: "nomina_live_event_publish_failures_total",
    help: "Live events Redis could not take (other processes did not hear them)",
    registers,
  }),
  seatCalls: new client.Counter({
    name: "nomina_seat_calls_total",
    help: "Calls to the minds' seats, by seat, mode (model or oracle) and outcome",
    labelNames: ["seat", "mode", "outcome"] as const,
    registers,
  }),
  seatDuration: new client.Histogram({
    name: "nomina_seat_call_duration_seconds",
    help: "Time a seat took to answer, by seat and mode",
    labelNames: ["seat", "mode"] as const,
    buckets: SECONDS,
    registers,
  }),
  seatCost: new client.Counter({
    name: "nomina_seat_cost_usd_total",
    help: "Estimated cost of the seats' model calls at list price, in US dollars",
    labelNames: ["seat"] as const,
    registers,
  }),
  dbQueryDuration: new client.Histogram({
    name: "nomina_db_query_duration_seconds",
    help: "Time the database took per SQL statement Prisma sent, by statement kind",
    labelNames: ["statement"] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
    registers,
  }),
  quotaRefusals: new client.Counter({
    name: "nomina_quota_refusals_total",
    help: "Acts refused for a daily quota or an abuse limit, by kind",
    labelNames: ["kind"] as const,
    registers,
  }),
};

/** SELECT, INSERT, UPDATE, DELETE, WITH... as a label; anything else is "other". */
export function statementKind(sql: string): string {
  const word = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase();
  return word && ["SELECT", "INSERT", "UPDATE", "DELETE", "WITH", "BEGIN", "COMMIT", "ROLLBACK", "SET"].includes(word) ? word.toLowerCase() : "other";
}

/**
 * Operation names are the client's to choose: only those of `known` (the web app's operations)
 * are kept as labels, every other one is counted as "other", so the label set stays bounded.
 */
export function operationLabel(name: string | null | undefined, known: ReadonlySet<string>): string {
  if (!name) return "anonymous";
  return known.has(name) ? name : "other";
}
