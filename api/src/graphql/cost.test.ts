// The cost guard (issue #26): every list field of the schema weighs its maximum length in the
// cost limit, an operation whose worst case passes the limit is refused before any SQL runs,
// lineage lists do not nest in themselves, and a page's ancestors load in a few statements.
import {
  getNamedType,
  getNullableType,
  isAbstractType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  parse,
  validate,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLObjectType,
} from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { over, socket } from "../../test/accounts.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { createLogger } from "../logger.ts";
import { ARMOR_LIMITS } from "./armor.ts";
import {
  CONNECTION_PAGE,
  costErrors,
  declaredMaximum,
  isConnectionType,
  loadsExceeded,
  MAX_LOADS,
  nestedInItself,
  operationCosts,
  TOO_COMPLEX,
} from "./cost.ts";
import { schema } from "./schema.ts";
import { createGraphQLServer } from "./yoga.ts";

type AnyField = GraphQLField<unknown, unknown>;
type ListField = { parent: GraphQLObjectType; field: AnyField };

/** Every list field of the built schema, on object types (interfaces only repeat them). */
function listFields(): ListField[] {
  return Object.values(schema.getTypeMap())
    .filter((type): type is GraphQLObjectType => isObjectType(type) && !type.name.startsWith("__"))
    .flatMap((parent) =>
      Object.values(parent.getFields())
        .filter((field) => isListType(getNullableType(field.type)))
        .map((field) => ({ parent, field })),
    );
}

const isPageOf = ({ parent, field }: ListField) => isConnectionType(parent) && (field.name === "edges" || field.name === "nodes");

/** A literal any validator of the document accepts for a required argument (nothing runs it). */
function placeholder(type: GraphQLInputType): string {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return "[]";
  if (isEnumType(inner)) return inner.getValues()[0]!.name;
  if (isInputObjectType(inner)) {
    const required = Object.values(inner.getFields()).filter((field) => isNonNullType(field.type) && field.defaultValue === undefined);
    return `{ ${required.map((field) => `${field.name}: ${placeholder(field.type)}`).join(", ")} }`;
  }
  if (isScalarType(inner) && (inner.name === "Int" || inner.name === "Float")) return "1";
  if (isScalarType(inner) && inner.name === "Boolean") return "true";
  if (isScalarType(inner) && inner.name === "DateTime") return `"2026-01-01T00:00:00.000Z"`;
  return `"00000000-0000-7000-8000-000000000000"`;
}

function argumentsOf(field: AnyField, page?: number): string {
  const given = field.args
    .filter((arg: GraphQLArgument) => (arg.name === "first" && page !== undefined) || (isNonNullType(arg.type) && arg.defaultValue === undefined))
    .map((arg) => `${arg.name}: ${arg.name === "first" ? page : placeholder(arg.type)}`);
  return given.length ? `(${given.join(", ")})` : "";
}

type Step = { open: string; field: AnyField; items: number };
type Path = { root: "query" | "subscription" | "mutation"; steps: Step[]; multiplier: number };

/** The shortest way from a root (queries first) to `target`, each connection on the way asked for one item. */
function pathTo(target: GraphQLObjectType): Path | undefined {
  const roots = [
    ["query", schema.getQueryType()],
    ["subscription", schema.getSubscriptionType()],
    ["mutation", schema.getMutationType()],
  ] as const;
  for (const [root, type] of roots) {
    if (!type) continue;
    const seen = new Set<string>([type.name]);
    const queue: { type: GraphQLObjectType; steps: Step[]; multiplier: number; page: number }[] = [{ type, steps: [], multiplier: 1, page: 1 }];
    while (queue.length > 0) {
      const { type: at, steps, multiplier, page } = queue.shift()!;
      if (at === target) return { root, steps, multiplier };
      for (const field of Object.values(at.getFields())) {
        const named = getNamedType(field.type);
        if (!isObjectType(named) && !isAbstractType(named)) continue;
        const list = isListType(getNullableType(field.type));
        const items = !list ? 1 : isPageOf({ parent: at, field }) ? page : (declaredMaximum(field) ?? Number.NaN);
        const connection = isConnectionType(named);
        const open = `${field.name}${argumentsOf(field, connection ? 1 : undefined)}`;
        for (const into of isAbstractType(named) ? schema.getPossibleTypes(named) : [named]) {
          if (seen.has(into.name)) continue;
          seen.add(into.name);
          const reach = isAbstractType(named) ? `${open} { ... on ${into.name}` : open;
          queue.push({ type: into, steps: [...steps, { open: reach, field, items }], multiplier: multiplier * items, page: connection ? 1 : page });
        }
      }
    }
  }
  return undefined;
}

/** The document selecting `selection` at the end of `path`; the last connection asks for `page` items. */
function documentAt(path: Path, selection: string, page?: number): string {
  let body = selection;
  for (let index = path.steps.length - 1; index >= 0; index--) {
    const step = path.steps[index]!;
    const open = index === path.steps.length - 1 && page !== undefined ? step.open.replace(/first: 1\b/, `first: ${page}`) : step.open;
    const closers = open.includes("{ ... on") ? " } }" : " }";
    body = `${open} { ${body}${closers}`;
  }
  return `${path.root} { ${body} }`;
}

/** What the worst case of `field` selects, and what each of its items weighs. */
function selectionOf({ field }: ListField): string {
  const named = getNamedType(field.type);
  const asked = `${field.name}${argumentsOf(field)}`;
  return isObjectType(named) || isAbstractType(named) || isInterfaceType(named) ? `${asked} { __typename }` : asked;
}

const noContext = { services: {} as never, bus: {} as never };

describe("the cost guard", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp("pglite");
  });
  afterAll(() => app.stop());

  it("knows the longest each list field of the schema may be", () => {
    const lists = listFields();
    expect(lists.length).toBeGreaterThan(30);
    const undeclared = lists
      .filter((list) => !isPageOf(list) && !(Number(declaredMaximum(list.field)) > 0))
      .map(({ parent, field }) => `${parent.name}.${field.name}`);
    // A new list field declares its maximum: `extensions: listMaximum(n)` (graphql/cost.ts).
    expect(undeclared).toEqual([]);
  });

  it("refuses, before any statement runs, an operation that asks for any list field at a worst case past the limit", async () => {
    const log = createLogger("silent");
    const checked: string[] = [];
    for (const list of listFields()) {
      const name = `${list.parent.name}.${list.field.name}`;
      const path = pathTo(list.parent);
      expect(path, `${name} is reachable`).toBeDefined();
      const paged = isPageOf(list);
      // A connection's edges weigh the largest page its field serves.
      const maximum = paged ? (declaredMaximum(path!.steps.at(-1)!.field) ?? CONNECTION_PAGE.max) : declaredMaximum(list.field)!;
      const worst = documentAt(path!, selectionOf(list), paged ? maximum : undefined);
      const without = documentAt(path!, "__typename", paged ? maximum : undefined);
      expect(validate(schema, parse(worst)), worst).toEqual([]);
      const [cost] = operationCosts(schema, parse(worst));
      const [base] = operationCosts(schema, parse(without));
      // Each item of the list counts: the field weighs its maximum, times the lists around it.
      expect(cost!.cost - base!.cost, `${name} in ${worst}`).toBe(path!.multiplier * maximum);
      expect(costErrors(schema, parse(worst), cost!.cost), name).toEqual([]);

      // A server whose limit is one less refuses it over HTTP, with no statement sent.
      const yoga = createGraphQLServer({
        prisma: app.db.prisma,
        ...noContext,
        log,
        graphiql: false,
        introspection: "everyone",
        limits: { maxCost: cost!.cost - 1 },
      });
      let response: Response | undefined;
      const statements = await app.countQueries(async () => {
        response = await yoga.fetch(
          "http://localhost/graphql",
          {
            method: "POST",
            headers: { "content-type": "application/json", accept: "application/graphql-response+json" },
            body: JSON.stringify({ query: worst }),
          },
          { clientAddress: "127.0.0.1" },
        );
      });
      const answer = (await response!.json()) as { data?: unknown; errors?: { message: string; extensions?: { code?: string } }[] };
      expect(response!.status, `${name}: ${JSON.stringify(answer)}`).toBe(400);
      expect(answer.errors?.[0], name).toMatchObject({
        message: `Query Cost limit of ${cost!.cost - 1} exceeded, found ${cost!.cost}.`,
        extensions: { code: TOO_COMPLEX },
      });
      expect(answer.data, name).toBeUndefined();
      expect(statements, name).toBe(0);
      checked.push(name);
    }
    expect(checked.length).toBe(listFields().length);
  });

  it("weighs a connection by the page its variables ask for, request by request (a cached validation keeps no verdict)", async () => {
    const query =
      "query ($n: Int) { agents(first: $n) { edges { node { children(first: $n) { edges { node { outputs { type } capabilities { skills tools } } } } } } } }";
    expect((await app.graphql(query, { n: 2 })).errors).toBeUndefined();
    const worst = await app.graphql(query, { n: 100 });
    expect(worst.status).toBe(400);
    expect(worst.errors?.[0]).toMatchObject({ message: expect.stringMatching(/^Query Cost limit of \d+ exceeded/), extensions: { code: TOO_COMPLEX } });
    expect((await app.graphql(query, { n: 2 })).errors).toBeUndefined();
    // Left out, a variable's page is its default, else the field's.
    const [defaults] = operationCosts(schema, parse("query ($n: Int = 3) { agents(first: $n) { edges { node { id } } } }"), {});
    expect(defaults!.cost).toBe(1 + 3 * 2);
    // Unknown (the rule alone, without the request), it is the field's largest page.
    const [unknown] = operationCosts(schema, parse("query ($n: Int) { agents(first: $n) { edges { node { id } } } }"));
    expect(unknown!.cost).toBe(1 + CONNECTION_PAGE.max * 2);
  });

  it("reads at most MAX_LOADS connections per request, counted over the objects they hang from, refusing more before any statement", async () => {
    // Each agent's versions may be a statement of its own: 100 agents with their versions and
    // their children would be up to 201 statements, cheap in cost.
    const many =
      "query ($n: Int) { agents(first: $n) { edges { node { versions(first: 1) { edges { node { version } } } children(first: 1) { edges { node { name } } } } } } }";
    const [worst] = operationCosts(schema, parse(many), { n: 100 });
    expect(worst!.cost).toBeLessThan(ARMOR_LIMITS.maxCost);
    expect(worst!.loads).toBe(1 + 2 * 100);
    let refused: Awaited<ReturnType<TestApp["graphql"]>> | undefined;
    expect(await app.countQueries(async () => (refused = await app.graphql(many, { n: 100 })))).toBe(0);
    expect(refused!.status).toBe(400);
    expect(refused!.errors?.[0]).toMatchObject({ message: loadsExceeded(201), extensions: { code: TOO_COMPLEX } });
    // Within the bound, the statements made are no more than what was counted.
    const within = Math.floor((MAX_LOADS - 1) / 2);
    let answered: Awaited<ReturnType<TestApp["graphql"]>> | undefined;
    const statements = await app.countQueries(async () => (answered = await app.graphql(many, { n: within })));
    expect(answered!.errors).toBeUndefined();
    expect(statements).toBeLessThanOrEqual(1 + 2 * within + 5);
  });

  it("weighs each fragment once however often it is spread (the walk is linear in the document)", () => {
    // 24 fragments, each spreading the one before twice: 2^24 spreads if each were walked again.
    const fragments = Array.from({ length: 24 }, (_, i) => `fragment F${i + 1} on Agent { ...F${i} ...F${i} }`).join("\n");
    const document = parse(`{ agents(first: 1) { edges { node { ...F24 } } } }\nfragment F0 on Agent { outputs { type } }\n${fragments}`);
    const [found] = operationCosts(schema, document, {});
    // agents, its one edge, its node, and 2^24 times the five outputs.
    expect(found!.cost).toBe(1 + 1 + 1 + 2 ** 24 * 5);
  });
});

describe("nested ancestors", () => {
  let app: TestApp;
  let leaf: string;
  beforeAll(async () => {
    app = await startTestApp("pglite");
    // A chain of 51 remixes below an origin: each agent's ancestors are 50 agents long.
    const origin = await app.db.prisma.agent.create({
      data: { name: "Chain 0", username: "chain-0", glyph: "✧", personality: "The first link.", apiModel: "claude", createdBy: "test" },
    });
    let parent = origin;
    for (let i = 1; i <= 51; i++) {
      parent = await app.db.prisma.agent.create({
        data: {
          name: `Chain ${i}`,
          username: `chain-${i}`,
          glyph: "✧",
          personality: "One more link.",
          apiModel: "claude",
          createdBy: "test",
          parentAgentId: parent.id,
          originAgentId: origin.id,
          type: "remix",
        },
      });
    }
    leaf = parent.id;
  });
  afterAll(() => app.stop());

  const nest = (depth: number): string => (depth === 0 ? "id name" : `ancestors { ${nest(depth - 1)} }`);

  it("refuses the four-deep attack over a 51-remix chain, over HTTP, server-sent events and WebSocket, before any statement", async () => {
    const attack = `{ agent(ref: "${leaf}") { ${nest(4)} } }`;
    let http: Awaited<ReturnType<TestApp["graphql"]>> | undefined;
    expect(await app.countQueries(async () => (http = await app.graphql(attack)))).toBe(0);
    expect(http!.status).toBe(400);
    expect(http!.data).toBeUndefined();
    expect(new Set(http!.errors?.map((error) => error.extensions?.code))).toEqual(new Set([TOO_COMPLEX]));
    expect(http!.errors?.[0]?.message).toMatch(/^Query Cost limit of \d+ exceeded, found \d+\./);
    // Over server-sent events, Yoga's same validation refuses it.
    let sse: Response | undefined;
    const streamed = await app.countQueries(async () => {
      sse = await app.request("POST", "/graphql", { query: attack }, { accept: "text/event-stream" });
      await sse.clone().text();
    });
    expect(streamed).toBe(0);
    const sseBody = await sse!.text();
    expect(sseBody).toContain(TOO_COMPLEX);
    expect(sseBody).not.toContain('"data":{');
    const client = await socket(app);
    try {
      let ws: Awaited<ReturnType<typeof over>> | undefined;
      expect(await app.countQueries(async () => (ws = await over(client, attack)))).toBe(0);
      expect(ws!.data).toBeUndefined();
      expect(ws!.errors?.[0]).toMatchObject({ message: expect.stringMatching(/^Query Cost limit of/), extensions: { code: TOO_COMPLEX } });
    } finally {
      await client.dispose();
    }
  });

  it("refuses ancestors inside ancestors even when cheap, at any depth and through fragments", async () => {
    for (const query of [
      `{ agent(ref: "${leaf}") { ancestors { ancestors { id } } } }`,
      `{ agent(ref: "${leaf}") { ancestors { parent { ancestors { id } } } } }`,
      `{ agent(ref: "${leaf}") { ancestors { ...Up } } } fragment Up on Agent { origin { ancestors { id } } }`,
      `{ agent(ref: "${leaf}") { children(first: 2) { edges { node { children(first: 2) { edges { node { id } } } } } } } }`,
    ]) {
      const answer = await app.graphql(query);
      expect(answer.status, query).toBe(400);
      expect(answer.errors?.[0], query).toMatchObject({ message: expect.stringMatching(/cannot be asked for inside/), extensions: { code: TOO_COMPLEX } });
    }
    expect((await app.graphql(`{ agent(ref: "${leaf}") { ancestors { id } } }`)).errors?.[0]?.message).toBeUndefined();
    expect(nestedInItself("ancestors")).toContain("`ancestors`");
  });

  it("reads a page's ancestors in a few statements, however many agents the page holds", async () => {
    const query = `{ agents(first: 50, sort: NEWEST) { edges { node { name ancestors { name } } } } }`;
    let answer: Awaited<ReturnType<TestApp["graphql"]>> | undefined;
    const statements = await app.countQueries(async () => (answer = await app.graphql(query)));
    expect(answer!.errors).toBeUndefined();
    const edges = (answer!.data as { agents: { edges: { node: { name: string; ancestors: { name: string }[] } }[] } }).agents.edges;
    expect(edges.length).toBe(50);
    const chain = edges.find((edge) => edge.node.name === "Chain 51")!.node;
    expect(chain.ancestors.map((agent) => agent.name)).toEqual(Array.from({ length: 50 }, (_, i) => `Chain ${50 - i}`));
    // One for the page, one for every chain, one for their agents (a statement per agent before).
    expect(statements).toBeLessThanOrEqual(4);
    expect(ARMOR_LIMITS.maxCost).toBeGreaterThan(0);
  });
});
