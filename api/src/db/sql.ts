// The smallest interface the migration runner needs from a database connection, so that the
// same runner serves PGlite (in-process) and a PostgreSQL server.
export interface SqlSession {
  /** Runs one or more statements without parameters (simple query protocol). */
  exec(sql: string): Promise<void>;
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
  release(): Promise<void>;
}
