// Property-based fuzzing of what a visitor stores for every later reader (issue #26): glyph
// images, character cards (JSON and PNG chunks) and the graph's nested lists. Each case must be
// answered below 500 in the contract's shape, write nothing when refused and log no fault; what
// was accepted must stay cheap to serve (its card renders, The Named's page stays small), and no
// query may make the server issue statements without bound. FUZZ_SEED replays a run.
import fc from "fast-check";
import { getNamedType, isListType, isNonNullType, isObjectType, type GraphQLField, type GraphQLObjectType, type GraphQLOutputType } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardJson, encodedPngCard, glyphImage, pngCard } from "../../test/fuzz/content.ts";
import { checkGraphQL, checkRest, faultLog, refusalChangesNothing } from "../../test/fuzz/invariants.ts";
import { fuzzOptions, fuzzTimeout, seed } from "../../test/fuzz/values.ts";
import { databaseKinds } from "../../test/databases.ts";
import { NO_LIMITS, startTestApp, type TestApp } from "../../test/harness.ts";
import { MAX_LOADS } from "../graphql/cost.ts";
import { schema } from "../graphql/schema.ts";

/** The largest page of The Named over REST that any stored agents may make (a page of 24 bounded agents). */
const LISTING_MAX_BYTES = 1_500_000;
/**
 * Statements one GraphQL request may cause, whatever lists it nests: the cost rule reads at most
 * MAX_LOADS connections per request, plain lists are batched, and a request has a few of its own.
 */
const STATEMENTS_MAX = MAX_LOADS + 30;
/** How deep the remix chain the nested-list cases walk over is. */
const CHAIN = 12;

const FORGE = /* GraphQL */ `mutation ($input: ForgeAgentInput!) { forgeAgent(input: $input) { agent { id } } }`;
const IMPORT = /* GraphQL */ `mutation ($input: ImportAgentCardInput!) { importAgentCard(input: $input) { agent { id } } }`;

let made = 0;
const uniqueName = () => `Fuzzed Glyph ${(made += 1)}`;

/** Object types a field leads to, lists unwrapped: what a nested selection can walk into. */
function objectOf(type: GraphQLOutputType): GraphQLObjectType | null {
  const named = getNamedType(type);
  return isObjectType(named) ? named : null;
}
const isList = (type: GraphQLOutputType): boolean => isListType(isNonNullType(type) ? type.ofType : type);

/** Fields that can be selected with at most a `first` argument: the walk's steps. */
function steps(type: GraphQLObjectType): GraphQLField<unknown, unknown>[] {
  return Object.values(type.getFields()).filter((field) => objectOf(field.type) && field.args.every((arg) => !isNonNullType(arg.type) || arg.name === "first"));
}

/** A selection below `type`, `depth` levels at most, preferring lists (the amplifiers). */
function selectionBelow(type: GraphQLObjectType, depth: number): fc.Arbitrary<string> {
  const candidates = steps(type);
  if (depth === 0 || candidates.length === 0) return fc.constant("{ __typename }");
  const lists = candidates.filter(
    (field) => isList(field.type) || getNamedType(field.type).name.endsWith("Connection") || getNamedType(field.type).name.endsWith("Edge"),
  );
  const field = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...(lists.length ? lists : candidates)) },
    { weight: 1, arbitrary: fc.constantFrom(...candidates) },
  );
  return fc
    .array(field, { minLength: 1, maxLength: 2 })
    .chain((fields) =>
      fc.tuple(
        ...fields.map((chosen) =>
          fc.tuple(fc.integer({ min: 1, max: 100 }), selectionBelow(objectOf(chosen.type)!, depth - 1)).map(([first, below]) => {
            const args = chosen.args.some((arg) => arg.name === "first") ? `(first: ${first})` : "";
            return `${chosen.name}${args} ${below}`;
          }),
        ),
      ),
    )
    .map((parts) => `{ __typename ${[...new Set(parts)].join(" ")} }`);
}

describe.each(databaseKinds)("what visitors store, under generated input on %s", (kind) => {
  let app: TestApp;
  const { logger, faults } = faultLog();
  let deepest: string;
  beforeAll(async () => {
    app = await startTestApp(kind, { logger, limits: NO_LIMITS });
    // A remix chain, so that lists of ancestors and descendants have something to amplify.
    let parent = (await app.db.prisma.agent.findFirstOrThrow({ where: { parentAgentId: null } })).id;
    for (let step = 1; step <= CHAIN; step += 1) {
      const response = await app.request("POST", "/api/agents/remix", {
        parentAgentId: parent,
        name: `Fuzz Link ${step}`,
        description: "A link in a chain the fuzz walks through.",
        personality: "A remix made only to lengthen a lineage for the fuzz suite.",
      });
      expect(response.status).toBe(201);
      parent = ((await response.json()) as { id: string }).id;
    }
    deepest = parent;
  });
  afterAll(async () => {
    expect((await app.request("GET", "/healthz")).status).toBe(200);
    await app.stop();
    expect(faults).toEqual([]);
  });

  /** Whatever was accepted must be cheap to serve again: its PNG card answers. */
  const servedAgain = async (id: string | undefined, label: string) => {
    if (!id) return;
    const card = await fetch(`${app.url}/api/agents/${id}/card?format=png`);
    await checkRest(card, `${label}: its card`);
    await card.arrayBuffer();
  };

  it(
    "answers glyph images (SVG) on forge below 500, in the contract's shape, over REST and GraphQL",
    async () => {
      await fc.assert(
        fc.asyncProperty(glyphImage, fc.boolean(), async (avatarUrl, overGraphql) => {
          const input = { name: uniqueName(), glyph: "✶", personality: "A glyph-bearing mind made by the fuzz suite.", apiModel: "claude", avatarUrl };
          const label = `${overGraphql ? "forgeAgent" : "POST /api/agents"} with ${avatarUrl.slice(0, 80)}… (FUZZ_SEED=${seed})`;
          let id: string | undefined;
          await refusalChangesNothing(app, faults, async () => {
            if (overGraphql) {
              const response = await fetch(`${app.url}/graphql`, {
                method: "POST",
                headers: { "content-type": "application/json" },
                body: JSON.stringify({ query: FORGE, variables: { input } }),
              });
              const body = await checkGraphQL(response, label);
              const agent = (body.data?.forgeAgent as { agent?: { id: string } } | null)?.agent;
              id = agent ? Buffer.from(agent.id, "base64").toString().split(":")[1] : undefined;
              return body.errors?.length ? 400 : response.status;
            }
            const response = await fetch(`${app.url}/api/agents`, {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify(input),
            });
            await checkRest(response.clone(), label);
            if (response.status < 300) id = ((await response.json()) as { id: string }).id;
            return response.status;
          });
          await servedAgain(id, label);
        }),
        fuzzOptions(60),
      );
    },
    fuzzTimeout(60),
  );

  it(
    "answers character cards (JSON, PNG chunks) below 500, in the contract's shape, over REST and GraphQL",
    async () => {
      const card = fc.oneof(
        cardJson.map((value) => ({ type: "application/json", body: Buffer.from(JSON.stringify(value) ?? "null") })),
        pngCard.map((body) => ({ type: "image/png", body })),
        encodedPngCard.map((body) => ({ type: "image/png", body })),
      );
      await fc.assert(
        fc.asyncProperty(card, fc.boolean(), async ({ type, body }, overGraphql) => {
          const label = `${overGraphql ? "importAgentCard" : "POST /api/agents/import"} with ${type} of ${body.length} bytes (FUZZ_SEED=${seed})`;
          let id: string | undefined;
          await refusalChangesNothing(app, faults, async () => {
            if (overGraphql) {
              const text = type === "image/png" ? `data:image/png;base64,${body.toString("base64")}` : body.toString("utf8");
              const response = await fetch(`${app.url}/graphql`, {
                method: "POST",
                headers: { "content-type": "application/json" },
                body: JSON.stringify({ query: IMPORT, variables: { input: { card: text } } }),
              });
              const answer = await checkGraphQL(response, label);
              const agent = (answer.data?.importAgentCard as { agent?: { id: string } } | null)?.agent;
              id = agent ? Buffer.from(agent.id, "base64").toString().split(":")[1] : undefined;
              return answer.errors?.length ? 400 : response.status;
            }
            const response = await fetch(`${app.url}/api/agents/import`, { method: "POST", headers: { "content-type": type }, body: new Uint8Array(body) });
            await checkRest(response.clone(), label);
            if (response.status < 300) id = ((await response.json()) as { id: string }).id;
            return response.status;
          });
          await servedAgain(id, label);
        }),
        fuzzOptions(80),
      );
      // However large what was imported, a page of The Named stays small.
      const listing = await fetch(`${app.url}/api/agents?sort=newest`);
      expect(listing.status).toBe(200);
      expect((await listing.arrayBuffer()).byteLength).toBeLessThan(LISTING_MAX_BYTES);
    },
    fuzzTimeout(80),
  );

  it(
    "answers lists nested in lists within the cost limit or refuses them, never issuing statements without bound",
    async () => {
      const agentType = schema.getType("Agent") as GraphQLObjectType;
      const roots = fc.oneof(
        selectionBelow(agentType, 6).map((below) => `query ($id: String!) { agent(ref: $id) ${below} }`),
        selectionBelow(schema.getQueryType()!, 6).map((below) => `query ${below}`),
      );
      await fc.assert(
        fc.asyncProperty(roots, async (query) => {
          const label = `${query.slice(0, 240)} (FUZZ_SEED=${seed})`;
          let response: Response | undefined;
          const statements = await app.countQueries(async () => {
            response = await fetch(`${app.url}/graphql`, {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ query, variables: { id: deepest } }),
            });
            await checkGraphQL(response.clone(), label);
          });
          expect(statements, label).toBeLessThanOrEqual(STATEMENTS_MAX);
        }),
        fuzzOptions(80),
      );
    },
    fuzzTimeout(80),
  );
});
