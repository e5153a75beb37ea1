// What must hold after anything a client sends: no 5xx, errors in the contract's shape, nothing
// written by a refusal, no fault in the log, and the server still answering.
import { Writable } from "node:stream";
import { expect } from "vitest";
import { createLogger, type Logger } from "../../src/logger.ts";
import type { TestApp } from "../harness.ts";

/** A logger that keeps every line at error level or above. */
export function faultLog(): { logger: Logger; faults: string[] } {
  const faults: string[] = [];
  const sink = new Writable({ write: (chunk, _encoding, done) => (faults.push(chunk.toString()), done()) });
  return { logger: createLogger("error", sink), faults };
}

let countQuery: string | undefined;

/** How many rows each table holds, in one statement. */
export async function rowCounts(app: TestApp): Promise<Record<string, number>> {
  if (!countQuery) {
    const tables = await app.db.prisma.$queryRawUnsafe<{ name: string }[]>(
      `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations' ORDER BY 1`,
    );
    countQuery = `SELECT ${tables.map(({ name }) => `(SELECT count(*) FROM "${name}")::int AS "${name}"`).join(", ")}`;
  }
  const [counts] = await app.db.prisma.$queryRawUnsafe<Record<string, number>[]>(countQuery);
  return counts!;
}

/** A REST answer: below 500, and a refusal is JSON with a message (the remix route adds `error`). */
export async function checkRest(response: Response, label: string): Promise<void> {
  expect(response.status, label).toBeLessThan(500);
  if (response.status < 400 || response.status === 405) return;
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${label}: a ${response.status} whose body is not JSON: ${text.slice(0, 200)}`);
  }
  expect(body, label).toMatchObject({ message: expect.any(String) });
}

type GraphQLBody = { data?: Record<string, unknown> | null; errors?: { message?: unknown; extensions?: { code?: unknown } }[] };

/** Refused as a whole: errors, and no root field answered. */
export const refusedWhole = (body: GraphQLBody) => (body.errors?.length ?? 0) > 0 && Object.values(body.data ?? {}).every((value) => value === null);

/** A GraphQL answer: below 500, every error with a message and a code. */
export async function checkGraphQL(response: Response, label: string): Promise<GraphQLBody> {
  expect(response.status, label).toBeLessThan(500);
  const text = await response.text();
  let body: GraphQLBody;
  try {
    body = JSON.parse(text) as GraphQLBody;
  } catch {
    throw new Error(`${label}: a ${response.status} whose body is not JSON: ${text.slice(0, 200)}`);
  }
  for (const error of body.errors ?? []) {
    expect(error, `${label}: ${JSON.stringify(error).slice(0, 300)}`).toMatchObject({ message: expect.any(String), extensions: { code: expect.any(String) } });
  }
  return body;
}

/** Runs one request and checks that a refusal left every table as it was and logged no fault. */
export async function refusalChangesNothing(app: TestApp, faults: string[], send: () => Promise<number>): Promise<void> {
  const before = await rowCounts(app);
  const logged = faults.length;
  const status = await send();
  if (status >= 400) expect(await rowCounts(app), `a ${status} changed rows`).toEqual(before);
  expect(faults.slice(logged), "faults logged").toEqual([]);
}
