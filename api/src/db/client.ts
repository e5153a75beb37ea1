// One Prisma client over either database: PGlite in DATA_DIR (the default, nothing to run)
// or a PostgreSQL server when DATABASE_URL is set. Both speak the same SQL, so one schema and
// one set of migrations serve both.
import { AsyncLocalStorage } from "node:async_hooks";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaClient } from "../../generated/prisma/client.ts";
import { metrics, statementKind } from "../metrics.ts";
import { lockDataDirectory } from "./pglite-lock.ts";
import { tightenTree } from "./private-files.ts";
import type { SqlSession } from "./sql.ts";

export type DatabaseKind = "pglite" | "postgres";

/** A statement Prisma sent, and its parameters as a JSON array (tests and benchmarks EXPLAIN them). */
export type QueryListener = (sql: string, params: string) => void;

/** Told which models a write changed, once it is committed (awaited before the write's caller goes on). */
export type WriteListener = (models: readonly string[]) => Promise<void> | void;

export type Database = {
  kind: DatabaseKind;
  prisma: PrismaClient;
  /** A dedicated connection, for work that must stay on one session (advisory locks). */
  session(): Promise<SqlSession>;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  /** Observes every SQL statement Prisma sends (tests count them). */
  onQuery(listener: QueryListener): () => void;
  /**
   * Observes every committed write made through Prisma's models (not raw SQL): a write outside a
   * transaction once it returns, the writes of a transaction once it commits. Caches of what was
   * read are invalidated from here, so no writer (GraphQL, REST, the command line) can forget to.
   */
  onWrite(listener: WriteListener): () => void;
  /**
   * PGlite's whole data directory as one gzipped tarball, taken between two statements (a
   * transaction still open when it is taken is rolled back when the image is opened, as after a
   * crash). None on PostgreSQL, whose operators back up with pg_dump (README, "Backups").
   */
  dump?: () => Promise<Blob>;
  close(): Promise<void>;
};

export type DatabaseOptions = {
  databaseUrl?: string | undefined;
  /** PGlite directory, or "memory://" for a throwaway database. */
  dataDir: string;
  /** A throwaway PGlite database that starts as this image (`dumpDataDir`'s tarball): tests' prepared copies. */
  pgliteImage?: Blob;
  poolSize?: number;
  /**
   * PostgreSQL cancels a statement running longer (0: never), so that one slow query cannot hold
   * a pooled connection while fast work waits. Sessions (migrations) run without it. PGlite, one
   * embedded process, has no timer to cancel with and ignores it.
   */
  statementTimeoutMs?: number;
  /**
   * How long an interactive transaction may wait for a connection, and run, before it is given up
   * (and read as the database too busy to answer, a 503). Each statement in it already has the
   * statement timeout; between statements the process itself may be busy, so the whole is given
   * more than Prisma's 2 s and 5 s.
   */
  transactions?: { maxWaitMs: number; timeoutMs: number };
  /** Told about connection failures outside any query (a server restart, say). */
  onConnectionError?: (error: Error) => void;
};

/** A transaction's wait for a connection and its whole run, unless told otherwise (DatabaseOptions.transactions). */
export const TRANSACTIONS = { maxWaitMs: 5_000, timeoutMs: 15_000 };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const transactions = options.transactions ?? TRANSACTIONS;
  const db = options.databaseUrl
    ? openPostgres(
        options.databaseUrl,
        { max: options.poolSize ?? 10, statementTimeoutMs: options.statementTimeoutMs ?? 0, transactions },
        options.onConnectionError,
      )
    : await openPGlite(options.pgliteImage ? "memory://" : options.dataDir, transactions, options.pgliteImage);
  let closing: Promise<void> | undefined;
  return { ...db, close: () => (closing ??= db.close()) };
}

/** What an interactive transaction asked to run once it has committed (afterCommit); dropped if it rolls back. */
const commitHooks = new AsyncLocalStorage<(() => void)[]>();

/**
 * Runs `hook` once the transaction this call runs in has committed (at once outside one): what a
 * write announces (a live event) must never tell of a write that was rolled back. The hook must
 * not throw.
 */
export function afterCommit(hook: () => void): void {
  const pending = commitHooks.getStore();
  if (pending) pending.push(hook);
  else hook();
}

const WRITES = new Set(["create", "createMany", "createManyAndReturn", "update", "updateMany", "updateManyAndReturn", "upsert", "delete", "deleteMany"]);

type Transactions = NonNullable<DatabaseOptions["transactions"]>;

function createPrisma(adapter: PrismaPGlite | PrismaPg, transactions: Transactions) {
  const listeners = new Set<QueryListener>();
  const writeListeners = new Set<WriteListener>();
  const base = new PrismaClient({
    adapter,
    log: [{ emit: "event", level: "query" }],
    transactionOptions: { maxWait: transactions.maxWaitMs, timeout: transactions.timeoutMs },
  });
  base.$on("query", (event) => {
    metrics.dbQueryDuration.observe({ statement: statementKind(event.query) }, event.duration / 1000);
    for (const listener of listeners) listener(event.query, event.params);
  });
  const onQuery = (listener: QueryListener) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  const onWrite = (listener: WriteListener) => {
    writeListeners.add(listener);
    return () => void writeListeners.delete(listener);
  };
  const announce = async (models: readonly string[]) => {
    for (const listener of writeListeners) await listener(models);
  };
  // The models written inside the transaction this call runs in, announced when it commits:
  // announced earlier, a reader could cache what it read before the commit as current.
  const inTransaction = new AsyncLocalStorage<Set<string>>();
  const extended = base.$extends({
    query: {
      $allModels: {
        async $allOperations({ model, operation, args, query }) {
          const result: unknown = await query(args);
          if (WRITES.has(operation)) {
            const pending = inTransaction.getStore();
            if (pending) pending.add(model);
            else await announce([model]);
          }
          return result;
        },
      },
    },
  });
  const transaction = async (...args: unknown[]) => {
    const written = new Set<string>();
    const hooks: (() => void)[] = [];
    const result: unknown = await commitHooks.run(hooks, () =>
      inTransaction.run(written, () => Reflect.apply(extended.$transaction, extended, args) as Promise<unknown>),
    );
    if (written.size > 0) await announce([...written]);
    for (const hook of hooks) hook();
    return result;
  };
  // The extended client, typed as the client it extends (query extensions change no types), with
  // $transaction announcing its writes after the commit.
  const prisma = new Proxy(extended, {
    get: (target, property, receiver) => (property === "$transaction" ? transaction : (Reflect.get(target, property, receiver) as unknown)),
  }) as unknown as PrismaClient;
  return { prisma, onQuery, onWrite };
}

async function ping(prisma: PrismaClient): Promise<boolean> {
  try {
    await prisma.$queryRaw`SELECT 1`;
    return true;
  } catch {
    return false;
  }
}

async function openPGlite(dataDir: string, transactions: Transactions, image?: Blob): Promise<Database> {
  const inMemory = dataDir.startsWith("memory://");
  const lock = inMemory ? undefined : await lockDataDirectory(dataDir);
  const cluster = `${dataDir}/pglite`;
  let client: PGlite;
  try {
    // Contrib extensions are loaded by the client: name search's trigram index needs pg_trgm.
    const extensions = { pg_trgm };
    client = await PGlite.create(inMemory ? { loadDataDir: image, extensions } : { dataDir: cluster, extensions });
    // PGlite writes its cluster 666 (whatever the umask), and rewrites a few files as it runs:
    // made the server user's alone once open and again once closed (private-files.ts).
    if (!inMemory) await tightenTree(cluster);
  } catch (error) {
    await lock?.release();
    throw error;
  }
  const { prisma, onQuery, onWrite } = createPrisma(new PrismaPGlite(client), transactions);
  const session: SqlSession = {
    exec: async (sql) => void (await client.exec(sql)),
    query: async <Row>(sql: string, params?: unknown[]) => (await client.query<Row>(sql, params as never)).rows,
    release: async () => {},
  };
  return {
    kind: "pglite",
    prisma,
    session: () => Promise.resolve(session),
    ping: () => ping(prisma),
    onQuery,
    onWrite,
    dump: () => client.dumpDataDir("gzip"),
    close: async () => {
      await prisma.$disconnect();
      await client.close();
      try {
        if (!inMemory) await tightenTree(cluster);
      } finally {
        await lock?.release();
      }
    },
  };
}

function openPostgres(
  connectionString: string,
  { max, statementTimeoutMs, transactions }: { max: number; statementTimeoutMs: number; transactions: Transactions },
  onConnectionError: (error: Error) => void = () => {},
): Database {
  // The timeout is each connection's default (a startup parameter), so RESET returns to it.
  const pool = new pg.Pool({ connectionString, max, ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}) });
  // An idle client that loses its connection emits 'error'; unhandled, it would end the
  // process. The pool replaces the client on the next query.
  pool.on("error", onConnectionError);
  const { prisma, onQuery, onWrite } = createPrisma(new PrismaPg(pool), transactions);
  return {
    kind: "postgres",
    prisma,
    session: async () => {
      const connection = await pool.connect();
      // Migrations may build an index over every row: a session has no statement timeout.
      try {
        await connection.query("SET statement_timeout = 0");
      } catch (error) {
        connection.release(error as Error);
        throw error;
      }
      return {
        exec: async (sql) => void (await connection.query(sql)),
        query: async <Row>(sql: string, params?: unknown[]) => (await connection.query(sql, params)).rows as Row[],
        release: async () => {
          // Back to the pool with the request's timeout again; a connection that cannot be reset is dropped.
          try {
            await connection.query("RESET statement_timeout");
            connection.release();
          } catch (error) {
            connection.release(error as Error);
          }
        },
      };
    },
    ping: () => ping(prisma),
    onQuery,
    onWrite,
    close: async () => {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}
