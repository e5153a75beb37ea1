// What Pothos checks for developers outside production (a Prisma query its resolver never used)
// is a warning in the operators' log, with the request it came from: it never fails a visitor's
// request. As an error it once failed every question at the Summoning Gate in the README's mode
// (#41), and no suite saw it, because every suite ran in production.
import type { GraphQLResolveInfo } from "graphql";
import { requestLog } from "../request-context.ts";

export const UNUSED_QUERY_WARNING = "developer check: a resolver did not use the Prisma query it was given (one more statement per parent)";

/** Pothos' onUnusedQuery outside production. */
export function warnUnusedQuery(info: GraphQLResolveInfo): void {
  const fields = { check: "unused-prisma-query", field: `${info.parentType.name}.${info.fieldName}` };
  const log = requestLog();
  if (log) log.warn(fields, UNUSED_QUERY_WARNING);
  else console.warn(`${UNUSED_QUERY_WARNING}: ${fields.field}`);
}

/** The check for the process's NODE_ENV: tests fail on it, development warns, production does not check. */
export function unusedQueryCheck(env: string | undefined): "error" | typeof warnUnusedQuery | null {
  if (env === "production") return null;
  return env === "test" ? "error" : warnUnusedQuery;
}
