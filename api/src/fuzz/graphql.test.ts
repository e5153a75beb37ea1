// Property-based fuzzing of every GraphQL root field (issue #14): the fields and their argument
// types are read from the schema itself, so a new query, mutation or subscription is fuzzed
// the day it is added. Arguments are generated as variables of their declared types, filled
// with values of every type (mostly the wrong one); documents are sent whole or broken.
import fc from "fast-check";
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLObjectType,
} from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../../test/databases.ts";
import { checkGraphQL, faultLog, refusalChangesNothing, refusedWhole } from "../../test/fuzz/invariants.ts";
import { anyString, anyValue, deepJson, fuzzOptions, fuzzTimeout, seed, validValues } from "../../test/fuzz/values.ts";
import { NO_LIMITS, startTestApp, type TestApp } from "../../test/harness.ts";
import { over, socket } from "../../test/accounts.ts";
import type { Client, SubscribePayload } from "graphql-ws";
import { schema } from "../graphql/schema.ts";
import persistedTexts from "@nomina/shared/generated/persisted-operations.json";

type Root = "query" | "mutation" | "subscription";

const roots: [Root, GraphQLObjectType | null | undefined][] = [
  ["query", schema.getQueryType()],
  ["mutation", schema.getMutationType()],
  ["subscription", schema.getSubscriptionType()],
];

/** Every root field of the schema, with the operation it belongs to. */
const FIELDS = roots.flatMap(([operation, type]) => Object.values(type?.getFields() ?? {}).map((field) => ({ operation, field })));

/** The smallest selection a field's type accepts. */
function selection(field: GraphQLField<unknown, unknown>): string {
  return isLeafType(getNamedType(field.type)) ? "" : "{ __typename }";
}

function documentFor(operation: Root, field: GraphQLField<unknown, unknown>): string {
  const variables = field.args.map((arg) => `$${arg.name}: ${arg.type.toString()}`).join(", ");
  const args = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(", ");
  return `${operation}${variables ? ` (${variables})` : ""} { ${field.name}${args ? `(${args})` : ""} ${selection(field)} }`;
}

/** A value of `type` (mostly valid in shape, with hostile leaves), or anything at all. */
function valueOf(type: GraphQLInputType, valid: Record<string, fc.Arbitrary<unknown>>, name: string, depth = 0): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return valueOf(type.ofType, valid, name, depth);
  if (isListType(type)) return fc.array(valueOf(type.ofType, valid, name, depth + 1), { maxLength: 3 });
  if (isInputObjectType(type) && depth < 4) {
    const fields = Object.values(type.getFields());
    return fc.record(Object.fromEntries(fields.map((field) => [field.name, valueOf(field.type, valid, field.name, depth + 1)])), { requiredKeys: [] });
  }
  if (isEnumType(type)) return fc.oneof(fc.constantFrom(...type.getValues().map((value) => value.name)), anyString);
  const typed = {
    String: anyString,
    ID: anyString,
    Int: fc.integer({ min: -5, max: 200 }),
    Boolean: fc.boolean(),
    DateTime: fc.date().map((date) => (Number.isNaN(date.getTime()) ? "never" : date.toISOString())),
  }[getNamedType(type).name];
  return fc.oneof({ weight: 3, arbitrary: valid[name] ?? typed ?? anyValue }, { weight: 2, arbitrary: typed ?? anyValue }, { weight: 1, arbitrary: anyValue });
}

function variablesFor(args: readonly GraphQLArgument[], valid: Record<string, fc.Arbitrary<unknown>>) {
  return fc.record(
    Object.fromEntries(
      args.map((arg) => [arg.name, fc.oneof({ weight: 8, arbitrary: valueOf(arg.type, valid, arg.name) }, { weight: 1, arbitrary: anyValue })]),
    ),
    { requiredKeys: [] },
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

type FirstAnswer = { errors?: { message?: unknown; extensions?: { code?: unknown } }[] };

/**
 * The first answer to an operation over a socket (an event or result, or the refusal), after
 * which it is left; one that was accepted and waits for events is left after a moment.
 */
function firstAnswer(client: Client, payload: SubscribePayload): Promise<FirstAnswer> {
  return new Promise((resolve) => {
    let done = false;
    const stop = client.subscribe(payload, {
      next: (value) => {
        if (!done) resolve(value as FirstAnswer);
        done = true;
        stop();
      },
      error: (error) => resolve({ errors: Array.isArray(error) ? error : [{ message: String(error) }] }),
      complete: () => resolve({}),
    });
    setTimeout(() => {
      if (!done) resolve({});
      done = true;
      stop();
    }, 50).unref();
  });
}

describe("the GraphQL fuzz catalogue", () => {
  it("reaches every root field of the schema", () => {
    expect(FIELDS.length).toBeGreaterThan(30);
    for (const { operation, field } of FIELDS) expect(documentFor(operation, field)).toContain(field.name);
  });
});

describe.each(databaseKinds)("GraphQL under generated input on %s", (kind) => {
  let app: TestApp;
  const { logger, faults } = faultLog();
  let valid: Record<string, fc.Arbitrary<unknown>>;
  beforeAll(async () => {
    app = await startTestApp(kind, { logger, limits: NO_LIMITS });
    const agent = await app.db.prisma.agent.findFirstOrThrow();
    const invoked = await app.request("POST", `/api/agents/${agent.id}/invoke`, { message: "A first whisper to fuzz with." });
    const whisper = (await invoked.json()).whisper.id as string;
    const global = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString("base64");
    valid = {
      ...validValues({ agent: global("Agent", agent.id), whisper: global("CouncilWhisper", whisper) }),
      ref: fc.constantFrom("echo-haiku", agent.id),
      id: fc.constantFrom(global("Agent", agent.id), global("Whisper", whisper), whisper),
      ids: fc.constant([global("Agent", agent.id)]),
      first: fc.integer({ min: 0, max: 120 }),
      last: fc.integer({ min: 0, max: 120 }),
    };
  });
  afterAll(async () => {
    expect((await app.request("GET", "/healthz")).status).toBe(200);
    await app.stop();
    expect(faults).toEqual([]);
  });

  const overHttp = FIELDS.filter(({ operation }) => operation !== "subscription");

  it(
    "answers every query and mutation with generated variables below 500, every error with a code, nothing written on refusal",
    async () => {
      const cases = fc.constantFrom(...overHttp).chain(({ operation, field }) =>
        fc.record({
          query: fc.oneof({ weight: 9, arbitrary: fc.constant(documentFor(operation, field)) }, { weight: 1, arbitrary: anyString }),
          variables: fc.oneof(
            { weight: 9, arbitrary: variablesFor(field.args, valid).map((value) => JSON.stringify(value)) },
            { weight: 1, arbitrary: deepJson },
          ),
        }),
      );
      await fc.assert(
        fc.asyncProperty(cases, async ({ query, variables }) => {
          await refusalChangesNothing(app, faults, async () => {
            const response = await fetch(`${app.url}/graphql`, {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: `{"query":${JSON.stringify(query)},"variables":${variables}}`,
            });
            const body = await checkGraphQL(response, `${query.slice(0, 160)} (FUZZ_SEED=${seed})`);
            return refusedWhole(body) ? Math.max(400, response.status) : response.status;
          });
        }),
        fuzzOptions(400),
      );
    },
    fuzzTimeout(400),
  );

  it(
    "answers generated persisted ids and extensions, with or without a query, on HTTP and WebSocket below 500 with coded errors",
    async () => {
      // Real ids (the web app's queries and mutations, whatever their variables; a subscription
      // over HTTP is an event stream that stays open, as the subscription case below leaves it),
      // ids nobody persisted, and extensions of every shape.
      const ids = Object.entries(persistedTexts)
        .filter(([, text]) => !text.startsWith("subscription"))
        .map(([id]) => id);
      const persistedQuery = fc.record(
        {
          version: fc.oneof(fc.constant(1), anyValue),
          sha256Hash: fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...ids) }, { weight: 1, arbitrary: anyString }, { weight: 1, arbitrary: anyValue }),
        },
        { requiredKeys: [] },
      );
      const cases = fc.record({
        query: fc.option(fc.oneof(fc.constant("{ agentTypes }"), anyString), { nil: undefined }),
        extensions: fc.oneof({ weight: 4, arbitrary: fc.record({ persistedQuery }) }, { weight: 1, arbitrary: anyValue }),
        variables: fc.oneof(fc.constant({}), fc.dictionary(fc.constantFrom("first", "ref", "id", "search", "sort", "count"), anyValue, { maxKeys: 3 })),
      });
      const client = await socket(app);
      try {
        await fc.assert(
          fc.asyncProperty(cases, async (body) => {
            const label = `${JSON.stringify(body).slice(0, 200)} (FUZZ_SEED=${seed})`;
            await refusalChangesNothing(app, faults, async () => {
              const response = await fetch(`${app.url}/graphql`, {
                method: "POST",
                headers: { "content-type": "application/json" },
                body: JSON.stringify(body),
              });
              const answer = await checkGraphQL(response, label);
              return refusedWhole(answer) ? Math.max(400, response.status) : response.status;
            });
            const logged = faults.length;
            // graphql-ws closes a socket whose message breaks the protocol (extensions must be an
            // object): those shapes are HTTP's to answer above.
            const first = await firstAnswer(client, {
              query: typeof body.query === "string" ? body.query : "",
              variables: body.variables,
              extensions: isRecord(body.extensions) ? body.extensions : undefined,
            });
            for (const error of first.errors ?? [])
              expect(error, label).toMatchObject({ message: expect.any(String), extensions: { code: expect.any(String) } });
            expect(faults.slice(logged)).toEqual([]);
          }),
          fuzzOptions(150),
        );
        expect(await over(client, "{ agentTypes }")).toMatchObject({ data: { agentTypes: expect.any(Array) } });
      } finally {
        await client.dispose();
      }
    },
    fuzzTimeout(150),
  );

  it(
    "answers every subscription with generated variables over graphql-ws with events or coded errors",
    async () => {
      const subscriptions = FIELDS.filter(({ operation }) => operation === "subscription");
      const client = await socket(app);
      try {
        const cases = fc
          .constantFrom(...subscriptions)
          .chain(({ field }) => fc.record({ field: fc.constant(field), variables: variablesFor(field.args, valid) }));
        await fc.assert(
          fc.asyncProperty(cases, async ({ field, variables }) => {
            const logged = faults.length;
            const query = documentFor("subscription", field);
            const first = await firstAnswer(client, { query, variables });
            for (const error of first.errors ?? [])
              expect(error, `${query} ${JSON.stringify(variables).slice(0, 200)} (FUZZ_SEED=${seed})`).toMatchObject({
                message: expect.any(String),
                extensions: { code: expect.any(String) },
              });
            expect(faults.slice(logged)).toEqual([]);
          }),
          fuzzOptions(60),
        );
        // The socket still answers after all of it.
        expect(await over(client, "{ agentTypes }")).toMatchObject({ data: { agentTypes: expect.any(Array) } });
      } finally {
        await client.dispose();
      }
    },
    fuzzTimeout(60),
  );
});
