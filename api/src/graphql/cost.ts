// What an operation may cost at worst, decided before anything runs, on HTTP (SSE included) and
// WebSocket alike (both run Yoga's validation). graphql-armor's cost limit multiplies only for a
// literal `first`/`last` and weighs a plain list (`ancestors`: up to 50 agents) as one object, so
// four nested `ancestors` cost it a few units while reading 230,300 agents (issue #26). Here
// every list weighs its maximum length:
// - a connection weighs the page it asks for (`first`/`last`, literal or variable, at most the
//   field's maximum; without either, the field's default page), carried to its `edges`;
// - a plain list weighs the maximum its field declares (`extensions: listMaximum(n)`); a list
//   without one weighs UNDECLARED_ITEMS (and cost.test.ts fails until it declares one).
// The cost is the number of values the answer may hold: each field's value counts 1, times the
// items of every list around it. Fragments are weighed once per page size (a visited map), so
// the walk is linear in the document. Lineage lists that repeat the whole chain (`ancestors`)
// may not be asked for inside themselves, whatever their weight.
//
// Besides what the answer holds, the rule counts the statements it may take ("loads"): a
// connection is read by a statement of its own for each object it hangs from (a page of agents
// each with its versions is 1 + 24 statements), so connections inside lists are bounded apart
// from the cost (MAX_LOADS): what one request can make the database do stays a few dozen
// statements, not thousands, whatever the cost allows. Plain lists are loaded per page (the
// parent's include, or a per-request DataLoader) and count as no statement of their own.
import {
  GraphQLError,
  Kind,
  OperationTypeNode,
  getNamedType,
  getNullableType,
  isAbstractType,
  isListType,
  isObjectType,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationRule,
  type ValueNode,
} from "graphql";
import type { Plugin } from "graphql-yoga";

export const TOO_COMPLEX = "QUERY_TOO_COMPLEX";

/** A connection's page without `first`/`last`, and its largest (the builder's defaults). */
export const CONNECTION_PAGE = { default: 24, max: 100 } as const;

/** What a list field without a declared maximum weighs (a test requires every list to declare one). */
export const UNDECLARED_ITEMS = 100;

/** The field extensions this rule reads. */
export type CostExtensions = {
  /** The most items a plain list answers, or the largest page a connection serves. */
  maxItems?: number;
  /** A connection's page when the client names none. */
  defaultItems?: number;
  /** The field may not be selected anywhere inside itself (a list that is already the whole chain). */
  notWithinItself?: boolean;
};

/** Field extensions declaring a list's maximum length (and, for lineage lists, no self-nesting). */
export function listMaximum(maxItems: number, options: Omit<CostExtensions, "maxItems"> = {}): CostExtensions {
  return { maxItems, ...options };
}

const extensionsOf = (field: GraphQLField<unknown, unknown>) => field.extensions as CostExtensions;

/** A Relay connection type: an object with `edges` and `pageInfo`. */
export function isConnectionType(type: GraphQLNamedType): boolean {
  if (!isObjectType(type)) return false;
  const fields = type.getFields();
  return "edges" in fields && "pageInfo" in fields;
}

/** The maximum length a list field declares; undefined for a connection's `edges`/`nodes` (they weigh the page). */
export function declaredMaximum(field: GraphQLField<unknown, unknown>): number | undefined {
  return extensionsOf(field).maxItems;
}

export const costExceeded = (maxCost: number, cost: number) => `Query Cost limit of ${maxCost} exceeded, found ${cost}.`;
export const loadsExceeded = (loads: number) =>
  `Query asks for ${loads} connections counted over the objects they hang from; at most ${MAX_LOADS} are read per request`;
export const nestedInItself = (field: string) => `\`${field}\` cannot be asked for inside \`${field}\`: each already lists the whole chain`;

/** The variables the operation runs with; undefined: unknown, so each weighs its worst case. */
type Variables = Record<string, unknown> | undefined;

type Weighed = {
  cost: number;
  /** Statements the selection may take: a connection is one per object it hangs from. */
  loads: number;
  /** notWithinItself fields selected anywhere inside */
  within: Set<string>;
};

const NOTHING: Weighed = { cost: 0, loads: 0, within: new Set() };

/**
 * Connections read per request, counted with every object each hangs from (the root's included).
 * A count at worst: a connection the parent's own statement includes (a page of agents with their
 * children) is read with it, so 101 fits (lineage.test.ts: 50 agents with children, 3 statements).
 */
export const MAX_LOADS = 120;

class Walker {
  private readonly fragments = new Map<string, FragmentDefinitionNode>();
  /** fragment name and page size -> its weight; `null` while it is being weighed (a cycle, which validation refuses). */
  private readonly weighed = new Map<string, Weighed | null>();
  readonly nested: { field: FieldNode; name: string }[] = [];

  constructor(
    private readonly schema: GraphQLSchema,
    document: DocumentNode,
    private readonly variables: Variables,
    private readonly operation: OperationDefinitionNode,
  ) {
    for (const definition of document.definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) this.fragments.set(definition.name.value, definition);
    }
  }

  weighOperation(): Weighed {
    const root =
      this.operation.operation === OperationTypeNode.QUERY
        ? this.schema.getQueryType()
        : this.operation.operation === OperationTypeNode.MUTATION
          ? this.schema.getMutationType()
          : this.schema.getSubscriptionType();
    return root ? this.weighSet(this.operation.selectionSet, root, 1) : NOTHING;
  }

  /** A selection set on `type`; `page` is the items of the connection `type` is (its edges weigh it). */
  private weighSet(set: SelectionSetNode, type: GraphQLCompositeType, page: number): Weighed {
    let cost = 0;
    let loads = 0;
    const within = new Set<string>();
    const add = (part: Weighed) => {
      cost += part.cost;
      loads += part.loads;
      for (const name of part.within) within.add(name);
    };
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) add(this.weighField(selection, type, page));
      else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const on = selection.typeCondition ? this.schema.getType(selection.typeCondition.name.value) : type;
        if (on && (isObjectType(on) || isAbstractType(on))) add(this.weighSet(selection.selectionSet, on, page));
      } else {
        add(this.weighFragment(selection.name.value, page));
      }
    }
    return { cost, loads, within };
  }

  private weighFragment(name: string, page: number): Weighed {
    const key = `${name}\u0000${page}`;
    const known = this.weighed.get(key);
    if (known) return known;
    if (known === null) return NOTHING;
    const fragment = this.fragments.get(name);
    const on = fragment && this.schema.getType(fragment.typeCondition.name.value);
    if (!fragment || !on || !(isObjectType(on) || isAbstractType(on))) return NOTHING;
    this.weighed.set(key, null);
    const result = this.weighSet(fragment.selectionSet, on, page);
    this.weighed.set(key, result);
    return result;
  }

  private weighField(node: FieldNode, parent: GraphQLCompositeType, page: number): Weighed {
    const name = node.name.value;
    // The schema's description is the curators' (production) and bounded by the depth limit.
    if (name === "__schema" || name === "__type") return NOTHING;
    if (name === "__typename") return NOTHING;
    const field = "getFields" in parent ? parent.getFields()[name] : undefined;
    if (!field) return NOTHING;
    const named = getNamedType(field.type);
    const extensions = extensionsOf(field);
    let items = 1;
    let innerPage = 1;
    if (isConnectionType(named)) innerPage = this.pageOf(node, extensions);
    if (isListType(getNullableType(field.type))) {
      items = isConnectionType(parent as GraphQLNamedType) && (name === "edges" || name === "nodes") ? page : (extensions.maxItems ?? UNDECLARED_ITEMS);
    }
    // A scalar is a column of the row its object already counted; a list of them counts each item.
    if (!node.selectionSet || !(isObjectType(named) || isAbstractType(named)))
      return { cost: isListType(getNullableType(field.type)) ? items : 0, loads: 0, within: new Set() };
    const inner = this.weighSet(node.selectionSet, named, innerPage);
    const key = `${parent.name}.${name}`;
    if (extensions.notWithinItself) {
      if (inner.within.has(key)) this.nested.push({ field: node, name });
      inner.within.add(key);
    }
    const load = isConnectionType(named) ? 1 : 0;
    return { cost: items * (1 + inner.cost), loads: items * (load + inner.loads), within: inner.within };
  }

  /** The page a connection field serves: what `first`/`last` ask (clamped to the maximum), else its default. */
  private pageOf(node: FieldNode, extensions: CostExtensions): number {
    const max = extensions.maxItems ?? CONNECTION_PAGE.max;
    let asked: number | undefined;
    for (const argument of node.arguments ?? []) {
      if (argument.name.value !== "first" && argument.name.value !== "last") continue;
      const value = this.valueOf(argument.value);
      if (value === "unknown") return max;
      if (typeof value === "number") asked = Math.max(asked ?? 0, value);
    }
    const size = asked ?? extensions.defaultItems ?? CONNECTION_PAGE.default;
    return Math.max(0, Math.min(max, Math.floor(size)));
  }

  /** An argument's value: a number, null/absent, or "unknown" (a variable whose value is not given here). */
  private valueOf(value: ValueNode): number | null | "unknown" {
    if (value.kind === Kind.INT) return Number.parseInt(value.value, 10);
    if (value.kind !== Kind.VARIABLE) return null;
    const name = value.name.value;
    if (this.variables === undefined) return "unknown";
    const given = this.variables[name];
    if (typeof given === "number") return given;
    if (given !== undefined) return null;
    const definition = this.operation.variableDefinitions?.find((one) => one.variable.name.value === name);
    const fallback = definition?.defaultValue;
    return fallback?.kind === Kind.INT ? Number.parseInt(fallback.value, 10) : null;
  }
}

export type CostFinding = { operation: string | undefined; cost: number; loads: number; nested: { field: FieldNode; name: string }[] };

/**
 * The worst-case cost of each operation of `document` with these variables (undefined: unknown,
 * each variable page weighs its maximum), and any self-nested lineage list in it.
 */
export function operationCosts(schema: GraphQLSchema, document: DocumentNode, variables?: Record<string, unknown>): CostFinding[] {
  return document.definitions
    .filter((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION)
    .map((operation) => {
      const walker = new Walker(schema, document, variables, operation);
      const { cost, loads } = walker.weighOperation();
      return { operation: operation.name?.value, cost, loads, nested: walker.nested };
    });
}

/** The refusals for `document`: every self-nested lineage list, then any operation over `maxCost`. */
export function costErrors(schema: GraphQLSchema, document: DocumentNode, maxCost: number, variables?: Record<string, unknown>): GraphQLError[] {
  const errors: GraphQLError[] = [];
  const extensions = { code: TOO_COMPLEX, http: { status: 400 } };
  for (const finding of operationCosts(schema, document, variables)) {
    if (finding.cost > maxCost) errors.push(new GraphQLError(costExceeded(maxCost, finding.cost), { extensions }));
    else if (finding.loads > MAX_LOADS) errors.push(new GraphQLError(loadsExceeded(finding.loads), { extensions }));
    for (const { field, name } of finding.nested) errors.push(new GraphQLError(nestedInItself(name), { nodes: [field], extensions }));
  }
  return errors;
}

/** The same check as a graphql-js validation rule (for `validate()`; variables unknown: each weighs its worst). */
export function costRule(options: { maxCost: number; variables?: Record<string, unknown> }): ValidationRule {
  return (context) => ({
    Document: {
      leave(document) {
        for (const error of costErrors(context.getSchema(), document, options.maxCost, options.variables)) context.reportError(error);
      },
    },
  });
}

const refusals = new WeakSet<GraphQLError>();
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The check in Yoga's validation, with the request's variables. It runs after validation, so
 * Yoga's validation cache (keyed by document, not variables) never keeps one request's verdict
 * for another: a cached result is checked again with this request's variables.
 */
export function costLimitPlugin(options: { maxCost: number }): Plugin {
  return {
    onValidate({ context, params }) {
      const schema = params.schema as GraphQLSchema;
      const documentAST = params.documentAST as DocumentNode;
      return ({ result, setResult }: { result: readonly Error[]; setResult: (errors: Error[]) => void }) => {
        const others = result.filter((error) => !(error instanceof GraphQLError && refusals.has(error)));
        // A document refused for another reason is refused already (and may hold fragment cycles).
        if (others.length > 0) return others.length === result.length ? undefined : setResult(others);
        const request = (context as { params?: { variables?: unknown } }).params;
        const variables = isObject(request?.variables) ? request.variables : request ? {} : undefined;
        const errors = costErrors(schema, documentAST, options.maxCost, variables);
        for (const error of errors) refusals.add(error);
        setResult(errors);
      };
    },
  };
}
