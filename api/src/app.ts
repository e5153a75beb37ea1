// buildApp(): one HTTP server for the whole product: GraphQL over HTTP and WebSocket on
// /graphql, the REST shim under /api, /healthz, and the built web app for everything else.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { systemClock, type Clock } from "./clock.ts";
import type { Config } from "./config.ts";
import { openDatabase, type Database } from "./db/client.ts";
import { prepareDatabase } from "./db/prepare.ts";
import { createMailer } from "./domains/accounts/mail.ts";
import { resolveJwtSecret } from "./domains/accounts/secret.ts";
import { createCounterStore, type CounterStore } from "./domains/usage/counters.ts";
import { createEventBus, type EventBus } from "./graphql/pubsub.ts";
import { attachGraphQLWebSocket, type GraphQLSocket } from "./graphql/ws.ts";
import { createGraphQLServer } from "./graphql/yoga.ts";
import { clientAddress } from "./http/actor.ts";
import { errorBody } from "./http/errors.ts";
import { corsPolicy } from "./http/cors.ts";
import { restApi } from "./http/rest.ts";
import { graphqlFastPath } from "./http/graphql-fast-path.ts";
import { securityHeadersMiddleware } from "./http/security.ts";
import { webApp } from "./http/web.ts";
import { createLogger, type Logger } from "./logger.ts";
import { createMinds } from "./minds/index.ts";
import { createServices } from "./services.ts";

/** How long stop() lets requests in flight finish before cutting their connections. */
const DRAIN_TIMEOUT_MS = 10_000;

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
};

export type AppOptions = {
  logger?: Logger;
  /** Sessions expire and quotas turn by this clock; tests move it instead of sleeping. */
  clock?: Clock;
};

export function buildApp(config: Config, options: AppOptions = {}): App {
  const log = options.logger ?? createLogger(config.logLevel);
  const addressOf = (c: Context) => clientAddress(getConnInfo(c).remote.address, c.req.header("x-forwarded-for"), config.trustProxy);
  let running: Running | undefined;
  let stopping: Promise<void> | undefined;

  async function start(): Promise<RunningApp> {
    if (running) return running;
    const db = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      onConnectionError: (error) => log.warn({ err: error }, "an idle database connection failed"),
    });
    const bus = createEventBus({ redisUrl: config.redisUrl, channelPrefix: config.redisChannelPrefix, log });
    const counters = createCounterStore({ redisUrl: config.redisUrl, prefix: config.redisChannelPrefix, log });
    try {
      await prepareDatabase(db, log);
      const services = createServices({
        prisma: db.prisma,
        bus,
        minds: createMinds(config.minds, log),
        log,
        config,
        clock: options.clock ?? systemClock,
        counters,
        mailer: createMailer({ smtpUrl: config.smtpUrl, outboxDir: path.join(config.dataDir, "outbox"), log }),
        jwtSecret: await resolveJwtSecret(config.jwtSecret, config.dataDir),
      });
      const yoga = createGraphQLServer({
        prisma: db.prisma,
        services,
        bus,
        log,
        graphiql: config.env !== "production",
        corsOrigins: config.corsOrigins,
      });

      const http = new Hono();
      const tooLarge = (c: Context) => c.json(errorBody({ message: "Request body is too large", field: undefined }, c.req.path), 413);
      http.use(securityHeadersMiddleware);
      http.use("/api/*", corsPolicy(config.corsOrigins));
      // /graphql's CORS is Yoga's own (graphql/yoga.ts), with the same allowed origins.
      http.use("/api/*", bodyLimit({ maxSize: config.bodyLimit, onError: tooLarge }));
      http.use("/graphql", bodyLimit({ maxSize: config.bodyLimit, onError: tooLarge }));
      http.get("/healthz", async (c) =>
        (await db.ping()) ? c.json({ status: "ok", database: db.kind }) : c.json({ status: "unavailable" }, 503),
      );
      // Every method: Yoga answers the ones GraphQL has no use for with 405 and its JSON errors.
      http.all("/graphql", (c) =>
        yoga.fetch(c.req.raw, { clientAddress: addressOf(c), authorization: c.req.header("authorization") }),
      );
      http.route("/api", restApi(services, log, addressOf));
      http.route("/", webApp(config.webDist, services, log));

      const socketAddress = (request: IncomingMessage) => clientAddress(request.socket.remoteAddress, headerText(request.headers["x-forwarded-for"]), config.trustProxy);
      const server = createServer(graphqlFastPath(yoga, { bodyLimit: config.bodyLimit, addressOf: socketAddress, fallback: getRequestListener(http.fetch), log }));
      const sockets = attachGraphQLWebSocket(server, yoga, log, {
        allowedOrigins: config.corsOrigins,
        maxPayload: config.bodyLimit,
        addressOf: socketAddress,
      });
      const port = await listen(server, config.port, config.host);
      const host = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
      running = { url: `http://${host}:${port}`, port, db, server, sockets, bus, counters, councils: services.council.invocations };
      log.info({ url: running.url, database: db.kind }, "nomina is listening");
      return running;
    } catch (error) {
      await bus.close();
      await counters.close();
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

const headerText = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(",") : value);

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
  app.server.closeIdleConnections();
  const timer = setTimeout(() => app.server.closeAllConnections(), DRAIN_TIMEOUT_MS);
  await closed;
  clearTimeout(timer);
  // Councils deliberate after their request has been answered: let them finish and be stored.
  await Promise.race([app.councils.drain(), new Promise((resolve) => setTimeout(resolve, DRAIN_TIMEOUT_MS).unref())]);
  await app.bus.close();
  await app.counters.close();
  await app.db.close();
  log.info("stopped cleanly");
}
