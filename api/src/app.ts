// buildApp(): one HTTP server for the whole product: GraphQL over HTTP and WebSocket on
// /graphql, the REST shim under /api, /healthz, and the built web app for everything else.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { getRequestListener, type HttpBindings } from "@hono/node-server";
import { Hono, type Context } from "hono";
import { routePath } from "hono/route";
import { VISITOR_HEADER } from "./actor.ts";
import { systemClock, type Clock } from "./clock.ts";
import type { Config } from "./config.ts";
import { openDatabase, type Database } from "./db/client.ts";
import { prepareDatabase } from "./db/prepare.ts";
import { createMailer } from "./domains/accounts/mail.ts";
import { resolveJwtSecret } from "./domains/accounts/secret.ts";
import { createCounterStore, type CounterStore } from "./domains/usage/counters.ts";
import { createMindsLedger } from "./domains/usage/spend.ts";
import { createEventBus, type EventBus } from "./domains/events.ts";
import { attachGraphQLWebSocket, type GraphQLSocket } from "./graphql/ws.ts";
import { BROADCAST_BACKLOG } from "./graphql/broadcasts.ts";
import { createGraphQLServer } from "./graphql/yoga.ts";
import { warmOracle } from "./minds/oracle.ts";
import { persistedOperations } from "./graphql/persisted.ts";
import { createResponseCache, memoryResponseStore, redisResponseStore, type ResponseCache } from "./graphql/response-cache.ts";
import { schema } from "./graphql/schema.ts";
import { corsPolicy } from "./http/cors.ts";
import { answerClientError, createEdge, createUpgradeGate } from "./http/edge.ts";
import { currentAddress, nameRoute } from "./request-context.ts";
import { compressAnswers } from "./http/compress.ts";
import { metricsRoutes } from "./http/metrics.ts";
import { restApi, restRoutePolicies } from "./http/rest.ts";
import { API_PREFIX } from "./http/route-policy.ts";
import { securityHeaders } from "./http/security.ts";
import { webApp } from "./http/web.ts";
import { createLogger, type Logger } from "./logger.ts";
import { createMinds } from "./minds/index.ts";
import { createServices } from "./services.ts";

/** How long start() waits for Redis before serving without it (degraded). */
const REDIS_START_WAIT_MS = 3_000;

/** How long stop() lets requests in flight finish before cutting their connections. */
const DRAIN_TIMEOUT_MS = 10_000;
/** How often each process looks whether the trending window has a day to let go (the first to see it does). */
const TREND_ROLL_MS = 10 * 60_000;

export type RunningApp = { url: string; port: number; db: Database };

export type App = {
  start(): Promise<RunningApp>;
  stop(): Promise<void>;
};

type Running = RunningApp & {
  server: Server;
  sockets: GraphQLSocket;
  bus: EventBus;
  counters: CounterStore;
  councils: { drain(): Promise<void> };
  responseCache: ResponseCache;
  trending: { stop(): Promise<void> };
};

export type AppOptions = {
  logger?: Logger;
  /** Tests start an embedded database from a prepared image instead of creating one. */
  pgliteImage?: Blob;
  /** Sessions expire and quotas turn by this clock; tests move it instead of sleeping. */
  clock?: Clock;
};

export function buildApp(config: Config, options: AppOptions = {}): App {
  const log = options.logger ?? createLogger(config.logLevel);
  // Every route runs in its request's scope (http/edge.ts), which holds the address the edge decided.
  const routeAddress = (c: Context<{ Bindings: HttpBindings }>) => currentAddress() ?? c.env.incoming.socket.remoteAddress ?? "unknown";
  let running: Running | undefined;
  let stopping: Promise<void> | undefined;

  async function start(): Promise<RunningApp> {
    if (running) return running;
    const db = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
      statementTimeoutMs: config.databaseStatementTimeoutMs,
      transactions: config.databaseTransactions,
      pgliteImage: options.pgliteImage,
      onConnectionError: (error) => log.warn({ err: error }, "an idle database connection failed"),
    });
    const bus = createEventBus({ redisUrl: config.redisUrl, channelPrefix: config.redisChannelPrefix, log });
    const counters = createCounterStore({ redisUrl: config.redisUrl, prefix: config.redisChannelPrefix, log });
    const responseCache = createResponseCache({
      schema,
      store: config.redisUrl ? redisResponseStore(config.redisUrl, config.redisChannelPrefix, log) : memoryResponseStore(),
      ttlMs: config.responseCacheTtlMs,
      log,
    });
    // Every committed write makes what was cached from the models it wrote stale, whichever API made it.
    db.onWrite((models) => responseCache.written(models));
    let trending: Running["trending"] | undefined;
    try {
      // Redis is waited for (briefly) beside the migrations, so that the first requests are
      // counted and announced across processes, not in this one alone.
      const [, busReady, countersReady] = await Promise.all([prepareDatabase(db, log), bus.ready(REDIS_START_WAIT_MS), counters.ready(REDIS_START_WAIT_MS)]);
      if (!busReady || !countersReady) log.warn("redis is not answering: starting degraded, live events and limits stay in this process until it returns");
      // Before the first request: loading the oracle's language resources would stall it (#41).
      log.debug({ ms: warmOracle() }, "the offline oracle is ready");
      const clock = options.clock ?? systemClock;
      const ledger = createMindsLedger({ prisma: db.prisma, clock, budgetUsd: config.mindsDailyBudgetUsd, log });
      const services = createServices({
        prisma: db.prisma,
        bus,
        minds: createMinds(config.minds, log, { ledger }),
        ledger,
        log,
        config,
        clock,
        counters,
        mailer: createMailer({ smtpUrl: config.smtpUrl, outboxDir: path.join(config.dataDir, "outbox"), log, production: config.env === "production" }),
        jwtSecret: await resolveJwtSecret(config.jwtSecret, config.dataDir),
      });
      // One set for both transports: a persisted document is known by its identity.
      const persisted = persistedOperations();
      const yoga = createGraphQLServer({
        prisma: db.prisma,
        services,
        bus,
        log,
        graphiql: config.env !== "production",
        introspection: config.env === "production" ? "curators" : "everyone",
        persistedOperationsOnly: config.persistedOperationsOnly,
        persisted,
        responseCache,
        eventStreamsPerAddress: config.streams.eventStreamsPerAddress,
      });

      const http = new Hono<{ Bindings: HttpBindings }>();
      // The pattern of the route that answered (the handler's, once it has run) names the
      // request in the metrics: a bounded set, whatever paths clients ask for.
      http.use("*", async (c, next) => {
        await next();
        nameRoute(routePath(c as Context) || "unrouted");
      });
      // 503 only when the database does not answer; a dependency that is down (Redis) leaves
      // the app serving, degraded: each process then keeps its events and counts to itself.
      http.get("/healthz", async (c) => {
        if (!(await db.ping())) {
          c.header("Retry-After", "5");
          return c.json({ status: "unavailable", database: db.kind }, 503);
        }
        const redis = bus.distributed ? (bus.health() === "ok" && counters.health() === "ok" ? "ok" : "down") : undefined;
        return c.json({ status: redis === "down" ? "degraded" : "ok", database: db.kind, ...(redis ? { redis } : {}) });
      });
      // REST answers (JSON) over 1 KB go out compressed; the web app's files are precompressed (http/web.ts).
      http.use("/api/*", compressAnswers());
      if (config.metricsToken) http.route("/", metricsRoutes(config.metricsToken));
      http.route(API_PREFIX, restApi(services, log, routeAddress));
      http.route("/", webApp(config.webDist, services, log, config.publicUrl));

      // Body limits and embeds, as each route declares them (http/route-policy.ts).
      const routes = restRoutePolicies();
      const server = createServer(
        createEdge({
          bodyLimit: config.bodyLimit,
          routes,
          trustProxy: config.trustProxy,
          secure: securityHeaders(),
          cors: corsPolicy(config.corsOrigins, routes),
          graphql: (request, response, clientAddress) =>
            yoga.handle(request, response, { clientAddress, authorization: request.headers.authorization, visitor: request.headers[VISITOR_HEADER] }),
          router: getRequestListener(http.fetch),
          log,
        }),
      );
      server.on("clientError", answerClientError);
      const sockets = attachGraphQLWebSocket(yoga, log, {
        maxPayload: config.bodyLimit,
        maxOperationsPerSocket: config.sockets.operationsPerSocket,
        persisted,
        buffers: { bufferedBytes: config.streams.bufferedBytes, drainTimeoutMs: config.streams.drainTimeoutMs, maxAnswerBytes: config.streams.maxAnswerBytes },
        broadcasts: config.sharedBroadcasts ? { backlog: BROADCAST_BACKLOG, arrivals: () => bus.arrivals() } : undefined,
      });
      server.on(
        "upgrade",
        createUpgradeGate({
          trustProxy: config.trustProxy,
          path: yoga.graphqlEndpoint,
          allowedOrigins: config.corsOrigins,
          maxSocketsPerAddress: config.sockets.perAddress,
          accept: (request, socket, head, address) => sockets.handleUpgrade(request, socket, head, address),
        }),
      );
      // The trending window moves on at most once a day: the first process to see the new day moves it.
      trending = await rollEvery(TREND_ROLL_MS, () => services.activity.roll(), log);
      const port = await listen(server, config.port, config.host);
      const host = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
      running = { url: `http://${host}:${port}`, port, db, server, sockets, bus, counters, councils: services.council.invocations, responseCache, trending };
      log.info({ url: running.url, database: db.kind }, "nomina is listening");
      return running;
    } catch (error) {
      await trending?.stop();
      await bus.close();
      await counters.close();
      await responseCache.close();
      await db.close();
      throw error;
    }
  }

  async function stop(): Promise<void> {
    if (!running) return;
    stopping ??= shutdown(running, log).finally(() => {
      running = undefined;
      stopping = undefined;
    });
    return stopping;
  }

  return { start, stop };
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** Stops taking work, lets requests in flight finish, closes sockets, then the database. */
async function shutdown(app: Running, log: Logger): Promise<void> {
  log.info("shutting down");
  const closed = new Promise<void>((resolve) => app.server.close(() => resolve()));
  await app.sockets.close();
  // A keep-alive connection whose last request has been answered is idle: close each as soon as
  // it is, so that waiting is only for requests in flight (at most DRAIN_TIMEOUT_MS).
  app.server.closeIdleConnections();
  const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
  const timer = setTimeout(() => app.server.closeAllConnections(), DRAIN_TIMEOUT_MS);
  await closed;
  clearInterval(sweep);
  clearTimeout(timer);
  // Councils deliberate after their request has been answered: let them finish and be stored.
  await Promise.race([app.councils.drain(), sleep(DRAIN_TIMEOUT_MS, undefined, { ref: false })]);
  await app.trending.stop();
  await app.bus.close();
  await app.counters.close();
  await app.responseCache.close();
  await app.db.close();
  log.info("stopped cleanly");
}

/**
 * Runs `roll` now (resolving once it has: a started app has rolled, so no test counts its
 * statements later) and every `ms` after, never two at once; a failure (the database away) is
 * logged and tried again next time. `stop` ends the timer and waits for a roll under way.
 */
async function rollEvery(ms: number, roll: () => Promise<unknown>, log: Logger): Promise<{ stop(): Promise<void> }> {
  let rolling: Promise<void> = Promise.resolve();
  const run = () => {
    rolling = rolling
      .then(() => roll())
      .then(
        () => undefined,
        (error: unknown) => log.warn({ err: error }, "the trending window could not move on: scores keep the days that left it until the next try"),
      );
  };
  run();
  await rolling;
  const timer = setInterval(run, ms).unref();
  return {
    async stop() {
      clearInterval(timer);
      await rolling;
    },
  };
}
