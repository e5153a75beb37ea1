// The response cache for public reads that every visitor shares: The Named's pages, a profile,
// the Evolution Gate, the Ancestry Map, the Council's lists. Yoga's response cache plugin answers
// a repeated operation before it is even parsed; what it may cache, for whom, and until when is
// decided here:
// - only queries whose every root field is in PUBLIC_READS, and that ask for no field Pothos
//   guards with an auth scope; a field that answers for the caller (`canEdit`...) keys the
//   answer by the caller's credentials instead of sharing it;
// - an answer records the models it was read from (its root fields' and every object's in it)
//   with each model's generation as it was *before* the read; every committed write bumps the
//   generations of the models it wrote (db/client.ts onWrite), so an answer read before a write
//   is never served after it, in this process or (with Redis) any other;
// - the TTL only bounds what no write announces (an operator's SQL).
import { createHash } from "node:crypto";
import { useResponseCache, type BuildResponseCacheKeyFunction, type Cache } from "@graphql-yoga/plugin-response-cache";
import {
  getNamedType,
  getOperationAST,
  isObjectType,
  Kind,
  OperationTypeNode,
  parse,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLSchema,
  type SelectionNode,
} from "graphql";
import type { Plugin } from "graphql-yoga";
import { redisClient } from "../redis.ts";
import { LRUCache } from "lru-cache";
import type { Logger } from "../logger.ts";
import { metrics } from "../metrics.ts";
import type { EdgeContext } from "./context.ts";

/** Root fields anyone may read alike, and the models each reads beyond the objects it returns. */
export const PUBLIC_READS: Readonly<Record<string, readonly string[]>> = {
  agent: ["Agent"],
  agents: ["Agent"],
  agentTypes: ["Agent"],
  lineages: ["Agent"],
  agentTree: ["Agent"],
  remixActivity: ["Agent"],
  topRemixedAgents: ["Agent"],
  evolutionStats: ["Agent"],
  nominatedAgents: ["Agent", "AgentNomination"],
  councilMembers: ["CouncilMember", "Agent"],
  councilWhispers: ["CouncilWhisper", "Agent"],
  ritualLogs: ["RitualLog"],
  // A tag's count is kept by a trigger on agents: any write to an agent may change it.
  tags: ["Tag", "Agent"],
  // Not `whisper`: a whisper kept from a thread is read by whom its thread is shared with.
};

/** Fields whose answer depends on who asks: an operation with one is cached per caller. */
export const CALLER_FIELDS: ReadonlySet<string> = new Set(["Agent.canEdit", "Conversation.isMine", "CouncilSession.isMine"]);

type Reading = {
  /** May be served from the cache at all. */
  cacheable: boolean;
  /** Answers for the caller: keyed by the caller's credentials. */
  personal: boolean;
  /** Models read, declared by the root fields. */
  models: readonly string[];
};

const NOT_CACHEABLE: Reading = { cacheable: false, personal: false, models: [] };

type PothosExtensions = { pothosOptions?: { authScopes?: unknown }; pothosPrismaModel?: string };

/** What an operation is, read once per distinct document text. */
export function createReadingClassifier(schema: GraphQLSchema) {
  const readings = new LRUCache<string, Reading>({ max: 2_000 });
  const guarded = (extensions: unknown) => (extensions as PothosExtensions | undefined)?.pothosOptions?.authScopes !== undefined;

  function classify(document: DocumentNode, operationName: string | undefined): Reading {
    const operation = getOperationAST(document, operationName);
    if (!operation || operation.operation !== OperationTypeNode.QUERY) return NOT_CACHEABLE;
    // The root fields, through the fragments the operation spreads at its root (Relay's way).
    const fragments = new Map(
      document.definitions.flatMap((definition) => (definition.kind === Kind.FRAGMENT_DEFINITION ? [[definition.name.value, definition] as const] : [])),
    );
    const rootFields = new Set<string>();
    const spread = new Set<string>();
    const collect = (selections: readonly SelectionNode[]): boolean =>
      selections.every((selection) => {
        if (selection.kind === Kind.FIELD) return rootFields.add(selection.name.value) && true;
        if (selection.kind === Kind.INLINE_FRAGMENT) return collect(selection.selectionSet.selections);
        const fragment = fragments.get(selection.name.value);
        if (!fragment) return false;
        if (spread.has(fragment.name.value)) return true;
        spread.add(fragment.name.value);
        return collect(fragment.selectionSet.selections);
      });
    if (!collect(operation.selectionSet.selections)) return NOT_CACHEABLE;
    const models = new Set<string>();
    for (const field of rootFields) {
      if (field === "__typename") continue;
      const declared = PUBLIC_READS[field];
      if (!declared) return NOT_CACHEABLE;
      for (const model of declared) models.add(model);
    }
    let cacheable = true;
    let personal = false;
    const typeInfo = new TypeInfo(schema);
    visit(
      document,
      visitWithTypeInfo(typeInfo, {
        Field(node) {
          const parent = typeInfo.getParentType();
          const field = typeInfo.getFieldDef();
          if (!parent || !field) return;
          if (CALLER_FIELDS.has(`${parent.name}.${node.name.value}`)) personal = true;
          const type = getNamedType(field.type);
          // The root types' own scope (a token sent must be live) is kept by the session key.
          const root = parent === schema.getQueryType();
          if (guarded(field.extensions) || (!root && guarded(parent.extensions)) || (isObjectType(type) && guarded(type.extensions))) cacheable = false;
        },
      }),
    );
    return cacheable ? { cacheable, personal, models: [...models] } : NOT_CACHEABLE;
  }

  return (query: string | undefined, operationName: string | undefined): Reading => {
    if (!query) return NOT_CACHEABLE;
    const key = `${operationName ?? ""}\u0000${query}`;
    let reading = readings.get(key);
    if (!reading) {
      try {
        reading = classify(parse(query), operationName);
      } catch {
        reading = NOT_CACHEABLE; // Yoga answers the syntax error itself.
      }
      readings.set(key, reading);
    }
    return reading;
  };
}

/** The models each object type is read from (Pothos' Prisma types say so). */
function modelsByType(schema: GraphQLSchema): Map<string, string> {
  const models = new Map<string, string>();
  for (const type of Object.values(schema.getTypeMap())) {
    const model = (type.extensions as PothosExtensions | undefined)?.pothosPrismaModel;
    if (isObjectType(type) && model) models.set(type.name, model);
  }
  return models;
}

type Generations = Record<string, number>;
type Entry = { result: ExecutionResult; generations: Generations };

/** Where answers and the models' generations are kept: this process, or Redis for every process. */
export type ResponseStore = {
  /** The entry under `key` (if any) and the generations now, read together. */
  read(key: string): Promise<{ entry: Entry | null; generations: Generations }>;
  write(key: string, entry: Entry, ttlMs: number): Promise<void>;
  bump(models: readonly string[]): Promise<void>;
  close(): Promise<void>;
};

export function memoryResponseStore(): ResponseStore {
  const generations: Generations = {};
  const entries = new LRUCache<string, Entry, unknown>({
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (_entry, key) => key.length + 1024,
    max: 5_000,
  });
  return {
    read: (key) => Promise.resolve({ entry: entries.get(key) ?? null, generations: { ...generations } }),
    write: (key, entry, ttlMs) => {
      entries.set(key, entry, { ttl: ttlMs, size: JSON.stringify(entry.result).length + key.length });
      return Promise.resolve();
    },
    bump: (models) => {
      for (const model of models) generations[model] = (generations[model] ?? 0) + 1;
      return Promise.resolve();
    },
    close: () => Promise.resolve(),
  };
}

export function redisResponseStore(url: string, prefix: string, log: Logger): ResponseStore {
  // A miss while Redis is away, never a wait; the bus reports outages, each call handles its failure.
  const redis = redisClient(url, log);
  const generationsKey = `${prefix}:response-cache:generations`;
  const entryKey = (key: string) => `${prefix}:response-cache:${key}`;
  const numbers = (raw: Record<string, string>): Generations => Object.fromEntries(Object.entries(raw).map(([model, value]) => [model, Number(value)]));
  return {
    async read(key) {
      const answers = await redis.multi().get(entryKey(key)).hgetall(generationsKey).exec();
      if (!answers || answers.some(([error]) => error)) throw answers?.find(([error]) => error)?.[0] ?? new Error("redis answered nothing");
      const [[, raw], [, generations]] = answers as [[null, string | null], [null, Record<string, string>]];
      return { entry: raw ? (JSON.parse(raw) as Entry) : null, generations: numbers(generations) };
    },
    async write(key, entry, ttlMs) {
      await redis.set(entryKey(key), JSON.stringify(entry), "PX", ttlMs);
    },
    async bump(models) {
      const pipeline = redis.multi();
      for (const model of models) pipeline.hincrby(generationsKey, model, 1);
      const answers = await pipeline.exec();
      const failed = answers?.find(([error]) => error)?.[0];
      if (failed) throw failed;
    },
    async close() {
      redis.disconnect();
      await Promise.resolve();
      log.debug("response cache store closed");
    },
  };
}

const current = (entry: Entry, now: Generations) => Object.entries(entry.generations).every(([model, generation]) => (now[model] ?? 0) === generation);

export type ResponseCache = {
  plugins: Plugin[];
  /** Wired to the database's committed writes: bumps the models written. */
  written(models: readonly string[]): Promise<void>;
  close(): Promise<void>;
};

export function createResponseCache({ schema, store, ttlMs, log }: { schema: GraphQLSchema; store: ResponseStore; ttlMs: number; log: Logger }): ResponseCache {
  const classify = createReadingClassifier(schema);
  const typeModels = modelsByType(schema);
  const readings = new WeakMap<Request, Reading>();

  // Writes the store could not be told of (Redis away): told again before anything is served
  // from it, and every second meanwhile, so that no answer cached before them outlives them.
  const untold = new Set<string>();
  let retry: NodeJS.Timeout | undefined;
  const tell = async (models: readonly string[]): Promise<boolean> => {
    try {
      await store.bump(models);
      return true;
    } catch (error) {
      if (untold.size === 0) log.warn({ err: error, models }, "the response cache could not be told of a write: it is not served until it can be");
      for (const model of models) untold.add(model);
      retry ??= setInterval(() => void flush(), 1_000).unref();
      return false;
    }
  };
  const flush = async (): Promise<boolean> => {
    if (untold.size === 0) return true;
    const models = [...untold];
    try {
      await store.bump(models);
    } catch {
      return false;
    }
    for (const model of models) untold.delete(model);
    if (untold.size === 0) {
      clearInterval(retry);
      retry = undefined;
      log.info({ models }, "the response cache was told of the writes it had missed");
    }
    return untold.size === 0;
  };

  const lookup = async (key: string): Promise<{ entry: Entry | null; generations: Generations } | null> => {
    try {
      if (!(await flush())) return null;
      return await store.read(key);
    } catch (error) {
      log.debug({ err: error }, "the response cache could not be read: answering without it");
      return null;
    }
  };

  // One answer's cache, for one execution: the generations read before executing are the ones
  // its entry is stored with, so that a write committed meanwhile makes it stale at once.
  const forExecution = (reading: Reading | undefined) => {
    let before: Generations | undefined;
    const cache: Cache = {
      async get(key) {
        const found = await lookup(key);
        before = found?.generations;
        return found?.entry && current(found.entry, found.generations) ? found.entry.result : undefined;
      },
      async set(key, result, entities: Parameters<Cache["set"]>[2], ttl) {
        if (!before || !reading) return;
        const models = new Set<string>();
        for (const { typename } of entities) {
          const model = typeModels.get(typename);
          if (model) models.add(model);
        }
        for (const model of reading.models) models.add(model);
        const generations = Object.fromEntries([...models].map((model) => [model, before![model] ?? 0]));
        try {
          await store.write(key, { result, generations }, ttl);
        } catch (error) {
          log.debug({ err: error }, "the response cache could not be written");
        }
      },
      invalidate: () => undefined,
    };
    return cache;
  };
  // Yoga's plugin looks a request up with the shared `get` before parsing, and hands the
  // execution's cache (this function, called with the context) the answer to store.
  const executions = new WeakMap<object, Cache>();
  const sharedCache = Object.assign(
    (context: { request?: Request }) => {
      let cache = executions.get(context);
      if (!cache) executions.set(context, (cache = forExecution(context.request && readings.get(context.request))));
      return cache;
    },
    {
      async get(key: string) {
        const found = await lookup(key);
        const hit = found?.entry && current(found.entry, found.generations) ? found.entry.result : undefined;
        metrics.responseCache.inc({ outcome: hit ? "hit" : "miss" });
        return hit;
      },
      set: () => undefined,
      invalidate: () => undefined,
    },
  ) as unknown as Cache;

  const readingPlugin: Plugin = {
    onParams({ params, request }) {
      readings.set(request, classify(params.query, params.operationName));
    },
  };

  const text = (value: unknown) => (typeof value === "string" ? value : "");
  const credentials = (context: EdgeContext) =>
    createHash("sha256")
      .update(`${text(context.authorization)}\u0000${text(context.visitor)}`)
      .digest("base64url");

  // Yoga builds the key of every request before asking whether it may be cached: only a
  // cacheable one is read (its variables may be nested as deep as a client likes: a key that
  // cannot be built is a request not to cache, and the edge refuses the nesting).
  const buildResponseCacheKey = ({ documentString, variableValues, operationName, sessionId, request }: Parameters<BuildResponseCacheKeyFunction>[0]) => {
    if (!readings.get(request)?.cacheable) return "";
    try {
      return createHash("sha256")
        .update(JSON.stringify([documentString, operationName ?? "", variableValues ?? {}, sessionId ?? ""]))
        .digest("base64url");
    } catch {
      readings.set(request, NOT_CACHEABLE);
      return "";
    }
  };

  const cachePlugin = useResponseCache<EdgeContext>({
    ttl: ttlMs,
    buildResponseCacheKey,
    cache: sharedCache,
    enabled: (request) => ttlMs > 0 && (readings.get(request)?.cacheable ?? false),
    // Shared by everyone who sends no token; a token (which may have expired: Query answers
    // refused then) keys its own answers, and so does whoever asks a field about themselves.
    session: (request, context) => (readings.get(request)?.personal || context.authorization ? credentials(context) : null),
    // Writes invalidate through the database (onWrite), mutation or REST alike.
    invalidateViaMutation: false,
    shouldCacheResult: ({ result }) => !result.errors?.length,
    includeExtensionMetadata: false,
  });

  return {
    plugins: [readingPlugin, cachePlugin],
    async written(models) {
      // The write stands either way; untold, it is told again (see `tell`).
      await tell(models);
    },
    async close() {
      clearInterval(retry);
      await store.close();
    },
  };
}
