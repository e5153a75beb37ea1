// A check meant for developers warns; it never fails a visitor's request (#41). Pothos' unused
// query check, in a schema of its own over the real database: in development the field answers
// and the operators' log says which field and which request; a test fails on it; production does
// not check at all.
import SchemaBuilder from "@pothos/core";
import PrismaPlugin from "@pothos/plugin-prisma";
import { graphql } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type PrismaTypes from "../../generated/pothos-prisma-types.ts";
import { getDatamodel } from "../../generated/pothos-prisma-types.ts";
import type { PrismaClient } from "../../generated/prisma/client.ts";
import { createTestDatabase, type TestDatabase } from "../../test/databases.ts";
import { openDatabase, type Database } from "../db/client.ts";
import { requestScope } from "../request-context.ts";
import { UNUSED_QUERY_WARNING, unusedQueryCheck } from "./developer-checks.ts";

/** A schema whose one field forgets the query it is given (its parent's row), as CouncilSessionSettings.members once did. */
function careless(env: string, prisma: PrismaClient) {
  const builder = new SchemaBuilder<{ PrismaTypes: PrismaTypes; Context: object }>({
    plugins: [PrismaPlugin],
    prisma: { client: prisma, dmmf: getDatamodel(), onUnusedQuery: unusedQueryCheck(env) },
    // The app's plugins declare their options for every builder; this one uses none of them.
    scopeAuth: { authScopes: () => ({}) },
  });
  builder.prismaObject("Agent", { fields: (t) => ({ name: t.exposeString("name"), parent: t.relation("parent", { nullable: true }) }) });
  builder.queryType({
    fields: (t) => ({
      firstAgents: t.prismaField({ type: ["Agent"], resolve: () => prisma.agent.findMany({ take: 1, orderBy: { name: "asc" } }) }),
    }),
  });
  return builder.toSchema();
}

describe("the unused-query check", () => {
  let database: TestDatabase;
  let db: Database;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    db = await openDatabase({ databaseUrl: undefined, dataDir: database.dataDir, onConnectionError: () => {} });
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });

  const ask = (env: string, warnings: Record<string, unknown>[]) =>
    requestScope.run(
      {
        requestId: "request-41",
        address: "127.0.0.1",
        log: { warn: (fields: Record<string, unknown>, message: string) => warnings.push({ ...fields, message }), info: () => {} } as never,
      },
      () => graphql({ schema: careless(env, db.prisma), source: "{ firstAgents { name parent { name } } }", contextValue: {} }),
    );

  it("answers in development and warns the operators, naming the field", async () => {
    const warnings: Record<string, unknown>[] = [];
    const result = await ask("development", warnings);
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ firstAgents: [{ name: expect.any(String), parent: null }] });
    expect(warnings).toEqual([{ check: "unused-prisma-query", field: "Query.firstAgents", message: UNUSED_QUERY_WARNING }]);
  });

  it("fails a test, where a developer reads it", async () => {
    const result = await ask("test", []);
    expect(result.errors?.[0]?.message).toBe("Prisma query was unused in resolver for Query.firstAgents");
  });

  it("is not made in production", async () => {
    const warnings: Record<string, unknown>[] = [];
    const result = await ask("production", warnings);
    expect(result.errors).toBeUndefined();
    expect(warnings).toEqual([]);
  });
});
