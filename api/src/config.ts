// Environment parsed once, at the edge. Everything else receives a typed Config.
import { z } from "zod";
import { DEFAULT_MODELS } from "./minds/pricing.ts";
import { Secret } from "./minds/secret.ts";
import { SEATS, type MindsSettings, type Seat } from "./minds/types.ts";
import { WEB_DIST_DIR } from "./paths.ts";

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));

const optionalUrl = optionalString.pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional());

/** Each seat's environment names: its key (the first set wins), base URL and model. */
const SEAT_ENV: Record<Seat, { keys: string[]; prefix: string }> = {
  gemini: { keys: ["GEMINI_API_KEY", "GOOGLE_GENERATIVE_AI_API_KEY"], prefix: "GEMINI" },
  claude: { keys: ["ANTHROPIC_API_KEY"], prefix: "ANTHROPIC" },
  perplexity: { keys: ["PERPLEXITY_API_KEY"], prefix: "PERPLEXITY" },
  deepseek: { keys: ["DEEPSEEK_API_KEY"], prefix: "DEEPSEEK" },
};

const seatFields = Object.fromEntries(
  Object.values(SEAT_ENV).flatMap(({ keys, prefix }) => [
    ...keys.map((key) => [key, optionalString]),
    [`${prefix}_BASE_URL`, optionalUrl],
    [`${prefix}_MODEL`, optionalString],
  ]),
) as Record<string, typeof optionalString>;
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
  REDIS_URL: optionalString,
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
    z.string().regex(/^\d+(\.\d+)?$/, "must be an amount of US dollars, such as 5 or 0.50").transform(Number).optional(),
  ),
  /** The seat that chairs the Council and speaks its synthesis. */
  COUNCIL_CHAIR: z.enum(SEATS).default("claude"),
  /** Where people reach the app; links in mail point here. Defaults to http://localhost:PORT. */
  PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** Outgoing mail server (smtp://user:pass@host:587); without it, mail goes to DATA_DIR/outbox. */
  SMTP_URL: optionalString,
  /** Proxies in front of the app whose X-Forwarded-For may be believed (0: use the socket's address). */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** Daily quotas on syntheses and glyph rituals (spec section 9); "off" counts without refusing. */
  DAILY_QUOTAS: onOff("on"),
  /** Writes by visitors who are not signed in, per address. */
  ANONYMOUS_WRITE_LIMIT: rateLimit("300/600"),
  /** Failed sign-ins per email. */
  LOGIN_EMAIL_LIMIT: rateLimit("10/900"),
  /** Failed sign-ins per address. */
  LOGIN_ADDRESS_LIMIT: rateLimit("50/900"),
});

export type RateLimit = { points: number; seconds: number };

export type Limits = {
  anonymousWrites: RateLimit | null;
  loginPerEmail: RateLimit | null;
  loginPerAddress: RateLimit | null;
};

export type Env = z.infer<typeof schema>;

export type Config = {
  env: Env["NODE_ENV"];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  redisChannelPrefix: string;
  jwtSecret: string | undefined;
  logLevel: Env["LOG_LEVEL"];
  webDist: string;
  corsOrigins: string[];
  ascensionThreshold: number;
  bodyLimit: number;
  sockets: { perAddress: number; operationsPerSocket: number };
  minds: MindsSettings;
  /** MINDS_DAILY_BUDGET_USD: once the day's estimated spend reaches it, the oracle answers for every seat; null: no cap. */
  mindsDailyBudgetUsd: number | null;
  publicUrl: string;
  smtpUrl: string | undefined;
  trustProxy: number;
  dailyQuotas: boolean;
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
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    redisChannelPrefix: env.REDIS_CHANNEL_PREFIX,
    jwtSecret: env.JWT_SECRET,
    logLevel: env.LOG_LEVEL,
    webDist: env.WEB_DIST,
    corsOrigins: env.CORS_ORIGINS.split(",").map((o) => o.trim()).filter(Boolean),
    ascensionThreshold: env.ASCENSION_THRESHOLD,
    bodyLimit: env.BODY_LIMIT,
    sockets: { perAddress: env.WS_SOCKETS_PER_ADDRESS, operationsPerSocket: env.WS_OPERATIONS_PER_SOCKET },
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
    dailyQuotas: env.DAILY_QUOTAS,
    limits: {
      anonymousWrites: env.ANONYMOUS_WRITE_LIMIT,
      loginPerEmail: env.LOGIN_EMAIL_LIMIT,
      loginPerAddress: env.LOGIN_ADDRESS_LIMIT,
    },
  };
}

function seatSettings(env: Record<string, string | undefined>): MindsSettings["seats"] {
  const entries = SEATS.map((seat) => {
    const { keys, prefix } = SEAT_ENV[seat];
    const key = keys.map((name) => env[name]).find(Boolean);
    return [
      seat,
      { apiKey: key ? new Secret(key) : undefined, baseURL: env[`${prefix}_BASE_URL`], model: env[`${prefix}_MODEL`] ?? DEFAULT_MODELS[seat] },
    ];
  });
  return Object.fromEntries(entries) as MindsSettings["seats"];
}
