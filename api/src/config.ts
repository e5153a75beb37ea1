// Environment parsed once, at the edge. Everything else receives a typed Config.
import { z } from "zod";
import { DEFAULT_MODELS, OPENROUTER_DEFAULT_MODELS } from "./minds/pricing.ts";
import { Secret } from "./minds/secret.ts";
import { SEAT_BINDINGS, SEAT_PROVIDER, SEATS, type Seat, type SeatBinding } from "./minds/identity.ts";
import { type MindsSettings, type SeatSettings } from "./minds/settings.ts";
import { WEB_DIST_DIR } from "./paths.ts";

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));

const optionalUrl = optionalString.pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional());

/**
 * Each seat's environment names: its own provider's keys (the first set wins) and its prefix for
 * its base URL and model; `name` prefixes what binds it elsewhere (`CLAUDE_PROVIDER`, and the base
 * URL and model there). For claude the two differ, and both are read when it speaks to Anthropic.
 */
const SEAT_ENV: Record<Seat, { keys: string[]; prefix: string; name: string }> = {
  gemini: { keys: ["GEMINI_API_KEY", "GOOGLE_GENERATIVE_AI_API_KEY"], prefix: "GEMINI", name: "GEMINI" },
  claude: { keys: ["ANTHROPIC_API_KEY"], prefix: "ANTHROPIC", name: "CLAUDE" },
  perplexity: { keys: ["PERPLEXITY_API_KEY"], prefix: "PERPLEXITY", name: "PERPLEXITY" },
  deepseek: { keys: ["DEEPSEEK_API_KEY"], prefix: "DEEPSEEK", name: "DEEPSEEK" },
};

/**
 * A seat bound elsewhere takes its key from names that say where it goes, so a provider's own key
 * is never sent to another server: the seat's own (`CLAUDE_OPENROUTER_API_KEY`), else the shared one.
 */
const BINDING_ENV: Record<SeatBinding, { value: string; key: string }> = {
  openai_compatible: { value: "openai-compatible", key: "OPENAI_COMPATIBLE_API_KEY" },
  openrouter: { value: "openrouter", key: "OPENROUTER_API_KEY" },
};

/** `<SEAT>_PROVIDER`: the seat's own provider ("native", or its name), or where it is bound instead. */
const seatProvider = (seat: Seat) => {
  const own = ["native", SEAT_PROVIDER[seat]];
  const bound = SEAT_BINDINGS.map((binding) => BINDING_ENV[binding].value);
  return optionalString.transform((value, ctx): SeatBinding | undefined => {
    const chosen = value?.toLowerCase().replace(/_/g, "-");
    if (chosen === undefined || own.includes(chosen)) return undefined;
    const binding = SEAT_BINDINGS.find((b) => BINDING_ENV[b].value === chosen);
    if (!binding) {
      ctx.addIssue({ code: "custom", message: `expected one of ${[...own, ...bound].join(", ")}` });
      return z.NEVER;
    }
    return binding;
  });
};

const seatFields = Object.fromEntries([
  ...Object.entries(SEAT_ENV).flatMap(([seat, { keys, prefix, name }]) => [
    ...keys.map((key) => [key, optionalString]),
    ...[...new Set([prefix, name])].flatMap((p) => [
      [`${p}_BASE_URL`, optionalUrl],
      [`${p}_MODEL`, optionalString],
    ]),
    [`${name}_PROVIDER`, seatProvider(seat as Seat)],
    ...SEAT_BINDINGS.map((binding) => [`${name}_${BINDING_ENV[binding].key}`, optionalString]),
  ]),
  ...SEAT_BINDINGS.map((binding) => [BINDING_ENV[binding].key, optionalString]),
]) as Record<string, typeof optionalString>;
/** "points/seconds" (at most `points` in any window of `seconds`), or "off". */
const rateLimit = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value, ctx): RateLimit | null => {
      if (value.trim() === "off") return null;
      const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(value);
      if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) {
        ctx.addIssue({ code: "custom", message: 'expected "points/seconds" such as "10/900", or "off"' });
        return z.NEVER;
      }
      return { points: Number(match[1]), seconds: Number(match[2]) };
    });

const onOff = (fallback: "on" | "off") =>
  z
    .enum(["on", "off", "true", "false", "1", "0"])
    .default(fallback)
    .transform((value) => ["on", "true", "1"].includes(value));

const schema = z.object({
  ...seatFields,
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalString,
  /** PostgreSQL connections this process holds (docs/OPERATIONS.md sizes it against max_connections). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** A request's SQL statement taking longer is cancelled by PostgreSQL and answered 503 (0: no limit). */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(5000),
  REDIS_URL: optionalString,
  /** How long a public read (The Named, a profile, the Evolution Gate...) is served from the response cache at most; every write invalidates what it changed at once (0: no cache). */
  RESPONSE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
  /** Namespaces live-event channels, so several deployments can share one Redis. */
  REDIS_CHANNEL_PREFIX: z.string().default("nomina"),
  JWT_SECRET: optionalString,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Built web app served by the same process. */
  WEB_DIST: z.string().default(WEB_DIST_DIR),
  /** Other origins allowed to call the API with credentials (comma-separated); the app's own needs none. */
  CORS_ORIGINS: z.string().default(""),
  /** Nominations an agent needs to ascend to the Council. */
  ASCENSION_THRESHOLD: z.coerce.number().int().min(1).default(3),
  /** Open WebSocket connections one address may hold at once. */
  WS_SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
  /** Operations (subscriptions, queries) one WebSocket connection may run at once. */
  WS_OPERATIONS_PER_SOCKET: z.coerce.number().int().min(1).default(50),
  /** GraphQL streams over server-sent events (or multipart) one address may hold open at once. */
  SSE_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
  /** Bytes a WebSocket may hold unsent for a client that does not read before its answers wait. */
  WS_BUFFERED_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  /** How long answers wait for a client to read what is buffered before its socket is dropped. */
  WS_DRAIN_TIMEOUT_MS: z.coerce.number().int().min(1).default(10_000),
  /** The largest single answer sent over a WebSocket; a larger one closes the socket (1009). */
  WS_MAX_ANSWER_BYTES: z.coerce.number().int().min(1024).default(4_194_304),
  /** Largest request body accepted, in bytes. */
  BODY_LIMIT: z.coerce.number().int().min(1024).default(100_000),
  /** Each attempt of a model call ends after this long (and so does the wait for a free slot). */
  MINDS_TIMEOUT_MS: z.coerce.number().int().min(1).default(60_000),
  /** Pause before the one retry of a transient provider failure (5xx, network). */
  MINDS_RETRY_DELAY_MS: z.coerce.number().int().min(0).default(500),
  /** Model calls in flight per seat; more wait their turn. */
  MINDS_CONCURRENCY: z.coerce.number().int().min(1).default(4),
  MINDS_MAX_OUTPUT_TOKENS: z.coerce.number().int().min(16).default(1024),
  MINDS_CONTEXT_TOKENS: z.coerce.number().int().min(256).default(6000),
  /** Pause between the oracle's streamed chunks, so keyless seats stream like models. */
  ORACLE_PACE_MS: z.coerce.number().int().min(0).default(25),
  /** The minds' estimated spend per UTC day, all seats and processes together, in US dollars; unset: no cap. */
  MINDS_DAILY_BUDGET_USD: optionalString.pipe(
    z
      .string()
      .regex(/^\d+(\.\d+)?$/, "must be an amount of US dollars, such as 5 or 0.50")
      .transform(Number)
      .optional(),
  ),
  /** The seat that chairs the Council and speaks its synthesis. */
  COUNCIL_CHAIR: z.enum(SEATS).default("claude"),
  /** Where people reach the app; links in mail point here. Defaults to http://localhost:PORT. */
  PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** Outgoing mail server (smtp://user:pass@host:587); without it, mail goes to DATA_DIR/outbox. */
  SMTP_URL: optionalString,
  /** Bearer token a Prometheus scraper sends for GET /metrics; unset: /metrics is not served (404). */
  METRICS_TOKEN: optionalString,
  /** Proxies in front of the app whose X-Forwarded-For may be believed (0: use the socket's address). */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** Daily quotas on syntheses and glyph rituals (spec section 9); "off" counts without refusing. */
  DAILY_QUOTAS: onOff("on"),
  /**
   * Run only the web app's persisted operations, and any document for curators (#31): "on" by
   * default in production, "off" elsewhere (development's explorer and the tests send documents).
   */
  PERSISTED_OPERATIONS_ONLY: z.enum(["on", "off", "true", "false", "1", "0"]).optional(),
  /**
   * Watchers of a public feed who ask the same share one execution per event (graphql/broadcasts.ts);
   * a watcher joining a running feed hears the events that arrive after it joined, as one
   * subscribing alone does. "off": each socket executes its own.
   */
  SHARED_BROADCASTS: onOff("on"),
  /** Writes by visitors who are not signed in, per address. */
  ANONYMOUS_WRITE_LIMIT: rateLimit("300/600"),
  /** Failed sign-ins per email. */
  LOGIN_EMAIL_LIMIT: rateLimit("10/900"),
  /** Failed sign-ins per address. */
  LOGIN_ADDRESS_LIMIT: rateLimit("50/900"),
  /** Sign-ins past LOGIN_ADDRESS_LIMIT, per address, for emails with no recent failure from it (a slow lane, not a lock). */
  LOGIN_ADDRESS_SLOW_LIMIT: rateLimit("6/60"),
  /** Accounts registered per address. */
  REGISTRATION_LIMIT: rateLimit("5/3600"),
  /** Writes by each signed-in user. */
  USER_WRITE_LIMIT: rateLimit("600/600"),
  /** Retries of one seat of one Council question that cost nothing; each further one costs a question of the day's quota. */
  COUNCIL_FREE_RETRIES: z.coerce.number().int().min(0).max(100).default(2),
  /** How old an account must be (and verified) before its ritual tier rises above 1, in hours. */
  TIER_ACCOUNT_AGE_HOURS: z.coerce.number().min(0).default(24),
});

export type RateLimit = { points: number; seconds: number };

export type Limits = {
  anonymousWrites: RateLimit | null;
  loginPerEmail: RateLimit | null;
  loginPerAddress: RateLimit | null;
  /** The rest are optional so that a test's own `limits` may leave them out: a rate limit left out is off, a number its default. */
  loginSlowPerAddress?: RateLimit | null;
  registrations?: RateLimit | null;
  userWrites?: RateLimit | null;
  councilFreeRetries?: number;
  tierAccountAgeHours?: number;
};

export type Env = z.infer<typeof schema>;

export type Config = {
  env: Env["NODE_ENV"];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  databaseStatementTimeoutMs: number;
  /** How long a transaction may wait for a connection and run (db/client.ts TRANSACTIONS unless set: tests give a loaded machine more). */
  databaseTransactions?: { maxWaitMs: number; timeoutMs: number };
  redisUrl: string | undefined;
  redisChannelPrefix: string;
  responseCacheTtlMs: number;
  jwtSecret: string | undefined;
  logLevel: Env["LOG_LEVEL"];
  webDist: string;
  corsOrigins: string[];
  ascensionThreshold: number;
  bodyLimit: number;
  sockets: { perAddress: number; operationsPerSocket: number };
  /** What a live client may hold of the server: event streams per address, a socket's unsent bytes and its largest answer. */
  streams: { eventStreamsPerAddress: number; bufferedBytes: number; drainTimeoutMs: number; maxAnswerBytes: number };
  minds: MindsSettings;
  /** MINDS_DAILY_BUDGET_USD: once the day's estimated spend reaches it, the oracle answers for every seat; null: no cap. */
  mindsDailyBudgetUsd: number | null;
  publicUrl: string;
  smtpUrl: string | undefined;
  trustProxy: number;
  /** METRICS_TOKEN: the Bearer token /metrics asks for; undefined: /metrics is not served. */
  metricsToken: string | undefined;
  dailyQuotas: boolean;
  /** PERSISTED_OPERATIONS_ONLY: strangers may run the app's persisted operations only (graphql/persisted.ts). */
  persistedOperationsOnly: boolean;
  /** SHARED_BROADCASTS: a public feed is executed once per event for all its watchers (graphql/broadcasts.ts). */
  sharedBroadcasts: boolean;
  limits: Limits;
};

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.JWT_SECRET) {
    throw new Error("Invalid configuration: JWT_SECRET is required in production with DATABASE_URL");
  }
  // Every session token is only as strong as this key (the generated one has 64 characters).
  if (env.JWT_SECRET && env.JWT_SECRET.length < 32) {
    throw new Error("Invalid configuration: JWT_SECRET must be at least 32 characters");
  }
  if (env.METRICS_TOKEN && env.METRICS_TOKEN.length < 16) {
    throw new Error("Invalid configuration: METRICS_TOKEN must be at least 16 characters");
  }
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    databaseStatementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    redisUrl: env.REDIS_URL,
    redisChannelPrefix: env.REDIS_CHANNEL_PREFIX,
    responseCacheTtlMs: env.RESPONSE_CACHE_TTL_MS,
    jwtSecret: env.JWT_SECRET,
    logLevel: env.LOG_LEVEL,
    webDist: env.WEB_DIST,
    corsOrigins: env.CORS_ORIGINS.split(",")
      .map((o) => o.trim())
      .filter(Boolean),
    ascensionThreshold: env.ASCENSION_THRESHOLD,
    bodyLimit: env.BODY_LIMIT,
    sockets: { perAddress: env.WS_SOCKETS_PER_ADDRESS, operationsPerSocket: env.WS_OPERATIONS_PER_SOCKET },
    streams: {
      eventStreamsPerAddress: env.SSE_STREAMS_PER_ADDRESS,
      bufferedBytes: env.WS_BUFFERED_BYTES,
      drainTimeoutMs: env.WS_DRAIN_TIMEOUT_MS,
      maxAnswerBytes: env.WS_MAX_ANSWER_BYTES,
    },
    minds: {
      seats: seatSettings(env as unknown as Record<string, string | undefined>),
      timeoutMs: env.MINDS_TIMEOUT_MS,
      retryDelayMs: env.MINDS_RETRY_DELAY_MS,
      concurrency: env.MINDS_CONCURRENCY,
      maxOutputTokens: env.MINDS_MAX_OUTPUT_TOKENS,
      contextTokens: env.MINDS_CONTEXT_TOKENS,
      oraclePaceMs: env.ORACLE_PACE_MS,
      chair: env.COUNCIL_CHAIR,
    },
    mindsDailyBudgetUsd: env.MINDS_DAILY_BUDGET_USD ?? null,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    smtpUrl: env.SMTP_URL,
    trustProxy: env.TRUST_PROXY,
    metricsToken: env.METRICS_TOKEN,
    dailyQuotas: env.DAILY_QUOTAS,
    persistedOperationsOnly: env.PERSISTED_OPERATIONS_ONLY ? ["on", "true", "1"].includes(env.PERSISTED_OPERATIONS_ONLY) : env.NODE_ENV === "production",
    sharedBroadcasts: env.SHARED_BROADCASTS,
    limits: {
      anonymousWrites: env.ANONYMOUS_WRITE_LIMIT,
      loginPerEmail: env.LOGIN_EMAIL_LIMIT,
      loginPerAddress: env.LOGIN_ADDRESS_LIMIT,
      loginSlowPerAddress: env.LOGIN_ADDRESS_SLOW_LIMIT,
      registrations: env.REGISTRATION_LIMIT,
      userWrites: env.USER_WRITE_LIMIT,
      councilFreeRetries: env.COUNCIL_FREE_RETRIES,
      tierAccountAgeHours: env.TIER_ACCOUNT_AGE_HOURS,
    },
  };
}

function seatSettings(env: Record<string, string | undefined>): MindsSettings["seats"] {
  const entries = SEATS.map((seat): [Seat, SeatSettings] => {
    const { keys, prefix, name } = SEAT_ENV[seat];
    const binding = env[`${name}_PROVIDER`] as SeatBinding | undefined;
    const baseURL = env[`${name}_BASE_URL`] ?? (binding ? undefined : env[`${prefix}_BASE_URL`]);
    const model = env[`${name}_MODEL`] ?? (binding ? undefined : env[`${prefix}_MODEL`]);
    if (!binding) {
      const key = keys.map((k) => env[k]).find(Boolean);
      return [seat, { apiKey: key ? new Secret(key) : undefined, baseURL, model: model ?? DEFAULT_MODELS[seat] }];
    }
    const { value, key: keyName } = BINDING_ENV[binding];
    const key = env[`${name}_${keyName}`] ?? env[keyName];
    const problem = (text: string) => new Error(`Invalid configuration: ${name}_PROVIDER=${value} ${text}`);
    if (binding === "openai_compatible") {
      // A local server needs no key: the base URL and the model say everything.
      if (!baseURL) throw problem(`needs ${name}_BASE_URL (the server's OpenAI-compatible address, such as http://localhost:11434/v1)`);
      if (!model) throw problem(`needs ${name}_MODEL (the model the server serves, such as llama3.2)`);
    } else if (!key) {
      throw problem(`needs ${keyName} (or ${name}_${keyName})`);
    }
    return [seat, { apiKey: key ? new Secret(key) : undefined, baseURL, model: model ?? OPENROUTER_DEFAULT_MODELS[seat], binding }];
  });
  return Object.fromEntries(entries) as MindsSettings["seats"];
}
